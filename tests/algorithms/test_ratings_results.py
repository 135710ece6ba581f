"""A rated result is each game (the default) or each match: a club setting."""

import pytest

from league.ratings.algorithms import MatchResult, RatedResult, RatedUnit, rated_results

MATCHES = [
    MatchResult("ann", "ben", ("ann", "ben", "ann")),
    MatchResult("cy", "ann", ("ann", "cy")),
]


def test_each_game_is_one_result_by_default_in_the_order_played():
    assert rated_results(MATCHES) == [
        ("ann", "ben", 1.0), ("ann", "ben", 0.0), ("ann", "ben", 1.0),
        ("cy", "ann", 0.0), ("cy", "ann", 1.0),
    ]


def test_each_match_is_one_result_won_by_more_games_and_halved_when_level():
    assert rated_results(MATCHES, RatedUnit.MATCH) == [("ann", "ben", 1.0), ("cy", "ann", 0.5)]


def test_setting_may_be_given_as_its_stored_text():
    assert rated_results(MATCHES, "match") == rated_results(MATCHES, RatedUnit.MATCH)


def test_a_declared_match_winner_overrides_the_game_count():
    match = MatchResult("ann", "ben", ("ann", "ann", "ben"), winner="ben")
    assert rated_results([match], RatedUnit.MATCH) == [("ann", "ben", 0.0)]
    assert len(rated_results([match])) == 3  # per game the games still count


def test_a_match_without_games_or_winner_gives_no_result():
    assert rated_results([MatchResult("ann", "ben", ())], RatedUnit.MATCH) == []
    assert rated_results([MatchResult("ann", "ben", ())]) == []


def test_results_are_named_tuples_rate_period_can_unpack():
    result = rated_results(MATCHES)[0]
    assert isinstance(result, RatedResult)
    assert (result.player_a, result.player_b, result.score_a) == ("ann", "ben", 1.0)


@pytest.mark.parametrize(
    ("a", "b", "winners", "winner"),
    [("ann", "ann", (), None), ("ann", "ben", ("cy",), None), ("ann", "ben", (), "cy")],
)
def test_a_match_needs_two_players_and_only_they_can_win(a, b, winners, winner):
    with pytest.raises(ValueError):
        MatchResult(a, b, winners, winner)
