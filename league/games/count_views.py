"""The hand form's preview: what the engine makes of the hand typed (the outcome, who wins and
the points, from the points, the deadwood counts or the cards) before it is entered, or why
the rules refuse it. With htmx the `preview` partial follows the typing (this view); without
JavaScript the form's "Check" button posts the form to the scoresheet, which shows the preview
and the form as typed and saves nothing.

A knock over the knock limit is refused with the Illegal Knock ruling of that hand one tap away
(`over_limit_offer`)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from league.clubs.permissions import is_organizer
from league.competitions.base.permissions import side_of
from league.competitions.models import Match
from league.competitions.views.visibility import for_members
from league.core.errors import ServiceError
from league.core.views import FORBIDDEN, signed_in_post
from league.games import selectors
from league.games.forms import HandForm
from league.games.hand_words import HandPreview, preview_of
from league.games.services.games import hand_of_entry
from league.games.services.hand_counts import OverTheKnockLimit

PREVIEW_TEMPLATE = "gameplay/hand_preview.html#preview"


@signed_in_post("gameplay:scoresheet")
@for_members(selectors.club_of_game)
def preview_hand(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = selectors.scoresheet(pk)
    if not may_enter_hands(request.user, sheet):
        preview = HandPreview(problem=_("Only the two players and the club's organizers enter "
                                        "this game's hands."))
        return render(request, PREVIEW_TEMPLATE, {"preview": preview, "game": sheet.game,
                                                  "refused": True}, status=FORBIDDEN)
    form = HandForm(request.POST, names=sheet.names, rules=sheet.rules)
    return render(request, PREVIEW_TEMPLATE, {"preview": preview_from(request, sheet, form),
                                              "game": sheet.game})


def may_enter_hands(user, sheet: selectors.Scoresheet) -> bool:
    """What the services allow (league.games.services.games): a player of the match or an
    organizer of its club, while the match is open, in a game with hands."""
    match = sheet.match
    if sheet.game.from_totals or not user.is_authenticated:
        return False
    if match.status not in Match.OPEN_FOR_PLAY:
        return False
    return side_of(user, match) is not None or is_organizer(user, match.competition.season.club)


def preview_from(request: HttpRequest, sheet: selectors.Scoresheet, form: HandForm
                 ) -> HandPreview:
    """What the form's hand would be, worded for the players; nothing is saved."""
    if not form.is_valid():
        return HandPreview(problem=" ".join(str(e) for errors in form.errors.values()
                                            for e in errors), field="")
    entry = form.entry()
    if not entry.outcome or (not entry.winner and entry.outcome != "dead_hand"):
        return HandPreview(hint=_("Tap who won and how: the points are counted here."))
    if _nothing_to_count(entry):
        return HandPreview(hint=_("Then the points, the two deadwood counts, or the cards."))
    try:
        hand = hand_of_entry(sheet.game, sheet.hands, entry, actor=request.user)
    except ServiceError as error:
        return HandPreview(problem=error.message, field=error.field or "",
                           ruling_url=over_limit_offer(sheet, form, error))
    return preview_of(hand, sheet.names, sheet.rules)


def _nothing_to_count(entry) -> bool:
    return (entry.outcome != "dead_hand" and entry.points is None
            and entry.knocker_deadwood is None and entry.defender_deadwood is None
            and not entry.knocker_cards)


def over_limit_offer(sheet: selectors.Scoresheet, form: HandForm, error: ServiceError) -> str:
    """For a knock refused over the knock limit: the address of that hand's Illegal Knock
    ruling, with the knocker and the counts filled in. Otherwise ""."""
    if not isinstance(error, OverTheKnockLimit):
        return ""
    data = form.cleaned_data
    winner, outcome = data.get("winner", ""), data.get("outcome", "")
    knocker = {"A": "B", "B": "A"}.get(winner, "") if outcome == "undercut" else winner
    query = {"problem": "over_limit", "seat": knocker,
             "knocker_deadwood": error.deadwood}
    if data.get("defender_deadwood") is not None:
        query["defender_deadwood"] = data["defender_deadwood"]
    if data.get("upcard"):
        query["upcard"] = data["upcard"]
    url = reverse("gameplay:table-ruling", args=[sheet.game.pk, sheet.next_number,
                                                 "illegal_knock"])
    return f"{url}?{urlencode(query)}"
