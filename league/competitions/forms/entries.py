"""The organizer's smaller forms: a new player, entrants, seeds, the start, a withdrawal and a
decision about a match the bracket moved away from."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Player
from league.competitions.models import Competition, Entry
from league.core.dates import BoundedDateTimeField
from league.core.forms import ServiceErrorForm, comment_field

NUMBER = {"inputmode": "numeric"}


class AddPlayerForm(ServiceErrorForm):
    name = forms.CharField(label=_("Name"), max_length=120)
    email = forms.EmailField(
        label=_("Email (optional)"), required=False,
        help_text=_("We send the player a link to create their account and claim this player."),
    )


class RegisterForm(ServiceErrorForm):
    """The club's players to enter (checkboxes)."""

    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(), label=_("Players of the club"),
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Tick the players to enter.")},
    )

    def __init__(self, *args, candidates=None, **kwargs) -> None:
        """`candidates`: the players that may be ticked (none: the form is only shown empty)."""
        super().__init__(*args, **kwargs)
        if candidates is not None:
            self.fields["players"].queryset = candidates


class NewEntrantForm(ServiceErrorForm):
    name = forms.CharField(label=_("A new player's name"), max_length=120,
                           help_text=_("Added to the club and entered at once."))


class SeedsForm(ServiceErrorForm):
    """A seed number for each entry, 1 the strongest."""

    def __init__(self, *args, entries: list[Entry], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.entries = entries
        for entry in entries:
            self.fields[f"seed_{entry.pk}"] = forms.IntegerField(
                label=_("Seed of %(name)s") % {"name": entry.player.name}, min_value=1, max_value=len(entries),
                initial=entry.seed, widget=forms.NumberInput(attrs={**NUMBER, "class": "seed"}),
                error_messages={"required": _("Give every player a seed.")},
            )

    def clean(self) -> dict:
        data = super().clean()
        taken: dict[int, str] = {}
        for entry in self.entries:
            seed = data.get(f"seed_{entry.pk}")
            if seed is None:
                continue
            if seed in taken:
                self.add_error(f"seed_{entry.pk}",
                               _("%(taken)s is seed %(seed)s already: give each player their own.") % {"taken": taken[seed], "seed": seed})
            taken[seed] = entry.player.name
        return data

    def order(self) -> list[int]:
        """Entry ids, seed 1 first."""
        return sorted((e.pk for e in self.entries),
                      key=lambda pk: self.cleaned_data[f"seed_{pk}"])

    def rows(self) -> list[tuple[Entry, forms.BoundField]]:
        return [(entry, self[f"seed_{entry.pk}"]) for entry in self.entries]


class StartForm(ServiceErrorForm):
    seeding = forms.ChoiceField(
        label=_("Seed the draw"), widget=forms.RadioSelect, initial=Competition.Seeding.ENTERED,
        choices=[(Competition.Seeding.ENTERED, _("By hand (the default): the seeds above, in the "
                  "order shown, then the unseeded in the order of entry")),
                 (Competition.Seeding.RATING, _("By rating: the highest rated first; the unrated "
                  "after, in the order of entry")),
                 (Competition.Seeding.RANDOM, _("At random: the draw's seed is shown afterwards, "
                  "so that the draw can be reproduced"))],
    )


class SwissStartForm(StartForm):
    """A Swiss's start also says where round 1 is paired."""

    first_round = forms.ChoiceField(
        label=_("Round 1"), widget=forms.RadioSelect, initial="now",
        choices=[("now", _("Pair it now from every entry")),
                 ("night", _("Pair it at a club night, from the players who check in"))],
    )


class WithdrawForm(ServiceErrorForm):
    comment = comment_field(_("Why (optional)"), help_text=_("Kept in the history of each match."))


class DecisionForm(ServiceErrorForm):
    decision = forms.ChoiceField(
        label=_("Decision"), widget=forms.RadioSelect,
        choices=[("reset", _("Reset: void its games, seat the players the results give now")),
                 ("keep", _("Keep it as played"))],
    )
    comment = comment_field(_("Comment"), help_text=_("Kept in the match history."))

    def __init__(self, *args, whole_stage: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if whole_stage:  # a played group stage whose qualifiers a correction changed
            self.fields["decision"].choices = [
                ("reset", _("Draw the stage again from the corrected qualifiers (its matches so "
                            "far removed)")),
                ("keep", _("Keep the stage as drawn, with the players who play it"))]


class QualifiersForm(ServiceErrorForm):
    """Players level at a stage's cut line: who takes each of the places, in order."""

    def __init__(self, *args, tied: list[tuple[int, str]], places: int, first: int,
                 **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", _("Choose a player"))] + [(str(pk), name) for pk, name in tied]
        for n in range(places):
            self.fields[f"place_{n + 1}"] = forms.ChoiceField(label=_("Place %(place)s") % {"place": first + n},
                                                              choices=choices)

    def clean(self) -> dict:
        data = super().clean()
        chosen = [v for k, v in data.items() if k.startswith("place_")]
        if len(set(chosen)) != len(chosen):
            raise forms.ValidationError(_("Choose each player once."))
        return data

    def players(self) -> list[int]:
        data = self.cleaned_data
        return [int(data[f"place_{n}"]) for n in range(1, len(data) + 1)
                if f"place_{n}" in data]


class PlayerListForm(ServiceErrorForm):
    """Many players: pasted one a line, or a CSV file of the same two columns."""

    text = forms.CharField(
        label=_("Players, one a line"), required=False, max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 10, "placeholder": _("Ann One\nBob Two, bob@example.org")}),
        help_text=_("Name, or Name, email. With an email, the player is sent a link to claim it."))
    file = forms.FileField(label=_("Or a CSV file"), required=False,
                           help_text=_("Two columns: name, email (optional). UTF-8."))

    def clean(self) -> dict:
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > 200_000:
                raise forms.ValidationError(_("The file is too big: at most 200 kB."))
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text: save it as CSV "
                                            "UTF-8 and try again.")) from None
            data["is_csv"] = True
        elif not data.get("text", "").strip():
            raise forms.ValidationError(_("Paste the players, one a line, or choose a CSV file."))
        return data


class RegistrationForm(ServiceErrorForm):
    """Sign-ups opened with an optional closing time (in the club's time zone) and cap."""

    closes_at = BoundedDateTimeField(
        label=_("Sign-ups close (optional)"), required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Empty: open until you start the competition."))
    cap = forms.IntegerField(label=_("Most players (optional)"), required=False, min_value=2,
                             max_value=1000, widget=forms.NumberInput(attrs=NUMBER))
