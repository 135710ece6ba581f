"""What the scoresheet says about a hand entered again: the message of an entry taken, and the
two entries of one hand side by side when they differ (the saved one stands until a player
flags it or an organizer corrects it)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from league.games.models import Hand
from league.games.services import HandEntry
from league.games.services.repeats import EntryConflict


def new_entry_key() -> str:
    """A key for one entry of a hand (the phone makes its own when JavaScript runs)."""
    return str(uuid.uuid4())


def entered_message(hand: Hand, entry: HandEntry) -> str:
    if entry.entry_key and hand.entry_key != entry.entry_key:
        return (_("Hand %(number)s was entered from the other phone too, the same hand: it is on "
                  "the sheet once.") % {"number": hand.number})
    return _("Hand %(number)s entered.") % {"number": hand.number}


@dataclass(frozen=True)
class ConflictView:
    number: int
    saved: str
    yours: str
    flagged: bool  # the saved hand has an open flag already
    reason: str  # the flag's reason, filled in

    @property
    def hand_anchor(self) -> str:
        return f"hand-{self.number}"


def conflict_view(conflict: EntryConflict, sheet) -> ConflictView:
    names = sheet.names
    saved = next((h for h in sheet.hands if h.pk == conflict.saved.pk), conflict.saved)
    saved_text = describe(saved.outcome, saved.winner, saved.points, saved.knocker_cards,
                          saved.defender_cards, names)
    entry = conflict.entry
    yours = describe(entry.outcome, entry.winner, entry.points, entry.knocker_cards,
                     entry.defender_cards, names)
    reason = (_("Entered twice. Saved: %(saved)s. Other entry: %(yours)s.")
              % {"saved": saved_text, "yours": yours})
    return ConflictView(saved.number, saved_text, yours,
                        bool(getattr(saved, "open_flags", None)), reason[:300])


def describe(outcome: str, winner: str, points: int | None, knocker_cards: str,
             defender_cards: str, names: tuple[str, str]) -> str:
    """A hand as the table says it: "José, gin, 40 points"."""
    try:
        how = outcome_in_text(Hand.Outcome(outcome).label)
    except ValueError:
        how = _("no outcome")
    who = {"A": names[0], "B": names[1]}.get(winner, "")
    if outcome == Hand.Outcome.DEAD_HAND:
        text = str(Hand.Outcome.DEAD_HAND.label)
    else:
        text = f"{who or _('no winner')}, {how}"
        if points is not None:
            text += ", " + ngettext("%(count)s point", "%(count)s points", points) % {
                "count": points}
        else:
            text += ", " + _("points from the cards")
    if knocker_cards and defender_cards:
        text += " " + (_("(knocker %(knocker)s; defender %(defender)s)")
                       % {"knocker": knocker_cards, "defender": defender_cards})
    return text


def outcome_in_text(label) -> str:
    """An outcome inside a sentence: lower case, but German keeps its nouns' capital."""
    text = str(label)
    return text if (get_language() or "").startswith("de") else text.lower()
