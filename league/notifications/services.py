"""Telling a user something: once per event, on the site and by mail as the user chose.

`notify` is called by the tasks (league.notifications.tasks), after the change it tells of has
committed. The row's unique key (user, event) makes a second run of the same task a no-op, and
the mail is claimed (emailed_at set) before it is handed to the server, so a task run twice, or
two workers given the same task, mail once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core import signing
from django.core.exceptions import ObjectDoesNotExist
from django.core.mail import EmailMessage
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from league.core.cache import derived, filled_alone
from league.core.errors import ServiceError
from league.core.fills import Filling
from league.core.languages import mail_language
from league.notifications.models import DEFAULT_CHANNEL, Channel, Kind, Notification, Preference
from league.notifications.selectors import unread_read

log = logging.getLogger(__name__)

UNREAD_KEY = "notifications-unread:{}"
UNREAD_SECONDS = 60 * 60
UNSUBSCRIBE_SALT = "notifications.unsubscribe"
# A notification's text: written when it is told, in its reader's language.
Text = str | Callable[[], str]


def channel_of(user, kind: str) -> str:
    chosen = Preference.objects.filter(user=user, kind=kind).values_list("channel", flat=True)
    return next(iter(chosen), DEFAULT_CHANNEL)


def preferences_of(user) -> dict[str, str]:
    """Every kind's channel for the user (the default where none is chosen)."""
    chosen = dict(Preference.objects.filter(user=user).values_list("kind", "channel"))
    return {kind: chosen.get(kind, DEFAULT_CHANNEL) for kind in Kind.values}


def set_preferences(user, choices: dict[str, str]) -> None:
    for kind, channel in choices.items():
        if kind not in Kind.values or channel not in Channel.values:
            raise ServiceError(gettext("Choose one of the ways to be told for each kind."),
                               field=kind)
    with transaction.atomic():
        for kind, channel in choices.items():
            Preference.objects.update_or_create(user=user, kind=kind,
                                                defaults={"channel": channel})


def written_for(user, club, text: Text) -> tuple[str, str]:
    """(language, text) of a notice to the user: the text (a function writing it, or a lazy
    string) written in his account's language, else the club's, else the site's."""
    language = mail_language(account_language(user), getattr(club, "default_language", None))
    with translation.override(language):
        return language, str(text() if callable(text) else text)


def notify(user, kind: str, *, key: str, text: Text, link: str = "",
           club=None) -> Notification | None:
    """Tell the user once of the event `key`; None when the user wants nothing of this kind.
    The text (a function writing it, or a lazy string) is written in the user's language, else
    the club's (league.core.languages.mail_language), and so is its mail."""
    channel = channel_of(user, kind)
    if channel == Channel.NOTHING:
        return None
    language, written = written_for(user, club, text)
    notification = _once(user, kind, key=key, text=written[:500], link=link[:300],
                         language=language)
    if channel == Channel.EMAIL and user.email:
        mail_once(notification)
    return notification


def notify_all(users: Iterable, kind: str, *, key: str, text: Text, link: str = "",
               club=None) -> int:
    return sum(notify(user, kind, key=key, text=text, link=link, club=club) is not None
               for user in users)


def account_language(user) -> str:
    """The language the user chose with his account ("" if none): read with the user where
    the query selected it (reading_preferences), else one query."""
    try:
        preferences = user.reading_preferences
    except ObjectDoesNotExist:
        return ""
    return preferences.language if preferences is not None else ""


def _once(user, kind: str, *, key: str, text: str, link: str, language: str) -> Notification:
    # get_or_create reads the row again when another worker wrote it between its read and its
    # write (the unique user and key).
    notification, created = Notification.objects.get_or_create(
        user=user, key=key,
        defaults={"kind": kind, "text": text, "link": link, "language": language})
    if created:
        derived.delete(UNREAD_KEY.format(user.pk))
    return notification


def mail_once(notification: Notification) -> bool:
    """Mail the notification unless some run already did (or is doing it). A mail the server
    refused is given back (emailed_at cleared) for the task's retry, and the error raised."""
    claimed = Notification.objects.filter(pk=notification.pk, emailed_at__isnull=True).update(
        emailed_at=timezone.now())
    if not claimed:
        return False
    try:
        message(notification).send()
    except Exception:
        Notification.objects.filter(pk=notification.pk).update(emailed_at=None)
        raise
    return True


def message(notification: Notification) -> EmailMessage:
    """The notification's mail, in the language its text was written in."""
    with translation.override(notification.language or settings.LANGUAGE_CODE):
        return _message(notification)


def _message(notification: Notification) -> EmailMessage:
    user = notification.user
    unsubscribe = absolute(reverse("notification-unsubscribe",
                                   args=[unsubscribe_token(user, notification.kind)]))
    kind = notification.get_kind_display()
    lines = [notification.text, ""]
    if notification.link:
        lines += [absolute(notification.link), ""]
    lines += ["—", gettext("You get this mail because you chose mail for “%(kind)s”.")
              % {"kind": kind},
              gettext("Stop these mails with one click: %(link)s") % {"link": unsubscribe},
              gettext("All your choices: %(link)s")
              % {"link": absolute(reverse("notification-preferences"))}]
    return EmailMessage(
        subject=gettext("Gin League: %(kind)s") % {"kind": kind},
        body="\n".join(lines), to=[user.email],
        # One-click unsubscribe from the mail program itself (RFC 8058).
        headers={"List-Unsubscribe": f"<{unsubscribe}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_token(user, kind: str) -> str:
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def kind_of_token(token: str) -> str:
    return _token_data(token)[1]


def _token_data(token: str) -> tuple[object, str]:
    from django.contrib.auth import get_user_model

    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise ServiceError(
            gettext("This unsubscribe link is not valid: copy the whole link.")) from None
    user = get_user_model().objects.filter(pk=data.get("u")).first()
    kind = data.get("k")
    if user is None or kind not in Kind.values:
        raise ServiceError(gettext("This unsubscribe link is no longer valid."))
    return user, kind


def unsubscribe(token: str) -> tuple[object, str]:
    """Stop the mail of the token's kind for its user (the site still shows them): the link
    in every mail, working without signing in. Returns the user and the kind."""
    user, kind = _token_data(token)
    if channel_of(user, kind) == Channel.EMAIL:
        set_preferences(user, {kind: Channel.IN_APP})
    return user, kind


def unread_count(user) -> int:
    """For the header on every page: from the cache, which every new or read notification
    clears."""
    if not user.is_authenticated:
        return 0
    key = UNREAD_KEY.format(user.pk)
    count = derived.get(key)
    if count is None:
        count = filled_alone(key, unread_filling(str(user.pk)))
    return count


def unread_filling(user_id: str) -> Filling:
    """The user's unread count as his key keeps it, for an hour (league.core.fills)."""
    return Filling(unread_read(int(user_id)), lambda count: (count, UNREAD_SECONDS))


def mark_read(user, ids: Iterable[int] | None = None) -> int:
    rows = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        rows = rows.filter(pk__in=list(ids))
    changed = rows.update(read_at=timezone.now())
    derived.delete(UNREAD_KEY.format(user.pk))
    return changed


def mark_done(link: str, kinds: Iterable[str]) -> int:
    """What the notifications of these kinds about `link` (a match's page) asked for is done:
    they stop counting as unread and stay in the list as done. Run again, it changes nothing."""
    rows = Notification.objects.filter(link=link, kind__in=list(kinds), done_at__isnull=True)
    users = set(rows.values_list("user_id", flat=True))
    changed = rows.update(done_at=timezone.now())
    for user_id in users:
        derived.delete(UNREAD_KEY.format(user_id))
    return changed
