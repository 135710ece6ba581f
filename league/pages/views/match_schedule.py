"""The match page's schedule actions: the organizer sets the time and table; one player proposes
a time and the other accepts it. Times are typed and shown in the club's time zone."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from league.competitions.base.selectors import match_club
from league.competitions.forms.schedule import MatchTimeForm, ProposeTimeForm
from league.competitions.schedule import services as schedule
from league.core.errors import ServiceError
from league.core.views import UNPROCESSABLE, in_club_zone, signed_in_post
from league.pages.views.match_page import done, refused, render_match


def _in_zone(pk: int) -> None:
    """The typed time is read in the club's zone."""
    in_club_zone(match_club(pk))


@signed_in_post("match")
def set_time(request: HttpRequest, pk: int) -> HttpResponse:
    _in_zone(pk)
    form = MatchTimeForm(request.POST, prefix="time")
    if not form.is_valid():
        return render_match(request, pk, forms={"time_form": form}, status=UNPROCESSABLE)
    try:
        schedule.set_match_time(pk, actor=request.user, at=form.cleaned_data["at"],
                                table=form.cleaned_data["table"])
    except ServiceError as error:
        return refused(request, pk, error, form=form, name="time_form")
    return done(request, pk, "The time and table are saved.")


@signed_in_post("match")
def propose_time(request: HttpRequest, pk: int) -> HttpResponse:
    _in_zone(pk)
    form = ProposeTimeForm(request.POST, prefix="propose")
    if not form.is_valid():
        return render_match(request, pk, forms={"propose_form": form}, status=UNPROCESSABLE)
    try:
        schedule.propose_time(pk, actor=request.user, at=form.cleaned_data["at"])
    except ServiceError as error:
        return refused(request, pk, error, form=form, name="propose_form")
    return done(request, pk, "Time proposed: it stands once your opponent accepts it.")


@signed_in_post("match")
def accept_time(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        schedule.accept_time(pk, actor=request.user)
    except ServiceError as error:
        return refused(request, pk, error)
    return done(request, pk, "Time accepted: it is the match's time.")
