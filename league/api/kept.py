"""Answers of the read API kept as the bytes served, under the versions of what they show
(league.competitions.base.page_versions): a club list, a club's players and competitions, a
competition's matches and standings and a player's ratings are written once for each change
of what they show rather than on every request.

A view reads what decides access first, on every request (the club or competition readable
with the request's key, one query), then the answer kept for that object, version and address
(scheme, host, path and query: the pages' links name them) and the representation asked for.
So an answer kept for a members-only club is only ever served after that club's check has let
the request through. Only a query made of the parameters the view reads, each given once and
written as plainly as it reads (no leading zeros, no spaces), is kept: any other is answered
afresh, so that made-up queries cannot fill the cache with copies of one answer.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable

from django.core.cache import caches
from django.http import HttpResponse
from rest_framework.response import Response

from league.competitions.base.page_versions import FRAGMENT_SECONDS

PLAIN = re.compile(r"[1-9][0-9]{0,6}|(19|20)[0-9]{2}-[01][0-9]-[0-3][0-9]|2100-[01][0-9]-[0-3][0-9]"
                   r"|[a-z][a-z_]{0,39}")


def plain_query(request, names: Iterable[str]) -> bool:
    """Whether the query names only `names`, each once, each value written plainly."""
    query = request.query_params
    allowed = set(names)
    for name in query:
        values = query.getlist(name)
        if name not in allowed or len(values) != 1 or not PLAIN.fullmatch(values[0]):
            return False
    return True


class KeptAnswers:
    """For an API view: `kept(name, version, answer)` serves the answer kept, or `answer()`'s."""

    # The query parameters the view reads (its filters and the pages').
    query_names: tuple[str, ...] = ()

    def kept(self, name: str, version: str, answer: Callable[[], Response]) -> HttpResponse:
        request = self.request
        if not plain_query(request, self.query_names):
            return answer()
        renderer = request.accepted_renderer
        address = f"{request.accepted_media_type}|{request.build_absolute_uri()}"
        digest = hashlib.blake2b(address.encode(), digest_size=16).hexdigest()
        body = kept_bytes(f"api:{name}:{version}:{digest}", lambda: renderer.render(
            answer().data, request.accepted_media_type, self.get_renderer_context()))
        return HttpResponse(body, content_type=renderer.media_type)


def kept_bytes(key: str, made: Callable[[], bytes]) -> bytes:
    """The bytes served under `key` (its name carries the versions of what they show), from the
    fragment cache, else `made()` and kept there: the API's answers and the embeds' pages."""
    kept = caches["template_fragments"]
    body = kept.get(key)
    if not isinstance(body, bytes):
        body = made()
        kept.set(key, body, FRAGMENT_SECONDS)
    return body
