"""Sign-ups opened: every player of the club with an account, not retired and not entered yet,
is told once per competition (its key), each by his own choice of channel. The notice is done
once he has entered, or for everyone once sign-ups close or the competition begins."""

from __future__ import annotations

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from league.clubs.models import Player
from league.competitions.models import Competition, Entry
from league.core.cache import derived
from league.notifications.models import Kind, Notification
from league.notifications.services import UNREAD_KEY, notify_all
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
               .exclude(entries__competition=competition)
               .select_related("user__reading_preferences"))
    closes = competition.registration_closes_at

    def text() -> str:
        values = {"competition": competition.name, "season": competition.season.name,
                  "club": club}
        if closes:
            return gettext("Sign-ups are open for %(competition)s (%(season)s) at %(club)s "
                           "until %(closes)s: sign up on its page.") % {
                **values, "closes": in_zone(closes, club)}
        return gettext("Sign-ups are open for %(competition)s (%(season)s) at %(club)s: sign up "
                       "on its page.") % values
    return notify_all([player.user for player in players], Kind.SIGN_UPS_OPEN,
                      key=key_of(competition.pk), text=text,
                      link=reverse("competition-sign-up", args=[competition.pk]), club=club)


def key_of(competition_id: int) -> str:
    return f"sign-ups:{competition_id}"


def sign_ups_answered(competition_id: int) -> int:
    """The notices of the competition's sign-ups are done for whoever has entered, and for
    everyone once sign-ups are closed or the competition has begun: they stop counting as
    unread."""
    competition = Competition.objects.filter(pk=competition_id).first()
    notices = Notification.objects.filter(key=key_of(competition_id), done_at__isnull=True)
    if (competition is not None and competition.status == Competition.Status.DRAFT
            and competition.registration_open):
        entered = Entry.objects.filter(competition_id=competition_id, withdrawn_at__isnull=True,
                                       player__user__isnull=False)
        notices = notices.filter(user__in=entered.values("player__user"))
    users = set(notices.values_list("user_id", flat=True))
    changed = notices.update(done_at=timezone.now())
    for user_id in users:
        derived.delete(UNREAD_KEY.format(user_id))
    return changed
