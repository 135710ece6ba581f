"""Elo: 400-point logistic expected score, K = 20 (40 while provisional), a sequential period."""

import pytest

from league.ratings.algorithms import Elo, elo_expected_score, elo_update, rate_period_elo


def test_expected_scores_of_both_players_sum_to_one():
    a, b = Elo(1612.5, 40), Elo(1388.0, 3)
    assert elo_expected_score(a, b) + elo_expected_score(b, a) == pytest.approx(1.0, abs=1e-15)


def test_400_points_ahead_expects_ten_to_one():
    assert elo_expected_score(Elo(1900), Elo(1500)) == pytest.approx(10 / 11, abs=1e-12)
    assert elo_expected_score(Elo(1500), Elo(1500)) == 0.5


def test_equal_k_makes_a_gain_the_opponents_loss():
    a, b = Elo(1540, 50), Elo(1470, 80)
    a2, b2 = elo_update(a, b, 1.0)
    assert a2.rating - a.rating == pytest.approx(b.rating - b2.rating, abs=1e-12)
    assert a2.rating + b2.rating == pytest.approx(a.rating + b.rating, abs=1e-12)


def test_update_is_k_times_score_minus_expected():
    a, b = Elo(1500, 30), Elo(1700, 30)
    a2, b2 = elo_update(a, b, 1.0)
    expected = 1 / (1 + 10 ** (200 / 400))
    assert a2.rating == pytest.approx(1500 + 20 * (1 - expected), abs=1e-12)
    assert (a2.games, b2.games) == (31, 31)


def test_provisional_player_moves_with_k_40_until_20_games():
    newcomer, regular = Elo(1500, 19), Elo(1500, 20)
    new_after, regular_after = elo_update(newcomer, regular, 1.0)
    assert new_after.rating == pytest.approx(1520.0)  # 40 * (1 - 0.5)
    assert regular_after.rating == pytest.approx(1490.0)  # 20 * (0 - 0.5)


def test_k_values_are_settings():
    a2, _ = elo_update(Elo(1500, 0), Elo(1500, 0), 0.0, k=10, provisional_k=32, provisional_games=0)
    assert a2.rating == pytest.approx(1495.0)


def test_draw_between_equals_changes_nothing():
    a2, b2 = elo_update(Elo(1500, 25), Elo(1500, 25), 0.5)
    assert (a2.rating, b2.rating) == (1500, 1500)


def test_period_is_applied_in_the_given_order():
    ratings = {"ann": Elo(1500, 30), "ben": Elo(1500, 30), "cy": Elo(1500, 30)}
    results = [("ann", "ben", 1.0), ("ben", "cy", 1.0), ("cy", "ann", 1.0)]
    forward = rate_period_elo(ratings, results)
    by_hand = dict(ratings)
    for a, b, score in results:
        by_hand[a], by_hand[b] = elo_update(by_hand[a], by_hand[b], score)
    assert forward == by_hand
    assert rate_period_elo(ratings, results[::-1]) != forward


def test_period_conserves_the_total_with_equal_k():
    ratings = {name: Elo(1400 + 50 * i, 40) for i, name in enumerate("abcde")}
    results = [("a", "e", 1.0), ("b", "c", 0.5), ("e", "d", 0.0), ("a", "b", 0.0)]
    after = rate_period_elo(ratings, results)
    total = sum(p.rating for p in ratings.values())
    assert sum(p.rating for p in after.values()) == pytest.approx(total, abs=1e-9)


def test_period_newcomers_start_at_1500_and_idle_players_are_unchanged():
    ratings = {"idle": Elo(1700, 60), "ann": Elo(1500, 30)}
    after = rate_period_elo(ratings, [("ann", "new", 0.0)])
    assert after["idle"] == Elo(1700, 60)
    assert after["new"] == elo_update(Elo(), Elo(1500, 30), 1.0)[0]


@pytest.mark.parametrize("result", [("a", "a", 1.0), ("a", "b", 2.0), ("a", "b", -1.0)])
def test_period_rejects_a_game_against_oneself_or_a_score_outside_0_to_1(result):
    with pytest.raises(ValueError):
        rate_period_elo({}, [result])
