"""Single and double elimination driven from result confirmation, through the progression task
(eager here), to a finished competition."""

import pytest

from league.competitions.formats.draws import bracket_view
from league.competitions.models import Competition, Match, Round
from league.competitions.standings.placings import knockout_placings
from tests.formats.builders import Club, better_seed, by_key, play_out, win

pytestmark = pytest.mark.django_db

SINGLE = Competition.Format.SINGLE_ELIMINATION
DOUBLE = Competition.Format.DOUBLE_ELIMINATION


def seeds(match: Match) -> tuple[int | None, int | None]:
    return (match.entry_a.seed if match.entry_a else None,
            match.entry_b.seed if match.entry_b else None)


def test_an_eight_player_knockout_is_drawn_whole_with_1_and_2_only_meeting_in_the_final():
    competition = Club(8).competition(SINGLE)
    matches = by_key(competition)
    assert competition.status == Competition.Status.RUNNING
    assert sorted(matches) == ["W1-0", "W1-1", "W1-2", "W1-3", "W2-0", "W2-1", "W3-0"]
    assert [seeds(matches[f"W1-{i}"]) for i in range(4)] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert all(matches[f"W1-{i}"].status == Match.Status.SCHEDULED for i in range(4))
    later = [matches[k] for k in ("W2-0", "W2-1", "W3-0")]
    assert all(m.status == Match.Status.PENDING and m.entry_a is None for m in later)
    names = dict(competition.rounds.values_list("number", "name"))
    assert names == {1: "Quarter-finals", 2: "Semi-finals", 3: "Final"}


def test_a_whole_eight_player_knockout_runs_from_confirmations_to_its_champion():
    competition = Club(8).competition(SINGLE)
    played = play_out(competition, better_seed)
    competition.refresh_from_db()
    assert played == 7
    assert competition.status == Competition.Status.FINISHED
    final = by_key(competition)["W3-0"]
    assert seeds(final) == (1, 2) and final.winner.seed == 1
    placings = [(p.rank, p.player.name) for p in knockout_placings(competition)]
    assert placings[:2] == [(1, "P01"), (2, "P02")]
    assert {rank for rank, _ in placings[2:4]} == {3} and {rank for rank, _ in placings[4:]} == {5}
    assert bracket_view(competition).champion.name == "P01"


def test_the_next_match_is_scheduled_once_both_its_players_are_known():
    competition = Club(8).competition(SINGLE)
    matches = by_key(competition)
    win(matches["W1-0"], "B")  # seed 8 beats seed 1
    semi = by_key(competition)["W2-0"]
    assert seeds(semi) == (8, None) and semi.status == Match.Status.PENDING
    win(matches["W1-1"], "A")
    semi = by_key(competition)["W2-0"]
    assert seeds(semi) == (8, 4) and semi.status == Match.Status.SCHEDULED


def test_byes_go_to_the_top_seeds_and_are_not_matches():
    competition = Club(6).competition(SINGLE)
    matches = by_key(competition)
    assert len(matches) == 5  # N - 1
    assert [seeds(matches["W1-1"]), seeds(matches["W1-3"])] == [(4, 5), (3, 6)]
    assert seeds(matches["W2-0"]) == (1, None) and seeds(matches["W2-1"]) == (2, None)
    view = bracket_view(competition)
    semis = next(r for r in view.sections[0].rounds if r.name == "Semi-finals")
    assert [m.a.after_bye for m in semis.matches] == [True, True]
    assert [m.b.after_bye for m in semis.matches] == [False, False]


def test_the_third_place_match_is_played_by_the_semi_final_losers():
    competition = Club(4).competition(SINGLE, third_place_match=True)
    play_out(competition, better_seed)
    competition.refresh_from_db()
    third = by_key(competition)["3P1-0"]
    assert sorted(seeds(third)) == [3, 4] and third.winner.seed == 3
    assert competition.status == Competition.Status.FINISHED
    assert [p.rank for p in knockout_placings(competition)] == [1, 2, 3, 4]
    assert Round.objects.get(matches=third).name == "Third-place match"


def test_double_elimination_drops_losers_into_the_losers_bracket():
    competition = Club(4).competition(DOUBLE)
    matches = by_key(competition)
    assert sorted(matches) == ["GF1-0", "GF2-0", "L1-0", "L2-0", "W1-0", "W1-1", "W2-0"]
    win(matches["W1-0"], "A")
    win(matches["W1-1"], "A")
    losers = by_key(competition)["L1-0"]
    assert sorted(seeds(losers)) == [3, 4] and losers.status == Match.Status.SCHEDULED


def test_double_elimination_with_a_bracket_reset_ends_after_the_reset():
    competition = Club(4).competition(DOUBLE)
    # Seed 1 wins the winners' bracket; seed 2 comes back through the losers' bracket and wins
    # the grand final, so the reset is played.
    for key in ("W1-0", "W1-1", "W2-0", "L1-0", "L2-0"):
        win(by_key(competition)[key], better_seed(by_key(competition)[key]))
    final = by_key(competition)["GF1-0"]
    assert seeds(final) == (1, 2)
    assert by_key(competition)["GF2-0"].status == Match.Status.PENDING
    win(final, "B")
    reset = by_key(competition)["GF2-0"]
    assert seeds(reset) == (2, 1) and reset.status == Match.Status.SCHEDULED
    competition.refresh_from_db()
    assert competition.status == Competition.Status.RUNNING
    win(reset, "B")
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    assert [p.player.name for p in knockout_placings(competition)][:2] == ["P01", "P02"]


def test_without_a_comeback_the_reset_is_not_needed():
    competition = Club(4).competition(DOUBLE)
    play_out(competition, better_seed)
    competition.refresh_from_db()
    matches = by_key(competition)
    assert matches["GF1-0"].winner.seed == 1
    assert matches["GF2-0"].status == Match.Status.VOID and matches["GF2-0"].entry_a is None
    assert competition.status == Competition.Status.FINISHED


def test_a_whole_double_elimination_of_eight_has_14_matches_and_one_champion():
    competition = Club(8).competition(DOUBLE, bracket_reset=False)
    assert play_out(competition, better_seed) == 14  # 2N - 2
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    assert bracket_view(competition).champion.name == "P01"
    labels = [s.label for s in bracket_view(competition).sections]
    assert labels == ["Winners' bracket", "Losers' bracket", "Finals"]
