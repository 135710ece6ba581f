"""A competition's ruleset in words: the nearest preset and the house rules on top of it."""

from __future__ import annotations

from dataclasses import dataclass

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
    try:
        rules = Ruleset.from_dict(data)
    except (InvalidRuleset, TypeError) as error:
        return RulesetSummary("", (), problem=str(error))
    mine = rules.to_dict()
    name = min(PRESETS, key=lambda preset: _distance(mine, PRESETS[preset].to_dict()))
    theirs = PRESETS[name].to_dict()
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
