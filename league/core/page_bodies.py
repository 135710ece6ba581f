"""Pages whose body (what <main> holds, and the title) is rendered once per version and then
read from the fragment cache: the match page and the scoresheet. Around the body, the frame of
every page (base.html: the header with the viewer's name, the tokens of its forms) is
rendered on every request.

A body is kept only when it holds nothing of one request: no message shown once (a message
waiting is shown by a body rendered for it), no form carrying a CSRF token. The key names
everything else the body shows: the version of its data, the version of the names and
ratings it shows, the language, and what the viewer may do there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe


@dataclass(frozen=True, slots=True)
class Body:
    title: str
    html: str
    # Kept for the next visitor of the same key: nothing of this request in it.
    shareable: bool = True


def messages_waiting(request: HttpRequest) -> bool:
    """Whether a message waits to be shown to this reader (read, not used up)."""
    return len(messages.get_messages(request)) > 0


def cached_body(key: str | None, render_body: Callable[[], Body], seconds: int) -> Body:
    """The body under `key` from the fragment cache, else rendered (and kept when it may be
    shared). No key: rendered for this request alone."""
    fragments = caches["template_fragments"]
    if key is not None:
        found = fragments.get(key)
        if isinstance(found, tuple) and len(found) == 2:
            return Body(*found)
    body = render_body()
    if key is not None and body.shareable:
        fragments.set(key, (body.title, body.html), seconds)
    return body


def page(request: HttpRequest, template: str, body: Body, *, status: int = 200) -> HttpResponse:
    """The whole page: the frame of every page around the body."""
    context = {"title": mark_safe(body.title), "body": mark_safe(body.html)}  # rendered, escaped
    return render(request, template, context, status=status)
