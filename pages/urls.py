from django.urls import path

from pages.views import clubs, home, matches, organizer_club, players

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
    # The organizer's page of a club
    path("clubs/<slug:slug>/manage/", organizer_club.dashboard, name="organizer-club"),
    path("clubs/<slug:slug>/manage/players/", organizer_club.add_player,
         name="organizer-add-player"),
    path("players/<int:pk>/claim-link/", organizer_club.claim_link, name="player-claim-link"),
]
