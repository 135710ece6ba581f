"""A minimal iCalendar writer (RFC 5545): a VCALENDAR of VEVENTs, written by hand.

Lines end with CRLF and are folded at 75 octets (a continuation line starts with a space, and a
UTF-8 character is never split); TEXT values escape backslash, semicolon, comma and newlines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime

CRLF = "\r\n"
MAX_OCTETS = 75


@dataclass(frozen=True, slots=True)
class Event:
    uid: str
    summary: str
    start: datetime | date  # a date: an all-day event
    end: datetime | date
    description: str = ""
    url: str = ""
    status: str = "CONFIRMED"  # TENTATIVE, CONFIRMED or CANCELLED


def escape_text(value: str) -> str:
    """RFC 5545 3.3.11: backslash, semicolon and comma escaped; a newline as \\n."""
    value = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return value.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n")


def fold(line: str) -> str:
    """RFC 5545 3.1: lines of at most 75 octets, continued after CRLF and one space."""
    pieces, current, size = [], "", 0
    for char in line:
        octets = len(char.encode())
        limit = MAX_OCTETS if not pieces else MAX_OCTETS - 1  # the leading space counts
        if size + octets > limit:
            pieces.append(current)
            current, size = "", 0
        current += char
        size += octets
    pieces.append(current)
    return (CRLF + " ").join(pieces)


def _when(name: str, value: datetime | date) -> str:
    if isinstance(value, datetime):
        return f"{name}:{value.astimezone(UTC):%Y%m%dT%H%M%SZ}"
    return f"{name};VALUE=DATE:{value:%Y%m%d}"


def _event_lines(event: Event, stamp: datetime) -> list[str]:
    lines = [
        "BEGIN:VEVENT",
        f"UID:{event.uid}",
        _when("DTSTAMP", stamp),
        _when("DTSTART", event.start),
        _when("DTEND", event.end),
        f"SUMMARY:{escape_text(event.summary)}",
        f"STATUS:{event.status}",
    ]
    if event.description:
        lines.append(f"DESCRIPTION:{escape_text(event.description)}")
    if event.url:
        lines.append(f"URL:{event.url}")
    lines.append("END:VEVENT")
    return lines


def calendar(name: str, events: Iterable[Event], *, stamp: datetime) -> str:
    """The whole calendar as text, every line folded and ended with CRLF."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Gin League//Fixtures//EN",
             "CALSCALE:GREGORIAN", "METHOD:PUBLISH", f"X-WR-CALNAME:{escape_text(name)}"]
    for event in events:
        lines.extend(_event_lines(event, stamp))
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + CRLF for line in lines)
