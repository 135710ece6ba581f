"""The ruleset: every setting of docs/rules.md "Settings", each with its section there.

Defaults are the ``standard`` preset. A ruleset is stored on a competition as a plain dict:
``Ruleset.from_dict(rules.to_dict()) == rules``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from typing import Any

from .cards import ACE, Card, Suit
from .errors import InvalidRuleset


class Shutout(StrEnum):
    """What a shutout (the loser scored no points) does. docs/rules.md: "at least four readings"."""

    NONE = "none"
    DOUBLE_TOTAL = "double_total"  # the winner's whole account (points, boxes, game bonus) doubled
    DOUBLE_GAME_BONUS = "double_game_bonus"  # the game bonus becomes twice itself (100 -> 200)
    DOUBLE_POINTS = "double_points"  # the winner's hand points doubled, bonuses not


class NextDealer(StrEnum):
    """Who deals the next hand. A dead hand is always redealt by the same dealer."""

    WINNER = "winner"
    LOSER = "loser"
    ALTERNATE = "alternate"


@dataclass(frozen=True, slots=True)
class Ruleset:
    knock_limit: int = 10
    gin_bonus: int = 25
    big_gin_bonus: int | None = 31  # None: big gin is not played
    undercut_bonus: int = 25
    undercut_on_tie: bool = True  # False: equal deadwood is a knock worth 0 to the knocker
    max_run_length: int | None = None  # the knocking-and-scoring text's "3-5 cards" as a house rule: 5
    may_discard_card_taken_from_pile: bool = False
    target_score: int = 100
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: Shutout = Shutout.DOUBLE_TOTAL
    next_dealer: NextDealer = NextDealer.WINNER
    oklahoma: bool = False  # knock limit from the upcard; a spade upcard doubles the hand
    discard_pile_looking_allowed: bool = False  # Hoyle's irregularities, "Looking Through Discard Pile"

    def __post_init__(self) -> None:
        _check_range("knock_limit", self.knock_limit, 0, 10)
        for name in ("gin_bonus", "undercut_bonus", "game_bonus", "box_bonus"):
            _check_range(name, getattr(self, name), 0, 1000)
        if self.big_gin_bonus is not None:
            _check_range("big_gin_bonus", self.big_gin_bonus, 0, 1000)
        if self.max_run_length is not None:
            _check_range("max_run_length", self.max_run_length, 3, 13)
        _check_range("target_score", self.target_score, 1, 10_000)
        object.__setattr__(self, "shutout", _enum(Shutout, "shutout", self.shutout))
        object.__setattr__(self, "next_dealer", _enum(NextDealer, "next_dealer", self.next_dealer))

    @property
    def big_gin_allowed(self) -> bool:
        return self.big_gin_bonus is not None

    def knock_limit_for(self, upcard: Card | None) -> int:
        """The knock limit of a hand. Oklahoma: the upcard's value; an ace upcard means gin only."""
        if not self.oklahoma or upcard is None:
            return self.knock_limit
        return 0 if upcard.rank == ACE else upcard.value

    def hand_multiplier(self, upcard: Card | None) -> int:
        """Oklahoma: a spade upcard doubles the hand's score."""
        if self.oklahoma and upcard is not None and upcard.suit is Suit.SPADES:
            return 2
        return 1

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["shutout"] = self.shutout.value
        data["next_dealer"] = self.next_dealer.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRuleset(f"unknown ruleset setting(s): {', '.join(unknown)}")
        return cls(**data)

    @classmethod
    def preset(cls, name: str) -> Ruleset:
        try:
            return PRESETS[name]
        except KeyError:
            raise InvalidRuleset(
                f"no preset '{name}' (presets: {', '.join(sorted(PRESETS))})"
            ) from None

    def but(self, **changes: Any) -> Ruleset:
        """A copy with some settings changed (house rules on top of a preset)."""
        return replace(self, **changes)


def _check_range(name: str, value: Any, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidRuleset(f"{name} must be a whole number from {low} to {high}, not {value!r}")


def _enum(enum_type: type[StrEnum], name: str, value: Any) -> Any:
    try:
        return enum_type(value)
    except ValueError:
        choices = ", ".join(member.value for member in enum_type)
        raise InvalidRuleset(f"{name} must be one of {choices}, not {value!r}") from None


STANDARD = Ruleset()
# docs/rules.md "Settings", the classic preset: the Bicycle / pagat base game.
CLASSIC = Ruleset(
    gin_bonus=20,
    big_gin_bonus=None,
    undercut_bonus=10,
    box_bonus=20,
    shutout=Shutout.DOUBLE_GAME_BONUS,
)
# Oklahoma Gin (Bicycle rules): knock limit from the upcard, spade upcard doubles; often to 150.
OKLAHOMA = Ruleset(oklahoma=True, target_score=150)

PRESETS: dict[str, Ruleset] = {"standard": STANDARD, "classic": CLASSIC, "oklahoma": OKLAHOMA}
