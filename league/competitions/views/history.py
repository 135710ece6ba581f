"""The match's audit history in words: who, when, what before, what after."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.utils import timezone

from league.clubs.selectors import person_name, person_names
from league.competitions.models import AuditEntry, Match
from league.core.dates import in_bounds


@dataclass(frozen=True, slots=True)
class HistoryLine:
    at: datetime
    actor: str
    action: str
    before: str
    after: str
    comment: str


def history(match: Match, audit: list[AuditEntry]) -> list[HistoryLine]:
    names = entry_names(match)
    players = {e.player.user_id for e in (match.entry_a, match.entry_b) if e is not None}
    others = person_names([e.actor for e in audit if e.actor_id not in players],
                          match.competition.club)
    return [
        HistoryLine(
            at=entry.at,
            actor=actor_of(entry, match, others),
            action=entry.action,
            before=describe_facts(entry.before, names),
            after=describe_facts(entry.after, names),
            comment=entry.comment,
        )
        for entry in audit
    ]


DELETED_ACCOUNT = "a deleted account"


def actor_of(entry: AuditEntry, match: Match, others: dict[int, str] | None = None) -> str:
    """Who made the entry; `others` names those who do not play in the match (person_names)."""
    if entry.actor is not None:
        if others and entry.actor_id in others:
            return others[entry.actor_id]
        return person(entry.actor, match)
    if entry.after.get("table_link"):  # done through the match's table link
        return f"Table {entry.after.get('table') or '–'}"
    return DELETED_ACCOUNT if entry.actor_deleted else "the system"


def reporter(report, match: Match) -> str:
    """Who reported the result: the player named at the table when it was reported through the
    match's table link, else the reporting account as `person` names it."""
    if report.reported_side:
        entry = match.entry_a if report.reported_side == "A" else match.entry_b
        return f"{entry.player.name} (at the table)" if entry is not None else "The table"
    return person(report.reported_by, match)


def person(user, match: Match) -> str:
    """A player of the match by their player name, anyone else (an organizer) by their name in
    the club (person_name); a deleted account (its reports stay) as such."""
    if user is None:
        return DELETED_ACCOUNT
    for entry in (match.entry_a, match.entry_b):
        if entry is not None and entry.player.user_id == user.pk:
            return entry.player.name
    return person_name(user, match.competition.club)


def entry_names(match: Match) -> dict[int, str]:
    return {e.pk: e.player.name for e in (match.entry_a, match.entry_b) if e is not None}


def describe_facts(facts: dict, names: dict[int, str]) -> str:
    """A result's stored facts ({status, winner, games_a, games_b, kind}) as one short line."""
    parts = []
    if isinstance(facts.get("hand"), dict):  # a corrected hand (a ruling names its hand by number)
        parts.append(_hand_line(facts["hand"], names))
    for removed in facts.get("removed", ()):
        parts.append(f"hand {removed['number']} ({_hand_line(removed, names)}) removed: the game "
                     "was over before it")
    if "winner" in facts:
        winner = facts["winner"]
        parts.append(f"winner {names.get(winner, f'entry {winner}')}" if winner else "no winner")
    if "games_a" in facts or "games_b" in facts:
        parts.append(f"games {facts.get('games_a', 0)}–{facts.get('games_b', 0)}")
    if "kind" in facts:
        parts.append(_label(Match.Kind, facts["kind"]).lower())
    if facts.get("overrides_games"):
        parts.append("overrides the games")
    if "status" in facts:
        parts.append(_label(Match.Status, facts["status"]).lower())
    parts += _schedule_parts(facts)
    return ", ".join(parts)


def _schedule_parts(facts: dict) -> list[str]:
    """A match's time, table and play-by date as stored by the schedule's audit entries; the
    time in the zone the page is shown in (the club's)."""
    parts = []
    if "at" in facts:
        at = _stored(datetime, facts["at"])
        parts.append(f"at {timezone.localtime(at):%a %-d %b %Y, %H:%M}" if at
                     else f"at {facts['at']}" if facts["at"] else "no time set")
    if "table" in facts:
        parts.append(f"table {facts['table']}" if facts["table"] else "no table")
    if "play_by" in facts:
        day = _stored(date, facts["play_by"])
        parts.append(f"play by {day:%a %-d %b %Y}" if day
                     else f"play by {facts['play_by']}" if facts["play_by"] else "no play-by date")
    return parts


def _stored(kind: type[date], text: str) -> date | None:
    """A date or time an audit entry stored as text, if it is one the site accepts: one stored
    before the site bounded them (league.core.dates) is shown as it was written, since its time
    in the club's zone may be no time Python can hold."""
    try:
        value = kind.fromisoformat(text) if text else None
    except (TypeError, ValueError):
        return None
    return value if in_bounds(value) else None


def _label(choices, value: str) -> str:
    try:
        return choices(value).label
    except ValueError:
        return str(value)


def _hand_line(hand: dict, names: dict[int, str]) -> str:
    """A stored hand ({outcome, winner, points, cards...}) as a few words: 'B knock, 15 points'."""
    outcome = str(hand.get("outcome", "")).replace("_", " ")
    words = f"{hand.get('winner') or 'nobody'} {outcome}, {hand.get('points', 0)} points"
    if hand.get("knocker_cards"):
        words += f" ({hand['knocker_cards']} against {hand.get('defender_cards', '')})"
    return words
