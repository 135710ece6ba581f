"""A Hollywood match from a paper scoresheet: its hands in one go (each hand's winner, how and
points; the columns derived as at the table), or each column's totals checked by the engine;
entered by an organizer who does not play, the result counts at once."""

import pytest

from gameplay import engine
from league.competitions.models import Competition, Match, ResultReport
from league.competitions.results.services import report_result
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Game
from league.games.services import (
    HandEntry,
    enter_game_totals,
    enter_hollywood_columns,
    enter_hollywood_hands,
)
from tests.formats.builders import Club, committed

pytestmark = pytest.mark.django_db


def hollywood_match(**format) -> tuple[Club, Match]:
    club = Club(2)
    competition = club.competition(
        Competition.Format.LEAGUE, match_format=Competition.MatchFormat.HOLLYWOOD,
        hollywood={"columns": 3, "target": None, "winner_by": "total_points", **format})
    match = competition.matches.select_related("entry_a", "entry_b").get(kind=Match.Kind.PLAYED)
    return club, match


def gin(winner: str, points: int = 30) -> HandEntry:
    return HandEntry(outcome="gin", winner=winner, points=points)


DEAD = HandEntry(outcome="dead_hand")
# A gins for 30 six times, with a knock of B's and a dead hand among them: column 1 closes on
# A's fourth win, column 2 on his fifth, column 3 on his sixth.
SHEET = [gin("A"), HandEntry(outcome="knock", winner="B", points=12), gin("A"), DEAD, gin("A"),
         gin("A"), gin("A"), gin("A")]


def engine_score(entries, rules=None):
    records = [engine.HandRecord(engine.Outcome(e.outcome),
                                 None if not e.winner else engine.Seat[e.winner],
                                 e.points or 0) for e in entries]
    return engine.score_hollywood(records, rules or engine.Ruleset())


def test_the_hands_of_a_paper_scoresheet_make_the_match_as_at_the_table():
    club, match = hollywood_match()
    game = enter_hollywood_hands(match.pk, actor=club.organizer, hands=SHEET)
    assert game.is_hollywood and game.is_finished
    assert game.hands.count() == len(SHEET)
    expected = engine_score(SHEET)
    assert (game.total_a, game.total_b) == expected.totals
    assert (game.columns_a, game.columns_b) == (3, 0) == expected.columns_won
    assert game.winner == "A"
    # Dead hands are hands of the match (the deal passes on as the rules say), entered nowhere.
    assert list(game.hands.values_list("outcome", flat=True))[3] == "dead_hand"


def test_an_organizer_who_does_not_play_records_the_result_and_it_counts_at_once():
    club, match = hollywood_match()
    enter_hollywood_hands(match.pk, actor=club.organizer, hands=SHEET)
    with committed():
        report = report_result(match.pk, actor=club.organizer)
    match.refresh_from_db()
    assert report.status == ResultReport.Status.CONFIRMED
    assert match.status == Match.Status.CONFIRMED and match.winner_id == match.entry_a_id
    assert (match.games_a, match.games_b) == (3, 0)  # columns won


def test_a_hand_the_engine_refuses_is_named_and_nothing_is_saved():
    club, match = hollywood_match()
    bad = [gin("A"), gin("B"), gin("A", points=10)]  # a gin scores at least its bonus of 25
    with pytest.raises(ServiceError) as refused:
        enter_hollywood_hands(match.pk, actor=club.organizer, hands=bad)
    assert refused.value.message.startswith("Hand 3: ")
    assert refused.value.field == "hand_3"
    assert not Game.objects.filter(match=match).exists()


def test_a_hand_after_the_last_column_closed_is_refused():
    club, match = hollywood_match()
    with pytest.raises(ServiceError, match="Hand 9: the match was over after hand 8"):
        enter_hollywood_hands(match.pk, actor=club.organizer, hands=[*SHEET, gin("B")])
    assert not Game.objects.filter(match=match).exists()


def test_hands_that_leave_a_column_open_leave_the_game_in_progress():
    club, match = hollywood_match()
    game = enter_hollywood_hands(match.pk, actor=club.organizer, hands=SHEET[:5])
    assert not game.is_finished and game.hands.count() == 5
    with pytest.raises(ServiceError, match="in progress"):
        enter_hollywood_hands(match.pk, actor=club.organizer, hands=SHEET[5:])


COLUMNS = [engine.ColumnTotals((110, 40), (4, 2)), engine.ColumnTotals((105, 20), (3, 1)),
           engine.ColumnTotals((30, 101), (1, 3))]


def test_each_columns_totals_make_the_match_with_the_columns_bonuses():
    club, match = hollywood_match()
    game = enter_hollywood_columns(match.pk, actor=club.organizer, columns=COLUMNS, hands=8)
    rules = engine.Ruleset()
    # Each column's account: its hand points, a box per hand won, the game bonus to its winner.
    per_column = [(110 + 4 * rules.box_bonus + rules.game_bonus, 40 + 2 * rules.box_bonus),
                  (105 + 3 * rules.box_bonus + rules.game_bonus, 20 + 1 * rules.box_bonus),
                  (30 + 1 * rules.box_bonus, 101 + 3 * rules.box_bonus + rules.game_bonus)]
    assert (game.total_a, game.total_b) == tuple(map(sum, zip(*per_column, strict=True)))
    assert [tuple(c["totals"]) for c in game.paper_columns] == per_column
    assert (game.columns_a, game.columns_b, game.winner) == (2, 1, "A")
    assert game.is_finished and game.from_totals and game.hands_played == 8
    with committed():
        report = report_result(match.pk, actor=club.organizer)
    assert report.status == ResultReport.Status.CONFIRMED


def test_a_match_won_on_columns_goes_to_the_player_with_more_columns():
    club, match = hollywood_match(winner_by="most_columns")
    columns = [engine.ColumnTotals((100, 95), (1, 1)), engine.ColumnTotals((100, 95), (1, 1)),
               engine.ColumnTotals((0, 129), (0, 1))]
    game = enter_hollywood_columns(match.pk, actor=club.organizer, columns=columns, hands=3)
    assert game.total_b > game.total_a
    assert (game.columns_a, game.columns_b, game.winner) == (2, 1, "A")


@pytest.mark.parametrize(("column", "hands", "why"), [
    (engine.ColumnTotals((300, 40), (2, 2)), 8, "column 1: 300 points in 2 hands won cannot"),
    (engine.ColumnTotals((90, 40), (4, 2)), 8, "column 1: nobody reached 100"),
    (engine.ColumnTotals((110, 100), (4, 2)), 8, "column 1: only the winner reaches 100"),
    (engine.ColumnTotals((110, 5), (4, 0)), 8, "column 1: 5 points cannot be made in 0 hands"),
    (engine.ColumnTotals((110, 40), (4, 2)), 5, "column 1: 6 hands won in it, more than"),
])
def test_columns_the_engine_cannot_reach_are_refused(column, hands, why):
    club, match = hollywood_match()
    with pytest.raises(ServiceError) as refused:
        enter_hollywood_columns(match.pk, actor=club.organizer, columns=[column, *COLUMNS[1:]],
                                hands=hands)
    assert refused.value.message.lower().startswith(why)
    assert not Game.objects.filter(match=match).exists()


def test_a_hollywood_match_is_not_entered_as_one_games_totals():
    club, match = hollywood_match()
    with pytest.raises(ServiceError, match="Hollywood"):
        enter_game_totals(match.pk, actor=club.organizer, total_a=110, total_b=40, hands=6)


def test_only_an_organizer_enters_a_match_from_paper():
    _club, match = hollywood_match()
    with pytest.raises(NotAllowed):
        enter_hollywood_hands(match.pk, actor=match.entry_a.player.user, hands=SHEET)
    with pytest.raises(NotAllowed):
        enter_hollywood_columns(match.pk, actor=match.entry_a.player.user, columns=COLUMNS,
                                hands=8)


def test_a_match_not_played_hollywood_takes_no_columns():
    club = Club(2)
    competition = club.competition(Competition.Format.LEAGUE)
    match = competition.matches.get(kind=Match.Kind.PLAYED)
    with pytest.raises(ServiceError, match="not a Hollywood match"):
        enter_hollywood_columns(match.pk, actor=club.organizer, columns=COLUMNS, hands=8)
