"""The competition form's house rules and tiebreaks: each Ruleset field as a form field, empty
meaning the preset's value, and how a value or a refusal of the engine is worded beside it."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.text import capfirst, format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from gameplay.engine import (
    PRESETS,
    NextDealer,
    Shutout,
)
from league.competitions.algorithms.tiebreaks import Tiebreak
from league.competitions.standings.shown import TIEBREAK_LABELS

NUMBER = {"inputmode": "numeric"}


AS_PRESET = ("", _("As the preset"))


YES_NO = [AS_PRESET, ("yes", _("Yes")), ("no", _("No"))]


PRESET_NAMES = {"standard": "Standard", "classic": "Classic", "oklahoma": "Oklahoma"}


# The house rules: Ruleset field, label, and the kind of input.
NUMBERS = {
    "knock_limit": _("Knock limit"),
    "gin_bonus": _("Gin bonus"),
    "big_gin_bonus": _("Big gin bonus"),
    "undercut_bonus": _("Undercut bonus"),
    "max_run_length": _("Longest run allowed"),
    "target_score": _("Game to (target score)"),
    "game_bonus": _("Game bonus"),
    "box_bonus": _("Box bonus (a hand won)"),
}


FLAGS = {
    "undercut_on_tie": _("An equal count is an undercut"),
    "may_discard_card_taken_from_pile": _("May discard the card just taken from the pile"),
    "oklahoma": _("Oklahoma: the upcard sets the knock limit"),
    "discard_pile_looking_allowed": _("Looking through the discard pile allowed"),
}


CHOICES = {
    "shutout": (_("Shutout (the loser scored nothing)"), Shutout),
    "next_dealer": (_("Who deals the next hand"), NextDealer),
}


HOUSE_RULES = (*NUMBERS, "big_gin", *FLAGS, *CHOICES)


def preset_value(preset: str, name: str) -> str:
    value = getattr(PRESETS[preset], name)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


# A preset's value as the form shows it: yes, no and none in the reader's language.
SHOWN = {
    "yes": _("yes"), "no": _("no"), "none": _("none"), "double total": _("double total"),
    "double game bonus": _("double game bonus"), "double points": _("double points"),
    "winner": _("winner"), "loser": _("loser"), "alternate": _("alternate"),
}


def shown_value(value: str) -> str:
    return SHOWN.get(value, value)


def presets_help(name: str) -> str:
    parts = [format_lazy("{} {}", p, shown_value(preset_value(p, name))) for p in PRESETS]
    return format_lazy(" · ".join(["{}"] * len(parts)), *parts)


def house_rule_form_fields() -> dict[str, forms.Field]:
    made: dict[str, forms.Field] = {}
    for name, label in NUMBERS.items():
        made[name] = forms.IntegerField(label=label, required=False, help_text=presets_help(name),
                                        widget=forms.NumberInput(attrs=NUMBER))
    made["big_gin_bonus"].help_text = format_lazy(
        "{}. {}", presets_help("big_gin_bonus"), _("Empty: the preset's.")
    )
    made["max_run_length"].help_text = format_lazy(
        "{}. {}", presets_help("max_run_length"), _("Empty: no limit.")
    )
    made["big_gin"] = forms.ChoiceField(label=_("Big gin"), required=False,
                                        choices=[AS_PRESET, ("yes", _("Played")),
                                                 ("no", _("Not played"))],
                                        help_text=presets_help("big_gin_bonus"))
    for name, label in FLAGS.items():
        made[name] = forms.ChoiceField(label=label, required=False, choices=YES_NO,
                                       help_text=presets_help(name))
    for name, (label, enum) in CHOICES.items():
        options = [AS_PRESET, *((m.value, shown_value(m.value.replace("_", " "))) for m in enum)]
        made[name] = forms.ChoiceField(label=label, required=False, choices=options,
                                       help_text=presets_help(name))
    return made


def tiebreak_form_fields() -> dict[str, forms.Field]:
    return {
        f"tiebreak_{t.value}": forms.IntegerField(
            label=capfirst(TIEBREAK_LABELS[t]), required=False, min_value=1, max_value=len(Tiebreak),
            widget=forms.NumberInput(attrs={**NUMBER, "class": "order-input"}),
        )
        for t in Tiebreak
    }


def house_rule_differences(preset: str, rules: dict) -> dict[str, Any]:
    usual = PRESETS[preset].to_dict()
    return {name: value for name, value in rules.items() if usual.get(name) != value}


def worded_for(message: str, name: str) -> str:
    """The engine's refusal with the setting's label for its code name."""
    label = str(NUMBERS.get(name) or FLAGS.get(name) or CHOICES.get(name, (name,))[0])
    if found := ENGINE_RANGE.fullmatch(message):
        return gettext("%(label)s must be a whole number from %(low)s to %(high)s, not "
                       "%(value)s.") % {"label": label, "low": found["low"],
                                        "high": found["high"], "value": found["value"]}
    return message.replace(name, label, 1) if message.startswith(name) else message


# The engine's refusal of a number out of range (gameplay.engine.rules), said again in the
# reader's language.
ENGINE_RANGE = re.compile(r"\w+ must be a whole number from (?P<low>-?\d+) to (?P<high>-?\d+), "
                          r"not (?P<value>.+)")
