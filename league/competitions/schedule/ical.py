"""Calendar feeds of matches (RFC 5545), written with the icalendar package.

One event per match that has a time (MATCH_LENGTH long), in its club's time zone: DTSTART and
DTEND carry the zone's TZID and the calendar a VTIMEZONE for each zone used. A match without a
time but with a play-by date is an all-day event on that date ("to play by"). A bye, and a match
with neither, has no event; a time or date outside the years the site accepts counts as none.
A club night is an event too (NIGHT_LENGTH long, or until it closed), at its place (else the
club's), in the club's zone. An event's UID is the match's or the night's, so it never changes; its SEQUENCE counts the changes of its time
or table and LAST-MODIFIED says when the last one was, so a subscribed calendar replaces the event it holds (RFC 5545 3.8.7.4, 3.8.7.3).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from django.utils import timezone
from icalendar import Calendar, Event

from league.competitions.base.dates import club_zone, play_by_of
from league.competitions.base.selectors import side_names
from league.competitions.models import ClubNight, Match
from league.core.dates import in_bounds
from league.core.names import one_line

MATCH_LENGTH = timedelta(minutes=90)
NIGHT_LENGTH = timedelta(hours=3)
PRODID = "-//Gin League//Fixtures//EN"


def calendar(name: str, matches: Iterable[Match], *, url_of, uid_domain: str,
             stamp: datetime | None = None, nights: Iterable[ClubNight] = ()) -> bytes:
    """The calendar of the matches that have a date and of the club nights, as the bytes of a
    .ics file."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", one_line(name))  # a name stored with a line break, too
    stamp = stamp or timezone.now()
    for match in matches:
        event = match_event(match, url=url_of(match), uid_domain=uid_domain, stamp=stamp)
        if event is not None:
            cal.add_component(event)
    for night in nights:
        event = night_event(night, url=url_of(night), uid_domain=uid_domain, stamp=stamp)
        if event is not None:
            cal.add_component(event)
    cal.add_missing_timezones()
    return cal.to_ical()


def match_event(match: Match, *, url: str, uid_domain: str, stamp: datetime) -> Event | None:
    if match.kind == Match.Kind.BYE:
        return None
    club = match.competition.season.club
    # A time or date stored before the site bounded them (league.core.dates) may have an end
    # Python cannot hold (a DTEND after 9999-12-31 23:59): it counts as none.
    at = match.scheduled_at if in_bounds(match.scheduled_at) else None
    day = play_by_of(match)
    day = day if in_bounds(day) else None
    if at is None and day is None:
        return None
    name_a, name_b = side_names(match)
    event = Event()
    event.add("uid", f"match-{match.pk}@{uid_domain}")
    event.add("dtstamp", stamp)
    if at is not None:
        start = at.astimezone(club_zone(club))
        event.add("dtstart", start)
        event.add("dtend", start + MATCH_LENGTH)
        summary = f"{name_a} v {name_b}, {match.round}"
    else:
        event.add("dtstart", day)
        event.add("dtend", day + timedelta(days=1))
        summary = f"To play by today: {name_a} v {name_b}, {match.round}"
    event.add("summary", summary)
    if match.table:
        event.add("location", f"Table {match.table}, {club.name}")
    event.add("description", description(match))
    event.add("url", url)
    known = match.entry_a_id is not None and match.entry_b_id is not None
    event.add("status", "CONFIRMED" if known and at else "TENTATIVE")
    event.add("sequence", match.schedule_sequence)
    if match.schedule_changed_at is not None:
        event.add("last-modified", match.schedule_changed_at)
    return event


def night_event(night: ClubNight, *, url: str, uid_domain: str, stamp: datetime) -> Event | None:
    """The club night at its place and time; none for a time outside the years accepted."""
    if not in_bounds(night.starts_at):
        return None
    competition = night.competition
    club = competition.season.club
    zone = club_zone(club)
    start = night.starts_at.astimezone(zone)
    end = night.closed_at if night.closed_at and night.closed_at > night.starts_at else None
    event = Event()
    event.add("uid", f"night-{night.pk}@{uid_domain}")
    event.add("dtstamp", stamp)
    event.add("dtstart", start)
    event.add("dtend", end.astimezone(zone) if end else start + NIGHT_LENGTH)
    event.add("summary", one_line(f"Club night: {competition.name}"))
    event.add("location", one_line(night.place) or club.name)
    event.add("description", f"{competition.name} ({competition.season.name}), {club.name}: "
                             "check in on the night's page.")
    event.add("url", url)
    event.add("status", "CONFIRMED")
    return event


def description(match: Match) -> str:
    competition = match.competition.name
    if match.status != Match.Status.CONFIRMED:
        return f"{competition}: {match.get_status_display()}"
    if match.kind != Match.Kind.PLAYED:
        winner = f": {match.winner.player.name} goes through" if match.winner else ""
        return f"{competition}. Result: {match.get_kind_display().lower()}{winner}"
    if match.winner is None:
        return f"{competition}. Result: a draw, {match.games_a}–{match.games_b}"
    return f"{competition}. Result: {match.winner.player.name} won, {match.games_a}–{match.games_b}"
