"""Decisions an organizer owes: a started match that a correction has made doubtful is asked about once (an audit entry "needs decision"), and stays pending until it is kept or reset."""

from __future__ import annotations

from dataclasses import dataclass

from league.competitions.models import AuditEntry, Competition, Match

# The kind of decision about a whole played stage (kept as drawn, or drawn again), asked on
# one of its matches: not the bracket's to clear when that match itself is not in doubt.
REDRAW_STAGE = "redraw_stage"


def is_asked(decision: AuditEntry | None) -> bool:
    return decision is not None and decision.action == AuditEntry.Action.NEEDS_DECISION


def is_stage_ask(decision: AuditEntry | None) -> bool:
    return is_asked(decision) and decision.after.get("kind") == REDRAW_STAGE


@dataclass(frozen=True, slots=True)
class PendingDecision:
    match: Match
    asked: AuditEntry
    depends_on: tuple[str, ...]

    @property
    def comment(self) -> str:
        return self.asked.comment


def latest_decisions(competition: Competition) -> dict[int, AuditEntry]:
    """The latest decision entry (asked, kept, reset) of each match. One query."""
    entries = AuditEntry.objects.filter(
        match__competition=competition, action__in=AuditEntry.DECISIONS
    ).select_related("match__entry_a__player", "match__entry_b__player").order_by("pk")
    return {entry.match_id: entry for entry in entries}


def pending_decisions(competition: Competition) -> list[PendingDecision]:
    """Started matches the bracket has moved away from, waiting for an organizer. One query."""
    return [
        PendingDecision(entry.match, entry, tuple(entry.after.get("depends_on", ())))
        for entry in latest_decisions(competition).values()
        if is_asked(entry)
    ]
