"""The organizer's schedule of a competition, on its matches page: each round's start and
play-by dates, and what to do about an overdue match (extend, forfeit, double forfeit)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.clubs.views import refused
from league.competitions.base.selectors import (
    competition_round,
    match_and_players,
    organizer_competition,
    side_names,
)
from league.competitions.forms.schedule import OverdueForm, RoundDatesForm, WeeklyDatesForm
from league.competitions.models import Match
from league.competitions.results.forfeits import record_forfeit
from league.competitions.schedule.services import (
    extend_match,
    set_round_dates,
    set_weekly_dates,
)
from league.competitions.views.organizer.matches import render_matches
from league.core.errors import ServiceError
from league.core.views import UNPROCESSABLE, go, in_club_zone, refusal_status


@require_POST
def round_dates(request: HttpRequest, pk: int) -> HttpResponse:
    found = competition_round(pk)
    competition = found.competition
    club = competition.season.club
    if (refusal := refused(request, club)) is not None:
        return refusal
    in_club_zone(club)
    form = RoundDatesForm(request.POST, prefix=f"r{found.pk}")
    forms = {("round", found.pk): form}
    if not form.is_valid():
        return render_matches(request, competition, forms=forms, status=UNPROCESSABLE)
    try:
        set_round_dates(found.pk, actor=request.user, **form.cleaned_data)
    except ServiceError as error:
        form.add_service_error(error)
        return render_matches(request, competition, forms=forms, status=refusal_status(error))
    messages.success(request, _("The dates of %(round)s are saved.") % {"round": found})
    return go(request, schedule_url(competition.pk, f"round-{found.pk}"))


def schedule_url(competition_id: int, anchor: str) -> str:
    """The matches page with its schedule open, at `anchor` (where the organizer was)."""
    return reverse("organizer-matches", args=[competition_id]) + f"?schedule=open#{anchor}"


@require_POST
def weekly_dates(request: HttpRequest, pk: int) -> HttpResponse:
    """Every round dated a week apart from the first date typed, in one form."""
    competition = organizer_competition(pk)
    club = competition.season.club
    if (refusal := refused(request, club)) is not None:
        return refusal
    in_club_zone(club)
    form = WeeklyDatesForm(request.POST, prefix="weekly")
    forms = {"weekly": form}
    if not form.is_valid():
        return render_matches(request, competition, forms=forms, status=UNPROCESSABLE)
    first = form.cleaned_data["first"]
    try:
        rounds = set_weekly_dates(competition.pk, actor=request.user, first=first)
    except ServiceError as error:
        form.add_service_error(error)
        return render_matches(request, competition, forms=forms, status=refusal_status(error))
    count = len(rounds)
    messages.success(request, ngettext(
        "The date of %(count)s round is saved, from %(first)s.",
        "The dates of %(count)s rounds are saved, a week apart from %(first)s.", count)
        % {"count": count, "first": date_format(first, "DATE_FORMAT")})
    return go(request, schedule_url(competition.pk, "schedule-h"))


@require_POST
def overdue(request: HttpRequest, pk: int) -> HttpResponse:
    match = match_and_players(pk)
    competition = match.competition
    club = competition.season.club
    if (refusal := refused(request, club)) is not None:
        return refusal
    in_club_zone(club)
    form = OverdueForm(request.POST, prefix=f"o{match.pk}", names=side_names(match))
    forms = {("overdue", match.pk): form}
    if not form.is_valid():
        return render_matches(request, competition, forms=forms, status=UNPROCESSABLE)
    choice = form.cleaned_data["choice"]
    try:
        if choice == "extend":
            extend_match(match.pk, actor=request.user, play_by=form.cleaned_data["play_by"])
            done = _("%(match)s is to be played by %(day)s.") % {
                "match": match, "day": date_format(form.cleaned_data["play_by"], "SHORT_DATE_FORMAT")}
        else:
            record_forfeit(match.pk, actor=request.user, absent=choice, kind=Match.Kind.FORFEIT)
            done = (_("%(match)s: a double forfeit recorded.") if choice == "both"
                    else _("%(match)s: a forfeit recorded.")) % {"match": match}
    except ServiceError as error:
        form.add_service_error(error)
        return render_matches(request, competition, forms=forms, status=refusal_status(error))
    messages.success(request, done)
    return go(request, reverse("organizer-matches", args=[competition.pk]))
