"""The organizer's form of a points series: its name, competitions and rule. The points of each
place are typed as a list ("25 18 15 ..."), or taken from a preset."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from league.core.forms import ServiceErrorForm

from .models import PointsSeries
from .series import PRESETS
from .services import SeriesSettings

KEEP = ""


class SeriesForm(ServiceErrorForm):
    name = forms.CharField(label=_("Name"), max_length=120)
    competitions = forms.MultipleChoiceField(
        label=_("Competitions it adds up"), widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose the competitions the series adds up.")})
    rule = forms.ChoiceField(label=_("Scoring"), choices=PointsSeries.Rule.choices,
                             widget=forms.RadioSelect)
    preset = forms.ChoiceField(
        label=_("Points by placing: a preset"), required=False,
        choices=[(KEEP, _("None: the points typed below")),
                 *((key, label) for key, (label, _) in PRESETS.items())],
        help_text=_("A preset replaces the points typed below."))
    placing_points = forms.CharField(
        label=_("Points by placing: 1st, 2nd, 3rd ..."), required=False, max_length=400,
        help_text=_("Numbers separated by spaces or commas, first place first; a place beyond "
                    "the list scores nothing."))
    win_points = forms.IntegerField(label=_("Points per match won"), min_value=0, max_value=10_000,
                                    initial=2)
    shutout_points = forms.IntegerField(
        label=_("Points per match won with a shutout"), min_value=0, max_value=10_000, initial=3,
        help_text=_("Instead of the points for a win, when the loser scored no hand points in "
                    "a game the winner won."))
    best_of = forms.IntegerField(label=_("Results that count (best N)"), required=False,
                                 min_value=1, max_value=1000,
                                 help_text=_("Each player's best N competitions count; empty: all."))

    def __init__(self, *args, competitions=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["competitions"].choices = [(str(c.pk), c.name) for c in competitions]

    def clean_placing_points(self) -> list[int]:
        text = self.cleaned_data.get("placing_points", "").strip()
        parts = [p for p in re.split(r"[\s,;]+", text) if p]
        if any(not (p.isascii() and p.isdigit()) for p in parts):
            raise forms.ValidationError(_("Give whole numbers of points, separated by spaces or "
                                          "commas: for example 25 18 15 12."))
        return [int(p) for p in parts]

    def settings(self) -> SeriesSettings:
        data = self.cleaned_data
        table = PRESETS[data["preset"]][1] if data.get("preset") else data["placing_points"]
        return SeriesSettings(
            name=data["name"], rule=data["rule"],
            competition_ids=[int(pk) for pk in data["competitions"]],
            placing_points=list(table), win_points=data["win_points"],
            shutout_points=data["shutout_points"], best_of=data.get("best_of"))


def initial_of(series: PointsSeries, competition_ids: list[int]) -> dict:
    return {"name": series.name, "rule": series.rule,
            "competitions": [str(pk) for pk in competition_ids],
            "placing_points": " ".join(str(p) for p in series.placing_points),
            "win_points": series.win_points, "shutout_points": series.shutout_points,
            "best_of": series.best_of}
