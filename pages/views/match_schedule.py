"""The match page's schedule: the organizer sets the time and table; one player proposes a
time and the other accepts it. Times are typed and shown in the club's time zone."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse

from competitions.forms.schedule import MatchTimeForm, ProposeTimeForm
from competitions.models import Match
from competitions.schedule import is_overdue, play_by_of
from competitions.services import schedule
from core.errors import ServiceError
from core.views import UNPROCESSABLE, in_club_zone, signed_in_post
from pages import selectors as page_selectors
from pages.views.match_actions import Viewer

OPEN = (Match.Status.PENDING, Match.Status.SCHEDULED, Match.Status.IN_PROGRESS,
        Match.Status.REPORTED, Match.Status.DISPUTED)


@dataclass(frozen=True, slots=True)
class ScheduleActions:
    set: bool = False
    propose: bool = False
    accept: bool = False


def schedule_context(match: Match, viewer: Viewer) -> dict:
    club = match.competition.season.club
    in_club_zone(club)
    is_open = match.status in OPEN
    both = match.entry_a_id is not None and match.entry_b_id is not None
    proposer = ("A" if match.proposed_by_id == match.entry_a_id else "B") if match.proposed_at else None
    actions = ScheduleActions(
        set=is_open and viewer.organizer,
        propose=is_open and both and viewer.side is not None,
        accept=is_open and viewer.side is not None and proposer not in (None, viewer.side),
    )
    at = match.scheduled_at
    return {"schedule": actions, "zone": club.time_zone, "play_by": play_by_of(match),
            "overdue": is_overdue(match, club),
            "time_form": MatchTimeForm(prefix="time", initial={"at": at, "table": match.table}),
            "propose_form": ProposeTimeForm(prefix="propose")}


def _in_zone(pk: int) -> None:
    in_club_zone(page_selectors.match_page(pk).match.competition.season.club)


@signed_in_post("match")
def set_time(request: HttpRequest, pk: int) -> HttpResponse:
    from pages.views.matches import _done, _refused, _render

    _in_zone(pk)
    form = MatchTimeForm(request.POST, prefix="time")
    if not form.is_valid():
        return _render(request, pk, forms={"time_form": form}, status=UNPROCESSABLE)
    try:
        schedule.set_match_time(pk, actor=request.user, at=form.cleaned_data["at"],
                                table=form.cleaned_data["table"])
    except ServiceError as error:
        return _refused(request, pk, error, form=form, name="time_form")
    return _done(request, pk, "The time and table are saved.")


@signed_in_post("match")
def propose_time(request: HttpRequest, pk: int) -> HttpResponse:
    from pages.views.matches import _done, _refused, _render

    _in_zone(pk)
    form = ProposeTimeForm(request.POST, prefix="propose")
    if not form.is_valid():
        return _render(request, pk, forms={"propose_form": form}, status=UNPROCESSABLE)
    try:
        schedule.propose_time(pk, actor=request.user, at=form.cleaned_data["at"])
    except ServiceError as error:
        return _refused(request, pk, error, form=form, name="propose_form")
    return _done(request, pk, "Time proposed: it stands once your opponent accepts it.")


@signed_in_post("match")
def accept_time(request: HttpRequest, pk: int) -> HttpResponse:
    from pages.views.matches import _done, _refused

    try:
        schedule.accept_time(pk, actor=request.user)
    except ServiceError as error:
        return _refused(request, pk, error)
    return _done(request, pk, "Time accepted: it is the match's time.")
