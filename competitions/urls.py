from django.urls import path

from competitions.views import competitions, exports, exports_calendar, organizer, sign_ups

urlpatterns = [
    path("competitions/<int:pk>/", competitions.competition, name="competition"),
    path("competitions/<int:pk>/standings.csv", exports.standings_csv,
         name="competition-standings-csv"),
    path("competitions/<int:pk>/fixtures.ics", exports_calendar.fixtures_ics,
         name="competition-fixtures-ics"),
    path("competitions/<int:pk>/sign-up/", sign_ups.sign_up, name="competition-sign-up"),
    path("competitions/<int:pk>/sign-up/withdraw/", sign_ups.withdraw,
         name="competition-sign-up-withdraw"),
    path("competitions/<int:pk>/registration/", sign_ups.registration,
         name="competition-registration"),
    path("calendar/<str:token>/matches.ics", exports_calendar.player_ics, name="player-ics"),
    # The organizer's pages
    path("clubs/<slug:slug>/manage/players/many/", organizer.add_players,
         name="organizer-add-players"),
    path("clubs/<slug:slug>/competitions/new/", organizer.new_competition, name="competition-new"),
    path("competitions/<int:pk>/edit/", organizer.edit, name="competition-edit"),
    path("competitions/<int:pk>/delete/", organizer.delete, name="competition-delete"),
    path("competitions/<int:pk>/back-to-draft/", organizer.back_to_draft,
         name="competition-back-to-draft"),
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
    path("rounds/<int:pk>/dates/", organizer.round_dates, name="round-dates"),
    path("matches/<int:pk>/overdue/", organizer.overdue, name="match-overdue"),
]
