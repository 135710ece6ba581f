"""A club night's page (phone first) and its actions: a player checks in or leaves; the
organizer ticks who is here, pairs each round from those present, settles a league fixture
with a player absent, and closes the night. Opening or scheduling a night is on the organizer's
page of the competition. A refused action shows the page again with the reason."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from league.clubs.views import organizer_of
from league.competitions.base.selectors import club_of_night, organizer_competition
from league.competitions.forms.schedule import DATE, MOMENT
from league.competitions.models import ClubNight, Competition, Match
from league.competitions.nights import attendance as night_attendance
from league.competitions.nights import pairing as night_pairing
from league.competitions.nights import selectors
from league.competitions.nights import services as club_nights
from league.competitions.nights.desk import night_desk
from league.competitions.views.organizer.matches import render_matches
from league.competitions.views.visibility import for_members
from league.core.dates import BoundedDateField, BoundedDateTimeField
from league.core.errors import ServiceError
from league.core.forms import ServiceErrorForm
from league.core.numbers import ascii_int, ascii_ints
from league.core.views import (
    UNPROCESSABLE,
    go,
    in_club_zone,
    refusal_status,
    render_page,
    sign_in_first,
)

TEMPLATE = "competitions/night.html"
RECORDED = {Match.Kind.FORFEIT: gettext_lazy("Recorded as a forfeit: %(match)s."),
            Match.Kind.NO_SHOW: gettext_lazy("Recorded as a no-show: %(match)s."),
            Match.Kind.DOUBLE_FORFEIT: gettext_lazy("Recorded as a double forfeit: %(match)s.")}


class ScheduleNightForm(ServiceErrorForm):
    starts_at = BoundedDateTimeField(label=_("The next night starts at"), widget=MOMENT)
    place = forms.CharField(required=False, max_length=200, strip=True)


class WalkInForm(ServiceErrorForm):
    player = forms.IntegerField(required=False, min_value=1, max_value=10**9,
                                error_messages={"invalid": _("Choose a player from the list.")})
    name = forms.CharField(required=False, max_length=80, strip=True)

    def clean(self):
        data = super().clean()
        player, name = data.get("player"), data.get("name")
        if self.errors:
            return data
        if player is not None and name:
            raise forms.ValidationError(
                _("Choose a player of the club or give a new name, not both."))
        if player is None and not name:
            raise forms.ValidationError(
                _("Choose a player of the club, or give the newcomer's name."))
        return data


class LeftMatchForm(ServiceErrorForm):
    kind = forms.ChoiceField(choices=[(k, k) for k in night_pairing.LEFT_KINDS])


class AbsentFixtureForm(ServiceErrorForm):
    choice = forms.ChoiceField(choices=[("postpone", _("Postpone")), ("A", _("No-show A")),
                                        ("B", _("No-show B")), ("both", _("Both absent"))])
    play_by = BoundedDateField(label=_("To be played by"), required=False, widget=DATE)


@for_members(club_of_night)
def night(request: HttpRequest, pk: int) -> HttpResponse:
    return render_night(request, selectors.night_for_page(pk))


def render_night(request: HttpRequest, found: ClubNight, *, refusal: str = "",
                 status: int = 200, walk_in_form: WalkInForm | None = None) -> HttpResponse:
    in_club_zone(found.competition.season.club)
    page = selectors.night_page(found, request.user)
    context = {"page": page, "night": found, "competition": found.competition,
               "desk": night_desk(found), "organizing": page.organizing, "poll_seconds": 5,
               "club": found.competition.season.club, "refusal": refusal,
               "schedule_form": ScheduleNightForm(),
               "walk_in_form": walk_in_form or WalkInForm(),
               "postpone_to": timezone.localdate() + timedelta(days=7)}
    return render_page(request, TEMPLATE, context, partial="night", status=status)


def _night(pk: int) -> ClubNight:
    return selectors.night_for_page(pk)


def _entry_id(request: HttpRequest) -> int | None:
    return ascii_int(request.POST.get("entry", ""), digits=9)


def _act(request: HttpRequest, found: ClubNight, action, done: str) -> HttpResponse:
    try:
        result = action()
    except ServiceError as error:
        return render_night(request, found, refusal=error.message, status=refusal_status(error))
    messages.success(request, done if isinstance(done, str) else done(result))
    return go(request, reverse("club-night", args=[found.pk]))


@require_POST
@for_members(club_of_night)
def check_in(request: HttpRequest, pk: int) -> HttpResponse:
    return _attend(request, pk, night_attendance.check_in,
                   "{} is checked in: paired from the next round.")


@require_POST
@for_members(club_of_night)
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    return _attend(request, pk, night_attendance.check_out, "{} has left: not paired again tonight.")


def _attend(request: HttpRequest, pk: int, service, message: str) -> HttpResponse:
    """A player checks himself in or out (or the organizer one player, by the form's entry)."""
    found = _night(pk)
    if not request.user.is_authenticated:
        return sign_in_first(request, reverse("club-night", args=[pk]))
    entry = _entry_id(request)
    return _act(request, found, lambda: service(found.pk, actor=request.user, entry_id=entry),
                lambda c: message.format(c.entry.player.name))


@require_POST
@organizer_of(_night, "competition.season.club")
def attendance(request: HttpRequest, found: ClubNight) -> HttpResponse:
    ticked = set(ascii_ints(request.POST.getlist("present"), digits=9))
    return _act(request, found,
                lambda: night_attendance.set_present(found.pk, actor=request.user, present=ticked),
                lambda counts: _("Saved: %(present)s checked in, %(gone)s marked as gone.") % {
                    "present": counts[0], "gone": counts[1]})


@require_POST
@organizer_of(_night, "competition.season.club")
def walk_in(request: HttpRequest, found: ClubNight) -> HttpResponse:
    """Someone not entered arrives: a club player entered late, or a newcomer added to the club
    and entered; checked in at once."""
    form = WalkInForm(request.POST)
    if not form.is_valid():
        return render_night(request, found, status=UNPROCESSABLE, walk_in_form=form)
    try:
        checked = night_attendance.walk_in(found.pk, actor=request.user,
                                      player_id=form.cleaned_data["player"],
                                      name=form.cleaned_data["name"])
    except ServiceError as error:
        form.add_service_error(error)
        return render_night(request, found, status=refusal_status(error), walk_in_form=form)
    messages.success(request, _("%(name)s is entered and checked in: paired from the next round.") % {"name": checked.entry.player.name})
    return go(request, reverse("club-night", args=[found.pk]))


@require_POST
@organizer_of(_night, "competition.season.club")
def undo_walk_in(request: HttpRequest, found: ClubNight) -> HttpResponse:
    """A walk-in entered by mistake, not yet paired, taken out again."""
    entry = _entry_id(request)
    return _act(request, found,
                lambda: night_attendance.undo_walk_in(found.pk, entry or 0, actor=request.user),
                _taken_out)


def _taken_out(result: tuple[str, bool]) -> str:
    name, newcomer = result
    if newcomer:
        return _("%(name)s is taken out again: not entered, not checked in, and no longer a "
                 "player of the club (added tonight).") % {"name": name}
    return _("%(name)s is taken out again: not entered, not checked in.") % {"name": name}


@require_POST
@organizer_of(_night, "competition.season.club")
def left_match(request: HttpRequest, found: ClubNight, match_pk: int) -> HttpResponse:
    """A match of the night unplayed by a player who left: his forfeit or his no-show."""
    form = LeftMatchForm(request.POST)
    if not form.is_valid():
        return render_night(request, found, refusal=_("Choose a forfeit or a no-show."),
                            status=UNPROCESSABLE)
    return _act(request, found,
                lambda: night_pairing.settle_left_match(found.pk, match_pk, actor=request.user,
                                                      kind=form.cleaned_data["kind"]),
                lambda m: str(RECORDED[m.kind]) % {"match": m})


@require_POST
@organizer_of(_night, "competition.season.club")
def pair(request: HttpRequest, found: ClubNight) -> HttpResponse:
    return _act(request, found,
                lambda: night_pairing.pair_night_round(found.pk, actor=request.user),
                lambda r: _("%(round)s is paired: the tables are below.") % {"round": r})


@require_POST
@organizer_of(_night, "competition.season.club")
def close(request: HttpRequest, found: ClubNight) -> HttpResponse:
    return _act(request, found, lambda: club_nights.close_night(found.pk, actor=request.user),
                _("The club night is closed. Its matches are finished and entered as usual."))


@require_POST
@organizer_of(_night, "competition.season.club")
def open_scheduled(request: HttpRequest, found: ClubNight) -> HttpResponse:
    return _act(request, found,
                lambda: club_nights.open_night(found.competition_id, actor=request.user,
                                               night_id=found.pk),
                _("The club night is open: players check in on this page."))


@require_POST
@organizer_of(_night, "competition.season.club")
def fixture(request: HttpRequest, found: ClubNight, match_pk: int) -> HttpResponse:
    """A league fixture of the night with a player absent: postponed or a no-show."""
    in_club_zone(found.competition.season.club)
    form = AbsentFixtureForm(request.POST)
    if not form.is_valid():
        return render_night(request, found, refusal=_("Choose what to do about the fixture."),
                            status=UNPROCESSABLE)
    choice, play_by = form.cleaned_data["choice"], form.cleaned_data["play_by"]
    if choice == "postpone":
        if play_by is None:
            return render_night(request, found, refusal=_("Give the date to play it by."),
                                status=UNPROCESSABLE)
        action = lambda: night_pairing.postpone_fixture(  # noqa: E731
            found.pk, match_pk, actor=request.user, play_by=play_by)
        done = _("Postponed: to be played by %(day)s.") % {
            "day": date_format(play_by, "SHORT_DATE_FORMAT")}
    else:
        action = lambda: night_pairing.forfeit_fixture(  # noqa: E731
            found.pk, match_pk, actor=request.user, absent=choice)
        done = _("The no-show is recorded.") if choice != "both" else _("Both absent: recorded.")
    return _act(request, found, action, done)


@require_POST
@organizer_of(organizer_competition, "season.club")
def new_night(request: HttpRequest, competition: Competition) -> HttpResponse:
    """Open a night now, or schedule the next one (from the organizer's competition page)."""
    in_club_zone(competition.season.club)
    try:
        if request.POST.get("action") == "schedule":
            form = ScheduleNightForm(request.POST)
            if not form.is_valid():
                raise ServiceError(_("Give the date and time the next night starts."))
            made = club_nights.schedule_night(competition.pk, actor=request.user,
                                              starts_at=form.cleaned_data["starts_at"],
                                              place=form.cleaned_data["place"])
            messages.success(request, _("The next club night is scheduled."))
        else:
            made = club_nights.open_night(competition.pk, actor=request.user)
            messages.success(request, _("The club night is open: players check in on this page."))
    except ServiceError as error:
        return render_matches(request, competition, refusal=error.message,
                              status=refusal_status(error))
    return go(request, reverse("club-night", args=[made.pk]))



@require_POST
@organizer_of(organizer_competition, "season.club")
def pair_every_entry(request: HttpRequest, competition: Competition) -> HttpResponse:
    """A Swiss waiting for its next club night: its next round paired now from every active
    entry (from the organizer's competition page)."""
    in_club_zone(competition.season.club)
    try:
        made = night_pairing.pair_from_every_entry(competition.pk, actor=request.user)
    except ServiceError as error:
        return render_matches(request, competition, refusal=error.message,
                              status=refusal_status(error))
    messages.success(request, _("%(made)s is paired from every entry. The next rounds are paired automatically, unless you pair one at a club night.") % {"made": made})
    return go(request, reverse("organizer-matches", args=[competition.pk]))
