from django.urls import path

from .views import accounts, clubs, competitions, exports, home, matches, players

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
    # Accounts: a player claiming their profile (issue 7)
    path("claim/<str:token>/", accounts.claim, name="player-claim"),
    # Exports (issue 7)
    path("competitions/<int:pk>/standings.csv", exports.standings_csv,
         name="competition-standings-csv"),
    path("competitions/<int:pk>/fixtures.ics", exports.fixtures_ics,
         name="competition-fixtures-ics"),
]
