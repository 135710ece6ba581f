"""The organizer's forms for the gaps in the formats: a forfeit or no-show on the match
page, a late entry on the entries page. They parse; the services decide and say why not."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.clubs.models import Player
from league.clubs.services.players import NAME_MAX
from league.competitions.base.selectors import side_names
from league.competitions.models import Match
from league.core.forms import ServiceErrorForm, comment_field


class ForfeitForm(ServiceErrorForm):
    absent = forms.ChoiceField(label=_("Who did not play?"), widget=forms.RadioSelect)
    kind = forms.ChoiceField(
        label=_("Why"), widget=forms.RadioSelect, initial=Match.Kind.NO_SHOW,
        choices=[(Match.Kind.NO_SHOW, _("A no-show: did not turn up")),
                 (Match.Kind.FORFEIT, _("A forfeit: conceded the match"))],
    )
    comment = comment_field(_("Comment (optional)"), help_text=_("Kept in the match history."))

    def __init__(self, *args, match: Match, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        name_a, name_b = side_names(match)
        self.fields["absent"].choices = [
            ("A", _("%(absent)s: %(winner)s wins") % {"absent": name_a, "winner": name_b}),
            ("B", _("%(absent)s: %(winner)s wins") % {"absent": name_b, "winner": name_a}),
            ("both", _("Neither: a double forfeit, nobody wins")),
        ]


class LateEntryForm(ServiceErrorForm):
    """A player of the club not entered yet, or a new player's name: one of the two."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), required=False,
                                    label=_("A player of the club"), empty_label=_("Choose a player"))
    name = forms.CharField(label=_("Or a new player's name"), max_length=NAME_MAX, required=False,
                           help_text=_("Added to the club and entered at once."))

    def __init__(self, *args, candidates, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = candidates

    def clean(self) -> dict:
        data = super().clean()
        player, name = data.get("player"), " ".join(data.get("name", "").split())
        if "player" in self.errors or "name" in self.errors:
            return data
        if player is None and not name:
            self.add_error("player", _("Choose a player of the club, or give a new player's name."))
        elif player is not None and name:
            self.add_error("name", _("Choose a player of the club or give a new name, not both."))
        data["name"] = name
        return data
