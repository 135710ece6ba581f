"""Changing a competition: a draft in full (the new-competition form, filled in) or deleted;
a running one back to draft; the name and description at any time."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from league.clubs.views import refused
from league.competitions.base.selectors import organizer_competition
from league.competitions.entries.selectors import entrant_names
from league.competitions.formats import drafts
from league.competitions.forms.house_rules import PRESET_NAMES
from league.competitions.forms.organizer import CompetitionForm, initial_of
from league.competitions.models import Competition
from league.core.errors import ServiceError
from league.core.forms import ServiceErrorForm, comment_field
from league.core.views import UNPROCESSABLE, go, refusal_status, render_page

FULL = "organizer/competition_new.html"
NAME_ONLY = "organizer/competition_describe.html"


class DescribeForm(ServiceErrorForm):
    name = forms.CharField(label=_("Name"), max_length=120)
    description = forms.CharField(label=_("Description (optional)"), required=False,
                                  max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))


class BackToDraftForm(ServiceErrorForm):
    comment = comment_field(_("Why (kept in the audit)"))


@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    competition = organizer_competition(pk)
    club = competition.season.club
    if (refusal := refused(request, club)) is not None:
        return refusal
    if competition.status == Competition.Status.DRAFT:
        return _edit_draft(request, competition)
    form = DescribeForm(request.POST) if request.method == "POST" else _described(competition)
    if request.method == "GET" or not form.is_valid():
        return _describe_page(request, competition, form,
                              status=200 if request.method == "GET" else UNPROCESSABLE)
    try:
        drafts.describe(pk, actor=request.user, **form.cleaned_data)
    except ServiceError as error:
        form.add_service_error(error)
        return _describe_page(request, competition, form, status=refusal_status(error))
    messages.success(request, _("The name and description are saved."))
    return go(request, reverse("competition-entries", args=[pk]))


def _described(competition: Competition) -> DescribeForm:
    return DescribeForm(initial={"name": competition.name,
                                 "description": competition.description})


def _describe_page(request, competition, form, *, back_form: BackToDraftForm | None = None,
                   refusal: str = "", status: int = 200) -> HttpResponse:
    context = {"competition": competition, "club": competition.season.club, "form": form,
               "back_form": back_form or BackToDraftForm(), "refusal": refusal}
    return render(request, NAME_ONLY, context, status=status)


def _edit_draft(request: HttpRequest, competition: Competition) -> HttpResponse:
    club = competition.season.club
    if request.method == "GET":
        initial = initial_of(competition) | (request.GET.dict() if request.htmx else {})
        return _full_page(request, competition, CompetitionForm(club=club, initial=initial))
    form = CompetitionForm(request.POST, club=club)
    if "show_stages" in request.POST:  # more (or fewer) group stages shown, nothing checked
        form.shown_again()
        return _full_page(request, competition, form)
    if not form.is_valid():
        return _full_page(request, competition, form, status=UNPROCESSABLE)
    data = form.cleaned_data
    if data["season"] is None:
        form.add_error("season", _("Choose one of the club's seasons."))
        return _full_page(request, competition, form, status=UNPROCESSABLE)
    try:
        drafts.edit_draft(competition.pk, actor=request.user, season=data["season"],
                          name=data["name"], description=data["description"],
                          format=data["format"], preset=data["preset"],
                          house_rules=form.house_rules(), stages=form.stage_plans(),
                          **form.settings())
    except ServiceError as error:
        form.add_service_error(error)
        return _full_page(request, competition, form, status=refusal_status(error))
    messages.success(request, _("The competition's settings are saved."))
    return go(request, reverse("competition-entries", args=[competition.pk]))


def _full_page(request, competition, form: CompetitionForm, *, status: int = 200):
    form.show_preset()
    context = {"club": competition.season.club, "competition": competition, "form": form,
               "preset": PRESET_NAMES[form.chosen_preset()]}
    return render_page(request, FULL, context, partial="house-rules", status=status)


@require_POST
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """The first press asks, naming the competition and its entries; the confirmation deletes."""
    competition = organizer_competition(pk)
    club = competition.season.club
    if (refusal := refused(request, club)) is not None:
        return refusal
    if request.POST.get("confirmed") != "yes":  # the button of the entries page: ask first
        return render(request, "organizer/competition_delete.html", {
            "club": club, "competition": competition,
            "entrants": sorted(entrant_names(competition).values())})
    try:
        name = drafts.delete_draft(pk, actor=request.user)
    except ServiceError as error:
        return _describe_page(request, competition, _described(competition),
                              refusal=error.message, status=refusal_status(error))
    messages.success(request, _("%(name)s is deleted.") % {"name": name})
    return go(request, reverse("organizer-club", args=[club.slug]))


@require_POST
def back_to_draft(request: HttpRequest, pk: int) -> HttpResponse:
    competition = organizer_competition(pk)
    if (refusal := refused(request, competition.season.club)) is not None:
        return refusal
    form = BackToDraftForm(request.POST)
    form.is_valid()
    try:
        drafts.back_to_draft(pk, actor=request.user,
                             comment=form.cleaned_data.get("comment", ""))
    except ServiceError as error:
        return _describe_page(request, competition, _described(competition), back_form=form,
                              refusal=error.message, status=refusal_status(error))
    messages.success(request, _("%(name)s is a draft again: its draw is removed. Change what needs changing and start it again.") % {"name": competition.name})
    return go(request, reverse("competition-entries", args=[pk]))

