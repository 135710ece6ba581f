from django.urls import path

from pages.views import clubs, home, matches, players

urlpatterns = [
    path("", home.home, name="home"),
    path("clubs/<slug:slug>/", clubs.club, name="club"),
    path("players/<int:pk>/", players.player, name="player"),
    path("matches/<int:pk>/", matches.match, name="match"),
    path("matches/<int:pk>/start-game/", matches.start_game, name="match-start-game"),
    path("matches/<int:pk>/report/", matches.report, name="match-report"),
    path("matches/<int:pk>/confirm/", matches.confirm, name="match-confirm"),
    path("matches/<int:pk>/dispute/", matches.dispute, name="match-dispute"),
    path("matches/<int:pk>/resolve/", matches.resolve, name="match-resolve"),
    path("matches/<int:pk>/correct/", matches.correct, name="match-correct"),
    path("matches/<int:pk>/forfeit/", matches.forfeit, name="match-forfeit"),
]
