"""Hollywood scoring: three games scored at once over the same hands.

docs/rules.md, end of "Settings": "each hand entered in the first open column and every
column opened by a player's first win", a match format over the same hands.

Our reading, checked against the Hoyle-tradition descriptions (rummy-games.com "Hollywood Gin",
the Hoyle text quoted on pokerwiner.com, ginrummy.cards "Hollywood Gin"; pagat.com's own page
was not available to us, so its wording could not be compared line by line):

- A player's first hand won is entered in column 1, the second in columns 1 and 2, the third and
  every later one in columns 1, 2 and 3.
- Put per player: a hand won is entered in every open column where the winner already has an
  entry, and in the first open column where they have none yet (the win opens it for them).
- A column closes when a player's total in it reaches the target; a closed column takes no more
  points. A player shut out of a column that closes enters their next win as the first score of
  the next column still open (rummy-games.com: "If a player was shut out in one game, his next
  score is entered as the first score in the next game in progress"; Hoyle: "a player who is
  shut out in the first column must clearly make his first entry in the second column"). The
  per-player rule above gives exactly this.
- Each column is its own game: boxes (hands entered in it), game bonus, shutout per the ruleset.
- The match is over when all three columns are closed. A dead hand is entered nowhere (the same
  dealer deals again); the dealer follows ``rules.next_dealer`` over the whole match.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .rules import STANDARD, Ruleset
from .scoring import GameOver, GameScore, HandRecord, InvalidHand, PerSeat, dealer_after
from .types import Seat

COLUMNS = 3


@dataclass(frozen=True, slots=True)
class HollywoodLine:
    """A row of the match table: the hand, its dealer, the columns (0-based) it was entered in."""

    number: int
    hand: HandRecord
    dealer: Seat
    columns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HollywoodScore:
    """A Hollywood match so far. Build it with ``score_hollywood`` or ``.add(hand)``."""

    rules: Ruleset = STANDARD
    first_dealer: Seat = Seat.A
    columns: tuple[GameScore, ...] = ()
    lines: tuple[HollywoodLine, ...] = ()

    def __post_init__(self) -> None:
        if not self.columns:
            column = GameScore(self.rules, self.first_dealer)
            object.__setattr__(self, "columns", (column,) * COLUMNS)

    @property
    def open_columns(self) -> tuple[int, ...]:
        return tuple(i for i, column in enumerate(self.columns) if not column.finished)

    @property
    def finished(self) -> bool:
        return not self.open_columns

    @property
    def dealer_next(self) -> Seat:
        """Who deals next in the match (a column's own ``dealer_next`` is not the match's)."""
        return dealer_after(self.rules, self.first_dealer, self.lines)

    @property
    def totals(self) -> PerSeat:
        """Per seat, over the three columns: the final account of a closed column, else its
        running hand points."""
        accounts = [c.final.totals if c.final else c.totals for c in self.columns]
        return (sum(a[Seat.A] for a in accounts), sum(a[Seat.B] for a in accounts))

    @property
    def winner(self) -> Seat | None:
        """When the match is over: the seat with the larger total (None on equal totals)."""
        a, b = self.totals
        if not self.finished or a == b:
            return None
        return Seat.A if a > b else Seat.B

    @property
    def margin(self) -> int | None:
        """When the match is over: what the winner wins by over the three columns."""
        return abs(self.totals[Seat.A] - self.totals[Seat.B]) if self.finished else None

    def columns_for(self, winner: Seat) -> tuple[int, ...]:
        """The columns a hand won by ``winner`` is entered in now (see the module docstring)."""
        opened = [i for i in self.open_columns if _has_entry(self.columns[i], winner)]
        fresh = [i for i in self.open_columns if not _has_entry(self.columns[i], winner)]
        return tuple(opened + fresh[:1])

    def add(self, hand: HandRecord) -> HollywoodScore:
        """The match with one more hand."""
        if self.finished:
            raise GameOver("the Hollywood match is over: all three columns are closed")
        if not isinstance(hand, HandRecord):
            raise InvalidHand(f"expected a HandRecord, not {hand!r}")
        dealer = self.dealer_next
        entered = () if hand.winner is None else self.columns_for(hand.winner)
        columns = tuple(
            column.add(hand, dealer=dealer) if i in entered else column
            for i, column in enumerate(self.columns)
        )
        line = HollywoodLine(len(self.lines) + 1, hand, dealer, entered)
        return HollywoodScore(self.rules, self.first_dealer, columns, (*self.lines, line))


def _has_entry(column: GameScore, seat: Seat) -> bool:
    return any(hand.winner is seat for hand in column.hands)


def score_hollywood(
    hands: Iterable[HandRecord], rules: Ruleset = STANDARD, first_dealer: Seat = Seat.A
) -> HollywoodScore:
    """A Hollywood match scored from its hands in order. Raises GameOver for a hand after the
    last column has closed."""
    score = HollywoodScore(rules, Seat(first_dealer))
    for hand in hands:
        score = score.add(hand)
    return score
