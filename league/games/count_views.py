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
from django.views.decorators.http import require_POST

from league.competitions.views.visibility import for_members
from league.core.errors import ServiceError
from league.games import selectors
from league.games.forms import HandForm
from league.games.hand_words import HandPreview, preview_of
from league.games.services.games import hand_of_entry
from league.games.services.hand_counts import OverTheKnockLimit

PREVIEW_TEMPLATE = "gameplay/hand_preview.html#preview"


@require_POST
@for_members(selectors.club_of_game)
def preview_hand(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = selectors.scoresheet(pk)
    form = HandForm(request.POST, names=sheet.names, rules=sheet.rules)
    return render(request, PREVIEW_TEMPLATE, {"preview": preview_from(request, sheet, form),
                                              "game": sheet.game})


def preview_from(request: HttpRequest, sheet: selectors.Scoresheet, form: HandForm
                 ) -> HandPreview:
    """What the form's hand would be, worded for the players; nothing is saved."""
    if not form.is_valid():
        return HandPreview(problem=" ".join(str(e) for errors in form.errors.values()
                                            for e in errors), field="")
    entry = form.entry()
    if not entry.outcome or (not entry.winner and entry.outcome != "dead_hand"):
        return HandPreview(hint="Tap who won and how: the points are counted here.")
    if _nothing_to_count(entry):
        return HandPreview(hint="Then the points, the two deadwood counts, or the cards.")
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
