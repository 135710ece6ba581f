"""The organizer's groups of a stage dealt by hand: a group chosen for each player."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from league.competitions.algorithms.groups import group_label
from league.core.forms import ServiceErrorForm


class DealingForm(ServiceErrorForm):
    """A select per player (in seed order) of the groups A, B, ...; every player in exactly one
    group, every group of two or more, and the groups' sizes within one of each other unless the
    organizer says they are meant to differ."""

    uneven = forms.BooleanField(
        label=_("The groups are meant to differ in size by more than one"), required=False)

    def __init__(self, *args, players: list[tuple[int, str]], groups: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        most = max(1, len(players) // 2)  # groups of two or more
        self.labels = [group_label(i) for i in range(max(most, groups))]
        choices = [("", _("Choose a group"))] + [
            (label, _("Group %(label)s") % {"label": label}) for label in self.labels
        ]
        self.planned = groups
        for pk, name in players:
            self.fields[f"p{pk}"] = forms.ChoiceField(
                label=name, choices=choices,
                error_messages={"required": _("Choose %(name)s's group.") % {"name": name}})
        self.order_fields([f"p{pk}" for pk, _name in players] + ["uneven"])

    def rows(self) -> list[forms.BoundField]:
        return [self[f"p{pk}"] for pk, _name in self.players]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        dealt: dict[str, list[int]] = {}
        for pk, _name in self.players:
            dealt.setdefault(data[f"p{pk}"], []).append(pk)
        groups = [dealt[label] for label in self.labels if label in dealt]
        small = [label for label in self.labels if len(dealt.get(label, ())) == 1]
        if small:
            raise forms.ValidationError(
                _("Group %(groups)s has one player: every group needs two or more.") % {"groups": ', '.join(small)})
        sizes = [len(g) for g in groups]
        if not data.get("uneven") and max(sizes) - min(sizes) > 1:
            raise forms.ValidationError(
                _("The groups' sizes differ by more than one (%(sizes)s): even them out, or tick "
                  "that they are meant to differ.") % {"sizes": ", ".join(
                    f"{label} {len(dealt[label])}" for label in self.labels if label in dealt)})
        data["groups"] = groups
        return data
