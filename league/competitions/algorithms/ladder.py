"""A challenge ladder as an immutable value: positions, challenges, and the history of moves.

Position 1 is the top. The rules, as clubs run a season ladder:
- a player may challenge someone at most `reach` places above;
- each player has at most one open challenge, as challenger or as the challenged;
- no challenge over a player who has an open challenge: the places between the two are held
  until it is played (our rule: without it, a climb between them could push one of a challenge's
  players down and make that challenge reach further than `reach` when it is won);
- two players who met in a challenge may not meet in another until `rematch_after` has passed
  since the first was settled;
- the challenged must play within `respond_within` or forfeit: the challenger then wins;
- a challenger who wins takes the challenged player's place and everyone from that place down to
  the challenger's old place moves down one; a challenged player who wins keeps the places as
  they are;
- a newcomer joins at the bottom.
Times are arguments (datetimes, no clock here); every change returns a new ladder with one more
`LadderEvent` in its history.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum


class LadderError(ValueError):
    """A change the ladder's rules do not allow; the message says which rule."""


@dataclass(frozen=True, slots=True)
class LadderRules:
    reach: int = 3
    respond_within: timedelta = timedelta(days=7)
    rematch_after: timedelta = timedelta(days=14)

    def __post_init__(self) -> None:
        if self.reach < 1:
            raise LadderError("a challenge reaches at least one place up")
        if self.respond_within <= timedelta(0) or self.rematch_after < timedelta(0):
            raise LadderError("the time to play is positive, the rematch wait not negative")


@dataclass(frozen=True, slots=True)
class Challenge:
    challenger: Hashable
    challenged: Hashable
    issued_at: datetime
    deadline: datetime

    @property
    def players(self) -> frozenset[Hashable]:
        return frozenset((self.challenger, self.challenged))


class EventKind(StrEnum):
    JOINED = "joined"
    CHALLENGED = "challenged"
    CHALLENGER_WON = "challenger_won"
    CHALLENGED_WON = "challenged_won"
    FORFEITED = "forfeited"  # the challenged did not play in time, or gave the match up


@dataclass(frozen=True, slots=True)
class Move:
    player: Hashable
    before: int | None  # None: not on the ladder yet
    after: int


@dataclass(frozen=True, slots=True)
class LadderEvent:
    at: datetime
    kind: EventKind
    player: Hashable  # who joined, or the challenger
    challenged: Hashable | None = None
    moves: tuple[Move, ...] = ()


@dataclass(frozen=True, slots=True)
class Ladder:
    rules: LadderRules
    order: tuple[Hashable, ...] = ()  # position 1 first
    challenges: tuple[Challenge, ...] = ()  # open ones
    history: tuple[LadderEvent, ...] = ()

    @classmethod
    def start(cls, order: Sequence[Hashable], rules: LadderRules, at: datetime) -> Ladder:
        """A ladder in the given order (by rating, `seeding.seed_by_rating`, or by hand)."""
        ladder = cls(rules)
        for player in order:
            ladder = ladder.join(player, at)
        return ladder

    def position(self, player: Hashable) -> int:
        try:
            return self.order.index(player) + 1
        except ValueError:
            raise LadderError(f"{player!r} is not on the ladder") from None

    def open_challenge(self, player: Hashable) -> Challenge | None:
        return next((c for c in self.challenges if player in c.players), None)

    def join(self, player: Hashable, at: datetime) -> Ladder:
        if player is None or player in self.order:
            raise LadderError(f"{player!r} is already on the ladder")
        move = Move(player, None, len(self.order) + 1)
        return self._with(at, EventKind.JOINED, player, None, (*self.order, player), (move,))

    def refusal(self, challenger: Hashable, challenged: Hashable, at: datetime) -> str | None:
        """Why `challenger` may not challenge `challenged` now, or None when they may."""
        if challenger not in self.order or challenged not in self.order:
            return "both players must be on the ladder"
        gap = self.position(challenger) - self.position(challenged)
        if gap <= 0:
            return "a challenge goes up the ladder"
        if gap > self.rules.reach:
            return f"a challenge reaches at most {self.rules.reach} places up"
        for player in (challenger, challenged):
            if self.open_challenge(player) is not None:
                return f"{player!r} already has an open challenge"
        between = self.order[self.position(challenged) : self.position(challenger) - 1]
        held = next((p for p in between if self.open_challenge(p) is not None), None)
        if held is not None:
            return f"{held!r} stands between with an open challenge"
        last = self._last_settled(challenger, challenged)
        if last is not None and at < last + self.rules.rematch_after:
            until = last + self.rules.rematch_after
            return f"these two met on {last:%Y-%m-%d}: no rematch before {until:%Y-%m-%d}"
        return None

    def challenge(self, challenger: Hashable, challenged: Hashable, at: datetime) -> Ladder:
        reason = self.refusal(challenger, challenged, at)
        if reason:
            raise LadderError(reason)
        opened = Challenge(challenger, challenged, at, at + self.rules.respond_within)
        event = LadderEvent(at, EventKind.CHALLENGED, challenger, challenged)
        return replace(self, challenges=(*self.challenges, opened), history=(*self.history, event))

    def result(self, challenger: Hashable, winner: Hashable, at: datetime) -> Ladder:
        """The open challenge of `challenger` played, won by `winner`."""
        open_ = self._open_by(challenger)
        if winner not in open_.players:
            raise LadderError(f"{winner!r} did not play this challenge")
        if winner == challenger:
            return self._settle(open_, at, EventKind.CHALLENGER_WON, climb=True)
        return self._settle(open_, at, EventKind.CHALLENGED_WON, climb=False)

    def forfeit(self, challenger: Hashable, at: datetime) -> Ladder:
        """The challenged gives up the open challenge of `challenger`: the challenger wins."""
        return self._settle(self._open_by(challenger), at, EventKind.FORFEITED, climb=True)

    def overdue(self, at: datetime) -> tuple[Challenge, ...]:
        return tuple(c for c in self.challenges if at > c.deadline)

    def forfeit_overdue(self, at: datetime) -> Ladder:
        """Every challenge not played by its deadline forfeited by the challenged, the oldest
        first (each at its deadline)."""
        ladder = self
        for c in sorted(self.overdue(at), key=lambda c: c.deadline):
            ladder = ladder._settle(c, c.deadline, EventKind.FORFEITED, climb=True)
        return ladder

    def _open_by(self, challenger: Hashable) -> Challenge:
        found = next((c for c in self.challenges if c.challenger == challenger), None)
        if found is None:
            raise LadderError(f"{challenger!r} has no open challenge")
        return found

    def _settle(self, c: Challenge, at: datetime, kind: EventKind, *, climb: bool) -> Ladder:
        order, moves = self.order, ()
        if climb:
            order, moves = _climbed(self.order, c.challenger, c.challenged)
        ladder = replace(self, challenges=tuple(x for x in self.challenges if x != c))
        return ladder._with(at, kind, c.challenger, c.challenged, order, moves)

    def _with(self, at, kind, player, challenged, order, moves) -> Ladder:
        event = LadderEvent(at, kind, player, challenged, tuple(moves))
        return replace(self, order=tuple(order), history=(*self.history, event))

    def _last_settled(self, a: Hashable, b: Hashable) -> datetime | None:
        settled = (EventKind.CHALLENGER_WON, EventKind.CHALLENGED_WON, EventKind.FORFEITED)
        pair = {a, b}
        times = [e.at for e in self.history if e.kind in settled and {e.player, e.challenged} == pair]
        return max(times, default=None)


def _climbed(
    order: tuple[Hashable, ...], challenger: Hashable, challenged: Hashable
) -> tuple[tuple[Hashable, ...], tuple[Move, ...]]:
    """The challenger takes the challenged player's place; those between move down one."""
    up, down = order.index(challenged), order.index(challenger)
    if down < up:  # already above: nothing to take
        return order, ()
    new = (*order[:up], challenger, *order[up:down], *order[down + 1:])
    moves = tuple(Move(p, order.index(p) + 1, new.index(p) + 1) for p in order[up : down + 1])
    return new, moves
