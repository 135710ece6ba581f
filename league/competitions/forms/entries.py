"""The organizer's smaller forms: a new player, entrants, seeds, the start, a withdrawal and a
decision about a match the bracket moved away from."""

from __future__ import annotations

from django import forms

from league.clubs.models import Player
from league.competitions.models import Competition, Entry
from league.core.dates import BoundedDateTimeField
from league.core.forms import ServiceErrorForm, comment_field

NUMBER = {"inputmode": "numeric"}


class AddPlayerForm(ServiceErrorForm):
    name = forms.CharField(label="Name", max_length=120)
    email = forms.EmailField(
        label="Email (optional)", required=False,
        help_text="We send the player a link to create their account and claim this player.",
    )


class RegisterForm(ServiceErrorForm):
    """The club's players to enter (checkboxes)."""

    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(), label="Players of the club",
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Tick the players to enter."},
    )

    def __init__(self, *args, candidates=None, **kwargs) -> None:
        """`candidates`: the players that may be ticked (none: the form is only shown empty)."""
        super().__init__(*args, **kwargs)
        if candidates is not None:
            self.fields["players"].queryset = candidates


class NewEntrantForm(ServiceErrorForm):
    name = forms.CharField(label="A new player's name", max_length=120,
                           help_text="Added to the club and entered at once.")


class SeedsForm(ServiceErrorForm):
    """A seed number for each entry, 1 the strongest."""

    def __init__(self, *args, entries: list[Entry], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.entries = entries
        for entry in entries:
            self.fields[f"seed_{entry.pk}"] = forms.IntegerField(
                label=f"Seed of {entry.player.name}", min_value=1, max_value=len(entries),
                initial=entry.seed, widget=forms.NumberInput(attrs={**NUMBER, "class": "seed"}),
                error_messages={"required": "Give every player a seed."},
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
                               f"{taken[seed]} is seed {seed} already: give each player their own.")
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
        label="Seed the draw", widget=forms.RadioSelect, initial=Competition.Seeding.ENTERED,
        choices=[(Competition.Seeding.ENTERED, "By hand (the default): the seeds above, in the "
                  "order shown, then the unseeded in the order of entry"),
                 (Competition.Seeding.RATING, "By rating: the highest rated first; the unrated "
                  "after, in the order of entry"),
                 (Competition.Seeding.RANDOM, "At random: the draw's seed is shown afterwards, "
                  "so that the draw can be reproduced")],
    )


class SwissStartForm(StartForm):
    """A Swiss's start also says where round 1 is paired."""

    first_round = forms.ChoiceField(
        label="Round 1", widget=forms.RadioSelect, initial="now",
        choices=[("now", "Pair it now from every entry"),
                 ("night", "Pair it at a club night, from the players who check in")],
    )


class WithdrawForm(ServiceErrorForm):
    comment = comment_field("Why (optional)", help_text="Kept in the history of each match.")


class DecisionForm(ServiceErrorForm):
    decision = forms.ChoiceField(
        label="Decision", widget=forms.RadioSelect,
        choices=[("reset", "Reset: void its games, seat the players the results give now"),
                 ("keep", "Keep it as played")],
    )
    comment = comment_field("Comment", help_text="Kept in the match history.")

    def __init__(self, *args, whole_stage: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if whole_stage:  # a played group stage whose qualifiers a correction changed
            self.fields["decision"].choices = [
                ("reset", "Draw the stage again from the corrected qualifiers (its matches so "
                          "far removed)"),
                ("keep", "Keep the stage as drawn, with the players who play it")]


class QualifiersForm(ServiceErrorForm):
    """Players level at a stage's cut line: who takes each of the places, in order."""

    def __init__(self, *args, tied: list[tuple[int, str]], places: int, first: int,
                 **kwargs) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "Choose a player")] + [(str(pk), name) for pk, name in tied]
        for n in range(places):
            self.fields[f"place_{n + 1}"] = forms.ChoiceField(label=f"Place {first + n}",
                                                              choices=choices)

    def clean(self) -> dict:
        data = super().clean()
        chosen = [v for k, v in data.items() if k.startswith("place_")]
        if len(set(chosen)) != len(chosen):
            raise forms.ValidationError("Choose each player once.")
        return data

    def players(self) -> list[int]:
        data = self.cleaned_data
        return [int(data[f"place_{n}"]) for n in range(1, len(data) + 1)
                if f"place_{n}" in data]


class PlayerListForm(ServiceErrorForm):
    """Many players: pasted one a line, or a CSV file of the same two columns."""

    text = forms.CharField(
        label="Players, one a line", required=False, max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 10, "placeholder": "Ann One\nBob Two, bob@example.org"}),
        help_text="Name, or Name, email. With an email, the player is sent a link to claim it.")
    file = forms.FileField(label="Or a CSV file", required=False,
                           help_text="Two columns: name, email (optional). UTF-8.")

    def clean(self) -> dict:
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > 200_000:
                raise forms.ValidationError("The file is too big: at most 200 kB.")
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text: save it as CSV "
                                            "UTF-8 and try again.") from None
            data["is_csv"] = True
        elif not data.get("text", "").strip():
            raise forms.ValidationError("Paste the players, one a line, or choose a CSV file.")
        return data


class RegistrationForm(ServiceErrorForm):
    """Sign-ups opened with an optional closing time (in the club's time zone) and cap."""

    closes_at = BoundedDateTimeField(
        label="Sign-ups close (optional)", required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text="Empty: open until you start the competition.")
    cap = forms.IntegerField(label="Most players (optional)", required=False, min_value=2,
                             max_value=1000, widget=forms.NumberInput(attrs=NUMBER))
