"""Reading a response as what the visitor got, and checking a refusal says why."""

from __future__ import annotations

from urllib.parse import urlparse

from django.http import HttpResponse
from django.urls import URLPattern, URLResolver, get_resolver

from .access import FORBIDDEN, NOT_FOUND, OK, POST_ONLY, REFUSED, SIGN_IN
from .world import sign_in_url

# Django's admin: its own staff permissions (test_admin below). The read API: no session, a
# club's key or none, every address tried with each in tests/api/test_keys.py.
SKIPPED_NAMESPACES = {"admin", "api"}
# An alert, a field's error, or an error message of the messages framework in the page.
ALERT_MARKS = ('role="alert"', 'class="errorlist', 'class="message message-error')


def site_url_patterns() -> dict[str, URLPattern]:
    """Every URL pattern of the site by name (namespace:name; the first of a name is the one
    that answers), Django's admin left out."""

    def walk(patterns, namespace: str | None):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = pattern.namespace or namespace
                if inner not in SKIPPED_NAMESPACES:
                    yield from walk(pattern.url_patterns, inner)
            elif isinstance(pattern, URLPattern):
                assert pattern.name, f"the URL pattern {pattern.pattern} has no name"
                yield (f"{namespace}:{pattern.name}" if namespace else pattern.name), pattern

    found: dict[str, URLPattern] = {}
    for name, pattern in walk(get_resolver().url_patterns, None):
        found.setdefault(name, pattern)
    return found


def site_url_names() -> set[str]:
    return set(site_url_patterns())


def outcome(response: HttpResponse) -> str:
    code = response.status_code
    if code in (301, 302, 303) and urlparse(response["Location"]).path == sign_in_url():
        return SIGN_IN
    if code < 400:
        return OK
    return {403: FORBIDDEN, 404: NOT_FOUND, 405: POST_ONLY, 422: REFUSED}.get(code, str(code))


def text_of(response: HttpResponse) -> str:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content).decode(errors="replace")
    return response.content.decode(errors="replace")


def refusal_explained(response: HttpResponse) -> bool:
    """A refusal says why in the page: an alert, a field's error or an error message for the
    site's own pages, Django's own sentence for a missing page or a failed CSRF check."""
    code = response.status_code
    text = text_of(response)
    if code == 404:
        return "Not Found" in text or any(mark in text for mark in ALERT_MARKS)
    if code == 403 and "CSRF verification failed" in text:
        return True
    if code == 400:
        return "Bad Request" in text
    return any(mark in text for mark in ALERT_MARKS)
