"""The competition form's stages: the options of each format, the group stages in between
(as many as asked for), the last stage's kinds, and the plan of the stages read from them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.competitions.formats.stage_plans import StagePlan
from league.competitions.forms.house_rules import NUMBER
from league.competitions.models import Competition, Stage
from league.core.numbers import ascii_int

# The options of one format only, shown under that format's name (with JavaScript, only the
# chosen format's group is shown: static/js/site.js).
FORMAT_OPTIONS = {
    Competition.Format.LEAGUE: ("double_round_robin",),
    Competition.Format.SINGLE_ELIMINATION: ("third_place_match",),
    Competition.Format.DOUBLE_ELIMINATION: ("bracket_reset",),
    Competition.Format.SWISS: ("swiss_rounds",),
    Competition.Format.LADDER: ("ladder_reach", "ladder_days", "ladder_rematch_days"),
}


STAGES_GROUPS = "groups_knockout"


STAGES_SWISS = "swiss_knockout"


MOST_MIDDLE_STAGES = 8  # the group stages the form offers between the first and the last


MIDDLE_STAGES = tuple(range(1, MOST_MIDDLE_STAGES + 1))


# The kinds the last stage may be: a knockout, or round-robin groups (one group: a final group).
FINAL_KINDS = [
    (Stage.Kind.SINGLE_ELIMINATION, _("A single elimination knockout")),
    (Stage.Kind.DOUBLE_ELIMINATION, _("A double elimination knockout")),
    (Stage.Kind.GROUPS, _("Round-robin groups (one group: a final group)")),
]


def middle_stage_form_fields() -> dict[str, forms.Field]:
    """Group stages between the first stage and the last (left empty: none)."""
    fields: dict[str, forms.Field] = {}
    for n in MIDDLE_STAGES:
        fields |= {
            f"middle_{n}_groups": forms.IntegerField(
                label=_("Groups (empty: no such stage)"), required=False, min_value=1,
                max_value=26, widget=forms.NumberInput(attrs=NUMBER)),
            f"middle_{n}_dealing": forms.ChoiceField(
                label=_("How its groups are dealt"), choices=Stage.Dealing.choices,
                initial=Stage.Dealing.SNAKE, required=False),
            f"middle_{n}_qualify": forms.ChoiceField(
                label=_("Qualifying for this stage"), choices=Stage.Qualify.choices,
                initial=Stage.Qualify.EACH_GROUP, required=False),
            f"middle_{n}_qualifiers": forms.IntegerField(
                label=_("K (qualifiers for this stage)"), required=False, min_value=1,
                max_value=64, widget=forms.NumberInput(attrs=NUMBER)),
            f"middle_{n}_seeding": forms.ChoiceField(
                label=_("Dealt in snake order by"), required=False,
                initial=Stage.Seeding.STANDING,
                choices=[c for c in Stage.Seeding.choices if c[0] != Stage.Seeding.CROSS_GROUP]),
        }
    return fields


def stage_initial(competition: Competition) -> dict[str, Any]:
    """The stages' answers: the first stage, the group stages in between, the last."""
    stages = list(competition.stages.order_by("order"))
    if len(stages) < 2:
        return {}
    first, *middle, last = stages
    initial: dict[str, Any] = {
        "stages": STAGES_SWISS if first.kind == Stage.Kind.SWISS else STAGES_GROUPS,
        "stage_qualify": last.qualify, "stage_qualifiers": last.qualifiers,
        "stage_seeding": last.seeding, "middle_count": len(middle),
        "final_kind": Stage.Kind.GROUPS if last.kind == Stage.Kind.LEAGUE else last.kind,
        "final_groups": last.groups or 1,
    }
    if first.kind != Stage.Kind.SWISS:
        initial |= {"stage_groups": first.groups, "stage_dealing": first.dealing}
    for n, stage in zip(MIDDLE_STAGES, middle, strict=False):
        initial |= {f"middle_{n}_groups": stage.groups, f"middle_{n}_dealing": stage.dealing,
                    f"middle_{n}_qualify": stage.qualify,
                    f"middle_{n}_qualifiers": stage.qualifiers,
                    f"middle_{n}_seeding": stage.seeding}
    return initial


class StagesFormMixin:
    """The stage fields of the competition form: checked together, read as the plan of the
    stages, and shown with as many group stages in between as asked for or filled in."""

    def check_stages(self, data: dict) -> None:
        """In stages the first stage sets the format; group stages in between name their groups
        and who goes through to them, each filled in after the one before; the last stage is a
        knockout (single or double elimination) or round-robin groups."""
        if data.get("stages") == STAGES_GROUPS:
            data["format"] = Competition.Format.LEAGUE
            if not data.get("stage_groups"):
                self.add_error("stage_groups", _("Say how many groups the first stage has."))
        elif data.get("stages") == STAGES_SWISS:
            data["format"] = Competition.Format.SWISS
        if not data.get("stages"):
            return
        if not data.get("stage_qualifiers"):
            self.add_error("stage_qualifiers", _("Say how many go through to the last stage."))
        final = data.get("final_kind") or Stage.Kind.SINGLE_ELIMINATION
        if final == Stage.Kind.GROUPS and data.get("stage_seeding") == Stage.Seeding.CROSS_GROUP:
            self.add_error("stage_seeding", _("Cross-group seeding is a knockout's: groups are "
                           "dealt by standing or by rating."))
        for n in MIDDLE_STAGES:
            if data.get(f"middle_{n}_groups") and not data.get(f"middle_{n}_qualifiers"):
                self.add_error(f"middle_{n}_qualifiers",
                               _("Say how many go through to this group stage."))
            if n > 1 and data.get(f"middle_{n}_groups") and not data.get(f"middle_{n - 1}_groups"):
                self.add_error(f"middle_{n}_groups", _("Fill in the group stage above first."))
            if data.get(f"middle_{n}_seeding") == Stage.Seeding.CROSS_GROUP:
                self.add_error(f"middle_{n}_seeding",
                               _("Groups are dealt by standing or by rating; cross-group seeding "
                               "is the knockout's."))

    def stage_plans(self) -> list[StagePlan]:
        """The stages in order: the first, any group stages in between, the last."""
        data = self.cleaned_data
        if not data.get("stages"):
            return []
        dealing = data.get("stage_dealing") or Stage.Dealing.SNAKE
        first = (StagePlan(Stage.Kind.GROUPS, groups=data["stage_groups"], dealing=dealing)
                 if data["stages"] == STAGES_GROUPS else StagePlan(Stage.Kind.SWISS))
        middle = [
            StagePlan(Stage.Kind.GROUPS, groups=data[f"middle_{n}_groups"],
                      dealing=data.get(f"middle_{n}_dealing") or Stage.Dealing.SNAKE,
                      qualify=data.get(f"middle_{n}_qualify") or Stage.Qualify.EACH_GROUP,
                      qualifiers=data[f"middle_{n}_qualifiers"],
                      seeding=data.get(f"middle_{n}_seeding") or Stage.Seeding.STANDING)
            for n in MIDDLE_STAGES if data.get(f"middle_{n}_groups")
        ]
        final = data.get("final_kind") or Stage.Kind.SINGLE_ELIMINATION
        return [first, *middle, StagePlan(
            final, groups=(data.get("final_groups") or 1) if final == Stage.Kind.GROUPS else 0,
            qualify=data["stage_qualify"] or Stage.Qualify.OVERALL,
            qualifiers=data["stage_qualifiers"],
            seeding=data["stage_seeding"] or Stage.Seeding.STANDING)]

    def shown_middle(self) -> int:
        """How many group stages in between the form shows: the number asked for, and at least
        every one filled in."""
        asked = self["middle_count"].value()
        count = asked if isinstance(asked, int) else ascii_int(asked, digits=2) or 0
        filled = [n for n in MIDDLE_STAGES if self[f"middle_{n}_groups"].value()]
        return max(0, min(max(count, *filled, 0), MOST_MIDDLE_STAGES))

    def middle_stages(self) -> list[tuple[int, list[forms.BoundField]]]:
        """(its number among the stages, its fields) for each group stage in between shown."""
        return [(n + 1, [self[f"middle_{n}_{name}"] for name in
                         ("groups", "dealing", "qualify", "qualifiers", "seeding")])
                for n in MIDDLE_STAGES[:self.shown_middle()]]

    def last_stage_number(self) -> int:
        return self.shown_middle() + 2
