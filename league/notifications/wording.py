"""How the notifications word a match, a time and a place: the players, the opponent, where and
when (the club's zone, named), a sentence's full stop, an ordinal; and the matches' shared read."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from django.utils.formats import date_format
from django.utils.translation import get_language, gettext

from league.clubs.models import Club
from league.competitions.models import (
    Match,
)

A_DAY = timedelta(days=1)


SWEPT = timedelta(hours=2)


FIXTURE = re.compile(r"^R\d+-(\d+)$")


MATCHES = Match.objects.select_related(
    "competition__season__club", "round", "entry_a__player__user__reading_preferences",
    "entry_b__player__user__reading_preferences")


def table_of(match: Match) -> int | None:
    """The table a league or Swiss fixture is played at (numbered from 1); None elsewhere."""
    found = FIXTURE.match(match.key)
    return int(found.group(1)) + 1 if found else None


def in_zone(value: datetime | date, club: Club) -> str:
    """How every notification writes a time, in the language it is written in: a moment in the
    club's zone, named ("Wed 2 Dec 2026, 08:22 (Europe/London)"), a date as the day it is
    ("Sun 6 Dec 2026")."""
    if not isinstance(value, datetime):
        return date_format(value, "D j M Y")
    name = club.time_zone or "UTC"
    moment = value.astimezone(ZoneInfo(name))
    return f"{date_format(moment, 'D j M Y, H:i')} ({name})"


ENDED = (".", "!", "?", "…")


def stop(text) -> str:
    """The text as the end of a sentence: a full stop after it, unless it ends with one (or with
    other end punctuation) of its own."""
    text = str(text).rstrip()
    return text if text.endswith(ENDED) else text + "."


def quoted(comment: str) -> str:
    """A user's comment quoted as the end of a sentence: “The score is wrong.” keeps its own
    end punctuation inside the quotes; “the score is wrong”. takes the sentence's full stop."""
    comment = comment.strip()
    return f"“{comment}”" if comment.endswith(ENDED) else f"“{comment}”."


def players(match: Match) -> list:
    """The accounts of the match's players (a player without one is told nothing)."""
    entries = (match.entry_a, match.entry_b)
    return [e.player.user for e in entries if e is not None and e.player.user is not None]


def opponent_name(match: Match, user) -> str:
    for mine, theirs in ((match.entry_a, match.entry_b), (match.entry_b, match.entry_a)):
        if mine is not None and mine.player.user_id == user.pk and theirs is not None:
            return theirs.player.name
    return gettext("your opponent")


def where_and_when(match: Match) -> str:
    parts = []
    if (table := table_of(match)) is not None:
        parts.append(gettext("at table %(table)s") % {"table": table})
    if match.scheduled_at is not None:
        parts.append(gettext("on %(when)s")
                     % {"when": in_zone(match.scheduled_at, match.competition.season.club)})
    return (" " + " ".join(parts)) if parts else ""


def by_end_of(day: date, club: Club) -> str:
    """The end of a play-by date, which ends at midnight in the club's zone: "the end of Sun 6
    Dec 2026 (Europe/London)"."""
    return gettext("the end of %(day)s (%(zone)s)") % {"day": in_zone(day, club),
                                                       "zone": club.time_zone or "UTC"}


def ordinal(n: int | None) -> str:
    if n is None:
        return gettext("not placed")
    language = get_language() or "en"
    if language.startswith("es"):
        return f"{n}.º"
    if language.startswith("de"):
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
