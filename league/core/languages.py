"""In which language a page or a mail is written.

A page: the reader's own choice (his account's, then the language menu's cookie), else the
first of his browser's languages (Accept-Language) the site offers, else, on a club's pages,
the club's language, else the site's (English). Django's LocaleMiddleware and the accounts'
middleware settle the first two steps; ReaderLanguageMiddleware notes whether either decided,
and a club's page (league.core.views.in_club_zone) then switches to the club's language only
when neither did.

A mail or a notification (no browser): the recipient's account's language, else the club's,
else the site's (`mail_language`).
"""

from __future__ import annotations

from contextvars import ContextVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

# The session key under which a signed-in reader's own language is kept (league.accounts).
READER_LANGUAGE_KEY = "reading_language"

_club_decides: ContextVar[bool] = ContextVar("club_decides", default=False)


def offered(code: str | None) -> bool:
    return bool(code) and code in dict(settings.LANGUAGES)


def reader_has_chosen(request: HttpRequest) -> bool:
    """The reader chose a language (account or language menu), or his browser asks for one
    the site offers."""
    session = getattr(request, "session", None)
    if session is not None and offered(session.get(READER_LANGUAGE_KEY)):
        return True
    if offered(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)):
        return True
    for code, _quality in parse_accept_lang_header(request.headers.get("Accept-Language", "")):
        if code == "*":
            continue
        try:
            translation.get_supported_language_variant(code)
        except LookupError:
            continue
        return True
    return False


class ReaderLanguageMiddleware:
    """After the locale and account middlewares: whether a club's pages may speak the club's
    language in this request."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _club_decides.set(not reader_has_chosen(request))
        try:
            return self.get_response(request)
        finally:
            _club_decides.reset(token)


def in_club_language(code: str | None) -> None:
    """The rest of this request speaks the club's language `code`, unless the reader or his
    browser chose one."""
    if _club_decides.get() and offered(code):
        translation.activate(code)


def mail_language(account_language: str | None, club_language: str | None = None) -> str:
    """The language of a mail or notification to one person."""
    for code in (account_language, club_language):
        if offered(code):
            return code
    return settings.LANGUAGE_CODE
