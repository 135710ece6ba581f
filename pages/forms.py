"""Forms of a club's own settings: starting a club, editing it, inviting an organizer."""

from __future__ import annotations

import zoneinfo

from django import forms

from core.forms import ServiceErrorForm
from gameplay.engine import PRESETS

RULESET_NAMES = {"standard": "Standard", "classic": "Classic", "oklahoma": "Oklahoma"}


def _zones() -> list[tuple[str, str]]:
    return [(zone, zone.replace("_", " ")) for zone in sorted(zoneinfo.available_timezones())
            if "/" in zone or zone == "UTC"]


class ClubForm(ServiceErrorForm):
    name = forms.CharField(label="Club name", max_length=120)
    description = forms.CharField(
        label="Short description (optional)", max_length=300, required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Where and when you play, in a sentence or two.")
    time_zone = forms.ChoiceField(label="Time zone", initial="Europe/London",
                                  help_text="Match times and closing times are in it.")
    default_ruleset = forms.ChoiceField(
        label="The club's ruleset", initial="standard",
        help_text="New competitions start from it; each can add house rules.")
    is_public = forms.TypedChoiceField(
        label="Who sees the club's pages", coerce=lambda value: value == "public",
        choices=[("public", "Everyone (public)"),
                 ("members", "Members only: the organizers and the club's players")],
        initial="public")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = _zones()
        self.fields["default_ruleset"].choices = [
            (name, RULESET_NAMES.get(name, name.title())) for name in PRESETS]

    @classmethod
    def of(cls, club, data=None) -> ClubForm:
        initial = {field: getattr(club, field) for field in
                   ("name", "description", "time_zone", "default_ruleset")}
        initial["is_public"] = "public" if club.is_public else "members"
        return cls(data, initial=initial)


class InviteForm(ServiceErrorForm):
    email = forms.EmailField(label="Their email address")


class RenamePlayerForm(ServiceErrorForm):
    name = forms.CharField(label="New name", max_length=120)


class MergePlayerForm(ServiceErrorForm):
    """The other record of the same person, to be merged into this one."""

    merged = forms.ModelChoiceField(
        queryset=None, label="The other record of this person",
        help_text="Its entries, games, results and account move here; it is then deleted.",
        error_messages={"required": "Choose the player to merge into this one.",
                        "invalid_choice": "Choose a player of the club from the list."})
    confirm = forms.BooleanField(
        label="I am sure: these are the same person", error_messages={
            "required": "Tick the box to say these are the same person."})

    def __init__(self, *args, player, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["merged"].queryset = player.club.players.exclude(pk=player.pk)


class JoinForm(ServiceErrorForm):
    name = forms.CharField(label="Your name as the club knows it", max_length=120,
                           help_text="The name you play under: first name and surname.")
