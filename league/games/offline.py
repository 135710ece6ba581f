"""The site as a web app a phone keeps: its service worker (served from the root, so that it may
serve the scoresheets' pages) and its manifest (installable on the home screen)."""

from __future__ import annotations

from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.templatetags.static import static
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext
from django.views.decorators.http import require_GET


@cache
def _worker_script() -> bytes:
    path = finders.find("js/sw.js")
    with open(path, "rb") as script:
        return script.read()


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_worker_script(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    patch_cache_control(response, no_cache=True)  # a new worker reaches the phones at once
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    response = JsonResponse({
        "name": "Gin League",
        "short_name": "Gin League",
        "description": gettext("Scoresheets, standings and ratings for Gin Rummy clubs."),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1f5f3f",
        "icons": [{"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml",
                   "purpose": "any"}],
    }, content_type="application/manifest+json")
    patch_cache_control(response, max_age=3600)
    return response
