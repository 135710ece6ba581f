"""The scoresheet's hand form. It parses what was typed into a HandEntry; the service and the
engine decide whether the hand can be, and say why not next to the field."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from gameplay import engine
from league.core.errors import ServiceError
from league.core.forms import ServiceErrorForm
from league.core.numbers import ascii_int
from league.games.models import Hand
from league.games.services import HandEntry

CARDS_FIELD = "cards"  # ServiceError.field for both hands' cards
CARD_TEXT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
COUNT = {"inputmode": "numeric", "autocomplete": "off", "size": 3}


class HandForm(ServiceErrorForm):
    expected_number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    # The key of this entry, made by the phone (or by the page): sent again, it is not a new hand.
    entry_key = forms.RegexField(regex=r"^[A-Za-z0-9-]{8,64}$", required=False,
                                 widget=forms.HiddenInput)
    # Not required here: the service says "Choose who won the hand" in the game's words.
    winner = forms.ChoiceField(label=_("Who won the hand?"), required=False, widget=forms.RadioSelect)
    outcome = forms.ChoiceField(label=_("How?"), required=False, widget=forms.RadioSelect)
    points = forms.IntegerField(
        label=_("Points"),
        required=False,
        min_value=0,
        help_text=_("Bonuses included. Leave empty when you enter the deadwood counts or the "
                  "cards."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    # Or the counts the table made: the engine derives the outcome's points from them.
    knocker_deadwood = forms.IntegerField(
        label=_("Knocker's deadwood"),
        required=False,
        help_text=_("Empty for gin."),
        widget=forms.NumberInput(attrs=COUNT),
    )
    defender_deadwood = forms.IntegerField(
        label=_("Defender's deadwood"),
        required=False,
        help_text=_("After his layoffs."),
        widget=forms.NumberInput(attrs=COUNT),
    )
    knocker_cards = forms.CharField(
        label=_("Knocker's cards"),
        required=False,
        max_length=80,
        help_text=_("10 cards after the discard; 11 for big gin. E.g. AS 2S 3S …"),
        widget=forms.TextInput(attrs=CARD_TEXT),
    )
    defender_cards = forms.CharField(
        label=_("Defender's cards"),
        required=False,
        max_length=80,
        help_text=_("10 cards."),
        widget=forms.TextInput(attrs=CARD_TEXT),
    )
    upcard = forms.CharField(
        label=_("Upcard"),
        required=False,
        max_length=4,
        help_text=_("Oklahoma: it sets the knock limit; a spade doubles the hand."),
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
            entry_key=data.get("entry_key", ""),
            knocker_deadwood=data.get("knocker_deadwood"),
            defender_deadwood=data.get("defender_deadwood"),
        )

    def shows(self, field: str | None) -> bool:
        return field == CARDS_FIELD or super().shows(field)

    def add_service_error(self, error: ServiceError) -> None:
        if error.field == CARDS_FIELD:
            self.card_errors.append(error.message)
        else:
            super().add_service_error(error)

    @property
    def counts_given(self) -> bool:
        return any(self[name].value() not in (None, "")
                   for name in ("knocker_deadwood", "defender_deadwood"))

    @property
    def cards_given(self) -> bool:
        return bool(self.card_errors) or any(
            self[name].value() for name in ("knocker_cards", "defender_cards")
            if name in self.fields
        )


NUMERIC = {"inputmode": "numeric"}


class GameTotalsForm(ServiceErrorForm):
    """A game from a paper scoresheet that kept only its final totals."""

    total_a = forms.IntegerField(min_value=0, max_value=100_000, label=_(""),
                                 widget=forms.NumberInput(attrs=NUMERIC))
    total_b = forms.IntegerField(min_value=0, max_value=100_000, label=_(""),
                                 widget=forms.NumberInput(attrs=NUMERIC))
    hands = forms.IntegerField(min_value=1, max_value=999, label=_("Hands played"),
                               widget=forms.NumberInput(attrs=NUMERIC))

    def __init__(self, *args, names: tuple[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["total_a"].label = _("%(name)s's points") % {"name": names[0]}
        self.fields["total_b"].label = _("%(name)s's points") % {"name": names[1]}
        self.fields["total_a"].help_text = _("Hand points, without box or game bonuses.")


class HandCorrectionForm(HandForm):
    """An organizer's correction of one hand: the hand's facts as the scoresheet form takes
    them, and why (kept in the match's history)."""

    comment = forms.CharField(label=_("Why is the hand corrected?"), max_length=300,
                              help_text=_("Kept in the match's history with the hand before and "
                                        "after."),
                              widget=forms.TextInput(attrs={"autocomplete": "off"}))
    # The hand's version the form showed (Hand.version): a hand corrected meanwhile by another
    # organizer is not overwritten.
    seen = forms.CharField(required=False, widget=forms.HiddenInput)

    @classmethod
    def initial_of(cls, hand: Hand) -> dict:
        """The hand as entered. With its cards, the points are left to the engine."""
        return {"expected_number": hand.number, "seen": hand.version,
                "outcome": hand.outcome, "winner": hand.winner,
                "points": None if hand.has_cards or hand.has_counts else hand.points,
                "knocker_deadwood": None if hand.has_cards else hand.knocker_deadwood,
                "defender_deadwood": None if hand.has_cards else hand.defender_deadwood,
                "knocker_cards": hand.knocker_cards, "defender_cards": hand.defender_cards,
                "upcard": hand.upcard}


class FlagForm(ServiceErrorForm):
    reason = forms.CharField(label=_("What is wrong with this hand?"), max_length=300,
                             help_text=_("A few words the organizer reads, e.g. “15 points, not "
                                       "50: my knock”."),
                             widget=forms.TextInput(attrs={"autocomplete": "off"}))


class DismissFlagForm(ServiceErrorForm):
    comment = forms.CharField(label=_("Why does the hand stand?"), max_length=300,
                              widget=forms.TextInput(attrs={"autocomplete": "off"}))


HOLLYWOOD_ROWS = 20  # the hand rows the paper form shows at first
MOST_HOLLYWOOD_ROWS = 150


class HollywoodHandsForm(ServiceErrorForm):
    """A Hollywood match's hands from a paper scoresheet, one row per hand in the order played:
    who won it, how, and its points (bonuses of the hand included). Empty rows are skipped; a
    dead hand is a row with "Dead hand" and no winner."""

    def __init__(self, *args, names: tuple[str, str], rules: engine.Ruleset, rows: int,
                 **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.count = max(1, min(rows, MOST_HOLLYWOOD_ROWS))
        outcomes = [(value, label) for value, label in Hand.Outcome.choices
                    if (value != Hand.Outcome.BIG_GIN or rules.big_gin_allowed)
                    and value != Hand.Outcome.VOID]
        for n in range(1, self.count + 1):
            self.fields[f"h{n}_winner"] = forms.ChoiceField(
                label=_("Hand %(number)s: who won") % {"number": n}, required=False,
                choices=[("", "–"), ("A", names[0]), ("B", names[1])])
            self.fields[f"h{n}_outcome"] = forms.ChoiceField(
                label=_("Hand %(number)s: how") % {"number": n}, required=False, choices=outcomes,
                initial=Hand.Outcome.KNOCK)
            self.fields[f"h{n}_points"] = forms.IntegerField(
                label=_("Hand %(number)s: points") % {"number": n}, required=False, min_value=0,
                max_value=10_000,
                widget=forms.NumberInput(attrs=NUMERIC))
        self.fields["rows"] = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def hand_rows(self) -> list[tuple[int, list[forms.BoundField], bool]]:
        """(hand number, its fields, whether the engine refused it)."""
        return [(n, [self[f"h{n}_{name}"] for name in ("winner", "outcome", "points")],
                 n == self.refused_hand)
                for n in range(1, self.count + 1)]

    refused_hand: int | None = None

    def shows(self, field: str | None) -> bool:
        """A refusal of one hand ("hand_<n>") or of the hands is shown above the rows."""
        return field == "hands" or (field or "").startswith("hand_") or super().shows(field)

    def add_service_error(self, error: ServiceError) -> None:
        field = error.field or ""
        number = ascii_int(field[5:]) if field.startswith("hand_") else None
        if number is not None:
            index = number - 1  # the hand's place among the rows filled in
            rows = self.cleaned_data.get("entry_rows", [])
            self.refused_hand = rows[index] if index < len(rows) else None
        self.add_error(None, error.message)

    def clean(self) -> dict:
        data = super().clean()
        entries: list[HandEntry] = []
        data["entry_rows"] = filled = []
        for n in range(1, self.count + 1):
            winner, points = data.get(f"h{n}_winner") or "", data.get(f"h{n}_points")
            outcome = data.get(f"h{n}_outcome") or Hand.Outcome.KNOCK
            if outcome == Hand.Outcome.DEAD_HAND:
                entries.append(HandEntry(outcome=outcome, winner="", points=0))
                filled.append(n)
            elif winner or points is not None:
                entries.append(HandEntry(outcome=outcome, winner=winner, points=points))
                filled.append(n)
        if not entries and not self.errors:
            raise forms.ValidationError(_("Enter the hands, one per row, in the order they were "
                                          "played."))
        data["entries"] = entries
        return data


class HollywoodColumnsForm(ServiceErrorForm):
    """A Hollywood match from a paper scoresheet that kept only totals: each column's hand
    points and hands won per player, and the match's number of hands."""

    hands = forms.IntegerField(min_value=1, max_value=999, label=_("Hands played in the match"),
                               help_text=_("Dead hands included."),
                               widget=forms.NumberInput(attrs=NUMERIC))

    def __init__(self, *args, names: tuple[str, str], columns: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.columns = columns
        for n in range(1, columns + 1):
            for seat, name in zip("ab", names, strict=True):
                self.fields[f"c{n}_points_{seat}"] = forms.IntegerField(
                    label=_("Column %(number)s: %(name)s's points") % {"number": n, "name": name},
                    min_value=0, max_value=100_000,
                    widget=forms.NumberInput(attrs=NUMERIC))
                self.fields[f"c{n}_boxes_{seat}"] = forms.IntegerField(
                    label=_("Column %(number)s: hands %(name)s won") % {"number": n, "name": name},
                    min_value=0, max_value=999,
                    widget=forms.NumberInput(attrs=NUMERIC))
        self.order_fields([*(f"c{n}_{what}_{seat}" for n in range(1, columns + 1)
                             for seat in "ab" for what in ("points", "boxes")), "hands"])

    def shows(self, field: str | None) -> bool:
        """A refusal of the columns is shown above them."""
        return field == "columns" or super().shows(field)

    def add_service_error(self, error: ServiceError) -> None:
        self.add_error(error.field if error.field in self.fields else None, error.message)

    def column_rows(self) -> list[tuple[int, list[forms.BoundField]]]:
        return [(n, [self[f"c{n}_{what}_{seat}"] for seat in "ab"
                     for what in ("points", "boxes")])
                for n in range(1, self.columns + 1)]

    def column_totals(self) -> list[engine.ColumnTotals]:
        data = self.cleaned_data
        return [engine.ColumnTotals((data[f"c{n}_points_a"], data[f"c{n}_points_b"]),
                                    (data[f"c{n}_boxes_a"], data[f"c{n}_boxes_b"]))
                for n in range(1, self.columns + 1)]
