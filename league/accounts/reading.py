"""How each person reads the site: in which language, and how large.

The choice is made by anyone from the language menu at the foot of every page (kept in the
language cookie), and by a signed-in person on his preferences page (kept with his account as
well). The account's choice is copied into the session when he signs in, so every page reads it
from the session the request has loaded already: no query is added to any page.

Order of precedence: the account's choice, the cookie, the browser's languages (Accept-Language),
then, on a club's pages, the club's language (league.core.languages), then English.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from league.accounts.models import Preferences
from league.accounts.selectors import reading_preferences
from league.core.languages import READER_LANGUAGE_KEY

LANGUAGE_KEY = READER_LANGUAGE_KEY

LARGER_TEXT_KEY = "reading_larger_text"


def shipped(code: str) -> bool:
    return code in dict(settings.LANGUAGES)


@transaction.atomic
def keep_preferences(user, *, language: str | None = None,
                     larger_text: bool | None = None) -> Preferences:
    """Keep what was chosen (None: unchanged) with the account. An unknown language is refused
    by the form before it reaches here; it is stored as "no choice" if it ever does."""
    preferences, _ = Preferences.objects.select_for_update().get_or_create(user=user)
    if language is not None:
        preferences.language = language if shipped(language) else ""
    if larger_text is not None:
        preferences.larger_text = larger_text
    preferences.save()
    return preferences


def remember(request: HttpRequest, response: HttpResponse, *, language: str) -> None:
    """This browser reads the site in ``language`` from now on, signed in or not."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, language,
        max_age=settings.LANGUAGE_COOKIE_AGE, path=settings.LANGUAGE_COOKIE_PATH,
        secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    if request.user.is_authenticated:
        request.session[LANGUAGE_KEY] = language


@receiver(user_logged_in, dispatch_uid="reading-preferences-into-session")
def _into_session(sender, request, user, **kwargs) -> None:
    if request is None:
        return
    preferences = reading_preferences(user)
    if preferences is None:
        return
    if preferences.language:
        request.session[LANGUAGE_KEY] = preferences.language
    request.session[LARGER_TEXT_KEY] = preferences.larger_text


class AccountLanguageMiddleware:
    """After Django's LocaleMiddleware (cookie, then browser) and the session: a signed-in
    person's own choice wins. Django's LocaleMiddleware then names the language in the response
    (Content-Language) on the way out."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        language = session.get(LANGUAGE_KEY) if session is not None else None
        if language and shipped(language):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)


def reading(request: HttpRequest) -> dict:
    """Context processor: the languages offered and whether the text is shown larger."""
    session = getattr(request, "session", None)
    return {
        "larger_text": bool(session and session.get(LARGER_TEXT_KEY)),
        "shipped_languages": settings.LANGUAGES,
    }
