"""The API's own headers, on /api/ only: an ETag on every successful read with If-None-Match
answered 304, responses that vary with the key, and CORS for reads from any site's pages
(simple headers: the key goes in Authorization, never a cookie, so no credentials are
allowed). It stands before the site's other middleware, so that what they refuse of an API
request is refused in JSON too."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import get_conditional_response, patch_vary_headers, set_response_etag

PREFIX = "/api/"
READS = ("GET", "HEAD")
CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, If-None-Match",
    "Access-Control-Expose-Headers": "ETag, Retry-After",
    "Access-Control-Max-Age": "86400",
}


class ApiHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(PREFIX):
            return self.get_response(request)
        if any("\x00" in key or any("\x00" in value for value in values)
               for key, values in request.GET.lists()):
            # league.core.middleware refuses these too, in plain text; the API answers in JSON.
            response = JsonResponse({"detail": "A query string cannot contain a NUL character."},
                                    status=400)
        else:
            response = self.get_response(request)
        for name, value in CORS.items():
            response.headers.setdefault(name, value)
        patch_vary_headers(response, ("Authorization",))
        if request.method in READS and response.status_code == 200 and not response.streaming:
            response.headers.setdefault("Cache-Control", "no-cache")
            set_response_etag(response)
            response = get_conditional_response(request, etag=response["ETag"],
                                                response=response)
        return response
