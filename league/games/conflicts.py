"""What the scoresheet says about a hand entered again: the message of an entry taken, and the
two entries of one hand side by side when they differ (the saved one stands until a player
flags it or an organizer corrects it)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from league.games.models import Hand
from league.games.services import HandEntry
from league.games.services.repeats import EntryConflict


def new_entry_key() -> str:
    """A key for one entry of a hand (the phone makes its own when JavaScript runs)."""
    return str(uuid.uuid4())


def entered_message(hand: Hand, entry: HandEntry) -> str:
    if entry.entry_key and hand.entry_key != entry.entry_key:
        return (f"Hand {hand.number} was entered from the other phone too, the same hand: "
                "it is on the sheet once.")
    return f"Hand {hand.number} entered."


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
    reason = f"Entered twice. Saved: {saved_text}. Other entry: {yours}."
    return ConflictView(saved.number, saved_text, yours,
                        bool(getattr(saved, "open_flags", None)), reason[:300])


def describe(outcome: str, winner: str, points: int | None, knocker_cards: str,
             defender_cards: str, names: tuple[str, str]) -> str:
    """A hand as the table says it: "José, gin, 40 points"."""
    try:
        how = Hand.Outcome(outcome).label.lower()
    except ValueError:
        how = "no outcome"
    who = {"A": names[0], "B": names[1]}.get(winner, "")
    if outcome == Hand.Outcome.DEAD_HAND:
        text = "Dead hand"
    else:
        text = f"{who or 'no winner'}, {how}"
        text += f", {points} points" if points is not None else ", points from the cards"
    if knocker_cards and defender_cards:
        text += f" (knocker {knocker_cards}; defender {defender_cards})"
    return text
