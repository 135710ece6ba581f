"""A table with every row's hands won (the read API's): the competition page's table, its kept
rows while current, with the hands each player won read beside it. The hands are those the full
count gives: the hands with a winner in the finished games of confirmed matches played at the
table; a forfeit has none."""

from __future__ import annotations

import pytest

from league.competitions.formats.selectors import competition_page
from league.competitions.models import Match
from league.competitions.results.services import correct_result
from league.competitions.standings.services import competition_standings, keep_standings
from league.competitions.standings.with_hands import standings_with_hands
from league.games.models import Game, Hand
from tests.factories import game_played
from tests.formats.builders import Club, committed
from tests.formats.test_standings import fixture, reported_and_confirmed

pytestmark = pytest.mark.django_db

LEAGUE = "league"


def played(competition, a: str, b: str, hands: list[str]) -> None:
    """a v b, one finished game whose hands were won by these players ("" a dead hand), won by
    the player with more hands; reported and confirmed."""
    match, side = fixture(competition, a, b)
    seats = {a: side, b: "B" if side == "A" else "A", "": ""}
    winner = seats[max((a, b), key=hands.count)]
    game = game_played(match=match, number=1, ruleset=competition.ruleset, target_score=100,
                       status=Game.Status.FINISHED, winner=winner,
                       total_a=110 if winner == "A" else 20, total_b=110 if winner == "B" else 20)
    for number, name in enumerate(hands, start=1):
        seat = seats[name]
        Hand.objects.create(game=game, number=number, dealer="A",
                            outcome="knock" if seat else "dead_hand", knocker=seat,
                            winner=seat, points=25 if seat else 0)
    reported_and_confirmed(match)


@pytest.fixture
def league():
    club = Club(4)
    competition = club.competition(LEAGUE)
    played(competition, "P01", "P02", ["P01", "P02", "P01", ""])
    played(competition, "P03", "P04", ["P04", "P04", "P03"])
    played(competition, "P01", "P03", ["P01", "P01"])
    # P02 wins by forfeit: the hand P04 won before it counts for neither
    match, side = fixture(competition, "P02", "P04")
    game = game_played(match=match, number=1, ruleset=competition.ruleset, target_score=100,
                       status=Game.Status.FINISHED, winner=side, total_a=0, total_b=0)
    other = "B" if side == "A" else "A"
    Hand.objects.create(game=game, number=1, dealer="A", outcome="knock", knocker=other,
                        winner=other, points=25)
    reported_and_confirmed(match)
    with committed():
        correct_result(match.pk, actor=club.organizer, winner=side, games_a=0, games_b=0,
                       kind=Match.Kind.FORFEIT, comment="No show.", overrides_games=True)
    return competition


def shown(table) -> list[tuple]:
    return [(r.entry_id, r.rank, r.played, r.won, r.match_points, r.hands_won, r.tiebreaks)
            for r in table.rows]


def test_the_hands_read_beside_the_kept_table_are_those_the_full_count_gives(
        league, django_assert_num_queries):
    keep_standings(league)
    page = competition_page(league.pk)
    assert page.kept_table is not None
    # the kept rows are current (what they were counted from is read: one query), then the hands
    with django_assert_num_queries(2):
        found = standings_with_hands(page, page.entry_list, page.kept_table)
    full = competition_standings(league)
    assert shown(found) == shown(full)
    hands = {r.player.name: r.hands_won for r in found.rows}
    assert hands == {"P01": 4, "P02": 1, "P03": 1, "P04": 2}


def test_a_table_not_kept_is_counted_and_its_hands_read_beside_it(league):
    page = competition_page(league.pk)
    found = standings_with_hands(page, page.entry_list, None)
    assert shown(found) == shown(competition_standings(league))


def test_a_table_ordered_by_hands_has_them_counted_with_it(league, django_assert_num_queries):
    league.tiebreaks = ["hand_win_pct"]
    league.save()
    page = competition_page(league.pk)
    # counted afresh with the hands (the entries given): the matches and the hands, nothing beside
    with django_assert_num_queries(2):
        found = standings_with_hands(page, page.entry_list, None)
    assert shown(found) == shown(competition_standings(league))
