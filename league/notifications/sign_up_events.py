"""Sign-ups opened: every player of the club with an account, not retired and not entered yet,
is told once per competition (its key), each by his own choice of channel."""

from __future__ import annotations

from django.urls import reverse

from league.clubs.models import Player
from league.competitions.models import Competition
from league.notifications.models import Kind
from league.notifications.services import notify_all
from league.notifications.wording import in_zone


def sign_ups_opened(competition_id: int) -> int:
    """Tell the club's players that the competition takes sign-ups (nothing once it is closed
    again or started: the news is stale by then)."""
    competition = (Competition.objects.select_related("season__club")
                   .filter(pk=competition_id).first())
    if (competition is None or competition.status != Competition.Status.DRAFT
            or not competition.registration_open):
        return 0
    club = competition.season.club
    players = (Player.objects.filter(club=club, user__isnull=False, user__is_active=True,
                                     retired_at__isnull=True)
               .exclude(entries__competition=competition).select_related("user"))
    closes = competition.registration_closes_at
    until = f" until {in_zone(closes, club)}" if closes else ""
    text = (f"Sign-ups are open for {competition.name} ({competition.season.name}) at {club}"
            f"{until}: sign up on its page.")
    return notify_all([player.user for player in players], Kind.SIGN_UPS_OPEN,
                      key=f"sign-ups:{competition.pk}", text=text,
                      link=reverse("competition-sign-up", args=[competition.pk]))
