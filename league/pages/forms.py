"""Forms of a club's own settings: starting a club, editing it, inviting an organizer."""

from __future__ import annotations

import zoneinfo
from functools import cache

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from gameplay.engine import PRESETS
from league.core.forms import LongSelect, ServiceErrorForm

RULESET_NAMES = {"standard": _("Standard"), "classic": _("Classic"), "oklahoma": "Oklahoma"}


@cache
def _zones() -> list[tuple[str, str]]:
    return [(zone, zone.replace("_", " ")) for zone in sorted(zoneinfo.available_timezones())
            if "/" in zone or zone == "UTC"]


class ClubForm(ServiceErrorForm):
    name = forms.CharField(label=_("Club name"), max_length=120)
    description = forms.CharField(
        label=_("Short description (optional)"), max_length=300, required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Where and when you play, in a sentence or two."))
    time_zone = forms.ChoiceField(label=_("Time zone"), initial="Europe/London", widget=LongSelect,
                                  help_text=_("Match times and closing times are in it."))
    default_ruleset = forms.ChoiceField(
        label=_("The club's ruleset"), initial="standard",
        help_text=_("New competitions start from it; each can add house rules."))
    is_public = forms.TypedChoiceField(
        label=_("Who sees the club's pages"), coerce=lambda value: value == "public",
        choices=[("public", _("Everyone (public)")),
                 ("members", _("Members only: the organizers and the club's players"))],
        initial="public")
    default_language = forms.ChoiceField(
        label=_("The club's language"), choices=settings.LANGUAGES, required=False,
        initial=settings.LANGUAGE_CODE,
        help_text=_("Its pages are shown in it to a visitor who has chosen no language and "
                    "whose browser asks for none of the site's; its mails go in it to people "
                    "who have chosen none."))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = _zones()
        self.fields["default_ruleset"].choices = [
            (name, RULESET_NAMES.get(name, name.title())) for name in PRESETS]

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("default_language"):  # not sent (an older form): unchanged, or the site's
            data.pop("default_language", None)
        return data

    @classmethod
    def of(cls, club, data=None) -> ClubForm:
        initial = {field: getattr(club, field) for field in
                   ("name", "description", "time_zone", "default_ruleset",
                    "default_language")}
        initial["is_public"] = "public" if club.is_public else "members"
        return cls(data, initial=initial)


class InviteForm(ServiceErrorForm):
    email = forms.EmailField(label=_("Their email address"))


class ClubSettingsForm(ClubForm):
    """The club's settings: what it was started with, and how long a reported result waits
    for the opponent's confirmation before it is confirmed automatically."""

    confirm_automatically = forms.TypedChoiceField(
        label=_("A reported result nobody confirms nor disputes"),
        coerce=lambda value: value == "after", empty_value=None, required=False,
        widget=forms.RadioSelect,
        choices=[("after", _("Is confirmed automatically after the hours below")),
                 ("never", _("Waits until the opponent or an organizer acts (never automatic)"))],
        initial="after")
    confirm_within_hours = forms.IntegerField(
        label=_("Hours to confirm"), required=False, min_value=1,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("The opponent is told when a result is confirmed this way."))

    verify_at_table = forms.TypedChoiceField(
        label=_("At a club night's table"), coerce=lambda value: value == "yes",
        empty_value=None, required=False, widget=forms.RadioSelect,
        choices=[("yes", _("The opponent verifies a result entered at the table on the same "
                         "phone, with his name: it counts as confirmed by him")),
                 ("no", _("A result entered at the table waits for the opponent's account or "
                        "the organizer's desk"))],
        initial="yes")

    def clean(self) -> dict:
        data = super().clean()
        if data.get("confirm_automatically") and data.get("confirm_within_hours") is None \
                and "confirm_within_hours" not in self.errors:
            self.add_error("confirm_within_hours", _("Give the hours, or choose never."))
        return data

    def settings(self) -> dict:
        """The cleaned values as the club's settings (None hours: never). Neither choice sent
        (an older form): the hours, when given, else the club's setting stays."""
        data = dict(self.cleaned_data)
        if data.get("verify_at_table") is None:
            data.pop("verify_at_table", None)  # not sent: the club's setting stays
        automatic = data.pop("confirm_automatically")
        hours = data.pop("confirm_within_hours")
        if automatic is False:
            return {**data, "confirm_within_hours": None}
        return {**data, "confirm_within_hours": hours} if hours is not None else data

    @classmethod
    def of(cls, club, data=None) -> ClubSettingsForm:
        form = super().of(club, data)
        hours = club.confirm_within_hours
        form.initial |= {"confirm_automatically": "never" if hours is None else "after",
                         "confirm_within_hours": hours,
                         "verify_at_table": "yes" if club.verify_at_table else "no"}
        return form


class RenamePlayerForm(ServiceErrorForm):
    name = forms.CharField(label=_("New name"), max_length=120)


class MergePlayerForm(ServiceErrorForm):
    """The other record of the same person, to be merged into this one."""

    merged = forms.ModelChoiceField(
        queryset=None, label=_("The other record of this person"),
        help_text=_("Its entries, games, results and account move here; it is then deleted."),
        error_messages={"required": _("Choose the player to merge into this one."),
                        "invalid_choice": _("Choose a player of the club from the list.")})
    confirm = forms.BooleanField(
        label=_("I am sure: these are the same person"), error_messages={
            "required": _("Tick the box to say these are the same person.")})

    def __init__(self, *args, player, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["merged"].queryset = player.club.players.exclude(pk=player.pk)


class JoinForm(ServiceErrorForm):
    name = forms.CharField(label=_("Your name as the club knows it"), max_length=120,
                           help_text=_("The name you play under: first name and surname."))
