"""The competition page names a ruleset by its nearest preset and lists the house rules."""

from gameplay.engine import Ruleset
from league.competitions.views.ruleset_summary import summarize


def test_a_preset_without_changes_has_no_house_rules():
    summary = summarize(Ruleset.preset("classic").to_dict())
    assert summary.preset == "classic"
    assert summary.house_rules == ()


def test_house_rules_are_listed_against_the_nearest_preset():
    summary = summarize(Ruleset.preset("oklahoma").but(gin_bonus=20).to_dict())
    assert summary.preset == "oklahoma"
    assert [(s.name, s.value, s.preset_value) for s in summary.house_rules] == [
        ("gin bonus", "20", "25")
    ]


def test_big_gin_not_played_reads_as_none():
    summary = summarize(Ruleset.preset("standard").but(big_gin_bonus=None).to_dict())
    assert [(s.name, s.value) for s in summary.house_rules] == [("big gin bonus", "none")]


def test_an_unreadable_ruleset_is_said_not_raised():
    summary = summarize({"knock_limit": 99})
    assert "knock_limit" in summary.problem
    assert summary.settings == ()


def test_each_ruleset_is_summarized_as_its_own_whatever_was_summarized_before():
    oklahoma = Ruleset.preset("oklahoma").to_dict()
    changed = Ruleset.preset("oklahoma").but(gin_bonus=20).to_dict()
    for data in (oklahoma, changed, oklahoma, dict(reversed(changed.items())), changed):
        summary = summarize(data)
        assert summary.preset == "oklahoma"
        assert [s.value for s in summary.house_rules] == (["20"] if data == changed else [])


def test_a_ruleset_that_is_not_a_mapping_is_said_not_raised():
    assert summarize(["knock_limit", 10]).problem
    assert summarize({"knock_limit": [10]}).problem


def test_a_setting_written_as_another_type_is_not_taken_for_the_valid_one():
    valid = Ruleset.preset("standard").to_dict()
    assert summarize(valid).problem == ""
    assert "knock_limit" in summarize({**valid, "knock_limit": 10.0}).problem
    assert summarize(valid).problem == ""
