"""Forms of the rulings assistant: the questions of one irregularity, and where to record the
ruling (a match's game and hand)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from gameplay.assistant import Advice, Ask, WrongAnswer, advise, questions
from league.competitions.models import Match
from league.core.forms import ServiceErrorForm
from league.games.rulings.words import say
from league.games.services.ruled_hands import RuledCards

NOT_YET = ("", _("Not chosen yet"))
MISSING = _("Answer this: the ruling depends on it.")
CARD_TEXT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}


class QuestionsForm(forms.Form):
    """One field per question. `strict`: a missing answer is an error (the director asked for
    the ruling); otherwise the ruling simply waits for the answers."""

    def __init__(self, *args, key: str, seat_names: tuple[str, str], strict: bool = True,
                 **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.key, self.seat_names, self.strict = key, seat_names, strict
        self.asks = questions(key, seat_names)
        for ask in self.asks:
            self.fields[ask.field] = _field(ask)
        self.advice: Advice | None = None

    def clean(self) -> dict:
        data = super().clean()
        missing = [a.field for a in self.asks if a.required and not data.get(a.field)]
        if missing:
            if self.strict:
                for field in missing:
                    self.add_error(field, MISSING)
            return data
        if not self.errors:
            try:
                self.advice = advise(self.key, self.answers(), self.seat_names)
            except WrongAnswer as wrong:
                self.add_error(wrong.field, say(wrong.message))
        return data

    def answers(self) -> dict[str, str]:
        return {ask.field: self.cleaned_data.get(ask.field) or "" for ask in self.asks}


def _field(ask: Ask) -> forms.Field:
    if ask.choices:
        choices = tuple((value, say(label)) for value, label in ask.choices)
        choices = choices if ask.required else (NOT_YET, *choices)
        return forms.ChoiceField(label=say(ask.text), choices=choices, required=False,
                                 widget=forms.RadioSelect)
    help_text = _("Several cards: 7H 8H 9H.") if ask.field == "cards" else _("For example 7H or 10S.")
    return forms.CharField(label=say(ask.text), required=False, max_length=60, help_text=help_text,
                           widget=forms.TextInput(attrs=CARD_TEXT))


class RecordForm(ServiceErrorForm):
    """Where the ruling is recorded: a match the director organizes, its game and hand."""

    match = forms.ModelChoiceField(queryset=Match.objects.none(), label=_("Match"),
                                   empty_label=_("Choose the match"))
    game = forms.IntegerField(label=_("Game number"), min_value=1, max_value=999,
                              widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    hand = forms.IntegerField(label=_("Hand number"), min_value=1, max_value=999,
                              help_text=_("The hand being played counts too."),
                              widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    comment = forms.CharField(label=_("Note (optional)"), required=False, max_length=500,
                              widget=forms.Textarea(attrs={"rows": 2}))
    # The cards, where the ruling scores the hand from them.
    knocker_cards = forms.CharField(
        label=_("Knocker's cards"), required=False, max_length=80,
        help_text=_("10 cards after the discard, as he spread them. E.g. AS 2S 3S …"),
        widget=forms.TextInput(attrs=CARD_TEXT))
    defender_cards = forms.CharField(
        label=_("Defender's cards"), required=False, max_length=80,
        help_text=_("All the cards he holds, as many as he was found with."),
        widget=forms.TextInput(attrs=CARD_TEXT))
    upcard = forms.CharField(label=_("Upcard (Oklahoma)"), required=False, max_length=4,
                             widget=forms.TextInput(attrs={**CARD_TEXT, "size": 4}))

    def cards(self) -> RuledCards:
        data = self.cleaned_data
        return RuledCards(data["knocker_cards"].strip(), data["defender_cards"].strip(),
                          data["upcard"].strip())

    def __init__(self, *args, matches, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["match"].queryset = matches
        self.fields["match"].label_from_instance = _match_label


def _match_label(match: Match) -> str:
    return f"{match} ({match.competition.name}, {match.round})"
