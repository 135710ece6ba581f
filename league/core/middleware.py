"""Requests that no page can answer are refused before any view runs."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils import timezone


class NulInQueryStringMiddleware:
    """A NUL character in a query string is a 400: PostgreSQL cannot store or compare a text
    holding one, so a search or a filter reading it would fail. (Django's form fields already
    refuse NUL in what is posted.)"""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if any("\x00" in key or any("\x00" in value for value in values)
               for key, values in request.GET.lists()):
            return HttpResponseBadRequest("A query string cannot contain a NUL character.",
                                          content_type="text/plain")
        return self.get_response(request)


class TimeZoneResetMiddleware:
    """A time zone a view activated (league.core.views.in_club_zone) ends with its request, so the next
    request served by the same thread starts in the site's zone."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
