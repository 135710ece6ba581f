"""The match page as it is rendered: its context (the match, its games' outcome, who the viewer
is and what they may do, its schedule) and its forms, blank or as typed. The result actions
(league.pages.views.matches) and the schedule actions (league.pages.views.match_schedule) answer with it.

A refusal re-renders the page with the reason (next to the field it names) and what was typed;
success redirects (PRG), or for htmx returns the updated partial.

The body is read from the fragment cache (league.core.page_bodies) under the match's version
(league.pages.match_selectors), the version of the names and ratings it shows, the club's day
(a match becomes overdue with it), the language, the site's address (the structured data
names it) and the viewer: one body for every visitor, one per signed-in reader, kept only when
it holds no form."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from league.accounts.backends import signed_in_id
from league.competitions.base.dates import is_overdue, play_by_of
from league.competitions.base.page_versions import (
    FRAGMENT_SECONDS,
    club_pages_keys,
    club_pages_version,
)
from league.competitions.base.permissions import viewer_in
from league.competitions.base.selectors import club_of_match, side_names
from league.competitions.forms.formats import ForfeitForm
from league.competitions.forms.matches import CorrectForm, DisputeForm, ResolveForm
from league.competitions.forms.schedule import MatchTimeForm, ProposeTimeForm
from league.competitions.models import Match
from league.competitions.results import services as results
from league.competitions.views.competitions import match_format
from league.competitions.views.history import history
from league.competitions.views.visibility import members_only
from league.core.cache import read_ahead
from league.core.errors import ServiceError
from league.core.languages import in_club_language
from league.core.page_bodies import Body, cached_body, messages_waiting, page
from league.core.views import go, in_club_zone, page_refusal, unseen_errors
from league.games.hand_views import may_correct
from league.pages import match_selectors
from league.pages import selectors as page_selectors
from league.pages.context_processors import viewer_keys
from league.pages.views.match_actions import Viewer, match_actions, viewer_of
from league.ratings.selectors import win_probability

TEMPLATE = "pages/match.html"
BODY = "pages/match_body.html"
PARTIAL = "match-body"
FORM_ACTIONS = {"dispute_form": "dispute", "resolve_form": "resolve", "correct_form": "correct",
                "forfeit_form": "forfeit"}
SCHEDULE_FORMS = {"time_form": "set", "propose_form": "propose"}
# The win chances are a forecast: shown until the result is reported.
BEFORE_PLAY = (Match.Status.PENDING, Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
# The organizer may set a time and table until the result is confirmed; the players propose and
# accept a time, and see a proposal, only while the match is open for play.
SCHEDULABLE = (Match.Status.PENDING, Match.Status.SCHEDULED, Match.Status.IN_PROGRESS,
        Match.Status.REPORTED, Match.Status.DISPUTED)


@dataclass(frozen=True, slots=True)
class ScheduleActions:
    set: bool = False
    propose: bool = False
    accept: bool = False


def schedule_context(match: Match, viewer: Viewer, *, started: bool = False) -> dict:
    """The schedule's actions; `started`: a game of the match has begun, so no time is proposed
    any more (a proposal made before may still be accepted)."""
    club = match.competition.season.club
    in_club_zone(club)
    to_play = match.status in Match.OPEN_FOR_PLAY
    both = match.entry_a_id is not None and match.entry_b_id is not None
    proposer = ("A" if match.proposed_by_id == match.entry_a_id else "B") if match.proposed_at else None
    actions = ScheduleActions(
        set=match.status in SCHEDULABLE and viewer.organizer,
        propose=(to_play and not started and match.status != Match.Status.IN_PROGRESS and both
                 and viewer.side is not None),
        accept=to_play and viewer.side is not None and proposer not in (None, viewer.side),
    )
    at = match.scheduled_at
    return {"schedule": actions, "proposal": to_play and proposer is not None,
            "zone": club.time_zone, "play_by": play_by_of(match),
            "overdue": is_overdue(match, club),
            "time_form": MatchTimeForm(prefix="time", initial={"at": at, "table": match.table}),
            "propose_form": ProposeTimeForm(prefix="propose")}


def render_match(request: HttpRequest, pk: int, *, forms: dict | None = None,
            refusal: str = "", status: int = 200) -> HttpResponse:
    alone = forms is not None or refusal or status != 200 or request.method != "GET"
    version = None if alone else match_selectors.match_version(pk)
    club_id, public = ((version.club_id, version.public) if version is not None
                       else (club_of_match(pk), None))
    if (members_refusal := members_only(request, club_id, public=public)) is not None:
        return members_refusal
    # One call to the shared cache for the names' version and the header's answers.
    with read_ahead([*club_pages_keys(club_id), *viewer_keys(signed_in_id(request))]):
        return _page(request, pk, version, forms, refusal, status)


def _page(request: HttpRequest, pk: int, version: match_selectors.MatchVersion | None,
          forms: dict | None, refusal: str, status: int) -> HttpResponse:
    key = None if version is None else _body_key(request, pk, version)
    body = cached_body(key, lambda: _body(request, pk, forms, refusal, version), FRAGMENT_SECONDS)
    if request.htmx:
        return HttpResponse(body.html, status=status)
    return page(request, TEMPLATE, body, status=status)


def _body_key(request: HttpRequest, pk: int, version: match_selectors.MatchVersion
              ) -> str | None:
    """None (rendered for this request alone) while a message waits to be shown."""
    if messages_waiting(request):
        return None
    in_club_language(version.language)  # as the body's rendering will: the key names it
    viewer = (request.user.pk, *viewer_in(request.user, version.accounts, version.club_id))
    parts = (version.facts, club_pages_version(version.club_id), _club_day(version.time_zone),
             translation.get_language(), request.build_absolute_uri("/"), viewer,
             bool(request.htmx))
    return f"match-page:{pk}:{hashlib.sha256(repr(parts).encode()).hexdigest()[:32]}"


def _club_day(zone: str) -> str:
    try:
        return datetime.now(ZoneInfo(zone)).date().isoformat()
    except (ZoneInfoNotFoundError, ValueError):
        return datetime.now().date().isoformat()


def _body(request: HttpRequest, pk: int, forms: dict | None, refusal: str,
          version: match_selectors.MatchVersion | None = None) -> Body:
    # What the version counts none of is not read.
    page_data = page_selectors.match_page(pk) if version is None else page_selectors.match_page(
        pk, hands=bool(version.hands), reports=bool(version.reports),
        audit=version.history is not None)
    in_club_zone(page_data.match.competition.season.club)  # the history's times too
    base = _page_context(request.user, page_data)
    offered = {name for name, action in FORM_ACTIONS.items() if getattr(base["actions"], action)}
    context = {**base, **_blank_forms(page_data.match, offered),
               **schedule_context(page_data.match, base["viewer"], started=bool(page_data.games)),
               **(forms or {}), "refusal": refusal}
    for name, action in FORM_ACTIONS.items():
        if not getattr(context["actions"], action) and name in context:
            context["refusal"] = context["refusal"] or unseen_errors(context[name])
    for name, action in SCHEDULE_FORMS.items():
        if not getattr(context["schedule"], action):
            context["refusal"] = context["refusal"] or unseen_errors(context[name])
    html = render_to_string(f"{BODY}#{PARTIAL}" if request.htmx else BODY, context, request)
    title = "" if request.htmx else render_to_string(f"{BODY}#title", context, request)
    schedule = context["schedule"]
    forms_shown = context["actions"].any or schedule.set or schedule.propose or schedule.accept
    return Body(title, html, shareable=not forms_shown)


def _page_context(user, page: page_selectors.MatchPage) -> dict:
    match = page.match
    viewer = viewer_of(user, match)
    outcome = results.match_outcome(match, page.games)
    confirmed = match.status == Match.Status.CONFIRMED
    name_a, name_b = side_names(match)
    return {
        "page": page,
        "match": match,
        "name_a": name_a,
        "name_b": name_b,
        "format": match_format(match.competition),
        "outcome": outcome,
        "games_won": (match.games_a, match.games_b) if confirmed else (outcome.games_a, outcome.games_b),
        "viewer": viewer,
        "actions": match_actions(page, viewer),
        "history": history(match, page.audit),
        "may_correct_hands": may_correct(user, match),
        "chances": win_probability(match) if match.status in BEFORE_PLAY else None,
    }


def _blank_forms(match: Match, offered: set[str]) -> dict:
    """The blank forms of the actions offered (the page shows no other)."""
    blank = {
        "dispute_form": lambda: DisputeForm(prefix="dispute"),
        "resolve_form": lambda: ResolveForm(prefix="resolve"),
        "correct_form": lambda: CorrectForm.for_match(match, prefix="correct"),
        "forfeit_form": lambda: ForfeitForm(match=match, prefix="forfeit"),
    }
    return {name: make() for name, make in blank.items() if name in offered}


def done(request: HttpRequest, pk: int, message: str) -> HttpResponse:
    messages.success(request, message)
    if request.htmx:
        return render_match(request, pk)
    return go(request, reverse("match", args=[pk]))


def refused(request: HttpRequest, pk: int, error: ServiceError, *, form=None,
             name: str = "") -> HttpResponse:
    """The page again with the reason: next to the field it names, else above the actions."""
    forms = {name: form} if form is not None else None
    return render_match(request, pk, forms=forms, **page_refusal(error, form))
