"""The match's audit history in words: who, when, what before, what after."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.clubs.selectors import person_name, person_names
from league.competitions.models import AuditEntry, Match
from league.core.dates import in_bounds


@dataclass(frozen=True, slots=True)
class HistoryLine:
    at: datetime
    actor: str
    action: str  # the stored action (AuditEntry.Action's value), as the pages test it
    before: str
    after: str
    comment: str
    action_label: str = ""  # the action in the reader's language
    overrides_games: bool = False  # the result stands against its games, on purpose


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
            action_label=entry.get_action_display(),
            before=describe_facts(entry.before, names),
            after=describe_facts(entry.after, names),
            comment=entry.comment,
            overrides_games=bool(entry.after.get("overrides_games")),
        )
        for entry in audit
    ]


DELETED_ACCOUNT = gettext_lazy("a deleted account")


def actor_of(entry: AuditEntry, match: Match, others: dict[int, str] | None = None) -> str:
    """Who made the entry; `others` names those who do not play in the match (person_names)."""
    if entry.actor is not None:
        if others and entry.actor_id in others:
            return others[entry.actor_id]
        return person(entry.actor, match)
    if entry.after.get("table_link"):  # done through the match's table link
        return _("Table %(table)s") % {"table": entry.after.get("table") or "–"}
    return DELETED_ACCOUNT if entry.actor_deleted else _("the system")


def reporter(report, match: Match) -> str:
    """Who reported the result: the player named at the table when it was reported through the
    match's table link, else the reporting account as `person` names it."""
    if report.reported_side:
        entry = match.entry_a if report.reported_side == "A" else match.entry_b
        if entry is None:
            return _("The table")
        return _("%(name)s (at the table)") % {"name": entry.player.name}
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
        parts.append(_("hand %(number)s (%(hand)s) removed: the game was over before it") % {
            "number": removed["number"], "hand": _hand_line(removed, names)})
    if "winner" in facts:
        winner = facts["winner"]
        if winner:
            name = names.get(winner) or _("entry %(id)s") % {"id": winner}
            parts.append(_("winner %(name)s") % {"name": name})
        else:
            parts.append(_("no winner"))
    if "games_a" in facts or "games_b" in facts:
        parts.append(_("games %(a)s–%(b)s") % {"a": facts.get("games_a", 0),
                                                "b": facts.get("games_b", 0)})
    if "kind" in facts:
        parts.append(_label(Match.Kind, facts["kind"]).lower())
    if facts.get("overrides_games"):
        parts.append(_("overrides the games"))
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
        shown = date_format(timezone.localtime(at), "SHORT_DATETIME_FORMAT") if at else facts["at"]
        parts.append(_("at %(time)s") % {"time": shown} if shown else _("no time set"))
    if "table" in facts:
        parts.append(_("table %(table)s") % {"table": facts["table"]} if facts["table"]
                     else _("no table"))
    if "play_by" in facts:
        day = _stored(date, facts["play_by"])
        shown = date_format(day, "SHORT_DATE_FORMAT") if day else facts["play_by"]
        parts.append(_("play by %(day)s") % {"day": shown} if shown else _("no play-by date"))
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
    points = hand.get("points", 0)
    words = ngettext("%(winner)s %(outcome)s, %(points)s point",
                     "%(winner)s %(outcome)s, %(points)s points", points) % {
        "winner": hand.get("winner") or _("nobody"), "outcome": outcome, "points": points}
    if hand.get("knocker_cards"):
        words += " " + _("(%(knocker)s against %(defender)s)") % {
            "knocker": hand["knocker_cards"], "defender": hand.get("defender_cards", "")}
    return words
