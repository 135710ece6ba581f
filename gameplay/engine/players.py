"""Two built-in players for self-play. A player sees only its ``PlayerView`` and returns the
next event; it holds no state, so a game is reproduced from its seed alone.

- ``SimplePlayer``: takes the upcard or discard only when it lowers its deadwood, discards its
  highest deadwood card, knocks as soon as it may.
- ``StrongPlayer``: weighs each discard by the deadwood left, the draws that would improve the
  hand (its "outs" among the cards it has not seen) and the danger of feeding the opponent
  (cards near those the opponent took from the pile); knocks early with any count under the
  limit, later only with a low count, and otherwise plays on for gin.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .arrangement import (
    best_arrangement_masks,
    best_discard,
    least_deadwood,
    least_deadwood_of_mask,
)
from .cards import Card
from .hand_events import BigGin, Discard, Draw, Event, Knock, LayOff, Pass, Source, TurnUpcard
from .hand_state import HAND_SIZE, Phase
from .hand_view import PlayerView
from .melds import cards_of, mask_of
from .rules import Ruleset


class Player(Protocol):
    name: str

    def act(self, view: PlayerView) -> Event: ...


def routine(view: PlayerView) -> Event | None:
    """The events that need no decision: turning the upcard, laying off."""
    if view.phase is Phase.DEALT:
        return TurnUpcard(view.seat)
    if view.phase is Phase.LAYOFF:
        return LayOff(view.seat)
    return None


def take_turn(view: PlayerView, draw: Callable[[PlayerView], Event],
              discard: Callable[[PlayerView], Event]) -> Event:
    """A turn of any built-in player: what needs no decision, then its draw, then big gin if
    it is there, else its discard (or knock)."""
    event = routine(view)
    if event is not None:
        return event
    if view.phase in (Phase.OFFER, Phase.DRAW):
        return draw(view)
    return big_gin(view) or discard(view)


def discardable(view: PlayerView) -> tuple[Card, ...]:
    """The cards this player may discard now (not the card just taken from the pile)."""
    if view.taken is None or view.rules.may_discard_card_taken_from_pile:
        return view.hand
    return tuple(card for card in view.hand if card != view.taken)


def finish_turn(view: PlayerView, discard: Card, knock: bool) -> Event:
    if knock:
        return Knock(view.seat, discard)
    return Discard(view.seat, discard)


def big_gin(view: PlayerView) -> Event | None:
    if (view.rules.big_gin_allowed and view.knock_limit is not None
            and len(view.hand) == HAND_SIZE + 1 and least_deadwood(view.hand, view.rules) == 0):
        return BigGin(view.seat)
    return None


def may_knock(view: PlayerView, rest: tuple[Card, ...], deadwood: int) -> bool:
    return (view.knock_limit is not None and len(rest) == HAND_SIZE
            and deadwood <= view.knock_limit)


@dataclass(frozen=True, slots=True)
class SimplePlayer:
    name: str = "simple"

    def act(self, view: PlayerView) -> Event:
        return take_turn(view, self._draw, self._discard)

    def _draw(self, view: PlayerView) -> Event:
        top = view.discard_top
        if view.may_take_discard and top is not None and _lowers_deadwood(view, top):
            return Draw(view.seat, Source.DISCARD)
        if view.phase is Phase.OFFER:
            return Pass(view.seat)
        return Draw(view.seat, Source.STOCK)

    def _discard(self, view: PlayerView) -> Event:
        options = discardable(view)
        hand = mask_of(view.hand)
        deadwood = cards_of(best_arrangement_masks(hand, view.rules)[2])
        candidates = [card for card in deadwood if card in options] or list(options)
        discard = max(candidates, key=lambda card: (card.value, card.rank, card.suit.position))
        rest = tuple(card for card in view.hand if card != discard)
        left = least_deadwood_of_mask(hand & ~discard.bit, view.rules)
        return finish_turn(view, discard, may_knock(view, rest, left))


def _lowers_deadwood(view: PlayerView, card: Card) -> bool:
    """Would taking ``card`` (and discarding another) leave less deadwood than now?"""
    now = least_deadwood(view.hand, view.rules)
    after = best_discard((*view.hand, card), view.rules, exclude=(card,))[1]
    return after.deadwood_points < now


@dataclass(frozen=True, slots=True)
class StrongPlayer:
    """Values a 10-card hand as its deadwood less ``outs_weight`` per out; throws the card that
    leaves the best value plus ``danger_weight`` x its danger; takes a face-up card only when
    it betters the value by ``take_margin``; knocks with any legal count while the stock holds
    more than ``early_stock`` cards, later only with ``late_knock`` or less (else plays on for
    gin). Weights tuned against SimplePlayer (docs/rulings.md has the figures)."""

    name: str = "strong"
    outs_weight: float = 1.5
    danger_weight: float = 2.0
    take_margin: float = 2.0
    early_stock: int = 12
    late_knock: int = 6

    def act(self, view: PlayerView) -> Event:
        return take_turn(view, self._draw, self._discard)

    def _draw(self, view: PlayerView) -> Event:
        unseen = unseen_cards(view)
        hand = mask_of(view.hand)
        now = hand_value(hand, view.rules, unseen, self.outs_weight)
        offers = []
        if view.may_take_discard and view.discard_top is not None:
            offers.append((Source.DISCARD, view.discard_top))
        if view.may_draw_exposed:
            offers.extend((Source.EXPOSED, card) for card in view.exposed)
        best = None
        for source, card in offers:
            _, value = self._choose_discard(view, hand | 1 << card.index, card, unseen)
            if value < now - self.take_margin and (best is None or value < best[0]):
                best = (value, source, card)
        if best is not None:
            return Draw(view.seat, best[1], best[2] if best[1] is Source.EXPOSED else None)
        return Pass(view.seat) if view.phase is Phase.OFFER else Draw(view.seat, Source.STOCK)

    def _discard(self, view: PlayerView) -> Event:
        unseen = unseen_cards(view)
        taken = None if view.rules.may_discard_card_taken_from_pile else view.taken
        discard, _ = self._choose_discard(view, mask_of(view.hand), taken, unseen)
        rest = tuple(card for card in view.hand if card != discard)
        deadwood = least_deadwood(rest, view.rules)
        return finish_turn(view, discard, self._knocks(view, rest, deadwood))

    def _knocks(self, view: PlayerView, rest: tuple[Card, ...], deadwood: int) -> bool:
        if not may_knock(view, rest, deadwood):
            return False
        return deadwood == 0 or view.stock_count > self.early_stock or deadwood <= self.late_knock

    def _choose_discard(self, view: PlayerView, hand: int, keep: Card | None, unseen: int
                        ) -> tuple[Card, float]:
        """The discard with the least value plus danger, and the value of the hand it leaves."""
        best: tuple[float, float, Card] | None = None
        for card in cards_of(hand):
            if card == keep:
                continue
            value = hand_value(hand ^ 1 << card.index, view.rules, unseen, self.outs_weight)
            cost = value + self.danger_weight * danger(view, card)
            if best is None or cost < best[0]:
                best = (cost, value, card)
        assert best is not None
        return best[2], best[1]


_ALL = (1 << 52) - 1
_SUIT = 0x1FFF
_POINTS = tuple(sum(min(r + 1, 10) for r in range(13) if p >> r & 1) for p in range(1 << 13))


def _points(cards: int) -> int:
    return (_POINTS[cards & _SUIT] + _POINTS[cards >> 13 & _SUIT] + _POINTS[cards >> 26 & _SUIT]
            + _POINTS[cards >> 39])


def unseen_cards(view: PlayerView) -> int:
    """A mask of the cards this player has not seen: they are in the stock or the opponent's
    hand (the discard pile, exposed cards and the opponent's known cards are excluded)."""
    seen = mask_of(view.hand) | mask_of(view.my_discards) | mask_of(view.opponent_discards)
    seen |= mask_of(view.opponent_known) | mask_of(view.exposed)
    if view.upcard is not None:
        seen |= 1 << view.upcard.index
    return _ALL & ~seen


def hand_value(hand: int, rules: Ruleset, unseen: int, outs_weight: float) -> float:
    """Least deadwood less ``outs_weight`` per unseen card that would improve the hand: a third
    card to a pair or two-card run of deadwood, or a card extending a meld."""
    sets, wanted, dead = best_arrangement_masks(hand, rules)  # wanted: a run's next cards
    for set_ in sets:
        if set_.bit_count() == 3:  # the fourth card of a set
            wanted |= _RANK_CARDS[((set_ & -set_).bit_length() - 1) % 13]
    return _points(dead) - outs_weight * ((wanted | _near(dead)) & unseen).bit_count()


_RANK_CARDS = tuple(sum(1 << (13 * s + r) for s in range(4)) for r in range(13))


def _near(dead: int) -> int:
    """The cards that would make a meld with two deadwood cards."""
    c, d, h, s = dead & _SUIT, dead >> 13 & _SUIT, dead >> 26 & _SUIT, dead >> 39
    pairs = (c & (d | h | s)) | (d & (h | s)) | (h & s)  # ranks held twice or more
    near = pairs | pairs << 13 | pairs << 26 | pairs << 39
    # Two cards of a suit one or two apart: the card that makes them a run.
    return (near | _RUN_NEAR[c] | _RUN_NEAR[d] << 13 | _RUN_NEAR[h] << 26
            | _RUN_NEAR[s] << 39)


def _run_near(pattern: int) -> int:
    adjacent, gapped = pattern & pattern >> 1, pattern & pattern >> 2
    return (adjacent >> 1 | adjacent << 2 | gapped << 1) & _SUIT


_RUN_NEAR = tuple(_run_near(pattern) for pattern in range(1 << 13))


def danger(view: PlayerView, card: Card) -> float:
    """How likely the opponent wants ``card``: +1 per card he took from the pile of its rank or
    within two in its suit; -0.5 per discard of his of its rank or next to it in its suit."""
    score = 0.0
    for known in view.opponent_known:
        if known.rank == card.rank or (known.suit == card.suit and abs(known.rank - card.rank) <= 2):
            score += 1
    for thrown in view.opponent_discards:
        if thrown.rank == card.rank or (thrown.suit == card.suit and abs(thrown.rank - card.rank) == 1):
            score -= 0.5
    return max(score, -1.0)


PLAYERS = {"simple": SimplePlayer, "strong": StrongPlayer}


def player(name: str, label: str | None = None) -> Player:
    """A built-in player by name; ``label`` names it in results (default: the name)."""
    try:
        return PLAYERS[name](name=label or name)
    except KeyError:
        raise KeyError(f"no player '{name}' (players: {', '.join(sorted(PLAYERS))})") from None
