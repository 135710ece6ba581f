"""Standings: from confirmed results only, tiebreaks in the competition's order with the one
that separated each row named, and a fixed number of queries."""

import pytest

from league.competitions.algorithms.standings import ResultKind
from league.competitions.models import Competition, Match, Round
from league.competitions.results.services import (
    confirm_result,
    correct_result,
    dispute_result,
    report_result,
)
from league.competitions.standings.services import (
    MatchFacts,
    competition_standings,
    rounds_after_withdrawing,
)
from league.games.models import Game, Hand
from tests.factories import game_played
from tests.formats.builders import Club, better_seed, committed, play_out, win

pytestmark = pytest.mark.django_db

LEAGUE = Competition.Format.LEAGUE


def fixture(competition: Competition, a: str, b: str) -> tuple[Match, str]:
    """The match between a and b, and the side a sits on."""
    for match in competition.matches.select_related("entry_a__player", "entry_b__player"):
        if match.entry_b is None:
            continue
        sides = {match.entry_a.player.name: "A", match.entry_b.player.name: "B"}
        if a in sides and b in sides:
            return match, sides[a]
    raise AssertionError(f"no match {a} v {b}")


def beat(competition: Competition, winner: str, loser: str, points=None) -> None:
    match, side = fixture(competition, winner, loser)
    if points and side == "B":
        points = points[::-1]
    win(match, side, points=points)


def table(competition: Competition) -> list[tuple]:
    return [(r.rank, r.player.name, r.match_points, r.separated_by)
            for r in competition_standings(competition).rows]


def test_a_reported_or_disputed_result_counts_nowhere_until_confirmed():
    competition = Club(2).competition(LEAGUE)
    match = competition.matches.select_related("entry_a__player", "entry_b__player").get()
    game_played(match=match, number=1, ruleset=competition.ruleset, target_score=100,
                status=Game.Status.FINISHED, winner="A", total_a=100, total_b=0)
    with committed():
        report_result(match.pk, actor=match.entry_a.player.user)
    assert [r.played for r in competition_standings(competition).rows] == [0, 0]
    with committed():
        dispute_result(match.pk, actor=match.entry_b.player.user, comment="Not so.")
    assert [r.match_points for r in competition_standings(competition).rows] == [0, 0]


def test_head_to_head_separates_two_players_level_on_points():
    competition = Club(4).competition(LEAGUE)
    beat(competition, "P02", "P01")
    beat(competition, "P01", "P03")
    beat(competition, "P01", "P04")
    beat(competition, "P02", "P03")
    beat(competition, "P04", "P02")
    beat(competition, "P03", "P04")
    # P01 and P02 have 4 points each; P02 beat P01.
    assert table(competition)[:2] == [(1, "P02", 4, None), (2, "P01", 4, "head-to-head")]


def test_a_three_way_tie_on_head_to_head_goes_to_net_game_points():
    competition = Club(3).competition(LEAGUE)
    beat(competition, "P01", "P02", points=(110, 60))   # +50
    beat(competition, "P02", "P03", points=(120, 20))   # +100
    beat(competition, "P03", "P01", points=(101, 91))   # +10
    rows = competition_standings(competition).rows
    assert [(r.player.name, r.game_points_net, r.separated_by) for r in rows] == [
        ("P02", 50, None), ("P01", 40, "net game points"), ("P03", -90, "net game points")]
    assert [v.shown for v in rows[0].tiebreaks] == ["2", "50", "1"]


def test_players_level_on_everything_share_a_rank():
    competition = Club(4).competition(LEAGUE)
    beat(competition, "P01", "P02", points=(100, 50))
    beat(competition, "P03", "P04", points=(100, 50))
    assert table(competition) == [(1, "P01", 2, None), (1, "P03", 2, None),
                                  (3, "P02", 0, None), (3, "P04", 0, None)]
    assert [r.shared_rank for r in competition_standings(competition).rows] == [
        False, True, False, True]


def test_the_competition_orders_its_own_tiebreaks():
    competition = Club(3).competition(LEAGUE, tiebreaks=["wins", "buchholz", "no-such-thing"])
    standings = competition_standings(competition)
    assert [label for _, label in standings.tiebreaks] == ["number of wins", "Buchholz"]


def reported_and_confirmed(match: Match) -> None:
    """The match played out, its result reported by one side and confirmed by the other."""
    match.status = Match.Status.IN_PROGRESS
    match.save(update_fields=["status"])
    with committed():
        report_result(match.pk, actor=match.entry_a.player.user)
        confirm_result(match.pk, actor=match.entry_b.player.user)


def test_game_points_and_hands_won_come_from_the_games_hands():
    competition = Club(2).competition(LEAGUE)
    match = competition.matches.get()
    game = game_played(match=match, number=1, ruleset=competition.ruleset,
                       target_score=100, status=Game.Status.FINISHED, winner="B",
                       total_a=30, total_b=105)
    for number, (winner, points) in enumerate([("A", 30), ("B", 80), ("B", 25)], start=1):
        Hand.objects.create(game=game, number=number, dealer="A", outcome="knock",
                            knocker=winner, winner=winner, points=points)
    Hand.objects.create(game=game, number=4, dealer="A", outcome="dead_hand")
    reported_and_confirmed(match)
    rows = {r.player.name: r for r in competition_standings(competition).rows}
    assert (rows["P02"].game_points_for, rows["P02"].game_points_against) == (105, 30)
    assert (rows["P02"].hands_won, rows["P01"].hands_won) == (2, 1)
    assert "hand points" in competition_standings(competition).notes[0]


def test_game_points_add_up_the_finished_games_and_leave_out_a_game_without_a_winner():
    competition = Club(2).competition(LEAGUE)
    match = competition.matches.get()
    for number, (status, winner, a, b) in enumerate([
            (Game.Status.FINISHED, "A", 110, 40), (Game.Status.FINISHED, "B", 20, 125),
            (Game.Status.IN_PROGRESS, "", 55, 0)], start=1):
        game_played(match=match, number=number, ruleset=competition.ruleset,
                    target_score=100, status=status, winner=winner, total_a=a,
                    total_b=b)
    reported_and_confirmed(match)
    rows = {r.player.name: r for r in competition_standings(competition).rows}
    assert (rows["P01"].game_points_for, rows["P01"].game_points_against) == (130, 165)
    assert (rows["P02"].game_points_for, rows["P02"].game_points_against) == (165, 130)


@pytest.mark.parametrize("players", [4, 12])
def test_standings_take_three_queries_whatever_the_size(players, django_assert_num_queries):
    competition = Club(players).competition(LEAGUE)
    play_out(competition, better_seed)
    with django_assert_num_queries(3):
        standings = competition_standings(competition)
    assert len(standings.rows) == players
    assert standings.rows[0].won == players - 1


def test_forfeits_no_shows_and_double_forfeits_count_as_results_without_game_points():
    club = Club(4)
    competition = club.competition(LEAGUE)
    kinds = {("P01", "P04"): (Match.Kind.FORFEIT, "P01"),
             ("P02", "P03"): (Match.Kind.NO_SHOW, "P03"),
             ("P01", "P03"): (Match.Kind.DOUBLE_FORFEIT, None)}
    for (a, b), (kind, winner) in kinds.items():
        match, side = fixture(competition, a, b)
        win(match, side)
        sides = {match.entry_a.player.name: "A", match.entry_b.player.name: "B"}
        with committed():
            correct_result(match.pk, actor=club.organizer, winner=sides.get(winner), games_a=0,
                           games_b=0, kind=kind, comment="Decided at the table.", overrides_games=True)
    rows = {r.player.name: r for r in competition_standings(competition).rows}
    assert (rows["P01"].won, rows["P01"].lost, rows["P01"].match_points) == (1, 1, 2)
    assert (rows["P03"].won, rows["P03"].lost) == (1, 1)
    assert (rows["P02"].lost, rows["P04"].lost) == (1, 1)
    assert all(r.game_points_for == r.game_points_against == r.hands_won == 0
               for r in rows.values())


def test_a_withdrawn_entry_has_a_round_after_withdrawing_for_each_later_round_it_was_not_in():
    def match(number, a, b):
        return MatchFacts(pk=0, entry_a_id=a, entry_b_id=b, winner_id=None, kind=Match.Kind.PLAYED,
                          status=Match.Status.CONFIRMED, round_id=number, round_number=number,
                          round_bracket=Round.Bracket.MAIN)

    matches = [match(1, 1, 2), match(1, 3, 4), match(2, 2, 3), match(2, 4, None),
               match(3, 2, 4), match(3, 3, None)]
    results = rounds_after_withdrawing(matches, withdrawn=[1, 4])
    assert [(r.player_a, r.round, r.kind) for r in results] == [
        (1, 2, ResultKind.WITHDRAWN), (1, 3, ResultKind.WITHDRAWN)]


@pytest.mark.parametrize("players", [4, 12])
def test_standings_without_hands_take_two_queries_one_given_the_entries_and_rank_as_the_full_table(
        players, django_assert_num_queries):
    competition = Club(players).competition(LEAGUE)
    play_out(competition, better_seed)
    full = competition_standings(competition)
    with django_assert_num_queries(2):
        light = competition_standings(competition, hands=False)
    entries = list(competition.entries.select_related("player").order_by("-pk"))
    with django_assert_num_queries(1):
        given = competition_standings(competition, hands=False, entries=entries)

    def ranked(table):
        return [(r.entry_id, r.rank, r.match_points, r.game_points_net, r.tiebreaks,
                 r.separated_by) for r in table.rows]

    assert ranked(light) == ranked(full) == ranked(given)
    assert {r.hands_won for r in light.rows} == {None}
    assert None not in {r.hands_won for r in full.rows}


def test_a_table_ordered_by_hands_counts_them_even_when_asked_without(django_assert_num_queries):
    competition = Club(4).competition(LEAGUE)
    competition.tiebreaks = ["hand_win_pct"]
    competition.save()
    play_out(competition, better_seed)
    with django_assert_num_queries(3):
        table = competition_standings(competition, hands=False)
    assert None not in {r.hands_won for r in table.rows}


def test_players_level_on_everything_keep_seed_order_with_the_unseeded_last_on_every_database():
    competition = Club(4).competition(LEAGUE)
    entries = list(competition.entries.order_by("pk"))
    for entry, seed in zip(entries, (None, 2, 1, None), strict=True):
        entry.seed = seed
        entry.save()
    table = competition_standings(competition)
    assert not table.started
    assert [r.entry_id for r in table.rows] == [entries[2].pk, entries[1].pk, entries[0].pk,
                                                entries[3].pk]
