from django.urls import path

from competitions.views import competitions, exports, ladder, organizer

urlpatterns = [
    path("competitions/<int:pk>/", competitions.competition, name="competition"),
    path("competitions/<int:pk>/standings.csv", exports.standings_csv,
         name="competition-standings-csv"),
    path("competitions/<int:pk>/fixtures.ics", exports.fixtures_ics,
         name="competition-fixtures-ics"),
    path("competitions/<int:pk>/ladder/", ladder.ladder, name="competition-ladder"),
    path("competitions/<int:pk>/ladder/challenge/", ladder.challenge_player,
         name="competition-ladder-challenge"),
    path("competitions/<int:pk>/ladder/join/", ladder.join, name="competition-ladder-join"),
    # The organizer's pages
    path("clubs/<slug:slug>/manage/players/many/", organizer.add_players,
         name="organizer-add-players"),
    path("clubs/<slug:slug>/competitions/new/", organizer.new_competition, name="competition-new"),
    path("competitions/<int:pk>/entries/", organizer.entries, name="competition-entries"),
    path("competitions/<int:pk>/entries/new/", organizer.new_entrant,
         name="competition-new-entrant"),
    path("competitions/<int:pk>/entries/late/", organizer.late_entry,
         name="competition-late-entry"),
    path("competitions/<int:pk>/seeds/", organizer.seeds, name="competition-seeds"),
    path("competitions/<int:pk>/start/", organizer.start, name="competition-start"),
    path("competitions/<int:pk>/manage/", organizer.matches, name="organizer-matches"),
    path("entries/<int:pk>/withdraw/", organizer.withdraw, name="entry-withdraw"),
    path("matches/<int:pk>/decide/", organizer.decide, name="match-decide"),
    path("matches/<int:pk>/qualifiers/", organizer.choose, name="stage-qualifiers"),
]
