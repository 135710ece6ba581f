"""The form of a ruling recorded at the table, beside its questions (forms.QuestionsForm): what
a scoring ruling settles the hand from, the deadwood counts or both hands' cards (the picker)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.core.forms import ServiceErrorForm
from league.games.services.ruled_hands import RuledCards

CARD_TEXT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
COUNT = {"inputmode": "numeric", "autocomplete": "off", "size": 3}


class RulingCardsForm(ServiceErrorForm):
    knocker_deadwood = forms.IntegerField(label=_("Knocker's deadwood"), required=False,
                                          help_text=_("As it is, over the limit."),
                                          widget=forms.NumberInput(attrs=COUNT))
    defender_deadwood = forms.IntegerField(label=_("Defender's deadwood"), required=False,
                                           help_text=_("After his layoffs."),
                                           widget=forms.NumberInput(attrs=COUNT))
    knocker_cards = forms.CharField(
        label=_("Knocker's cards"), required=False, max_length=80,
        help_text=_("10 cards after the discard, as he spread them."),
        widget=forms.TextInput(attrs=CARD_TEXT))
    defender_cards = forms.CharField(
        label=_("Defender's cards"), required=False, max_length=80,
        help_text=_("All the cards he holds, as many as he was found with."),
        widget=forms.TextInput(attrs=CARD_TEXT))
    upcard = forms.CharField(label=_("Upcard"), required=False, max_length=4,
                             help_text=_("Oklahoma: it sets the knock limit."),
                             widget=forms.TextInput(attrs={**CARD_TEXT, "size": 4}))

    def __init__(self, *args, oklahoma: bool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not oklahoma:
            del self.fields["upcard"]

    def cards(self) -> RuledCards:
        data = self.cleaned_data
        return RuledCards(knocker_cards=data.get("knocker_cards", "").strip(),
                          defender_cards=data.get("defender_cards", "").strip(),
                          upcard=data.get("upcard", "").strip(),
                          knocker_deadwood=data.get("knocker_deadwood"),
                          defender_deadwood=data.get("defender_deadwood"))

    def settles_from_something(self, effect: str) -> bool:
        """A ruling that settles the hand has what it settles it from: the two counts or both
        hands' cards for an accepted knock over the limit. Otherwise the reason is added next
        to the counts."""
        data = self.cleaned_data
        given = any(data.get(name) not in (None, "") for name in
                    ("knocker_deadwood", "defender_deadwood", "knocker_cards", "defender_cards"))
        if effect != "over_limit" or given:
            return True
        self.add_error("knocker_deadwood", _("Enter the two deadwood counts, or both hands' "
                                             "cards: the ruling scores the hand from them."))
        return False

    @property
    def cards_given(self) -> bool:
        return bool(self["knocker_cards"].value() or self["defender_cards"].value())
