from django.urls import path

from .views import accounts, clubs, competitions, exports, home, matches, organizer, players

urlpatterns = [
    path("", home.home, name="home"),
    path("clubs/<slug:slug>/", clubs.club, name="club"),
    path("competitions/<int:pk>/", competitions.competition, name="competition"),
    path("players/<int:pk>/", players.player, name="player"),
    path("matches/<int:pk>/", matches.match, name="match"),
    path("matches/<int:pk>/start-game/", matches.start_game, name="match-start-game"),
    path("matches/<int:pk>/report/", matches.report, name="match-report"),
    path("matches/<int:pk>/confirm/", matches.confirm, name="match-confirm"),
    path("matches/<int:pk>/dispute/", matches.dispute, name="match-dispute"),
    path("matches/<int:pk>/resolve/", matches.resolve, name="match-resolve"),
    path("matches/<int:pk>/correct/", matches.correct, name="match-correct"),
    path("matches/<int:pk>/forfeit/", matches.forfeit, name="match-forfeit"),
    # Accounts: a player claiming their profile (issue 7)
    path("claim/<str:token>/", accounts.claim, name="player-claim"),
    # Exports (issue 7)
    path("competitions/<int:pk>/standings.csv", exports.standings_csv,
         name="competition-standings-csv"),
    path("competitions/<int:pk>/fixtures.ics", exports.fixtures_ics,
         name="competition-fixtures-ics"),
    # The organizer's pages (issue 7)
    path("clubs/<slug:slug>/manage/", organizer.dashboard, name="organizer-club"),
    path("clubs/<slug:slug>/manage/players/", organizer.add_player, name="organizer-add-player"),
    path("clubs/<slug:slug>/competitions/new/", organizer.new_competition, name="competition-new"),
    path("players/<int:pk>/claim-link/", organizer.claim_link, name="player-claim-link"),
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
]
