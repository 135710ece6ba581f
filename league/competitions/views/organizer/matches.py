"""A competition's matches for its organizer, grouped by what they wait for, with quick links
to the match page's actions (report, resolve, correct) and the decisions a correction asks
for (reset or keep)."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from league.clubs.views import organizer_of, refused
from league.competitions.base.selectors import organizer_competition, organizer_match, side_names
from league.competitions.entries.selectors import entrant_names
from league.competitions.formats.decide import choose_qualifiers, keep_match, reset_match
from league.competitions.formats.selectors import (
    later_stages_dealt_by_hand,
    open_decisions,
    rounds_by_bracket,
)
from league.competitions.formats.stage_plans import awaits_dealing
from league.competitions.formats.stages import is_redraw_ask, is_tie_ask
from league.competitions.forms.entries import DecisionForm, QualifiersForm
from league.competitions.forms.schedule import OverdueForm, RoundDatesForm, WeeklyDatesForm
from league.competitions.models import Competition, Match
from league.competitions.nights.guards import night_refusal
from league.competitions.nights.night_reads import nights_of
from league.competitions.nights.selectors import swiss_mode
from league.competitions.schedule.selectors import matches_by_status, overdue_matches
from league.core.errors import ServiceError
from league.core.views import (
    UNPROCESSABLE,
    go,
    in_club_zone,
    page_refusal,
    render_page,
    unseen_errors,
)

TEMPLATE = "organizer/matches.html"
NO_DECISION = gettext_lazy("There is no decision to make about this match.")
NO_TIE = gettext_lazy("There is no tie at a stage's cut line to decide here.")


@organizer_of(organizer_competition, "season.club")
def matches(request: HttpRequest, competition: Competition) -> HttpResponse:
    return render_matches(request, competition)


def render_matches(request: HttpRequest, competition: Competition, *, forms: dict | None = None,
            refusal: str = "", status: int = 200) -> HttpResponse:
    decisions = open_decisions(Q(match__competition=competition))
    forms = forms or {}
    club = competition.season.club
    in_club_zone(club)
    overdue = overdue_matches(competition)
    listed = {("overdue", m.pk) for m in overdue}
    refusal = refusal or " ".join(
        unseen_errors(form) for key, form in forms.items()
        if isinstance(key, tuple) and key[0] == "overdue" and key not in listed).strip()
    context = {
        "competition": competition, "club": club,
        "rounds": [(r, forms.get(("round", r.pk)) or RoundDatesForm(
            prefix=f"r{r.pk}", initial={"starts_on": r.starts_on, "play_by": r.play_by}))
            for r in rounds_by_bracket(competition)],
        "overdue": [(m, forms.get(("overdue", m.pk)) or OverdueForm(
            prefix=f"o{m.pk}", names=side_names(m)))
            for m in overdue],
        "groups": matches_by_status(competition),
        "decisions": [(d, forms.get(d.match_id) or DecisionForm(
                          prefix=f"d{d.match_id}", whole_stage=is_redraw_ask(d)))
                      for d in decisions if not is_tie_ask(d)],
        "to_deal": [s for s in later_stages_dealt_by_hand(competition)
                    if awaits_dealing(s)],
        "ties": [(d, forms.get(d.match_id) or qualifiers_form(d, competition))
                 for d in decisions if is_tie_ask(d)],
        "refusal": refusal,
        "nights": (nights := [n for n in nights_of(competition) if n is not None]),
        "swiss_mode": swiss_mode(competition, next((n for n in nights if n.is_open), None)),
        "night_refusal": night_refusal(competition),
        "schedule_errors": ("weekly" in forms or request.GET.get("schedule") == "open"
                            or any(key[0] == "round" for key in forms if isinstance(key, tuple))),
        "weekly_form": forms.get("weekly") or WeeklyDatesForm(prefix="weekly"),
    }
    return render_page(request, TEMPLATE, context, partial="matches", status=status)


def qualifiers_form(asked, competition: Competition, data=None) -> QualifiersForm:
    names = entrant_names(competition)
    tied = [(pk, names[pk]) for pk in asked.after["players"]]
    return QualifiersForm(data, prefix=f"q{asked.match_id}", tied=tied,
                          places=asked.after["places"], first=asked.after["first_position"])


@require_POST
def choose(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's answer to players level at a stage's cut line."""
    match = organizer_match(pk)
    competition = match.competition
    if (refusal := refused(request, competition.season.club)) is not None:
        return refusal
    asked = [d for d in open_decisions(Q(match=match)) if is_tie_ask(d)]
    if not asked:
        return render_matches(request, competition, refusal=NO_TIE, status=UNPROCESSABLE)
    form = qualifiers_form(asked[0], competition, request.POST)
    if not form.is_valid():
        return render_matches(request, competition, forms={match.pk: form}, status=UNPROCESSABLE)
    try:
        choose_qualifiers(match.pk, form.players(), actor=request.user)
    except ServiceError as error:
        return render_matches(request, competition, forms={match.pk: form},
                              **page_refusal(error))
    messages.success(request, _("Decided: the next stage is drawn once nothing else is level."))
    return go(request, reverse("organizer-matches", args=[competition.pk]))


@require_POST
@organizer_of(organizer_match, "competition.season.club")
def decide(request: HttpRequest, match: Match) -> HttpResponse:
    competition = match.competition
    asked = [d for d in open_decisions(Q(match=match)) if not is_tie_ask(d)]
    if not asked:
        return render_matches(request, competition, refusal=NO_DECISION, status=UNPROCESSABLE)
    whole_stage = is_redraw_ask(asked[0])
    stage = match.round.stage if whole_stage else None  # read now: a redraw removes the match
    form = DecisionForm(request.POST, prefix=f"d{match.pk}", whole_stage=whole_stage)
    if not form.is_valid():
        return render_matches(request, competition, forms={match.pk: form}, status=UNPROCESSABLE)
    decide_with = reset_match if form.cleaned_data["decision"] == "reset" else keep_match
    try:
        decide_with(match.pk, actor=request.user, comment=form.cleaned_data["comment"])
    except ServiceError as error:
        return render_matches(request, competition, forms={match.pk: form}, **page_refusal(error))
    if whole_stage:
        said = (_("%(stage)s is drawn again from the corrected qualifiers.")
                if decide_with is reset_match else _("%(stage)s stands as drawn."))
        messages.success(request, said % {"stage": stage})
    else:
        said = (_("%(match)s is reset: it is to be played again.") if decide_with is reset_match
                else _("%(match)s is kept as played."))
        messages.success(request, said % {"match": match})
    return go(request, reverse("organizer-matches", args=[competition.pk]))
