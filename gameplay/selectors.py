"""Reads for the scoresheet: the game, its match and players, its hands, and the engine's score
of them (points are derived from the hands, never stored by a page). Fixed query count."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404

from competitions.selectors import side_names
from gameplay import engine
from gameplay.models import Game, Hand, HandFlag
from gameplay.services.scoring import score_of


@dataclass(frozen=True, slots=True)
class HandRow:
    """A line of the scoresheet: the hand as entered, and the running totals after it."""

    hand: Hand
    dealer: str  # "A" / "B", as the engine counts the deal
    total_a: int
    total_b: int


@dataclass(frozen=True, slots=True)
class AccountRow:
    label: str
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Scoresheet:
    game: Game
    hands: list[Hand]
    score: engine.GameScore
    names: tuple[str, str]

    @property
    def match(self):
        return self.game.match

    @property
    def rules(self) -> engine.Ruleset:
        return self.score.rules

    @property
    def next_number(self) -> int:
        return len(self.hands) + 1

    @property
    def rows(self) -> list[HandRow]:
        """A void hand (dealt again) keeps the totals before it and the dealer who deals again."""
        rows, lines = [], iter(self.score.lines)
        totals, dealer = (0, 0), self.game.first_dealer
        for hand in self.hands:
            if not hand.is_void:
                line = next(lines)
                totals, dealer = line.totals, line.dealer.name
            rows.append(HandRow(hand, hand.dealer if hand.is_void else dealer, *totals))
        return rows

    @property
    def totals(self) -> tuple[int, int]:
        return self.score.totals

    @property
    def boxes(self) -> tuple[int, int]:
        return self.score.boxes

    @property
    def dealer_next(self) -> str:
        return self.score.dealer_next.name

    @property
    def winner(self) -> str:
        return self.score.winner.name if self.score.winner is not None else ""

    @property
    def final_account(self) -> list[AccountRow]:
        """docs/rules.md "The game": hand points, box bonuses, the game bonus, the shutout."""
        final = self.score.final
        if final is None:
            return []
        a, b = final.accounts
        boxes = self.boxes
        box = self.rules.box_bonus
        return [
            AccountRow("Hand points", a.hand_points, b.hand_points),
            AccountRow(f"Boxes ({boxes[0]} and {boxes[1]} × {box})", a.box_bonus, b.box_bonus),
            AccountRow("Game bonus", a.game_bonus, b.game_bonus),
            AccountRow("Shutout" if final.shutout else "Shutout (none)", a.shutout_bonus,
                       b.shutout_bonus),
            AccountRow("Total", a.total, b.total),
        ]

    @property
    def margin(self) -> int:
        final = self.score.final
        return final.margin if final is not None else 0


def scoresheet(pk: int) -> Scoresheet:
    game = get_object_or_404(
        Game.objects.select_related(
            "match__competition__season__club",
            "match__round",
            "match__entry_a__player",
            "match__entry_b__player",
        ),
        pk=pk,
    )
    open_flags = Prefetch("flags", queryset=HandFlag.objects.filter(cleared="")
                          .select_related("raised_by"), to_attr="open_flags")
    hands = list(Hand.objects.filter(game=game).order_by("number").prefetch_related(open_flags))
    return Scoresheet(game, hands, score_of(game, hands), side_names(game.match))

