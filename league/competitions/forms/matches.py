"""Forms of the match page. They only parse what was typed; the services decide what is allowed
and say why not (a ServiceError with the field it is about)."""

from __future__ import annotations

from datetime import datetime

from django import forms
from django.utils.translation import gettext_lazy as _

from league.competitions.base.selectors import side_names
from league.competitions.models import Match
from league.core.dates import in_bounds
from league.core.forms import ServiceErrorForm, comment_field


class DisputeForm(ServiceErrorForm):
    comment = comment_field(
        _("What is wrong with the result?"), help_text=_("The club's organizer reads this.")
    )


class ResolveForm(ServiceErrorForm):
    decision = forms.ChoiceField(
        label=_("Decision"),
        choices=[
            ("uphold", _("Uphold the reported result")),
            ("reject", _("Reject it: the games reopen for correction")),
        ],
        widget=forms.RadioSelect,
    )
    comment = comment_field(_("Comment"), help_text=_("Kept in the match history."))

    @property
    def uphold(self) -> bool:
        return self.cleaned_data["decision"] == "uphold"


DRAW = "draw"


class CorrectForm(ServiceErrorForm):
    """An organizer's correction of a confirmed result."""

    winner = forms.ChoiceField(label=_("Winner"), widget=forms.RadioSelect)
    # Games won, as the results service takes them: 0 to 99.
    games_a = forms.IntegerField(min_value=0, max_value=99)
    games_b = forms.IntegerField(min_value=0, max_value=99)
    kind = forms.ChoiceField(
        label=_("How the match was decided"),
        choices=[(value, label) for value, label in Match.Kind.choices if value != Match.Kind.BYE],
    )
    comment = comment_field(_("Why is it corrected?"), help_text=_("Kept in the match history."))
    overrides_games = forms.BooleanField(
        required=False, label=_("This result overrides the games"),
        help_text=_("Only when it differs from the games on purpose (a director's penalty); the "
                  "reason above is then shown on the match page."))
    # When the result the organizer was shown was confirmed: a correction made meanwhile by
    # another organizer is not overwritten (results.correct_result's expected_confirmed_at).
    seen = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, match: Match, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        name_a, name_b = side_names(match)
        choices = [("A", name_a), ("B", name_b)]
        knockout = match.competition.is_knockout
        choices.append((DRAW, _("Nobody: a double forfeit") if knockout else _("Nobody: a draw")))
        self.fields["winner"].choices = choices
        self.fields["games_a"].label = _("Games won by %(name)s") % {"name": name_a}
        self.fields["games_b"].label = _("Games won by %(name)s") % {"name": name_b}

    @property
    def winner_side(self) -> str | None:
        winner = self.cleaned_data["winner"]
        return None if winner == DRAW else winner

    def clean_seen(self) -> datetime | None:
        text = self.cleaned_data["seen"]
        try:
            seen = datetime.fromisoformat(text) if text else None
        except ValueError:
            raise forms.ValidationError(_("Not a moment.")) from None
        if not in_bounds(seen):
            raise forms.ValidationError(_("Not a moment."))
        return seen

    @classmethod
    def for_match(cls, match: Match, **kwargs) -> CorrectForm:
        """The form filled with the result as it stands."""
        sides = {match.entry_a_id: "A", match.entry_b_id: "B"}
        winner = sides[match.winner_id] if match.winner_id else DRAW
        initial = {"winner": winner, "games_a": match.games_a, "games_b": match.games_b,
                   "kind": match.kind,
                   "seen": match.confirmed_at.isoformat() if match.confirmed_at else ""}
        return cls(match=match, initial=initial, **kwargs)



class ConfirmForPlayerForm(ServiceErrorForm):
    reason = comment_field(
        _("Why you confirm it for the player"),
        help_text=_("E.g. “B has no account; agreed at the table”. Kept in the match history."),
    )
