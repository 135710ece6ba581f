"""Exports: the standings as CSV (what the table shows, a row a player) and the fixtures as an
iCalendar feed (RFC 5545: CRLF, lines folded at 75 octets, text escaped; one event per match
with a time, all-day on the round's date otherwise)."""

import csv
from datetime import UTC, datetime
from io import StringIO
from itertools import pairwise

import pytest
from django.urls import reverse

from competitions import ical
from competitions.models import Competition, Match
from tests.factories import (
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    RoundFactory,
)

pytestmark = pytest.mark.django_db
SIZES = [2, 6]


def unfold(text: str) -> list[str]:
    """The content lines of an iCalendar text, checking the octets and line ends on the way."""
    assert text.endswith("\r\n")
    physical = text[:-2].split("\r\n")
    assert "\n" not in "".join(physical) and "\r" not in "".join(physical)
    for line in physical:
        assert len(line.encode()) <= 75, line
    lines: list[str] = []
    for line in physical:
        if line.startswith(" "):
            lines[-1] += line[1:]
        else:
            lines.append(line)
    return lines


def events(lines: list[str]) -> list[dict[str, str]]:
    found, current = [], None
    for line in lines:
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            found.append(current)
            current = None
        elif current is not None:
            name, _, value = line.partition(":")
            current[name] = value
    return found


# The iCalendar writer ----------------------------------------------------------------------------


def test_text_values_escape_backslash_semicolon_comma_and_newlines():
    assert ical.escape_text('a\\b;c,d\ne') == "a\\\\b\\;c\\,d\\ne"


def test_a_long_line_is_folded_at_75_octets_without_splitting_a_character():
    line = "SUMMARY:" + "Zoë ♠ " * 40
    folded = ical.fold(line)
    pieces = folded.split("\r\n")
    assert len(pieces) > 1
    assert all(len(piece.encode()) <= 75 for piece in pieces)
    assert all(piece.startswith(" ") for piece in pieces[1:])
    assert "".join([pieces[0], *(p[1:] for p in pieces[1:])]) == line


def test_a_short_line_is_not_folded():
    assert ical.fold("VERSION:2.0") == "VERSION:2.0"


def test_a_calendar_with_a_timed_and_an_all_day_event():
    stamp = datetime(2025, 3, 1, 12, tzinfo=UTC)
    text = ical.calendar("Spring, 2025", [
        ical.Event("m1@x", "A v B", datetime(2025, 3, 3, 19, 30, tzinfo=UTC),
                   datetime(2025, 3, 3, 21, tzinfo=UTC)),
        ical.Event("m2@x", "C v D", datetime(2025, 3, 4).date(), datetime(2025, 3, 5).date()),
    ], stamp=stamp)
    lines = unfold(text)
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-1] == "END:VCALENDAR"
    assert "VERSION:2.0" in lines and "X-WR-CALNAME:Spring\\, 2025" in lines
    timed, all_day = events(lines)
    assert timed["DTSTART"] == "20250303T193000Z" and timed["DTSTAMP"] == "20250301T120000Z"
    assert all_day["DTSTART;VALUE=DATE"] == "20250304"
    assert all_day["DTEND;VALUE=DATE"] == "20250305"


# The fixtures feed -------------------------------------------------------------------------------


def fixture_list(n: int) -> Competition:
    """A round with n timed matches, a round with one timed and n untimed, a round undated."""
    competition = CompetitionFactory(name="Winter, the long one")
    first, second, third = (RoundFactory(competition=competition, number=i) for i in (1, 2, 3))
    for day in range(n):
        MatchFactory(competition=competition, round=first,
                     scheduled_at=datetime(2025, 1, 6 + day, 19, tzinfo=UTC))
    MatchFactory(competition=competition, round=second,
                 scheduled_at=datetime(2025, 2, 3, 19, tzinfo=UTC))
    for _ in range(n):
        MatchFactory(competition=competition, round=second)
    MatchFactory(competition=competition, round=third)  # no date: no event
    return competition


@pytest.mark.parametrize("n", SIZES)
def test_the_feed_has_one_event_per_dated_match_in_fixed_queries(client, django_assert_num_queries, n):
    competition = fixture_list(n)
    # the competition's club and whether it is public (cached from then on), the competition,
    # the matches
    with django_assert_num_queries(4):
        response = client.get(reverse("competition-fixtures-ics", args=[competition.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    lines = unfold(response.content.decode())
    found = events(lines)
    assert len(found) == 2 * n + 1
    assert len({e["UID"] for e in found}) == len(found)
    assert sum("DTSTART;VALUE=DATE" in e for e in found) == n
    assert {e["DTSTART;VALUE=DATE"] for e in found if "DTSTART;VALUE=DATE" in e} == {"20250203"}
    assert "X-WR-CALNAME:Winter\\, the long one (" in response.content.decode()


def test_a_bye_has_no_event_and_names_are_escaped(client):
    competition = CompetitionFactory()
    round_ = RoundFactory(competition=competition)
    when = datetime(2025, 5, 5, 18, tzinfo=UTC)
    smith = EntryFactory(competition=competition,
                         player=PlayerFactory(club=competition.season.club,
                                              name="Smith, Jo; the Younger"))
    MatchFactory(competition=competition, round=round_, entry_a=smith, scheduled_at=when)
    MatchFactory(competition=competition, round=round_, entry_b=None, kind=Match.Kind.BYE,
                 scheduled_at=when)
    html = client.get(reverse("competition-fixtures-ics", args=[competition.pk])).content.decode()
    (event,) = events(unfold(html))
    assert event["SUMMARY"].startswith("Smith\\, Jo\\; the Younger v ")
    assert event["DTSTART"] == "20250505T180000Z" and event["DTEND"] == "20250505T193000Z"
    assert event["URL"].startswith("http://testserver/matches/")


def test_a_confirmed_match_says_its_result(client):
    match = MatchFactory(status=Match.Status.CONFIRMED, games_a=2, games_b=1,
                         scheduled_at=datetime(2025, 5, 5, 18, tzinfo=UTC))
    match.winner = match.entry_a
    match.save()
    text = client.get(reverse("competition-fixtures-ics", args=[match.competition_id]))
    (event,) = events(unfold(text.content.decode()))
    assert event["DESCRIPTION"] == f"Result: {match.entry_a.player.name} won\\, 2–1"


# The standings CSV -------------------------------------------------------------------------------


def league_with_results(n: int) -> Competition:
    competition = CompetitionFactory(tiebreaks=["wins", "head_to_head"])
    entries = [EntryFactory(competition=competition) for _ in range(n)]
    round_ = RoundFactory(competition=competition)
    for a, b in pairwise(entries):
        MatchFactory(competition=competition, round=round_, entry_a=a, entry_b=b, winner=a,
                     games_a=1, status=Match.Status.CONFIRMED)
    return competition


def read_csv(response) -> list[dict[str, str]]:
    text = response.content.decode("utf-8-sig")
    return list(csv.DictReader(StringIO(text)))


@pytest.mark.parametrize("n", SIZES)
def test_the_standings_csv_has_a_row_per_player_in_fixed_queries(client, django_assert_num_queries, n):
    competition = league_with_results(n)
    # the competition's club and whether it is public (cached from then on), the competition,
    # then the standings' four
    with django_assert_num_queries(7):
        response = client.get(reverse("competition-standings-csv", args=[competition.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    rows = read_csv(response)
    assert len(rows) == n
    assert [int(r["Rank"]) for r in rows] == sorted(int(r["Rank"]) for r in rows)
    assert list(rows[0])[13:15] == ["number of wins", "head-to-head"]  # the competition's tiebreaks
    first = rows[0]
    assert first["Played"] == "1" and first["Won"] == "1"


def test_the_standings_csv_says_which_tiebreak_separated_a_tie(client):
    competition = CompetitionFactory(tiebreaks=["wins"])
    ann, bob, cid, dan = (EntryFactory(competition=competition, player__name=name)
                          for name in ("Ann", "Bob", "Cid", "Dan"))

    def result(a, b, winner):
        MatchFactory(competition=competition, entry_a=a, entry_b=b, winner=winner,
                     status=Match.Status.CONFIRMED)

    result(ann, cid, ann)
    result(ann, dan, dan)
    result(bob, cid, None)  # draws
    result(bob, dan, None)
    rows = read_csv(client.get(reverse("competition-standings-csv", args=[competition.pk])))
    assert [r["Player"] for r in rows] == ["Dan", "Ann", "Bob", "Cid"]
    assert [r["Match points"] for r in rows] == ["3", "2", "2", "1"]
    assert rows[2]["Placed below the row above by"] == "number of wins"
    assert rows[2]["Level with the row above"] == ""


def test_a_name_that_looks_like_a_formula_is_written_as_text(client):
    competition = CompetitionFactory()
    EntryFactory(competition=competition, player__name="=HYPERLINK(1)")
    rows = read_csv(client.get(reverse("competition-standings-csv", args=[competition.pk])))
    assert rows[0]["Player"] == "'=HYPERLINK(1)"


def test_exports_of_a_competition_that_does_not_exist_are_not_found(client):
    assert client.get(reverse("competition-standings-csv", args=[999])).status_code == 404
    assert client.get(reverse("competition-fixtures-ics", args=[999])).status_code == 404
