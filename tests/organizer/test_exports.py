"""Exports: the standings as CSV (what the table shows, a row a player). The calendar feeds are
tested in tests/organizer/test_calendar_feeds.py."""

import csv
from io import StringIO
from itertools import pairwise

import pytest
from django.urls import reverse

from league.competitions.models import Competition, Match
from tests.factories import (
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    RoundFactory,
)

pytestmark = pytest.mark.django_db
SIZES = [2, 6]


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
    # whether the competition's club is public (cached from then on; its club is known since
    # the competition was written), the competition, then the standings' three
    with django_assert_num_queries(5):
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
