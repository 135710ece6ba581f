"""A club started from the site, its settings, and its organizers.

A signed-in user starts a club and is its first organizer. An organizer invites others with a
signed link (passed on, or mailed) naming a stored invitation: the first person who opens it
signed in becomes an organizer, and then it never works again. It is void as well when its maker
no longer organizes the club. An organizer removes another, never the last one.
"""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext, ngettext

from league.clubs.models import Club, OrganizerInvitation
from league.clubs.permissions import require_organizer
from league.clubs.selectors import person_name
from league.clubs.services.mail_language import address_language
from league.clubs.services.mail_limits import reserve_mail
from league.clubs.signals import organizer_invited
from league.core.errors import NotAllowed, ServiceError
from league.core.names import BadName, normalise_name

INVITE_SALT = "clubs.organizers.invite"
INVITE_DAYS = 7
NAME_MAX = Club._meta.get_field("name").max_length
SETTINGS = ("name", "description", "time_zone", "default_ruleset", "is_public",
            "default_language", "confirm_within_hours", "verify_at_table")
# A reported result waits at most a month for the opponent (the field holds up to 32767).
MAX_CONFIRM_HOURS = 24 * 31


def create_club(*, actor, name: str, description: str = "", time_zone: str = "UTC",
                default_ruleset: str = "standard", is_public: bool = True,
                default_language: str = settings.LANGUAGE_CODE) -> Club:
    """A new club with the actor as its first organizer."""
    if not actor.is_authenticated:
        raise NotAllowed(gettext("Sign in to start a club."))
    values = _clean(name=name, description=description, time_zone=time_zone,
                    default_ruleset=default_ruleset, is_public=is_public,
                    default_language=default_language)
    taken = ServiceError(gettext("There is already a club called %(name)s: choose another name.")
                                 % {"name": values['name']}, field="name")
    if Club.objects.filter(name__iexact=values["name"]).exists():
        raise taken
    try:
        with transaction.atomic():
            club = Club.objects.create(slug=_free_slug(values["name"]), **values)
            club.organizers.add(actor)
    except IntegrityError:  # the same name at the same instant
        raise taken from None
    return club


def update_club(club: Club, *, actor, **changes) -> Club:
    """Change the club's settings (any of SETTINGS); the address (slug) stays."""
    require_organizer(actor, club)
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise ValueError(f"not a club setting: {sorted(unknown)}")
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)
        current = {field: getattr(club, field) for field in SETTINGS}
        values = current | changes
        hours = _confirm_hours(values.pop("confirm_within_hours"))
        at_table = bool(values.pop("verify_at_table"))
        values = {**_clean(**values), "confirm_within_hours": hours,
                  "verify_at_table": at_table}
        if Club.objects.filter(name__iexact=values["name"]).exclude(pk=club.pk).exists():
            raise ServiceError(gettext("There is already a club called %(name)s.")
                                       % {"name": values['name']},
                               field="name")
        for field, value in values.items():
            setattr(club, field, value)
        club.save(update_fields=list(values))
    return club


def invitation_token(club: Club, *, actor) -> str:
    """The token of a link that makes the first person who opens it (signed in) an organizer:
    a new stored invitation, made by the actor."""
    require_organizer(actor, club)
    invitation = OrganizerInvitation.objects.create(club=club, made_by=actor)
    return signing.dumps({"club": club.pk, "by": actor.pk, "invitation": invitation.pk},
                         salt=INVITE_SALT, compress=True)


def invite_by_email(club: Club, *, actor, email: str, site: str) -> None:
    """Mail an invitation link to the address (after the transaction commits), within the
    club's mail limits (mail_limits)."""
    email = email.strip()
    if not email:
        raise ServiceError(gettext("Give the address to send the invitation to."), field="email")
    require_organizer(actor, club)
    with transaction.atomic():
        reserve_mail(club, actor=actor, count=1)  # locks the club before the invitation's row
        token = invitation_token(club, actor=actor)
        link = site.rstrip("/") + reverse("organizer-invitation", args=[token])
        inviter = person_name(actor, club)
        answers = organizer_invited.send(sender=Club, club=club, email=email, token=token,
                                         by=inviter)
        if any(told for _, told in answers):
            return  # the account with this address is told as its owner chose
        transaction.on_commit(lambda: _send_invitation(club, email, inviter, link))


def _send_invitation(club: Club, email: str, inviter: str, link: str) -> None:
    """In the language of the address's account, else the club's."""
    with translation.override(address_language(email, club)):
        values = {"club": club, "inviter": inviter, "link": link, "days": INVITE_DAYS}
        subject = gettext("Gin League: help organize %(club)s") % values
        message = ngettext(
            "%(inviter)s invites you to organize %(club)s on Gin League.\n\nOpen this link, "
            "signed in (or sign up first), to accept:\n%(link)s\n\nThe link works once, for "
            "%(days)s day.",
            "%(inviter)s invites you to organize %(club)s on Gin League.\n\nOpen this link, "
            "signed in (or sign up first), to accept:\n%(link)s\n\nThe link works once, for "
            "%(days)s days.", INVITE_DAYS) % values
    send_mail(subject=subject, message=message, from_email=None, recipient_list=[email])


def club_of_invitation(token: str) -> Club:
    """The invitation's club, refused when the link is altered, too old, used or void."""
    return _open_invitation(token).club


def accept_invitation(token: str, *, user) -> Club:
    """The signed-in user becomes an organizer of the invitation's club, and the invitation
    is used up."""
    if not user.is_authenticated:
        raise NotAllowed(gettext("Sign in or sign up to accept the invitation."))
    invitation = _open_invitation(token)
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=invitation.club_id)
        invitation = _open_invitation(token, lock=True)
        if club.organizers.filter(pk=user.pk).exists():
            raise ServiceError(gettext("You already organize %(club)s.") % {"club": club})
        club.organizers.add(user)
        invitation.used_by, invitation.used_at = user, timezone.now()
        invitation.save(update_fields=["used_by", "used_at"])
    return club


def _open_invitation(token: str, *, lock: bool = False) -> OrganizerInvitation:
    """The invitation the token names, while it may still be accepted: unused, not void, and
    its maker still an organizer of the club."""
    try:
        data = signing.loads(token, salt=INVITE_SALT, max_age=timedelta(days=INVITE_DAYS))
    except signing.SignatureExpired:
        raise ServiceError(gettext("This invitation is more than %(invite_days)s days old: ask "
                                   "for a new one.") % {"invite_days": INVITE_DAYS}) from None
    except signing.BadSignature:
        raise ServiceError(gettext("This invitation link is not valid: copy the whole link.")) from None
    invitations = OrganizerInvitation.objects.select_related("club")
    if lock:
        invitations = invitations.select_for_update(of=("self",))
    invitation = invitations.filter(pk=data.get("invitation"), club=data.get("club"),
                                    made_by=data.get("by")).first()
    if invitation is None:
        raise ServiceError(gettext("This invitation no longer exists: ask an organizer of the "
                                   "club for a new one."))
    if invitation.used_at is not None:
        raise ServiceError(gettext("This invitation has been used already: an invitation makes "
                                   "one organizer. Ask an organizer of the club for a new one."))
    if (invitation.voided_at is not None
            or not invitation.club.organizers.filter(pk=invitation.made_by_id).exists()):
        raise ServiceError(gettext("This invitation is void: the organizer who made it no longer "
                                   "organizes the club. Ask another organizer for a new one."))
    return invitation


def remove_organizer(club: Club, *, actor, user) -> None:
    """Take an organizer off the club (oneself too), never the last one."""
    require_organizer(actor, club)
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)
        organizers = set(club.organizers.values_list("pk", flat=True))
        if user.pk not in organizers:
            raise ServiceError(gettext("%(person_name)s does not organize %(club)s.")
                                       % {"person_name": person_name(user, club), "club": club})
        if organizers == {user.pk}:
            raise ServiceError(gettext("%(person_name)s is the only organizer of %(club)s: invite "
                                       "another before leaving.")
                                       % {"person_name": person_name(user, club), "club": club})
        club.organizers.remove(user)
        OrganizerInvitation.objects.filter(club=club, made_by=user, used_at=None,
                                           voided_at=None).update(voided_at=timezone.now())


def _confirm_hours(hours: int | None) -> int | None:
    """Hours a reported result waits for the opponent before it is confirmed automatically
    (None: it waits until he confirms or disputes it, or an organizer acts)."""
    if hours is None:
        return None
    if not 1 <= hours <= MAX_CONFIRM_HOURS:
        raise ServiceError(gettext("Between 1 and %(max_confirm_hours)s hours (a month), or never.")
                                   % {"max_confirm_hours": MAX_CONFIRM_HOURS},
                           field="confirm_within_hours")
    return hours


def _clean(*, name: str, description: str, time_zone: str, default_ruleset: str,
           is_public: bool, default_language: str) -> dict:
    try:
        name = normalise_name(name)
        description = normalise_name(description)
    except BadName as error:
        raise ServiceError(str(error), field="name") from None
    if not name:
        raise ServiceError(gettext("Give the club's name."), field="name")
    if len(name) > NAME_MAX:
        raise ServiceError(gettext("A club's name has at most %(name_max)s characters.")
                                   % {"name_max": NAME_MAX}, field="name")
    if len(description) > 300:
        raise ServiceError(gettext("The description has at most 300 characters."), field="description")
    if time_zone not in zoneinfo.available_timezones():
        raise ServiceError(gettext("Choose a time zone from the list."), field="time_zone")
    if not default_ruleset or len(default_ruleset) > 20:
        raise ServiceError(gettext("Choose a ruleset."), field="default_ruleset")
    if default_language not in dict(settings.LANGUAGES):
        raise ServiceError(gettext("Choose a language from the list."),
                           field="default_language")
    return {"name": name, "description": description, "time_zone": time_zone,
            "default_ruleset": default_ruleset, "is_public": bool(is_public),
            "default_language": default_language}


def _free_slug(name: str) -> str:
    base = slugify(name)[:100] or "club"  # a name in other letters than Latin
    slug, number = base, 2
    while Club.objects.filter(slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug
