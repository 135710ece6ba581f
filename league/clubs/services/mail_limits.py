"""The mail a club sends on an organizer's word (players' claim links, organizers' invitations)
goes to addresses the organizer typed, and carries the club's name. It is sent only for an
organizer whose own email address is verified, and within caps per sender and per club, in any
hour and any day (the settings CLUB_MAILS_PER_SENDER_HOUR, _DAY and CLUB_MAILS_PER_CLUB_HOUR,
_DAY). A batch over a cap is refused whole, saying how many more may go now."""

from __future__ import annotations

from datetime import timedelta

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q, Sum
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Club, ClubMail
from league.core.errors import ServiceError

HOUR, DAY = timedelta(hours=1), timedelta(days=1)
# Keyed by (the club's cap, not the sender's; a day's, not an hour's).
_OVER_CAP = {
    (False, False): _("You may send at most %(cap)s mails an hour (claim links and invitations): "
                      "%(left)s more now, and this needs %(count)s."),
    (False, True): _("You may send at most %(cap)s mails a day (claim links and invitations): "
                     "%(left)s more now, and this needs %(count)s."),
    (True, False): _("%(club)s may send at most %(cap)s mails an hour (claim links and "
                     "invitations): %(left)s more now, and this needs %(count)s."),
    (True, True): _("%(club)s may send at most %(cap)s mails a day (claim links and "
                    "invitations): %(left)s more now, and this needs %(count)s."),
}
_ADD_WITHOUT_ADDRESSES = _("Add the players without their addresses and pass their claim links "
                           "on yourself, or try again later.")


def has_verified_address(user) -> bool:
    return EmailAddress.objects.filter(user=user, verified=True).exists()


def reserve_mail(club: Club, *, actor, count: int) -> None:
    """Count `count` mails about to be sent by the club for the actor, in the caller's
    transaction (the mails go after it commits), or refuse them all with a ServiceError on the
    email field. Locks the club's row, then the actor's, so that two requests at once cannot
    both pass a cap."""
    if count <= 0:
        return
    if not has_verified_address(actor):
        raise ServiceError(
            _("Verify your own email address before the club sends mail for you: open "
              "%(page)s (your account's email page), send the verification mail and follow its "
              "link. Players added without an address need no verification.")
            % {"page": reverse("account_email")},
            field="email")
    Club.objects.select_for_update().filter(pk=club.pk).first()
    get_user_model().objects.select_for_update().filter(pk=actor.pk).first()
    now = timezone.now()
    limits = (
        (False, ClubMail.objects.filter(sent_by=actor),
         settings.CLUB_MAILS_PER_SENDER_HOUR, settings.CLUB_MAILS_PER_SENDER_DAY),
        (True, ClubMail.objects.filter(club=club),
         settings.CLUB_MAILS_PER_CLUB_HOUR, settings.CLUB_MAILS_PER_CLUB_DAY),
    )
    for of_club, mails, per_hour, per_day in limits:
        sent = mails.filter(sent_at__gt=now - DAY).aggregate(
            hour=Sum("count", filter=Q(sent_at__gt=now - HOUR), default=0),
            day=Sum("count", default=0))
        for daily, cap, used in ((False, per_hour, sent["hour"]), (True, per_day, sent["day"])):
            if used + count > cap:
                said = _OVER_CAP[of_club, daily] % {
                    "club": club, "cap": cap, "left": max(cap - used, 0), "count": count}
                raise ServiceError(f"{said} {_ADD_WITHOUT_ADDRESSES}", field="email")
    ClubMail.objects.create(club=club, sent_by=actor, count=count)
