import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameplay.engine import PRESETS, InvalidRuleset, Ruleset, Shutout, parse_card


def test_standard_preset_is_the_default():
    rules = Ruleset()
    assert (rules.knock_limit, rules.gin_bonus, rules.big_gin_bonus, rules.undercut_bonus) == (10, 25, 31, 25)
    assert (rules.target_score, rules.game_bonus, rules.box_bonus) == (100, 100, 25)
    assert rules.undercut_on_tie and rules.max_run_length is None
    assert rules.shutout is Shutout.DOUBLE_TOTAL
    assert Ruleset.preset("standard") == rules


def test_classic_preset_values_from_rules_md():
    rules = Ruleset.preset("classic")
    assert (rules.gin_bonus, rules.undercut_bonus, rules.box_bonus) == (20, 10, 20)
    assert not rules.big_gin_allowed
    assert rules.shutout is Shutout.DOUBLE_GAME_BONUS


@pytest.mark.parametrize(("upcard", "limit"), [("7C", 7), ("KD", 10), ("10H", 10), ("AS", 0), ("3S", 3)])
def test_oklahoma_knock_limit_is_the_upcard_value_and_an_ace_means_gin_only(upcard, limit):
    assert Ruleset.preset("oklahoma").knock_limit_for(parse_card(upcard)) == limit


def test_oklahoma_spade_upcard_doubles_the_hand():
    rules = Ruleset.preset("oklahoma")
    assert rules.hand_multiplier(parse_card("5S")) == 2
    assert rules.hand_multiplier(parse_card("5H")) == 1
    assert Ruleset().hand_multiplier(parse_card("5S")) == 1


def test_knock_limit_ignores_upcard_without_oklahoma():
    assert Ruleset().knock_limit_for(parse_card("3C")) == 10


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_ruleset_round_trips_through_a_plain_dict(name):
    rules = PRESETS[name]
    data = rules.to_dict()
    assert all(isinstance(v, (int, bool, str, type(None))) for v in data.values())
    assert Ruleset.from_dict(data) == rules


def test_unknown_setting_is_refused_by_name():
    with pytest.raises(InvalidRuleset, match="knock_limt"):
        Ruleset.from_dict({"knock_limt": 9})


@pytest.mark.parametrize(
    "changes",
    [{"knock_limit": 11}, {"knock_limit": -1}, {"max_run_length": 2}, {"shutout": "triple"}, {"target_score": 0}],
)
def test_out_of_range_settings_are_refused(changes):
    with pytest.raises(InvalidRuleset):
        Ruleset(**changes)


@given(st.integers(0, 10), st.booleans(), st.sampled_from([None, 3, 4, 5, 13]))
def test_house_rules_survive_serialization(limit, tie, run_length):
    rules = Ruleset().but(knock_limit=limit, undercut_on_tie=tie, max_run_length=run_length)
    assert Ruleset.from_dict(rules.to_dict()) == rules


def test_a_setting_out_of_range_is_refused_naming_it_and_its_range():
    with pytest.raises(InvalidRuleset) as refused:
        Ruleset(knock_limit=11)
    assert str(refused.value) == "knock_limit must be a whole number from 0 to 10, not 11"


def test_unknown_settings_are_all_named():
    with pytest.raises(InvalidRuleset) as refused:
        Ruleset.from_dict({"knock_limt": 9, "gin_bonsu": 20})
    assert str(refused.value) == "unknown ruleset setting(s): gin_bonsu, knock_limt"


def test_an_unknown_preset_is_refused_naming_the_presets():
    with pytest.raises(InvalidRuleset) as refused:
        Ruleset.preset("hollywood")
    assert str(refused.value) == "no preset 'hollywood' (presets: classic, oklahoma, standard)"


@pytest.mark.parametrize(
    ("name", "low", "high"),
    [
        ("knock_limit", 0, 10),
        ("gin_bonus", 0, 1000),
        ("undercut_bonus", 0, 1000),
        ("game_bonus", 0, 1000),
        ("box_bonus", 0, 1000),
        ("big_gin_bonus", 0, 1000),
        ("max_run_length", 3, 13),
        ("target_score", 1, 10_000),
    ],
)
def test_each_setting_takes_every_whole_number_of_its_range_and_no_other(name, low, high):
    assert getattr(Ruleset(**{name: low}), name) == low
    assert getattr(Ruleset(**{name: high}), name) == high
    for value in (low - 1, high + 1):
        with pytest.raises(InvalidRuleset) as refused:
            Ruleset(**{name: value})
        assert str(refused.value) == (
            f"{name} must be a whole number from {low} to {high}, not {value}")


def test_a_choice_setting_is_refused_naming_its_choices():
    with pytest.raises(InvalidRuleset) as refused:
        Ruleset(shutout="triple")
    assert str(refused.value) == (
        "shutout must be one of none, double_total, double_game_bonus, double_points, not 'triple'")
    with pytest.raises(InvalidRuleset) as refused:
        Ruleset(next_dealer="dealer")
    assert str(refused.value) == (
        "next_dealer must be one of winner, loser, alternate, not 'dealer'")


@pytest.mark.parametrize("value", [True, False])
def test_a_yes_or_no_is_no_number_for_a_number_setting(value):
    with pytest.raises(InvalidRuleset) as refused:
        Ruleset(knock_limit=value)
    assert str(refused.value) == f"knock_limit must be a whole number from 0 to 10, not {value}"
