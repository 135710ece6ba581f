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
- Three columns is the usual number; the same entering rule works for any number (a player's
  n-th win is entered in the first n columns). A column's target is the ruleset's
  ``target_score`` (RULES.md: "Hollywood to 100 per column").

Who wins the match is a setting, ``HollywoodWinner``:
- TOTAL_POINTS (the default): the Hoyle text (as quoted on pokerwiner.com) has each column won
  "by the difference in the scores", doubled when the loser failed to score, and the game over
  when all three columns are won; settling the columns' differences together is comparing the
  two players' totals over the columns. Equal totals: no winner (a drawn match).
- MOST_COLUMNS: each column is its own game (the Hoyle text and rummy-games.com both score it
  so), and the match goes to the player who won more of them, as a match of several games is
  decided. A club convention: none of the published descriptions we read settles the match this
  way. Equal numbers of columns (possible with an even number of columns): a drawn match.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .errors import InvalidRuleset
from .rules import STANDARD, Ruleset
from .scoring import (
    FinalAccount,
    GameOver,
    GameScore,
    HandRecord,
    InvalidHand,
    PerSeat,
    dealer_after,
    final_account,
)
from .totals import MOST_HANDS, HandPointRange, hand_point_range
from .types import Seat

COLUMNS = 3
MAX_COLUMNS = 9
_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
            8: "eight", 9: "nine"}


class HollywoodWinner(StrEnum):
    """How the match is won (the module docstring names the source of each)."""

    TOTAL_POINTS = "total_points"
    MOST_COLUMNS = "most_columns"


@dataclass(frozen=True, slots=True)
class HollywoodFormat:
    """A Hollywood match format as a competition stores it: columns, each column's target (None:
    the ruleset's ``target_score``) and how the match is won. ``from_dict(to_dict())`` is itself."""

    columns: int = COLUMNS
    target: int | None = None
    winner_by: HollywoodWinner = HollywoodWinner.TOTAL_POINTS

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "winner_by", HollywoodWinner(self.winner_by))
        except ValueError:
            choices = ", ".join(w.value for w in HollywoodWinner)
            raise InvalidRuleset(f"winner_by must be one of {choices}, not {self.winner_by!r}") from None
        HollywoodScore(column_count=self.columns)  # checks the number of columns
        if self.target is not None:
            STANDARD.but(target_score=self.target)  # checks the target as the ruleset does

    def rules_for(self, rules: Ruleset) -> Ruleset:
        """The ruleset each column is scored by: ``rules`` with this format's target."""
        return rules if self.target is None else rules.but(target_score=self.target)

    def start(self, rules: Ruleset = STANDARD, first_dealer: Seat = Seat.A) -> HollywoodScore:
        """An empty score sheet for a match of this format."""
        return HollywoodScore(self.rules_for(rules), Seat(first_dealer),
                              column_count=self.columns, winner_by=self.winner_by)

    def to_dict(self) -> dict[str, object]:
        return {"columns": self.columns, "target": self.target, "winner_by": self.winner_by.value}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> HollywoodFormat:
        unknown = sorted(set(data) - {"columns", "target", "winner_by"})
        if unknown:
            raise InvalidRuleset(f"unknown Hollywood setting(s): {', '.join(unknown)}")
        return cls(**data)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class HollywoodLine:
    """A row of the match table: the hand, its dealer, the columns (0-based) it was entered in."""

    number: int
    hand: HandRecord
    dealer: Seat
    columns: tuple[int, ...]
    running: tuple[PerSeat, ...] = ()  # every column's running hand points after this hand
    closed: tuple[int, ...] = ()  # the columns this hand closed


@dataclass(frozen=True, slots=True)
class HollywoodScore:
    """A Hollywood match so far. Build it with ``score_hollywood`` or ``.add(hand)``."""

    rules: Ruleset = STANDARD
    first_dealer: Seat = Seat.A
    columns: tuple[GameScore, ...] = ()
    lines: tuple[HollywoodLine, ...] = ()
    column_count: int = COLUMNS
    winner_by: HollywoodWinner = HollywoodWinner.TOTAL_POINTS

    def __post_init__(self) -> None:
        count = self.column_count
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COLUMNS:
            raise InvalidRuleset(f"a Hollywood match has 1 to {MAX_COLUMNS} columns, not {count!r}")
        object.__setattr__(self, "winner_by", HollywoodWinner(self.winner_by))
        if not self.columns:
            column = GameScore(self.rules, self.first_dealer)
            object.__setattr__(self, "columns", (column,) * count)
        if len(self.columns) != count:
            raise InvalidRuleset(f"{len(self.columns)} columns given for a match of {count}")

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
        """Per seat, over the columns: the final account of a closed column, else its running
        hand points."""
        accounts = [c.final.totals if c.final else c.totals for c in self.columns]
        return (sum(a[Seat.A] for a in accounts), sum(a[Seat.B] for a in accounts))

    @property
    def columns_won(self) -> PerSeat:
        """Closed columns won, per seat."""
        winners = [column.winner for column in self.columns if column.finished]
        return (winners.count(Seat.A), winners.count(Seat.B))

    @property
    def hands_won(self) -> PerSeat:
        """Hands won over the match, per seat (a hand entered in several columns counts once)."""
        winners = [line.hand.winner for line in self.lines]
        return (winners.count(Seat.A), winners.count(Seat.B))

    @property
    def winner(self) -> Seat | None:
        """When the match is over: the seat with the larger total, or with more columns won,
        per ``winner_by``; None when they are level."""
        if not self.finished:
            return None
        by_columns = self.winner_by is HollywoodWinner.MOST_COLUMNS
        a, b = self.columns_won if by_columns else self.totals
        if a == b:
            return None
        return Seat.A if a > b else Seat.B

    @property
    def margin(self) -> int | None:
        """When the match is over: the difference between the two totals over the columns."""
        return abs(self.totals[Seat.A] - self.totals[Seat.B]) if self.finished else None

    def closed_on(self, column: int) -> int | None:
        """The number of the hand that closed ``column`` (0-based), None while it is open."""
        return next((line.number for line in self.lines if column in line.closed), None)

    def columns_for(self, winner: Seat) -> tuple[int, ...]:
        """The columns a hand won by ``winner`` is entered in now (see the module docstring)."""
        opened = [i for i in self.open_columns if _has_entry(self.columns[i], winner)]
        fresh = [i for i in self.open_columns if not _has_entry(self.columns[i], winner)]
        return tuple(opened + fresh[:1])

    def add(self, hand: HandRecord) -> HollywoodScore:
        """The match with one more hand."""
        if self.finished:
            raise GameOver(f"the Hollywood match is over: {_all_columns(self.column_count)} closed")
        if not isinstance(hand, HandRecord):
            raise InvalidHand(f"expected a HandRecord, not {hand!r}")
        dealer = self.dealer_next
        entered = () if hand.winner is None else self.columns_for(hand.winner)
        columns = tuple(
            column.add(hand, dealer=dealer) if i in entered else column
            for i, column in enumerate(self.columns)
        )
        closed = tuple(i for i in entered if columns[i].finished)
        running = tuple(column.totals for column in columns)
        line = HollywoodLine(len(self.lines) + 1, hand, dealer, entered, running, closed)
        return HollywoodScore(
            self.rules, self.first_dealer, columns, (*self.lines, line),
            self.column_count, self.winner_by,
        )


def _all_columns(count: int) -> str:
    return "its column is" if count == 1 else f"all {_NUMBERS[count]} columns are"


def _has_entry(column: GameScore, seat: Seat) -> bool:
    return any(hand.winner is seat for hand in column.hands)


def score_hollywood(
    hands: Iterable[HandRecord],
    rules: Ruleset = STANDARD,
    first_dealer: Seat = Seat.A,
    *,
    columns: int = COLUMNS,
    winner_by: HollywoodWinner = HollywoodWinner.TOTAL_POINTS,
) -> HollywoodScore:
    """A Hollywood match scored from its hands in order. Raises GameOver for a hand after the
    last column has closed."""
    score = HollywoodScore(
        rules, Seat(first_dealer), column_count=columns, winner_by=HollywoodWinner(winner_by))
    for hand in hands:
        score = score.add(hand)
    return score


# A match kept on paper as each column's totals only -------------------------------------------


@dataclass(frozen=True, slots=True)
class ColumnTotals:
    """One column as a paper scoresheet that kept only totals has it: each player's hand points
    in it (the hands' own bonuses included, not the column's box or game bonus) and the hands
    each won in it (the boxes)."""

    points: PerSeat
    boxes: PerSeat


@dataclass(frozen=True, slots=True)
class HollywoodTotals:
    """The match those columns make: each column's final account, the totals over the columns
    (as ``HollywoodScore.totals``), the columns won and the winner per ``winner_by``."""

    accounts: tuple[FinalAccount, ...]
    totals: PerSeat
    columns_won: PerSeat
    winner: Seat | None


def hollywood_totals_problem(format: HollywoodFormat, rules: Ruleset,
                             columns: Sequence[ColumnTotals], hands: int) -> str | None:
    """Why a finished Hollywood match cannot have ended with these columns after ``hands``
    hands (dead hands included); None when it can. Each column is a game of its own: exactly one
    player reached the target, on his last hand won in the column, the other stayed below it,
    and each player's points are a sum of his boxes' hands, each scoring what one hand can
    (``hand_point_range``). Every hand won in a column is a hand of the match, so no column has
    more boxes than the match has hands. (The order the hands came in is not on the paper: that
    the columns could have been entered in one order of hands is not checked further.)"""
    if len(columns) != format.columns:
        return f"a match of {format.columns} columns needs {format.columns} columns' totals"
    if not 1 <= hands <= MOST_HANDS:
        return f"a match has from 1 to {MOST_HANDS} hands, not {hands}"
    column_rules = format.rules_for(rules)
    target, points = column_rules.target_score, hand_point_range(column_rules)
    for number, column in enumerate(columns, start=1):
        problem = _column_problem(column, target, points, hands)
        if problem is not None:
            return f"column {number}: {problem}"
    return None


def _column_problem(column: ColumnTotals, target: int, points: HandPointRange,
                    hands: int) -> str | None:
    if min(*column.points, *column.boxes) < 0:
        return "points and hands won cannot be negative"
    reached = [seat for seat in Seat if column.points[seat] >= target]
    if len(reached) != 1:
        return (f"nobody reached {target}" if not reached else
                f"only the winner reaches {target}: the column closes on the hand that gets "
                "there first")
    winner = reached[0]
    loser = winner.other
    if sum(column.boxes) > hands:
        return f"{sum(column.boxes)} hands won in it, more than the match's {hands} hands"
    won, lost = column.points[winner], column.points[loser]
    if not _sum_of(lost, column.boxes[loser], points):
        return (f"{lost} points cannot be made in {column.boxes[loser]} hand"
                f"{'s' if column.boxes[loser] != 1 else ''} won (a hand scores from "
                f"{points.lowest} to {points.highest})")
    if not _reaches(won, column.boxes[winner], target, points):
        return (f"{won} points in {column.boxes[winner]} hand"
                f"{'s' if column.boxes[winner] != 1 else ''} won cannot close a column to "
                f"{target} (a hand scores from {points.lowest} to {points.highest}, and the "
                f"column closes on the hand that reaches {target})")
    return None


def _sum_of(total: int, count: int, points: HandPointRange) -> bool:
    return count * points.lowest <= total <= count * points.highest


def _reaches(total: int, count: int, target: int, points: HandPointRange) -> bool:
    """``count`` hands make ``total``, the last taking it from below ``target`` to it."""
    if count < 1:
        return False
    last_low, last_high = max(points.lowest, total - target + 1), min(points.highest, total)
    if last_low > last_high:
        return False
    rest = count - 1
    low = max(rest * points.lowest, total - last_high)
    high = min(rest * points.highest, total - last_low)
    return low <= high


def hollywood_from_totals(format: HollywoodFormat, rules: Ruleset,
                          columns: Sequence[ColumnTotals], hands: int) -> HollywoodTotals:
    """The match from its columns' totals. Raises InvalidHand with the reason when
    ``hollywood_totals_problem`` finds one."""
    problem = hollywood_totals_problem(format, rules, columns, hands)
    if problem is not None:
        raise InvalidHand(problem)
    column_rules = format.rules_for(rules)
    accounts = tuple(
        final_account(column_rules, c.points, c.boxes,
                      Seat.A if c.points[Seat.A] > c.points[Seat.B] else Seat.B)
        for c in columns)
    totals = (sum(a.totals[Seat.A] for a in accounts), sum(a.totals[Seat.B] for a in accounts))
    winners = [a.winner for a in accounts]
    won = (winners.count(Seat.A), winners.count(Seat.B))
    a, b = won if format.winner_by is HollywoodWinner.MOST_COLUMNS else totals
    winner = None if a == b else Seat.A if a > b else Seat.B
    return HollywoodTotals(accounts, totals, won, winner)
