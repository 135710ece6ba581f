"""Forms of a schedule. Dates and times are typed in the club's time zone: the view activates it
(league.core.views.in_club_zone), and Django reads a typed time in the active zone."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.core.dates import BoundedDateField, BoundedDateTimeField
from league.core.forms import ServiceErrorForm

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
MOMENT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class RoundDatesForm(ServiceErrorForm):
    starts_on = BoundedDateField(label=_("Starts on (optional)"), required=False, widget=DATE)
    play_by = BoundedDateField(label=_("Play by"), required=False, widget=DATE)


class WeeklyDatesForm(ServiceErrorForm):
    """Every round dated a week apart from the first round's start (each round changes after)."""

    first = BoundedDateField(
        label=_("The first round starts on"), widget=DATE,
        error_messages={"required": _("Give the date the first round starts on.")},
        help_text=_("Each round after starts a week later; each is played by the day before the "
                  "next one starts."))


class MatchTimeForm(ServiceErrorForm):
    at = BoundedDateTimeField(label=_("Time"), required=False, widget=MOMENT,
                             help_text=_("Leave empty for no time."))
    table = forms.CharField(label=_("Table (optional)"), max_length=20, required=False)


class ProposeTimeForm(ServiceErrorForm):
    at = BoundedDateTimeField(label=_("Propose a time"), widget=MOMENT,
                             help_text=_("Your opponent accepts it, or proposes another."))


OVERDUE_CHOICES = [("extend", _("Extend to a new date")),
                   ("A", _("Forfeit: the first player conceded")),
                   ("B", _("Forfeit: the second player conceded")),
                   ("both", _("Double forfeit: nobody wins"))]


class OverdueForm(ServiceErrorForm):
    """What the organizer does about an overdue match."""

    choice = forms.ChoiceField(label=_("Do"), choices=OVERDUE_CHOICES, widget=forms.RadioSelect,
                               initial="extend")
    play_by = BoundedDateField(label=_("New play-by date (to extend)"), required=False,
                              widget=DATE)

    def __init__(self, *args, names: tuple[str, str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if names:
            self.fields["choice"].choices = [
                ("extend", _("Extend to a new date")),
                ("A", _("Forfeit: %(loser)s conceded, %(winner)s wins")
                 % {"loser": names[0], "winner": names[1]}),
                ("B", _("Forfeit: %(loser)s conceded, %(winner)s wins")
                 % {"loser": names[1], "winner": names[0]}),
                ("both", _("Double forfeit: nobody wins"))]

    def clean(self) -> dict:
        data = super().clean()
        if data.get("choice") == "extend" and not data.get("play_by"):
            self.add_error("play_by", _("Give the new play-by date."))
        return data
