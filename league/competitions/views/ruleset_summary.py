"""A competition's ruleset in words: the nearest preset and the house rules on top of it.

The summary of a ruleset is remembered (a competition page names its ruleset on every first
visit after a change, and a club's competitions share a few rulesets): it is immutable, and
depends on the ruleset alone."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache

from gameplay.engine import PRESETS, InvalidRuleset, Ruleset


@dataclass(frozen=True, slots=True)
class Setting:
    name: str
    value: str
    preset_value: str

    @property
    def section(self) -> str:
        """The anchor of this setting's section in docs/rules.md (and on /rules/)."""
        return "setting-" + self.name.replace(" ", "-")

    @property
    def is_house_rule(self) -> bool:
        return self.value != self.preset_value


@dataclass(frozen=True, slots=True)
class RulesetSummary:
    preset: str
    settings: tuple[Setting, ...]
    problem: str = ""

    @property
    def house_rules(self) -> tuple[Setting, ...]:
        return tuple(s for s in self.settings if s.is_house_rule)


def summarize(data: dict) -> RulesetSummary:
    # Remembered under the ruleset's JSON, which tells 10 from 10.0 and 1 from true (equal in
    # Python, and one of each pair is not a valid setting).
    try:
        key = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError):  # not JSON's values: summarized, not remembered
        return _summary(data)
    return _remembered(key)


@lru_cache(maxsize=256)
def _remembered(key: str) -> RulesetSummary:
    return _summary(json.loads(key))


@cache
def _presets() -> dict[str, dict]:
    return {name: preset.to_dict() for name, preset in PRESETS.items()}


def _summary(data) -> RulesetSummary:
    try:
        rules = Ruleset.from_dict(data)
    except (InvalidRuleset, TypeError) as error:
        return RulesetSummary("", (), problem=str(error))
    mine = rules.to_dict()
    presets = _presets()
    name = min(presets, key=lambda preset: _distance(mine, presets[preset]))
    theirs = presets[name]
    settings = tuple(
        Setting(key.replace("_", " "), _words(mine[key]), _words(theirs[key])) for key in mine
    )
    return RulesetSummary(name, settings)


def _distance(mine: dict, theirs: dict) -> int:
    return sum(1 for key in mine if mine[key] != theirs[key])


def _words(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")
