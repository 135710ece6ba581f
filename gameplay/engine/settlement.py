"""Settling a knock: docs/rules.md, "Settling a knock" and Core "Knock",
"Layoffs"; the knocking-and-scoring text on knocking, gin, layoffs and undercuts.

The knocker's melds are searched as bit masks (see ``arrangement``); the defender's layoffs are
enumerated exactly: per spread meld, how far the defender extends a run downwards and upwards
(chained, 5H then 6H onto 2H-3H-4H) or whether the fourth card goes onto a set, and for every
such choice the defender's own least-deadwood arrangement of the cards kept. Choosing layoffs and
own melds together this way covers breaking an own meld to lay off (TV1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from .arrangement import (
    POINTS_SHIFT,
    best_arrangement_of_mask,
    hand_mask,
    search,
    suit_tables,
)
from .cards import Card, parse_cards
from .errors import IllegalKnock, InvalidCards, KnockOverLimit
from .melds import RANK_MASKS, SUIT_MASKS, cards_of, make_meld, mask_of, meld_of_mask, points_of
from .partitions import all_best_partitions
from .rules import Ruleset
from .types import Layoff, Meld, Outcome, Side

_DEFAULT = Ruleset()
Cards = Iterable[Card | str] | str


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of a knock. ``points`` go to ``winner`` and include the bonuses and the
    Oklahoma multiplier; ``defender_deadwood`` is counted after the layoffs."""

    outcome: Outcome
    winner: Side
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    spread: tuple[Meld, ...]
    knocker_deadwood_cards: tuple[Card, ...]
    defender_melds: tuple[Meld, ...]
    defender_deadwood_cards: tuple[Card, ...]
    layoffs: tuple[Layoff, ...]


@dataclass(frozen=True, slots=True)
class _Defence:
    key: int  # the defender's search key after the layoffs (points in the high bits)
    laid_off: int  # mask of the cards laid off
    extensions: tuple[int, ...]  # per spread meld, the cards laid off onto it


def settle_hand(
    knocker_cards: Cards,
    defender_cards: Cards,
    rules: Ruleset = _DEFAULT,
    *,
    spread: Sequence[Meld | Cards] | None = None,
    upcard: Card | None = None,
    over_limit_accepted: bool = False,
) -> Settlement:
    """Settle a knock. ``knocker_cards``: 10 after the discard (11, all melded: big gin).

    ``spread`` gives the knocker's declared melds; without it the knocker spreads a
    least-deadwood arrangement, the one leaving the defender the most deadwood (TV3).
    ``over_limit_accepted``: the opponent accepted a knock over the knock limit, so the limit is
    not checked (Hoyle's irregularities, Illegal Knock: "If the knocker is found to have a deadwood count of
    more than 10, opponent may accept the knock"); everything else is settled as usual.
    Raises InvalidCards (wrong counts, a card in both hands, a bad spread) and IllegalKnock.
    """
    knocker, knocker_count = hand_mask(knocker_cards)
    defender, defender_count = hand_mask(defender_cards)
    _check_hands(knocker, knocker_count, defender, defender_count, rules)
    if spread is None:
        spreads = [melds for _, melds in all_best_partitions(knocker, rules)]
    else:
        spreads = [_declared_spread(spread, knocker, rules)]
    knocker_deadwood = points_of(knocker & ~sum(spreads[0]))
    _check_knock(knocker_deadwood, knocker_count, rules, upcard, knocker,
                 over_limit_accepted=over_limit_accepted)
    if knocker_deadwood == 0:
        # Core: "No layoffs against gin or big gin."
        melds, defence = spreads[0], _Defence(search(defender, _keys(rules))[0], 0, ())
    else:
        melds, defence = _knockers_choice(spreads, defender, rules)
    return _settlement(knocker, knocker_count, melds, defender, defence, rules, upcard)


def _keys(rules: Ruleset) -> tuple[int, ...]:
    return suit_tables(rules.max_run_length).keys


def _check_hands(knocker: int, knocker_count: int, defender: int, defender_count: int,
                 rules: Ruleset) -> None:
    if knocker_count not in (10, 11):
        raise InvalidCards(
            f"the knocker holds {knocker_count} cards: 10 after the discard (11 for big gin)"
        )
    if knocker_count == 11 and not rules.big_gin_allowed:
        raise IllegalKnock("big gin is not played under these rules: knock with 10 cards")
    if defender_count != 10:
        raise InvalidCards(f"the defender holds {defender_count} cards, not 10")
    if knocker & defender:
        shared = ", ".join(card.code for card in cards_of(knocker & defender))
        raise InvalidCards(f"{shared} cannot be in both hands")


def _check_knock(deadwood: int, count: int, rules: Ruleset, upcard: Card | None,
                 knocker: int, *, over_limit_accepted: bool) -> None:
    if count == 11 and deadwood:
        # Core: "Big gin: all 11 cards melded after the draw, no discard."
        raise IllegalKnock(f"big gin needs all 11 cards melded; the knocker's deadwood is "
                           f"{deadwood}")
    if over_limit_accepted:
        return
    limit = rules.knock_limit_for(upcard)
    if deadwood > limit:
        best = search(knocker, _keys(rules))[0] >> POINTS_SHIFT
        # Hoyle's irregularities, Illegal Knock: "If the knocker can make his claim good by rearranging his
        # cards into different sets, he may do so."
        hint = f" (the cards can be arranged for {best})" if best <= limit else ""
        raise KnockOverLimit(
            f"knocker's deadwood is {deadwood}, over the knock limit of {limit}{hint}",
            deadwood=deadwood, limit=limit,
        )


def _declared_spread(spread: Sequence[Meld | Cards], knocker: int, rules: Ruleset
                     ) -> tuple[int, ...]:
    melds = []
    used = 0
    for item in spread:
        cards = item.cards if isinstance(item, Meld) else parse_cards(item)
        meld = mask_of(make_meld(cards, rules).cards)
        if meld & ~knocker:
            strangers = " ".join(c.code for c in cards_of(meld & ~knocker))
            raise InvalidCards(f"{strangers} in the spread but not in the knocker's hand")
        if meld & used:
            twice = " ".join(c.code for c in cards_of(meld & used))
            raise InvalidCards(f"{twice} in two melds of the spread (a card belongs to one meld)")
        used |= meld
        melds.append(meld)
    return tuple(melds)


def _knockers_choice(spreads: list[tuple[int, ...]], defender: int, rules: Ruleset
                     ) -> tuple[tuple[int, ...], _Defence]:
    """docs/rules.md: among least-deadwood spreads, the one leaving the defender the most deadwood
    (TV3); on equal deadwood the first in ``all_best_arrangements`` order."""
    best: tuple[tuple[int, ...], _Defence] | None = None
    for melds in spreads:
        defence = _best_defence(melds, defender, rules)
        if best is None or defence.key >> POINTS_SHIFT > best[1].key >> POINTS_SHIFT:
            best = (melds, defence)
    assert best is not None
    return best


def _best_defence(spread: tuple[int, ...], defender: int, rules: Ruleset) -> _Defence:
    """The defender's layoffs and own melds together leaving the least deadwood; on equal
    deadwood the fewest cards laid off (own melds first), then the better arrangement of the
    cards kept (``arrangement``'s tie-break), then the first in enumeration order."""
    keys = _keys(rules)
    options = [_extensions(meld, defender, rules) for meld in spread]
    best = _Defence(search(defender, keys)[0], 0, (0,) * len(spread))
    if all(len(choices) == 1 for choices in options):
        return best
    for combo in product(*options):
        laid_off = 0
        for cards in combo:
            if laid_off & cards:
                break
            laid_off |= cards
        else:
            if not laid_off:
                continue
            key = search(defender & ~laid_off, keys)[0]
            if _preference(key, laid_off) < _preference(best.key, best.laid_off):
                best = _Defence(key, laid_off, combo)
    return best


def _preference(key: int, laid_off: int) -> tuple[int, int, int]:
    return key >> POINTS_SHIFT, laid_off.bit_count(), key


def _extensions(meld: int, defender: int, rules: Ruleset) -> list[int]:
    """Every set of defender cards that can be laid off onto one spread meld, none first."""
    low = meld & -meld
    if meld & (low << 1):  # two adjacent bits: a run
        return _run_extensions(meld, defender, rules)
    rank_cards = RANK_MASKS[(low.bit_length() - 1) % 13]
    fourth = rank_cards & ~meld & defender
    return [0, fourth] if fourth else [0]  # Core: "a fourth card on a set"


def _run_extensions(meld: int, defender: int, rules: Ruleset) -> list[int]:
    """Core: "cards extending a run at either end, chained"; ``max_run_length`` caps the result."""
    suit_cards = next(cards for cards in SUIT_MASKS if cards & meld)
    below = _chain_below(meld, defender & suit_cards)
    above = _chain_above(meld, defender & suit_cards)
    if rules.max_run_length is None:
        room = len(below) + len(above)
    else:
        room = rules.max_run_length - meld.bit_count()
    return [
        sum(below[:down]) + sum(above[:up])
        for down in range(len(below) + 1)
        for up in range(min(len(above), room - down) + 1)
    ]


def _chain_below(meld: int, cards: int) -> list[int]:
    """The defender's cards continuing a run one by one below its lowest card."""
    chain, bit = [], meld & -meld
    for _ in range(cards.bit_count()):  # no longer than the cards there are
        bit >>= 1
        if not bit & cards:
            break
        chain.append(bit)
    return chain


def _chain_above(meld: int, cards: int) -> list[int]:
    """The defender's cards continuing a run one by one above its highest card."""
    chain, bit = [], 1 << (meld.bit_length() - 1)
    for _ in range(cards.bit_count()):
        bit <<= 1
        if not bit & cards:
            break
        chain.append(bit)
    return chain


def _settlement(knocker: int, count: int, spread: tuple[int, ...], defender: int,
                defence: _Defence, rules: Ruleset, upcard: Card | None) -> Settlement:
    kept = best_arrangement_of_mask(defender & ~defence.laid_off, rules)
    knocker_dead = knocker & ~sum(spread)
    knocker_points = points_of(knocker_dead)
    defender_points = defence.key >> POINTS_SHIFT
    outcome, winner, points = _score(count, knocker_points, defender_points, rules)
    return Settlement(
        outcome=outcome,
        winner=winner,
        points=points * rules.hand_multiplier(upcard),
        knocker_deadwood=knocker_points,
        defender_deadwood=defender_points,
        spread=tuple(meld_of_mask(m) for m in spread),
        knocker_deadwood_cards=cards_of(knocker_dead),
        defender_melds=kept.melds,
        defender_deadwood_cards=kept.deadwood,
        layoffs=_layoffs(spread, defence.extensions),
    )


def _score(count: int, knocker: int, defender: int, rules: Ruleset) -> tuple[Outcome, Side, int]:
    """docs/rules.md "Settling a knock": knock, undercut, gin and big gin scores (before Oklahoma)."""
    return score_counts(knocker, defender, rules, big_gin=count == 11)


def score_counts(knocker: int, defender: int, rules: Ruleset, *, big_gin: bool = False
                 ) -> tuple[Outcome, Side, int]:
    """The outcome, its winner and points (before Oklahoma's multiplier) of a knock with these
    deadwood counts, the defender's after layoffs: docs/rules.md "Settling a knock"."""
    if big_gin:
        return Outcome.BIG_GIN, Side.KNOCKER, defender + (rules.big_gin_bonus or 0)
    if knocker == 0:
        return Outcome.GIN, Side.KNOCKER, defender + rules.gin_bonus  # gin is never undercut
    if defender < knocker or (defender == knocker and rules.undercut_on_tie):
        # the knocking-and-scoring text: "If the value of deadwood cards is equal after a knock ... an undercut."
        return Outcome.UNDERCUT, Side.DEFENDER, knocker - defender + rules.undercut_bonus
    return Outcome.KNOCK, Side.KNOCKER, defender - knocker


def _layoffs(spread: tuple[int, ...], extensions: tuple[int, ...]) -> tuple[Layoff, ...]:
    """The layoffs in a playing order: meld by meld, each chain outwards from the meld."""
    layoffs = []
    for index, (meld, cards) in enumerate(zip(spread, extensions, strict=False)):
        below = cards % (meld & -meld)  # the cards under the meld's lowest card
        for card in reversed(cards_of(below)):
            layoffs.append(Layoff(card, index))
        for card in cards_of(cards & ~below):
            layoffs.append(Layoff(card, index))
    return tuple(layoffs)
