"""A Swiss table read in the middle of a night: a bye waits for the rest of its round, a bye
counts in P and W beside its points, ranks level are all marked "=", and before anyone has a
result there are no ranks."""

import re

import pytest
from django.urls import reverse

from league.competitions.models import Competition, Match
from league.competitions.standings.services import competition_standings
from tests.formats.builders import Club, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss():
    """Seven players: round one is three matches and a bye (P07, the lowest seed)."""
    return Club(7).competition(Competition.Format.SWISS, swiss_rounds=3)


def played(competition) -> list[Match]:
    return list(competition.matches.filter(kind=Match.Kind.PLAYED).order_by("round__number", "pk"))


def rows(competition) -> dict[str, tuple]:
    table = competition_standings(competition)
    return {r.player.name: (r.rank, r.match_points, r.byes) for r in table.rows}


def table_rows(client, competition) -> list[list[str]]:
    """The standings table's cells, row by row, as the page shows them."""
    page = client.get(reverse("competition", args=[competition.pk])).content.decode()
    body = re.search(r'<table class="standings">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    return [[" ".join(re.sub(r"<[^>]+>", " ", cell).split())
             for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_a_bye_does_not_rank_above_the_winners_while_its_round_is_played(swiss):
    first, second, _ = played(swiss)
    win(first, "A")
    win(second, "B")
    table = rows(swiss)
    assert table["P07"][1:] == (0, 0)  # the bye waits for the third match
    winners = {name for name, (rank, points, _) in table.items() if points == 2}
    assert winners == {"P01", "P05"}
    assert all(table[name][0] == 1 for name in winners)
    assert table["P07"][0] > 1


def test_the_bye_counts_once_its_round_is_complete(swiss):
    for match in played(swiss)[:3]:
        win(match, "A")
    assert rows(swiss)["P07"][1:] == (2, 1)


def test_a_bye_shows_in_played_and_won_beside_its_points(client, swiss):
    for match in played(swiss)[:3]:
        win(match, "A")
    line = next(cells for cells in table_rows(client, swiss) if cells[1].startswith("P07"))
    points, p, w = line[2:5]
    assert (points, p, w) == ("2", "1", "1")


def test_before_anyone_has_played_no_rank_is_shown(client):
    swiss = Club(6).competition(Competition.Format.SWISS, swiss_rounds=3)
    ranks = [cells[0] for cells in table_rows(client, swiss)]
    assert ranks == ["–"] * 6


def test_every_row_of_a_tie_is_marked_level_the_first_too(client, swiss):
    first, second, _ = played(swiss)
    win(first, "A")
    win(second, "B")
    ranks = [cells[0].replace(" ", "") for cells in table_rows(client, swiss)]
    assert ranks[:2] == ["=1", "=1"]


def test_a_tiebreak_note_names_only_players_level_on_points(client, swiss):
    for match in played(swiss)[:3]:
        win(match, "A")
    for cells in table_rows(client, swiss):
        found = re.search(r"ahead of (P\d\d) on", cells[1])
        if found:
            other = next(c for c in table_rows(client, swiss) if c[1].startswith(found.group(1)))
            assert cells[2] == other[2]
