"""Single- and double-elimination brackets as matches with stable keys and feeds.

A bracket is a tuple of `BracketMatch` in an order in which they can be played. Each match has a
key ("W", round, index) in the winners' bracket, ("L", round, index) in the losers' bracket,
("GF", 1, 0) / ("GF", 2, 0) for the grand final and its bracket reset, ("3P", 1, 0) for the match
for third place; two slots (0 and 1; slot 0 deals first); players seeded straight into a slot;
and feeds: where the winner and the loser go next (`SlotRef`). Byes are not matches: a top seed
with a bye is placed straight into its round-2 slot, so N players give N-1 matches in single
elimination (+1 for third place) and 2N-2 (+1 with a bracket reset) in double elimination.
`elimination_advance.advance` fills the later slots from the results.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

MatchKey = tuple[str, int, int]
BYE = object()  # a structurally empty slot while building (never in a finished bracket)


@dataclass(frozen=True, slots=True)
class SlotRef:
    match: MatchKey
    slot: int


@dataclass(frozen=True, slots=True)
class BracketMatch:
    key: MatchKey
    seeded: tuple[Hashable | None, Hashable | None]  # players placed here at the draw, else None
    winner_to: SlotRef | None
    loser_to: SlotRef | None
    reset_of: MatchKey | None = None  # played only if slot 1 won that match (grand final reset)


@dataclass(frozen=True, slots=True)
class Bracket:
    matches: tuple[BracketMatch, ...]

    def __getitem__(self, key: MatchKey) -> BracketMatch:
        for match in self.matches:
            if match.key == key:
                return match
        raise KeyError(key)

    @property
    def keys(self) -> tuple[MatchKey, ...]:
        return tuple(m.key for m in self.matches)


def bracket_order(size: int) -> tuple[int, ...]:
    """Seed numbers down the bracket lines, so that seeds 1 and 2 can only meet in the final.

    Each step pairs every seed s with (2 * current size + 1 - s): 8 gives 1 8 4 5 2 7 3 6.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two, not {size}")
    order = [1]
    while len(order) < size:
        top = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, top - seed)]
    return tuple(order)


def single_elimination(seeds: Sequence[Hashable], *, third_place: bool = False) -> Bracket:
    """`seeds` best first. Byes (to fill a power of two) go to the top seeds."""
    draft, rounds = _winners_bracket(seeds)
    if third_place and rounds >= 2:
        for index in range(2):
            draft.feed(("W", rounds - 1, index), "loser", SlotRef(("3P", 1, 0), index))
        draft.add(("3P", 1, 0))
    return draft.finish()


def double_elimination(seeds: Sequence[Hashable], *, bracket_reset: bool = True) -> Bracket:
    """Winners' and losers' brackets and a grand final (with an optional bracket reset).

    Losers of winners' round 1 meet in losers' round 1; losers of winners' round r >= 2 drop
    into losers' round 2(r-1), in an order changed from round to round (see `drop_order`) so
    that rematches come as late as the layout allows.
    """
    draft, rounds = _winners_bracket(seeds)
    grand_final: MatchKey = ("GF", 1, 0)
    draft.feed(("W", rounds, 0), "winner", SlotRef(grand_final, 0))
    _losers_bracket(draft, rounds, grand_final)
    draft.add(grand_final)
    if bracket_reset:
        reset: MatchKey = ("GF", 2, 0)
        draft.feed(grand_final, "winner", SlotRef(reset, 0))
        draft.feed(grand_final, "loser", SlotRef(reset, 1))
        draft.add(reset, reset_of=grand_final)
    return draft.finish()


def drop_order(winners_round: int, matches: int) -> tuple[int, ...]:
    """Which winners' match's loser drops into each losers' match of that drop round.

    The orders cycle through halves swapped, each half reversed, all reversed (winners' rounds
    2, 3, 4, 5, ...). This cycle was chosen by an exhaustive search over mixes of five simple
    orders (as is, reversed, halves swapped, halves reversed, neighbours swapped) for brackets of
    8 to 128 lines: no mix makes the first possible losers'-bracket rematch come later, and
    none doing as well leaves fewer losers' matches where a rematch is possible.
    """
    half = matches // 2
    step = (winners_round - 2) % 3
    if matches == 1:
        return (0,)
    if step == 0:
        return tuple((j + half) % matches for j in range(matches))
    if step == 1:
        return (*reversed(range(half)), *reversed(range(half, matches)))
    return tuple(reversed(range(matches)))


def _winners_bracket(seeds: Sequence[Hashable]) -> tuple[_Draft, int]:
    field = tuple(seeds)
    if len(field) < 2:
        raise ValueError("an elimination bracket needs at least two players")
    if len(set(field)) != len(field) or None in field:
        raise ValueError("players must be distinct and not None")
    rounds = (len(field) - 1).bit_length()
    lines = [field[s - 1] if s <= len(field) else BYE for s in bracket_order(2**rounds)]
    draft = _Draft()
    for r in range(1, rounds + 1):
        for i in range(2 ** (rounds - r)):
            key = ("W", r, i)
            if r == 1:
                draft.seed(SlotRef(key, 0), lines[2 * i])
                draft.seed(SlotRef(key, 1), lines[2 * i + 1])
            else:
                for slot in range(2):
                    draft.feed(("W", r - 1, 2 * i + slot), "winner", SlotRef(key, slot))
            draft.add(key)
    return draft, rounds


def _losers_bracket(draft: _Draft, rounds: int, grand_final: MatchKey) -> None:
    if rounds == 1:
        draft.feed(("W", 1, 0), "loser", SlotRef(grand_final, 1))
        return
    size = 2**rounds
    for j in range(size // 4):
        for slot in range(2):
            draft.feed(("W", 1, 2 * j + slot), "loser", SlotRef(("L", 1, j), slot))
        draft.add(("L", 1, j))
    for r in range(2, rounds + 1):
        drop, count = 2 * (r - 1), size // 2**r
        for j, source in enumerate(drop_order(r, count)):
            draft.feed(("L", drop - 1, j), "winner", SlotRef(("L", drop, j), 0))
            draft.feed(("W", r, source), "loser", SlotRef(("L", drop, j), 1))
            draft.add(("L", drop, j))
        if r < rounds:
            for j in range(count // 2):
                for slot in range(2):
                    draft.feed(("L", drop, 2 * j + slot), "winner", SlotRef(("L", drop + 1, j), slot))
                draft.add(("L", drop + 1, j))
    draft.feed(("L", 2 * (rounds - 1), 0), "winner", SlotRef(grand_final, 1))


@dataclass(frozen=True, slots=True)
class _Feed:
    key: MatchKey
    outcome: str  # "winner" or "loser"


class _Draft:
    """The bracket while it is built, byes included; `finish` removes the byes."""

    def __init__(self) -> None:
        self.order: list[MatchKey] = []
        self.reset_of: dict[MatchKey, MatchKey] = {}
        self.source: dict[SlotRef, object] = {}  # a seeded player, BYE or a _Feed
        self.dest: dict[tuple[MatchKey, str], SlotRef] = {}

    def add(self, key: MatchKey, reset_of: MatchKey | None = None) -> None:
        self.order.append(key)
        if reset_of is not None:
            self.reset_of[key] = reset_of

    def seed(self, slot: SlotRef, entrant: object) -> None:
        self.source[slot] = entrant

    def feed(self, key: MatchKey, outcome: str, slot: SlotRef) -> None:
        self.dest[(key, outcome)] = slot
        self.source[slot] = _Feed(key, outcome)

    def finish(self) -> Bracket:
        kept = [key for key in self.order if not self._drop_if_bye(key)]
        return Bracket(tuple(self._frozen(key) for key in kept))

    def _drop_if_bye(self, key: MatchKey) -> bool:
        """A match with a bye in a slot is no match: the other side goes straight on."""
        sides = [self.source[SlotRef(key, slot)] for slot in range(2)]
        if BYE not in sides:
            return False
        other = sides[1] if sides[0] is BYE else sides[0]
        winner_to = self.dest.pop((key, "winner"), None)
        loser_to = self.dest.pop((key, "loser"), None)
        if winner_to is not None:
            if isinstance(other, _Feed):  # fed from an earlier match: re-route that feed
                self.feed(other.key, other.outcome, winner_to)
            else:
                self.seed(winner_to, other)
        elif isinstance(other, _Feed):
            self.dest.pop((other.key, other.outcome), None)
        if loser_to is not None:
            self.seed(loser_to, BYE)
        return True

    def _frozen(self, key: MatchKey) -> BracketMatch:
        first, second = (self.source[SlotRef(key, slot)] for slot in range(2))
        return BracketMatch(
            key,
            (None if isinstance(first, _Feed) else first, None if isinstance(second, _Feed) else second),
            self.dest.get((key, "winner")),
            self.dest.get((key, "loser")),
            self.reset_of.get(key),
        )
