"""One hand of a played game: an organizer corrects it (the form prefilled with the hand), a
player flags it as wrong, an organizer dismisses a flag. Each page is a plain form (GET shows
it, POST does it, then back to the scoresheet); a refusal re-renders it with the reason."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.clubs.permissions import organizes_club
from league.clubs.views import refused
from league.competitions.base.permissions import side_of
from league.competitions.base.selectors import side_names
from league.competitions.views.visibility import members_only
from league.core.errors import Changed, ServiceError
from league.core.views import FORBIDDEN, UNPROCESSABLE, go, refusal_status, sign_in_first
from league.games.forms import DismissFlagForm, FlagForm, HandCorrectionForm
from league.games.models import Hand
from league.games.selectors import club_of_game, game_hand, hand_flag, open_flags_of
from league.games.services.corrections import CORRECTABLE, correct_hand
from league.games.services.flags import FLAGGABLE, dismiss_flag, flag_hand
from league.games.services.scoring import game_rules


def _back(hand: Hand) -> str:
    return f"{reverse('gameplay:scoresheet', args=[hand.game_id])}#hand-{hand.number}"


def edit_hand(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    hand = game_hand(pk, number)
    match = hand.game.match
    denied = refused(request, match.competition.season.club)
    if denied:
        return denied
    names, rules = side_names(match), game_rules(hand.game)
    if request.method != "POST":
        form = HandCorrectionForm(names=names, rules=rules, initial=HandCorrectionForm.initial_of(hand))
        return _edit_page(request, hand, form)
    form = HandCorrectionForm(request.POST, names=names, rules=rules)
    if not form.is_valid():
        return _edit_page(request, hand, form, status=UNPROCESSABLE)
    try:
        done = correct_hand(hand.pk, form.entry(), actor=request.user,
                            comment=form.cleaned_data["comment"],
                            seen=form.cleaned_data["seen"] or None)
    except Changed as error:  # the form again, showing the hand as it is now
        hand = game_hand(pk, number)
        initial = {**HandCorrectionForm.initial_of(hand), "comment": form.cleaned_data["comment"]}
        form = HandCorrectionForm(names=names, rules=rules, initial=initial)
        return _edit_page(request, hand, form, refusal=error.message, status=refusal_status(error))
    except ServiceError as error:
        if error.field:
            form.add_service_error(error)
            return _edit_page(request, hand, form, status=refusal_status(error))
        return _edit_page(request, hand, form, refusal=error.message,
                          status=refusal_status(error))
    said = _("Hand %(number)s corrected; the game is scored again.") % {"number": hand.number}
    if done.winner_changed:
        said = f"{said} " + _("The match's winner changed with it.")
    messages.success(request, said)
    return go(request, _back(hand))


def _edit_page(request: HttpRequest, hand: Hand, form: HandCorrectionForm, *, refusal: str = "",
               status: int = 200) -> HttpResponse:
    match = hand.game.match
    names = side_names(match)
    if not refusal and match.status not in CORRECTABLE:
        refusal = (_("The match is %(status)s: it has no hand to correct.")
                   % {"status": match.get_status_display().lower()})
    context = {"hand": hand, "game": hand.game, "match": match, "name_a": names[0],
               "name_b": names[1], "form": form, "refusal": refusal,
               "flags": open_flags_of(hand)}
    return render(request, "gameplay/edit_hand.html", context, status=status)


def flag(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    hand = game_hand(pk, number)
    if not request.user.is_authenticated:
        return sign_in_first(request, reverse("gameplay:flag-hand", args=[pk, number]))
    if (refusal := members_only(request, club_of_game(pk))) is not None:
        return refusal
    if request.method != "POST":
        return _flag_page(request, hand, FlagForm())
    form = FlagForm(request.POST)
    if not form.is_valid():
        return _flag_page(request, hand, form, status=UNPROCESSABLE)
    try:
        flag_hand(hand.pk, actor=request.user, reason=form.cleaned_data["reason"])
    except ServiceError as error:
        if error.field:
            form.add_service_error(error)
        return _flag_page(request, hand, form, refusal="" if error.field else error.message,
                          status=refusal_status(error))
    messages.success(request, _("Hand %(number)s flagged: the club's organizers are told.")
                     % {"number": hand.number})
    return go(request, _back(hand))


def _flag_page(request: HttpRequest, hand: Hand, form: FlagForm, *, refusal: str = "",
               status: int = 200) -> HttpResponse:
    match = hand.game.match
    names = side_names(match)
    if side_of(request.user, match) is None:
        refusal = refusal or _("Only the two players of this match flag its hands.")
        status = FORBIDDEN if status == 200 else status
    elif not refusal and match.status not in FLAGGABLE:
        refusal = (_("The match is %(status)s: ask an organizer to correct its result.")
                   % {"status": match.get_status_display().lower()})
    context = {"hand": hand, "game": hand.game, "match": match, "name_a": names[0],
               "name_b": names[1], "form": form, "refusal": refusal,
               "may_flag": side_of(request.user, match) is not None
               and match.status in FLAGGABLE}
    return render(request, "gameplay/flag_hand.html", context, status=status)


@require_POST
def dismiss(request: HttpRequest, pk: int) -> HttpResponse:
    flag_row = hand_flag(pk)
    if flag_row is None:
        raise Http404("No such flag")
    hand = flag_row.hand
    denied = refused(request, hand.game.match.competition.season.club)
    if denied:
        return denied
    form = DismissFlagForm(request.POST, prefix=f"flag{pk}")
    try:
        if not form.is_valid():
            raise ServiceError(_("Say why the hand stands as it is (the players read it)."))
        dismiss_flag(pk, actor=request.user, comment=form.cleaned_data["comment"])
    except ServiceError as error:
        return _refused_dismiss(request, hand, error)
    messages.success(request, _("The flag on hand %(number)s is dismissed; the hand stands.")
                     % {"number": hand.number})
    return go(request, _back(hand))


def _refused_dismiss(request: HttpRequest, hand: Hand, error: ServiceError) -> HttpResponse:
    """The hand's correction page, which shows its flags, with the reason of the refusal."""
    names, rules = side_names(hand.game.match), game_rules(hand.game)
    form = HandCorrectionForm(names=names, rules=rules, initial=HandCorrectionForm.initial_of(hand))
    return _edit_page(request, hand, form, refusal=error.message, status=refusal_status(error))


def may_correct(user, match) -> bool:
    """Whether the page offers the user to correct the match's hands (the service checks
    again): no query for one who organizes no club (organizes_club)."""
    return (match.status in CORRECTABLE
            and organizes_club(user, match.competition.season.club_id))
