from django.urls import path

from pages.views import (
    club_settings,
    clubs,
    home,
    matches,
    organizer_club,
    paper,
    players,
    printing,
)

urlpatterns = [
    path("", home.home, name="home"),
    path("clubs/new/", club_settings.start_club, name="club-new"),
    path("organize/", club_settings.organize, name="organize"),
    path("clubs/<slug:slug>/", clubs.club, name="club"),
    path("clubs/<slug:slug>/settings/", club_settings.club_settings, name="club-settings"),
    path("clubs/<slug:slug>/settings/invite/", club_settings.invite, name="club-invite"),
    path("clubs/<slug:slug>/settings/organizers/<int:user_id>/remove/",
         club_settings.remove_organizer, name="club-remove-organizer"),
    path("invitations/<str:token>/", club_settings.invitation, name="organizer-invitation"),
    path("players/<int:pk>/", players.player, name="player"),
    path("matches/<int:pk>/", matches.match, name="match"),
    path("matches/<int:pk>/start-game/", matches.start_game, name="match-start-game"),
    path("matches/<int:pk>/report/", matches.report, name="match-report"),
    path("matches/<int:pk>/confirm/", matches.confirm, name="match-confirm"),
    path("matches/<int:pk>/dispute/", matches.dispute, name="match-dispute"),
    path("matches/<int:pk>/resolve/", matches.resolve, name="match-resolve"),
    path("matches/<int:pk>/correct/", matches.correct, name="match-correct"),
    path("matches/<int:pk>/forfeit/", matches.forfeit, name="match-forfeit"),
    # Printed for the wall and the tables
    path("rounds/<int:pk>/print/", printing.pairings, name="print-pairings"),
    path("rounds/<int:pk>/print/scoresheets/", printing.scoresheets, name="print-scoresheets"),
    path("matches/<int:pk>/print/", printing.scoresheet, name="print-scoresheet"),
    path("competitions/<int:pk>/print/", printing.standings, name="print-standings"),
    # The organizer's page of a club
    path("clubs/<slug:slug>/manage/", organizer_club.dashboard, name="organizer-club"),
    path("clubs/<slug:slug>/manage/players/", organizer_club.add_player,
         name="organizer-add-player"),
    path("players/<int:pk>/claim-link/", organizer_club.claim_link, name="player-claim-link"),
    path("matches/<int:pk>/paper/", paper.paper, name="match-paper"),
    path("matches/<int:pk>/paper/game/", paper.game_totals, name="match-paper-game"),
    path("matches/<int:pk>/paper/hand-by-hand/", paper.hand_by_hand, name="match-paper-hands"),
    path("matches/<int:pk>/paper/record/", paper.record, name="match-paper-record"),
    path("matches/<int:pk>/paper/confirm/", paper.confirm_for_player,
         name="match-paper-confirm"),
]
