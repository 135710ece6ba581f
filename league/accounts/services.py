"""What a person does to their own account."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, F
from django.utils.translation import gettext as _

from league.clubs.models import Club, Player
from league.core.errors import ServiceError


def delete_account(user, *, password: str) -> None:
    """Delete the user's account after checking the password. The players it was linked to
    stay, with their results, unlinked; their claim links made before never work again.
    Refused while the user is the only organizer of a
    club: the club would have nobody to run it."""
    if not user.check_password(password):
        raise ServiceError(_("That is not your password."), field="password")
    with transaction.atomic():
        clubs = list(Club.objects.select_for_update().filter(organizers=user).order_by("pk"))
        alone = (Club.objects.filter(pk__in=[c.pk for c in clubs])
                 .annotate(n=Count("organizers")).filter(n=1).order_by("name"))
        names = ", ".join(club.name for club in alone)
        if names:
            raise ServiceError(_("You are the only organizer of %(clubs)s: make someone else an "
                                 "organizer first, then delete your account.") % {"clubs": names})
        Player.objects.filter(user=user).update(user=None, claim_version=F("claim_version") + 1)
        user.delete()
