"""A new competition on one page of fieldsets (works without JavaScript; with htmx, choosing a
preset refreshes the house rules' placeholders). Success leads to registering the entrants."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from league.clubs.views import organizer_of
from league.competitions.base.selectors import organizer_club
from league.competitions.formats.seasons import create_competition_in_season
from league.competitions.forms.house_rules import PRESET_NAMES
from league.competitions.forms.organizer import CompetitionForm
from league.core.errors import ServiceError
from league.core.views import UNPROCESSABLE, go, refusal_status, render_page

TEMPLATE = "organizer/competition_new.html"


@require_http_methods(["GET", "POST"])
@organizer_of(organizer_club)
def new_competition(request: HttpRequest, club) -> HttpResponse:
    if request.method == "GET":
        form = CompetitionForm(club=club, initial=request.GET.dict())
        return _render(request, club, form)
    form = CompetitionForm(request.POST, club=club)
    if "show_stages" in request.POST:  # more (or fewer) group stages shown, nothing checked
        form.shown_again()
        return _render(request, club, form)
    if not form.is_valid():
        return _render(request, club, form, status=UNPROCESSABLE)
    data = form.cleaned_data
    try:
        competition = create_competition_in_season(
            club, actor=request.user, season=data["season"], new_season=data["new_season"],
            name=data["name"], description=data["description"], format=data["format"], preset=data["preset"],
            house_rules=form.house_rules(), stages=form.stage_plans(), **form.settings(),
        )
    except ServiceError as error:
        form.add_service_error(error)
        return _render(request, club, form, status=refusal_status(error))
    messages.success(request, _("%(name)s is created. Now enter its players.") % {"name": competition.name})
    return go(request, reverse("competition-entries", args=[competition.pk]))


def _render(request: HttpRequest, club, form: CompetitionForm, *,
            status: int = 200) -> HttpResponse:
    form.show_preset()
    context = {"club": club, "form": form, "preset": PRESET_NAMES[form.chosen_preset()]}
    return render_page(request, TEMPLATE, context, partial="house-rules", status=status)
