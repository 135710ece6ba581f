"""Entrants of a competition: enter the club's players (a filter box that works without
JavaScript, quicker with htmx) or new ones, seed them, start the competition; withdraw a
player (a confirmation page, then a POST); once it runs, enter a player late (a league or a
Swiss)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from league.clubs.permissions import is_organizer
from league.clubs.views import organizer_of, refused
from league.competitions.base.selectors import entry_with_club, organizer_competition
from league.competitions.entries.entrants import add_and_enter
from league.competitions.entries.late_entries import (
    LateEntry,
    add_late_entry,
    add_new_player_late,
    late_entry_refusal,
)
from league.competitions.entries.selectors import (
    enterable_players,
    entries_page,
    entries_with_players,
    players_not_entered,
)
from league.competitions.entries.withdrawals import withdraw_entry
from league.competitions.formats.competitions import register_players, seed_entries
from league.competitions.formats.draws import start_competition
from league.competitions.formats.selectors import first_group_stage
from league.competitions.forms.entries import (
    NewEntrantForm,
    RegisterForm,
    RegistrationForm,
    SeedsForm,
    StartForm,
    SwissStartForm,
    WithdrawForm,
)
from league.competitions.forms.formats import LateEntryForm
from league.competitions.models import Competition, Entry
from league.core.errors import ServiceError
from league.core.numbers import ascii_ints
from league.core.views import UNPROCESSABLE, go, page_refusal, render_page

TEMPLATE = "organizer/entries.html"
FILTER_MAX = 60
CLOSED = gettext_lazy("Entries, seeds and the start close when the competition starts.")


@require_http_methods(["GET", "POST"])
@organizer_of(organizer_competition, "season.club")
def entries(request: HttpRequest, competition: Competition) -> HttpResponse:
    if request.method == "POST":
        return _register(request, competition)
    return render_entries(request, competition, filter_text=request.GET.get("q", "")[:FILTER_MAX])


def render_entries(request: HttpRequest, competition: Competition, *, filter_text: str = "",
                   forms: dict | None = None, refusal: str = "", status: int = 200) -> HttpResponse:
    """The entries page, with `forms` (bound, with their errors) in place of the empty ones."""
    page = entries_page(competition, filter_text.strip())
    draft = competition.status == Competition.Status.DRAFT
    hidden = [form for name, form in (forms or {}).items() if name != "late_form"]
    if not draft and not refusal and any(form.errors for form in hidden):
        refusal = CLOSED  # the forms are not shown once the competition has started
    context = {
        "competition": competition, "club": competition.season.club, "page": page,
        "draft": draft,
        "registration_form": RegistrationForm(initial={
            "closes_at": competition.registration_closes_at,
            "cap": competition.registration_cap}),
        "register_form": RegisterForm(),
        "ticked": set(ascii_ints(request.POST.getlist("players"))),
        "new_form": NewEntrantForm(),
        "seeds_form": SeedsForm(entries=page.entries),
        "start_form": (SwissStartForm if competition.format == Competition.Format.SWISS
                       else StartForm)(),
        "refusal": refusal,
        "late_refusal": "" if draft else late_entry_refusal(competition),
        "late_form": LateEntryForm(candidates=players_not_entered(competition)),
        "group_stage": first_group_stage(competition) if draft else None,
    } | (forms or {})
    return render_page(request, TEMPLATE, context, partial="candidates", status=status)


def _register(request: HttpRequest, competition: Competition) -> HttpResponse:
    form = RegisterForm(request.POST, candidates=enterable_players(competition))
    if not form.is_valid():
        return render_entries(request, competition, forms={"register_form": form},
                              status=UNPROCESSABLE)
    try:
        added = register_players(competition, form.cleaned_data["players"], actor=request.user)
    except ServiceError as error:
        return render_entries(request, competition, **page_refusal(error))
    messages.success(request, ngettext("%(count)s player entered.", "%(count)s players entered.",
                                       len(added)) % {"count": len(added)})
    return go(request, reverse("competition-entries", args=[competition.pk]))


@require_POST
@organizer_of(organizer_competition, "season.club")
def new_entrant(request: HttpRequest, competition: Competition) -> HttpResponse:
    form = NewEntrantForm(request.POST)
    if form.is_valid():
        try:
            player = add_and_enter(competition, actor=request.user, name=form.cleaned_data["name"])
        except ServiceError as error:
            return render_entries(request, competition, forms={"new_form": form},
                                  **page_refusal(error, form))
        messages.success(request, _("%(name)s is added to the club and entered.") % {"name": player.name})
        return go(request, reverse("competition-entries", args=[competition.pk]))
    return render_entries(request, competition, forms={"new_form": form}, status=UNPROCESSABLE)


@require_POST
@organizer_of(organizer_competition, "season.club")
def late_entry(request: HttpRequest, competition: Competition) -> HttpResponse:
    form = LateEntryForm(request.POST, candidates=players_not_entered(competition))
    if not form.is_valid():
        return render_entries(request, competition, forms={"late_form": form}, status=UNPROCESSABLE)
    player, name = form.cleaned_data["player"], form.cleaned_data["name"]
    try:
        if player is not None:
            late = add_late_entry(competition.pk, player.pk, actor=request.user)
        else:
            late = add_new_player_late(competition.pk, name, actor=request.user)
    except ServiceError as error:
        return render_entries(request, competition, forms={"late_form": form},
                              **page_refusal(error, form))
    messages.success(request, _entered_late(competition, late))
    return go(request, reverse("competition-entries", args=[competition.pk]))


def _entered_late(competition: Competition, late: LateEntry) -> str:
    name = late.entry.player.name
    if competition.format == Competition.Format.SWISS:
        return _("%(name)s is entered late: paired from round %(round)s on, with 0 points.") % {
            "name": name, "round": late.from_round}
    count = len(late.matches)
    return ngettext("%(name)s is entered late: %(count)s match from round %(round)s on.",
                    "%(name)s is entered late: %(count)s matches from round %(round)s on.",
                    count) % {"name": name, "count": count, "round": late.from_round}


@require_POST
@organizer_of(organizer_competition, "season.club")
def seeds(request: HttpRequest, competition: Competition) -> HttpResponse:
    form = SeedsForm(request.POST, entries=entries_with_players(competition))
    if not form.is_valid():
        return render_entries(request, competition, forms={"seeds_form": form},
                              status=UNPROCESSABLE)
    try:
        seed_entries(competition, form.order(), actor=request.user)
    except ServiceError as error:
        return render_entries(request, competition, forms={"seeds_form": form},
                              **page_refusal(error))
    messages.success(request, _("Seeds saved."))
    return go(request, reverse("competition-entries", args=[competition.pk]))


@require_POST
@organizer_of(organizer_competition, "season.club")
def start(request: HttpRequest, competition: Competition) -> HttpResponse:
    swiss = competition.format == Competition.Format.SWISS
    form = (SwissStartForm if swiss else StartForm)(request.POST)
    if not form.is_valid():
        return render_entries(request, competition, forms={"start_form": form},
                              status=UNPROCESSABLE)
    at_night = swiss and form.cleaned_data["first_round"] == "night"
    try:
        start_competition(competition.pk, actor=request.user,
                          seeding=form.cleaned_data["seeding"], pair_first_round=not at_night)
    except ServiceError as error:
        return render_entries(request, competition, forms={"start_form": form},
                              **page_refusal(error))
    if at_night:
        messages.success(request, _("%(name)s has started: open a club night and pair round 1 from the players who check in.") % {"name": competition.name})
        return go(request, reverse("organizer-matches", args=[competition.pk]))
    messages.success(request, _("%(name)s has started: the fixtures are drawn.") % {"name": competition.name})
    return go(request, reverse("competition", args=[competition.pk]))


@require_http_methods(["GET", "POST"])
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """The player themself or an organizer of the club; a confirmation page first."""
    entry = entry_with_club(pk)
    club = entry.competition.season.club
    own = request.user.is_authenticated and entry.player.user_id == request.user.pk
    if not own and (refusal_page := refused(request, club)) is not None:
        return refusal_page
    form = WithdrawForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            walkovers = withdraw_entry(entry.pk, actor=request.user,
                                       comment=form.cleaned_data["comment"])
        except ServiceError as error:
            return _confirm(request, entry, form, **page_refusal(error))
        count = len(walkovers)
        said = _("%(name)s has withdrawn.") % {"name": entry.player.name}
        if count:
            said += " " + ngettext("%(count)s match became a walkover.",
                                   "%(count)s matches became walkovers.", count) % {"count": count}
        messages.success(request, said)
        return go(request, _after_withdrawal(request, entry))
    return _confirm(request, entry, form)


def _confirm(request: HttpRequest, entry: Entry, form: WithdrawForm, *, refusal: str = "",
             status: int = 200) -> HttpResponse:
    context = {"entry": entry, "competition": entry.competition, "form": form,
               "refusal": refusal}
    return render(request, "organizer/withdraw.html", context, status=status)


def _after_withdrawal(request: HttpRequest, entry: Entry) -> str:
    if is_organizer(request.user, entry.competition.season.club):
        return reverse("competition-entries", args=[entry.competition_id])
    return reverse("competition", args=[entry.competition_id])

