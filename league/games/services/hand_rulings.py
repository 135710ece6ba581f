"""The rulings a hand carries that do not score it by themselves (a lost turn, a correction by
discarding or drawing, play on): recorded by a director in the match's history (an audit entry
of action "ruling", league/games/services/rulings.py), on a hand at the table or one entered
already, and stored with the hand (``Hand.rulings``) when it is entered."""

from __future__ import annotations

from collections.abc import Sequence

from gameplay.engine.rulings import irregularity
from league.competitions.models import AuditEntry
from league.games.models import Game


def table_rulings(game: Game, number: int) -> list[dict]:
    """The rulings recorded on hand ``number`` of ``game`` that do not score it, in the order
    recorded, each as ``ruling_facts`` words it (one waiting for the non-offender's choice is
    no ruling yet)."""
    return table_rulings_by_hand(game, [number]).get(number, [])


def table_rulings_by_hand(game: Game, numbers: Sequence[int]) -> dict[int, list[dict]]:
    """``table_rulings`` of each of the hands ``numbers``, in one query; a hand with none is
    left out."""
    entries = (AuditEntry.objects.filter(match_id=game.match_id, action=AuditEntry.Action.RULING,
                                         after__game=game.number, after__hand__in=list(numbers))
               .order_by("pk").values_list("after", flat=True))
    rulings: dict[int, list[dict]] = {}
    for after in entries:
        if not after.get("scored") and not after.get("choices_open"):
            rulings.setdefault(after["hand"], []).append(_facts_of(after))
    return rulings


def _facts_of(after: dict) -> dict:
    key = after.get("irregularity", "")
    try:
        section = irregularity(key).section
    except KeyError:  # an irregularity the catalogue no longer has: the rules' list of them
        section = "irregularities"
    return {"irregularity": key, "title": after.get("title", ""),
            "ruling": after.get("ruling", ""), "source": after.get("source", ""),
            "section": section, "answers": after.get("answers", {})}
