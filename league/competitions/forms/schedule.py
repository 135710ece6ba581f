"""Forms of a schedule. Dates and times are typed in the club's time zone: the view activates it
(league.core.views.in_club_zone), and Django reads a typed time in the active zone."""

from __future__ import annotations

from django import forms

from league.core.dates import BoundedDateField, BoundedDateTimeField
from league.core.forms import ServiceErrorForm

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class RoundDatesForm(ServiceErrorForm):
    starts_on = BoundedDateField(label="Starts on (optional)", required=False, widget=DATE)
    play_by = BoundedDateField(label="Play by", required=False, widget=DATE)


class WeeklyDatesForm(ServiceErrorForm):
    """Every round dated a week apart from the first round's start (each round changes after)."""

    first = BoundedDateField(
        label="The first round starts on", widget=DATE,
        error_messages={"required": "Give the date the first round starts on."},
        help_text="Each round after starts a week later; each is played by the day before the "
                  "next one starts.")


class MatchTimeForm(ServiceErrorForm):
    at = BoundedDateTimeField(label="Time", required=False, widget=MOMENT,
                             help_text="Leave empty for no time.")
    table = forms.CharField(label="Table (optional)", max_length=20, required=False)


class ProposeTimeForm(ServiceErrorForm):
    at = BoundedDateTimeField(label="Propose a time", widget=MOMENT,
                             help_text="Your opponent accepts it, or proposes another.")


OVERDUE_CHOICES = [("extend", "Extend to a new date"),
                   ("A", "Forfeit: the first player conceded"),
                   ("B", "Forfeit: the second player conceded"),
                   ("both", "Double forfeit: nobody wins")]


class OverdueForm(ServiceErrorForm):
    """What the organizer does about an overdue match."""

    choice = forms.ChoiceField(label="Do", choices=OVERDUE_CHOICES, widget=forms.RadioSelect,
                               initial="extend")
    play_by = BoundedDateField(label="New play-by date (to extend)", required=False,
                              widget=DATE)

    def __init__(self, *args, names: tuple[str, str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if names:
            self.fields["choice"].choices = [
                ("extend", "Extend to a new date"),
                ("A", f"Forfeit: {names[0]} conceded, {names[1]} wins"),
                ("B", f"Forfeit: {names[1]} conceded, {names[0]} wins"),
                ("both", "Double forfeit: nobody wins")]

    def clean(self) -> dict:
        data = super().clean()
        if data.get("choice") == "extend" and not data.get("play_by"):
            self.add_error("play_by", "Give the new play-by date.")
        return data
