"""The scoresheet's hand form. It parses what was typed into a HandEntry; the service and the
engine decide whether the hand can be, and say why not next to the field."""

from __future__ import annotations

from django import forms

from core.errors import ServiceError
from core.forms import ServiceErrorForm
from gameplay import engine
from gameplay.models import Hand
from gameplay.services import HandEntry

CARDS_FIELD = "cards"  # ServiceError.field for both hands' cards
CARD_TEXT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}


class HandForm(ServiceErrorForm):
    expected_number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # Not required here: the service says "Choose who won the hand" in the game's words.
    winner = forms.ChoiceField(label="Who won the hand?", required=False, widget=forms.RadioSelect)
    outcome = forms.ChoiceField(label="How?", required=False, widget=forms.RadioSelect)
    points = forms.IntegerField(
        label="Points",
        required=False,
        min_value=0,
        help_text="Bonuses included. Leave empty when you enter both hands' cards.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    knocker_cards = forms.CharField(
        label="Knocker's cards",
        required=False,
        max_length=80,
        help_text="10 cards after the discard; 11 for big gin. E.g. AS 2S 3S …",
        widget=forms.TextInput(attrs=CARD_TEXT),
    )
    defender_cards = forms.CharField(
        label="Defender's cards",
        required=False,
        max_length=80,
        help_text="10 cards.",
        widget=forms.TextInput(attrs=CARD_TEXT),
    )
    upcard = forms.CharField(
        label="Upcard",
        required=False,
        max_length=4,
        help_text="Oklahoma: it sets the knock limit; a spade doubles the hand.",
        widget=forms.TextInput(attrs={**CARD_TEXT, "size": 4}),
    )

    def __init__(self, *args, names: tuple[str, str], rules: engine.Ruleset, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.card_errors: list[str] = []
        self.fields["winner"].choices = [("A", names[0]), ("B", names[1])]
        self.fields["outcome"].choices = [
            (value, label)
            for value, label in Hand.Outcome.choices
            if (value != Hand.Outcome.BIG_GIN or rules.big_gin_allowed)
            and value != Hand.Outcome.VOID  # only a ruling declares a hand void
        ]
        if not rules.oklahoma:
            del self.fields["upcard"]

    def clean(self) -> dict:
        data = super().clean()
        if data.get("outcome") == Hand.Outcome.DEAD_HAND:
            # A dead hand has no winner: a radio already tapped cannot be untapped on a phone.
            data["winner"] = ""
            # docs/rules.md "End of stock": a dead hand scores nothing, so no points to type.
            if data.get("points") is None:
                data["points"] = 0
        return data

    def entry(self) -> HandEntry:
        data = self.cleaned_data
        return HandEntry(
            outcome=data.get("outcome", ""),
            winner=data.get("winner", ""),
            points=data.get("points"),
            knocker_cards=data.get("knocker_cards", "").strip(),
            defender_cards=data.get("defender_cards", "").strip(),
            upcard=data.get("upcard", "").strip(),
            expected_number=data["expected_number"],
        )

    def shows(self, field: str | None) -> bool:
        return field == CARDS_FIELD or super().shows(field)

    def add_service_error(self, error: ServiceError) -> None:
        if error.field == CARDS_FIELD:
            self.card_errors.append(error.message)
        else:
            super().add_service_error(error)

    @property
    def cards_given(self) -> bool:
        return bool(self.card_errors) or any(
            self[name].value() for name in ("knocker_cards", "defender_cards", "upcard")
            if name in self.fields
        )


NUMERIC = {"inputmode": "numeric"}


class GameTotalsForm(ServiceErrorForm):
    """A game from a paper scoresheet that kept only its final totals."""

    total_a = forms.IntegerField(min_value=0, max_value=100_000, label="",
                                 widget=forms.NumberInput(attrs=NUMERIC))
    total_b = forms.IntegerField(min_value=0, max_value=100_000, label="",
                                 widget=forms.NumberInput(attrs=NUMERIC))
    hands = forms.IntegerField(min_value=1, max_value=999, label="Hands played",
                               widget=forms.NumberInput(attrs=NUMERIC))

    def __init__(self, *args, names: tuple[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["total_a"].label = f"{names[0]}'s points"
        self.fields["total_b"].label = f"{names[1]}'s points"
        self.fields["total_a"].help_text = "Hand points, without box or game bonuses."


class HandCorrectionForm(HandForm):
    """An organizer's correction of one hand: the hand's facts as the scoresheet form takes
    them, and why (kept in the match's history)."""

    comment = forms.CharField(label="Why is the hand corrected?", max_length=300,
                              help_text="Kept in the match's history with the hand before and "
                                        "after.",
                              widget=forms.TextInput(attrs={"autocomplete": "off"}))

    @classmethod
    def initial_of(cls, hand: Hand) -> dict:
        """The hand as entered. With its cards, the points are left to the engine."""
        return {"expected_number": hand.number, "outcome": hand.outcome, "winner": hand.winner,
                "points": None if hand.has_cards else hand.points,
                "knocker_cards": hand.knocker_cards, "defender_cards": hand.defender_cards,
                "upcard": hand.upcard}


class FlagForm(ServiceErrorForm):
    reason = forms.CharField(label="What is wrong with this hand?", max_length=300,
                             help_text="A few words the organizer reads, e.g. “15 points, not "
                                       "50: my knock”.",
                             widget=forms.TextInput(attrs={"autocomplete": "off"}))


class DismissFlagForm(ServiceErrorForm):
    comment = forms.CharField(label="Why does the hand stand?", max_length=300,
                              widget=forms.TextInput(attrs={"autocomplete": "off"}))
