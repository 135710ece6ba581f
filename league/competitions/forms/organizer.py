"""The organizer's form for a new competition: name and season, format, ruleset preset with
house rules, match format, points, tiebreaks in order.

House rules left empty keep the preset's value; a value typed is checked by the engine's Ruleset
and its refusal shown next to the field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms.utils import ErrorDict
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from gameplay.engine import (
    PRESETS,
    HollywoodFormat,
    HollywoodWinner,
    InvalidRuleset,
    Ruleset,
)
from league.clubs.models import Club, Season
from league.competitions.algorithms.tiebreaks import Tiebreak
from league.competitions.forms.house_rules import (
    CHOICES,
    FLAGS,
    HOUSE_RULES,
    NUMBER,
    NUMBERS,
    PRESET_NAMES,
    house_rule_differences,
    house_rule_form_fields,
    preset_value,
    shown_value,
    tiebreak_form_fields,
    worded_for,
)
from league.competitions.forms.stage_options import (
    FINAL_KINDS,
    FORMAT_OPTIONS,
    MOST_MIDDLE_STAGES,
    STAGES_GROUPS,
    STAGES_SWISS,
    StagesFormMixin,
    middle_stage_form_fields,
    stage_initial,
)
from league.competitions.models import Competition, Stage
from league.competitions.standings.shown import TIEBREAK_LABELS
from league.core.forms import ServiceErrorForm


class CompetitionForm(StagesFormMixin, ServiceErrorForm):
    name = forms.CharField(label=_("Name"), max_length=120)
    description = forms.CharField(
        label=_("Description (optional)"), required=False, max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("What the players should know: when and where, the prize."))
    season = forms.ModelChoiceField(queryset=Season.objects.none(), label=_("Season"),
                                    required=False, empty_label=_("A new season (name it below)"))
    new_season = forms.CharField(label=_("New season's name"), required=False, max_length=120,
                                 help_text=_("Only for a season not in the list."))
    format = forms.ChoiceField(label=_("Format"), choices=Competition.Format.choices,
                               widget=forms.RadioSelect, initial=Competition.Format.LEAGUE)
    swiss_rounds = forms.IntegerField(label=_("Swiss rounds"), required=False, min_value=1,
                                      max_value=50, error_messages={
                                          "min_value": _("A Swiss plays at least one round: give "
                                                       "its number of rounds."),
                                          "max_value": _("A Swiss plays at most 50 rounds.")},
                                      help_text=_("At most one fewer than the players."),
                                      widget=forms.NumberInput(attrs=NUMBER))
    double_round_robin = forms.BooleanField(label=_("Double round robin (play everyone twice)"),
                                            required=False)
    third_place_match = forms.BooleanField(label=_("Match for third place"), required=False)
    bracket_reset = forms.BooleanField(
        label=_("Bracket reset"), required=False, initial=True,
        help_text=_("If the losers' bracket winner wins the grand final, a second final "
                  "decides."))
    ladder_reach = forms.IntegerField(
        label=_("Challenge reach (places up)"), required=False, min_value=1, max_value=20,
        initial=3, widget=forms.NumberInput(attrs=NUMBER))
    ladder_days = forms.IntegerField(
        label=_("Days to play a challenge"), required=False, min_value=1, max_value=60, initial=7,
        help_text=_("Then the challenged forfeits."),
        widget=forms.NumberInput(attrs=NUMBER))
    ladder_rematch_days = forms.IntegerField(
        label=_("Days before a rematch"), required=False, min_value=0, max_value=365, initial=14,
        widget=forms.NumberInput(attrs=NUMBER))
    stages = forms.ChoiceField(
        label=_("Stages"), required=False, widget=forms.RadioSelect, initial="",
        choices=[("", _("One stage, in the format above")),
                 (STAGES_GROUPS, _("Round-robin groups first")),
                 (STAGES_SWISS, _("A Swiss first (its rounds above)"))])
    stage_groups = forms.IntegerField(label=_("Groups"), required=False, min_value=1, max_value=26,
                                      initial=4, help_text=_("Round-robin groups first only."),
                                      widget=forms.NumberInput(attrs=NUMBER))
    stage_dealing = forms.ChoiceField(label=_("Players are dealt into the groups"),
                                      choices=Stage.Dealing.choices, initial=Stage.Dealing.SNAKE,
                                      required=False)
    middle_count = forms.IntegerField(
        label=_("How many"), required=False, min_value=0,
        max_value=MOST_MIDDLE_STAGES, initial=0, widget=forms.NumberInput(attrs=NUMBER),
        help_text=format_lazy(_("Between the first stage and the last, up to {most}."), most=MOST_MIDDLE_STAGES))
    final_kind = forms.ChoiceField(label=_("The last stage is"), choices=FINAL_KINDS,
                                   initial=Stage.Kind.SINGLE_ELIMINATION, required=False,
                                   widget=forms.RadioSelect)
    final_groups = forms.IntegerField(
        label=_("Its groups (round-robin groups only)"), required=False, min_value=1,
        max_value=26, initial=1, widget=forms.NumberInput(attrs=NUMBER))
    stage_qualify = forms.ChoiceField(label=_("Who goes through"), choices=Stage.Qualify.choices,
                                      initial=Stage.Qualify.EACH_GROUP, required=False)
    stage_qualifiers = forms.IntegerField(label=_("K (players going through)"), required=False,
                                          min_value=1, max_value=64, initial=2,
                                          widget=forms.NumberInput(attrs=NUMBER))
    stage_seeding = forms.ChoiceField(label=_("The last stage is seeded"), required=False,
                                      choices=Stage.Seeding.choices,
                                      initial=Stage.Seeding.CROSS_GROUP)
    preset = forms.ChoiceField(label=_("Ruleset"), choices=list(PRESET_NAMES.items()),
                               widget=forms.RadioSelect, initial="standard")
    match_format = forms.ChoiceField(label=_("A match is"), choices=Competition.MatchFormat.choices,
                                     initial=Competition.MatchFormat.FIRST_TO)
    match_games = forms.IntegerField(label=_("Games (N)"), min_value=1, max_value=99, initial=1,
                                     widget=forms.NumberInput(attrs=NUMBER))
    hollywood_columns = forms.IntegerField(
        label=_("Hollywood columns"), required=False, min_value=1, max_value=9, initial=3,
        help_text=_("Hollywood only: the columns scored at once (usually three)."),
        widget=forms.NumberInput(attrs=NUMBER))
    hollywood_target = forms.IntegerField(
        label=_("Column target"), required=False, min_value=1, max_value=1000,
        help_text=_("Hollywood only: the points that close a column (empty: the ruleset's target)."),
        widget=forms.NumberInput(attrs=NUMBER))
    hollywood_winner = forms.ChoiceField(
        label=_("The Hollywood match is won on"), required=False,
        choices=[(HollywoodWinner.TOTAL_POINTS.value,
                  _("The total over the columns (Hoyle: each column won by the difference)")),
                 (HollywoodWinner.MOST_COLUMNS.value,
                  _("The most columns won (a club convention)"))],
        initial=HollywoodWinner.TOTAL_POINTS.value)
    points_win = forms.IntegerField(label=_("Win"), min_value=0, max_value=99, initial=2,
                                    widget=forms.NumberInput(attrs=NUMBER))
    points_draw = forms.IntegerField(label=_("Draw"), min_value=0, max_value=99, initial=1,
                                     widget=forms.NumberInput(attrs=NUMBER))
    points_loss = forms.IntegerField(label=_("Loss"), min_value=0, max_value=99, initial=0,
                                     widget=forms.NumberInput(attrs=NUMBER))

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["season"].queryset = Season.objects.filter(club=club)
        self.fields["season"].label_from_instance = lambda season: season.name
        self.fields |= house_rule_form_fields() | tiebreak_form_fields() | middle_stage_form_fields()
        seasons = list(self.fields["season"].queryset[:1])
        if seasons and "season" not in self.initial:
            self.initial["season"] = seasons[0].pk
        if "preset" in self.fields and club.default_ruleset in PRESETS:
            self.initial.setdefault("preset", club.default_ruleset)

    # Groups for the template ---------------------------------------------------------------

    def format_groups(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """(format, its name, its options) for each format that has options."""
        names = dict(Competition.Format.choices)
        return [(format, names[format], [self[name] for name in options])
                for format, options in FORMAT_OPTIONS.items()]

    def chosen_format(self) -> str:
        return self["format"].value() or Competition.Format.LEAGUE

    def chosen_preset(self) -> str:
        preset = self["preset"].value()
        return preset if preset in PRESETS else "standard"

    def show_preset(self) -> None:
        """Each house rule shows the chosen preset's value: the number inputs as placeholder,
        the lists in their first option."""
        preset = self.chosen_preset()
        for name in HOUSE_RULES:
            value = preset_value(preset, "big_gin_bonus" if name == "big_gin" else name)
            field = self.fields[name]
            if isinstance(field, forms.IntegerField):
                field.widget.attrs["placeholder"] = str(shown_value(value))
            else:
                shown = (_("played") if value != "none" else _("not played")) \
                    if name == "big_gin" else shown_value(value)
                field.choices = [("", _("As the preset: %(value)s") % {"value": shown}),
                                 *field.choices[1:]]

    def house_rule_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in HOUSE_RULES]

    def house_rules_touched(self) -> bool:
        """A house rule was typed or refused: its part of the form opens."""
        return any(f.value() or f.errors for f in self.house_rule_fields())

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{t.value}"] for t in Tiebreak]

    # Checks --------------------------------------------------------------------------------

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self._check_season(data)
        self.check_stages(data)
        if (data.get("format") == Competition.Format.SWISS and not data.get("swiss_rounds")
                and "swiss_rounds" not in self.errors):  # a number refused says so already
            self.add_error("swiss_rounds", _("A Swiss needs its number of rounds."))
        self._check_points(data)
        self._check_house_rules(data)
        self._check_tiebreaks(data)
        self._check_hollywood(data)
        return data

    def _check_points(self, data: dict) -> None:
        win, loss = data.get("points_win"), data.get("points_loss")
        if win is not None and loss is not None and win <= loss:
            self.add_error("points_win", _("A win must be worth more than a loss: here a win is worth %(win)s and a loss %(loss)s.") % {"win": win, "loss": loss})

    def _check_hollywood(self, data: dict) -> None:
        if data.get("match_format") != Competition.MatchFormat.HOLLYWOOD:
            return
        try:
            HollywoodFormat.from_dict(self._hollywood(data))
        except InvalidRuleset as error:
            self.add_error("hollywood_target", str(error).capitalize() + ".")

    @staticmethod
    def _hollywood(data: dict) -> dict[str, Any]:
        return {"columns": data.get("hollywood_columns") or 3,
                "target": data.get("hollywood_target"),
                "winner_by": data.get("hollywood_winner") or HollywoodWinner.TOTAL_POINTS.value}

    def shown_again(self) -> None:
        """The form as typed, shown again without checking it (the organizer asked for more
        group stages): no answer is refused yet."""
        self._errors = ErrorDict()
        self.cleaned_data = {}

    def _check_season(self, data: dict) -> None:
        if data.get("season") is None and not data.get("new_season", "").strip():
            self.add_error("new_season", _("Choose a season above, or name the new one here."))

    def _check_house_rules(self, data: dict) -> None:
        preset = data.get("preset")
        if preset not in PRESETS:
            return
        for name, value in self._house_rule_values(data).items():
            try:
                Ruleset.preset(preset).but(**{name: value})
            except (InvalidRuleset, TypeError) as error:
                self.add_error(name, worded_for(str(error), name))

    def _check_tiebreaks(self, data: dict) -> None:
        seen: dict[int, str] = {}
        for t in Tiebreak:
            place = data.get(f"tiebreak_{t.value}")
            if place is None:
                continue
            if place in seen:
                taken = TIEBREAK_LABELS[Tiebreak(seen[place])]
                self.add_error(f"tiebreak_{t.value}", _("Place %(place)s is taken by %(taken)s: give each tiebreak its own place.") % {"place": place, "taken": taken})
            seen[place] = t.value

    # What the service is given -------------------------------------------------------------

    def _house_rule_values(self, data: dict) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for name in NUMBERS:
            if data.get(name) is not None:
                values[name] = data[name]
        if data.get("big_gin") == "no":
            values["big_gin_bonus"] = None
        elif data.get("big_gin") == "yes" and data.get("big_gin_bonus") is None:
            values["big_gin_bonus"] = PRESETS[data["preset"]].big_gin_bonus or 31
        for name in FLAGS:
            if data.get(name):
                values[name] = data[name] == "yes"
        for name in CHOICES:
            if data.get(name):
                values[name] = data[name]
        return values

    def house_rules(self) -> dict[str, Any]:
        return self._house_rule_values(self.cleaned_data)

    def tiebreaks(self) -> list[str]:
        data = self.cleaned_data
        placed = [(data[f"tiebreak_{t.value}"], t.value) for t in Tiebreak
                  if data.get(f"tiebreak_{t.value}") is not None]
        return [name for _place, name in sorted(placed)]

    def settings(self) -> dict[str, Any]:
        """The competition's own settings, as create_competition takes them."""
        data = self.cleaned_data
        swiss = data["format"] == Competition.Format.SWISS
        return {
            "match_format": data["match_format"], "match_games": data["match_games"],
            "points_win": data["points_win"], "points_draw": data["points_draw"],
            "points_loss": data["points_loss"], "tiebreaks": self.tiebreaks(),
            "double_round_robin": data["double_round_robin"],
            "third_place_match": data["third_place_match"],
            "bracket_reset": data["bracket_reset"],
            "swiss_rounds": data["swiss_rounds"] if swiss else None,
            "ladder_reach": data.get("ladder_reach") or 3,
            "ladder_days": data.get("ladder_days") or 7,
            "ladder_rematch_days": (14 if data.get("ladder_rematch_days") is None
                                    else data["ladder_rematch_days"]),
            "hollywood": (self._hollywood(data)
                          if data["match_format"] == Competition.MatchFormat.HOLLYWOOD else {}),
        }


def initial_of(competition: Competition) -> dict[str, Any]:
    """The form's answers for an existing competition: its preset is the one its rules differ
    least from, and the differences are its house rules."""
    rules = competition.ruleset
    preset = min(PRESETS, key=lambda p: (len(house_rule_differences(p, rules)), p != "standard"))
    initial: dict[str, Any] = {
        "name": competition.name, "description": competition.description,
        "season": competition.season_id, "format": competition.format, "preset": preset,
        **{field: getattr(competition, field) for field in (
            "swiss_rounds", "double_round_robin", "third_place_match", "bracket_reset",
            "match_format", "match_games", "points_win", "points_draw", "points_loss")},
        **{f"tiebreak_{name}": place for place, name in enumerate(competition.tiebreaks, 1)},
        **stage_initial(competition),
    }
    for name, value in house_rule_differences(preset, rules).items():
        if name == "big_gin_bonus" and value is None:
            initial["big_gin"] = "no"
        elif isinstance(value, bool):
            initial[name] = "yes" if value else "no"
        else:
            initial[name] = value
    return initial
