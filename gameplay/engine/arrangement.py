"""The least-deadwood arrangement of a hand (docs/rules.md: "the engine always finds the
arrangement with the least deadwood points"; "A card belongs to one meld only").

How the exact search works: a hand is a 52-bit mask. Runs never cross suits, so once the sets are
chosen each suit is an independent 13-bit problem, solved for all 8,192 patterns in one table per
``max_run_length``. Only ranks held three or four times can form sets (at most three ranks in an
11-card hand), so the search tries every choice of sets: for each such rank no set, the whole set,
or (when all four are held) each 3-card set, and adds up the four suit tables for what is left.
Choices that cannot be best are skipped: a card in no run of the hand is only ever left out of
its set at a cost. The arrangement returned keeps the search's masks and builds its Meld and
Card tuples when first read (gameplay/engine/found.py).

Tie-break among arrangements with the same deadwood points (documented contract):
1. fewest deadwood cards, 2. fewest melds (a long run is kept whole), 3. fewest cards in sets,
4. then a fixed order: sets by rank (ace first), "no set" before "the whole set" before the
3-card sets leaving out clubs, diamonds, hearts, spades; inside a suit the lowest card is tried
as deadwood before the runs it starts, shorter runs first. The same cards always give the same
arrangement, whatever order they come in.
Melds are listed sets first (by rank), then runs (clubs, diamonds, hearts, spades; low first);
deadwood in deck order.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from operator import itemgetter

from .cards import Card, parse_cards
from .errors import InvalidCards
from .found import FoundArrangement, FoundWithSets
from .melds import BIT, SUIT_BITS, cards_of, sum_of_bits
from .rules import Ruleset
from .run_tables import MELD, POINTS_SHIFT, suit_tables
from .types import Arrangement

_DEFAULT = Ruleset()
SetChoice = tuple[int, int]  # (mask of the set's cards, or 0 for no set; key of that choice)
_SUITS = range(4)  # a suit's position in a hand mask: clubs, diamonds, hearts, spades
_RANKS = range(13)  # a rank's place in a suit's 13 bits: ace 0 to king 12
_KEY = itemgetter(0)


def _build_set_choices() -> tuple[tuple[SetChoice, ...], ...]:
    """Set choices per rank, per pattern of suits held (bits 0-3) and of those of the held
    cards that could be in a run (bits 4-7).

    Only choices that can be best are listed: a card that can be in no run is deadwood unless it
    is in the set, so leaving it out of the set always costs points.
    """
    table = []
    for rank in range(13):
        for pattern in range(256):
            held, runnable = pattern & 15, pattern >> 4 & pattern & 15
            table.append(tuple(_choices(rank, held, runnable)))
    return tuple(table)


def _choices(rank: int, held: int, runnable: int) -> list[SetChoice]:
    suits = [s for s in _SUITS if held >> s & 1]
    if len(suits) < 3:
        return []  # no set can be made: the search reads only ranks held three times or more
    whole = sum(1 << (13 * s + rank) for s in suits)
    free = [s for s in suits if runnable >> s & 1]
    choices: list[SetChoice] = []
    if len(free) >= (2 if len(suits) == 4 else 1):
        choices.append((0, 0))  # no set: the held cards stay free for runs
    choices.append((whole, MELD + len(suits)))
    if len(suits) == 4:
        # A 4-card set may be used as any of its 3-card sets (the 4th stays free).
        choices.extend((whole ^ (1 << (13 * s + rank)), MELD + 3) for s in free)
    return choices


def _runnable(pattern: int) -> int:
    """The cards of a suit pattern that are in some 3-card run inside it."""
    starts = pattern & pattern >> 1 & pattern >> 2
    return starts | starts << 1 | starts << 2


def _columns(pattern: int) -> int:
    """A suit pattern laid out by rank, eight bits per rank (rank r at bit 8r): bit 0 the card
    is held, bit 4 it is in a run inside the pattern. Shifted left by a suit's position (clubs
    0 to spades 3), the four suits' columns OR into each rank's index in ``_SET_CHOICES``."""
    runnable = _runnable(pattern)
    columns = 0
    for rank in _RANKS:
        columns |= (pattern >> rank & 1 | (runnable >> rank & 1) << 4) << 8 * rank
    return columns


_SET_CHOICES = _build_set_choices()
_COLUMNS = tuple(_columns(pattern) for pattern in range(8192))
_SHIFT = {1 << rank: 8 * rank for rank in range(13)}  # a rank's bit: its column's place


def _set_options(c: int, d: int, h: int, s: int) -> list[tuple[SetChoice, ...]]:
    """The set choices of each rank held at least three times, by rank (suit patterns given)."""
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    columns = _COLUMNS
    both = columns[c] | columns[d] << 1 | columns[h] << 2 | columns[s] << 3
    options = []
    for _ in range(ranks.bit_count()):
        low = ranks & -ranks
        ranks ^= low
        shift = _SHIFT[low]
        options.append(_SET_CHOICES[shift << 5 | both >> shift & 255])
    return options


def _suits_key(rest: int, keys: tuple[int, ...]) -> int:
    return (
        keys[rest & SUIT_BITS]
        + keys[rest >> 13 & SUIT_BITS]
        + keys[rest >> 26 & SUIT_BITS]
        + keys[rest >> 39]
    )


def search(mask: int, keys: tuple[int, ...]) -> tuple[int, tuple[int, ...], int]:
    """The least key of a hand mask, the set masks chosen and the cards left for runs."""
    c, d, h, s = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    if not ranks:
        return keys[c] + keys[d] + keys[h] + keys[s], (), mask
    if ranks & (ranks - 1):  # two ranks or more held three times: every combination
        return _search_sets(mask, keys, _set_options(c, d, h, s))
    # One rank held three times or more (the usual case), inlined. On equal keys the first
    # choice in the table's order is kept (min keeps the first of equals).
    columns, shift = _COLUMNS, _SHIFT[ranks]
    both = columns[c] | columns[d] << 1 | columns[h] << 2 | columns[s] << 3
    best, chosen = min((
        (key + keys[rest & SUIT_BITS] + keys[rest >> 13 & SUIT_BITS]
         + keys[rest >> 26 & SUIT_BITS] + keys[rest >> 39], used)
        for used, key in _SET_CHOICES[shift << 5 | both >> shift & 255]
        for rest in (mask ^ used,)), key=_KEY)
    return best, (chosen,) if chosen else (), mask ^ chosen


def _search_sets(mask: int, keys: tuple[int, ...], options: list[tuple[SetChoice, ...]]
                 ) -> tuple[int, tuple[int, ...], int]:
    def keyed(combo: tuple[SetChoice, ...]) -> tuple[int, int, tuple[SetChoice, ...]]:
        used, key = _combine(combo)
        return key + _suits_key(mask ^ used, keys), used, combo

    best, used, combo = min(map(keyed, product(*options)), key=_KEY)  # the first of equals
    return best, tuple(m for m, _ in combo if m), mask ^ used


def _combine(combo: tuple[SetChoice, ...]) -> tuple[int, int]:
    return sum(m for m, _ in combo), sum(k for _, k in combo)


_RUN_STARTS = sum(0x7FF << 13 * suit for suit in range(4))  # where a run can start: ace to jack
_RANK_CARDS = 1 | 1 << 13 | 1 << 26 | 1 << 39  # times a rank's bit: the rank's four cards


def _found(mask: int, max_run_length: int | None) -> Arrangement:
    """The arrangement of a hand mask: the search, with sets tried only for the ranks held
    three times or more."""
    high = mask >> 13
    pairs, either = mask & high, mask | high  # clubs with diamonds, hearts with spades
    ranks = (pairs & either >> 26 | pairs >> 26 & either) & SUIT_BITS
    if ranks:
        return _found_with_sets(mask, max_run_length, ranks)
    return FoundArrangement(mask, max_run_length)


def _whole_sets(mask: int, ranks: int) -> tuple[int, ...]:
    """The sets to take when no card of ``ranks`` (the ranks held three times or more) can be
    in a run: each rank's whole set is then its only choice. Otherwise none."""
    starts = mask & mask >> 1 & mask >> 2 & _RUN_STARTS
    runnable = starts | starts << 1 | starts << 2
    if (runnable | runnable >> 13 | runnable >> 26 | runnable >> 39) & ranks:
        return ()
    if not ranks & (ranks - 1):
        return (mask & ranks * _RANK_CARDS,)
    sets = []
    for _ in range(ranks.bit_count()):  # by rank, ace first, as the search lists them
        low = ranks & -ranks
        ranks ^= low
        sets.append(mask & low * _RANK_CARDS)
    return tuple(sets)


def _found_with_sets(mask: int, max_run_length: int | None, ranks: int) -> Arrangement:
    sets = _whole_sets(mask, ranks)
    if sets:
        return FoundWithSets(mask ^ sum(sets), max_run_length, sets)
    keys = suit_tables(max_run_length).keys
    whole = mask & ranks * _RANK_CARDS
    if whole.bit_count() == 3:  # one rank, three cards, one in a run: no set, or the set
        rest = mask ^ whole
        # The two keys differ (the set's counts three cards in sets, the other none).
        _, used = min((keys[mask & SUIT_BITS] + keys[mask >> 13 & SUIT_BITS]
                       + keys[mask >> 26 & SUIT_BITS] + keys[mask >> 39], 0),
                      (MELD + 3 + keys[rest & SUIT_BITS] + keys[rest >> 13 & SUIT_BITS]
                       + keys[rest >> 26 & SUIT_BITS] + keys[rest >> 39], whole))
        if used:
            return FoundWithSets(rest, max_run_length, (used,))
        return FoundArrangement(mask, max_run_length)
    _, sets, rest = search(mask, keys)
    if sets:
        return FoundWithSets(rest, max_run_length, sets)
    return FoundArrangement(rest, max_run_length)


def best_arrangement_of_mask(mask: int, rules: Ruleset = _DEFAULT) -> Arrangement:
    return _found(mask, rules.max_run_length)


def least_deadwood_of_mask(mask: int, rules: Ruleset = _DEFAULT) -> int:
    return _least_points(mask, rules.max_run_length)


def best_arrangement_masks(mask: int, rules: Ruleset = _DEFAULT) -> tuple[tuple[int, ...], int, int]:
    """The arrangement ``best_arrangement_of_mask`` finds, as masks and with no card built: its
    sets, the cards that would lengthen one of its runs at either end, and its deadwood."""
    tables = suit_tables(rules.max_run_length)
    _, sets, rest = search(mask, tables.keys)
    c, d, h, s = rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS, rest >> 39
    dead, ends = tables.dead, tables.run_ends
    return (sets, ends[c] | ends[d] << 13 | ends[h] << 26 | ends[s] << 39,
            dead[c] | dead[d] << 13 | dead[h] << 26 | dead[s] << 39)


def hand_mask(cards: Iterable[Card | str] | str) -> tuple[int, int]:
    """(mask, card count) of a hand. Raises InvalidCards on an unknown or repeated card."""
    try:
        count = len(cards)  # type: ignore[arg-type]  # an iterator has no length: parsed below
        mask = sum_of_bits(cards)  # type: ignore[arg-type]  # text or tokens: parsed below
    except (AttributeError, TypeError):
        cards = parse_cards(cards)
        count, mask = len(cards), sum_of_bits(cards)
    # A sum of bits has one bit per card exactly when no card repeats.
    if mask.bit_count() != count:
        parse_cards(cards)  # raises InvalidCards naming the card given twice
    return mask, count


def best_arrangement(cards: Iterable[Card | str] | str, rules: Ruleset = _DEFAULT) -> Arrangement:
    """The arrangement with the least deadwood points (exact), ties broken as documented above.
    (The mask and the search are inlined here: this is the engine's most frequent call.)"""
    try:  # hand_mask's first step, inlined
        count = len(cards)  # type: ignore[arg-type]
        if count == 10:  # a hand's usual size: ten bits read and added without a call each
            c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards  # type: ignore[misc]
            mask = (c0.bit + c1.bit + c2.bit + c3.bit + c4.bit
                    + c5.bit + c6.bit + c7.bit + c8.bit + c9.bit)
        else:
            mask = sum(map(BIT, cards))
    except (AttributeError, TypeError):
        mask, count = hand_mask(cards)
    if mask.bit_count() != count:
        hand_mask(cards)  # raises InvalidCards naming the card given twice
    length = rules.max_run_length
    high = mask >> 13
    pairs, either = mask & high, mask | high  # _found, inlined
    ranks = (pairs & either >> 26 | pairs >> 26 & either) & SUIT_BITS
    return _found_with_sets(mask, length, ranks) if ranks else FoundArrangement(mask, length)


def least_deadwood(cards: Iterable[Card | str] | str, rules: Ruleset = _DEFAULT) -> int:
    """The least deadwood points of a hand (the points of ``best_arrangement``), faster: points
    only, so each suit's table gives its points and the sets need no tie-break."""
    try:  # hand_mask's first step, inlined
        count = len(cards)  # type: ignore[arg-type]
        if count == 10:  # a hand's usual size: ten bits read and added without a call each
            c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 = cards  # type: ignore[misc]
            mask = (c0.bit + c1.bit + c2.bit + c3.bit + c4.bit
                    + c5.bit + c6.bit + c7.bit + c8.bit + c9.bit)
        else:
            mask = sum(map(BIT, cards))
    except (AttributeError, TypeError):
        mask, count = hand_mask(cards)
    if mask.bit_count() != count:
        hand_mask(cards)  # raises InvalidCards naming the card given twice
    return _least_points(mask, rules.max_run_length)


def _least_points(mask: int, max_run_length: int | None) -> int:
    """The least deadwood points of a hand mask. Sets are searched only where there is a choice:
    a rank held three times or more none of whose cards a run can take is always its whole set,
    and one held three times with a card a run can take is the set or no set."""
    points = _POINTS.get(max_run_length) or _points_table(max_run_length)
    c, d, h, s = mask & 8191, mask >> 13 & 8191, mask >> 26 & 8191, mask >> 39
    ranks = c & d & (h | s) | h & s & (c | d)  # held three times or more
    if not ranks:
        return points[c] + points[d] + points[h] + points[s]
    runnable = _RUNNABLE
    if not (runnable[c] | runnable[d] | runnable[h] | runnable[s]) & ranks:
        # no card of theirs can be in a run: every such rank's whole set (_whole_sets)
        c, d, h, s = c & ~ranks, d & ~ranks, h & ~ranks, s & ~ranks
        return points[c] + points[d] + points[h] + points[s]
    if (mask & ranks * _RANK_CARDS).bit_count() == 3:
        without = points[c] + points[d] + points[h] + points[s]
        c, d, h, s = c & ~ranks, d & ~ranks, h & ~ranks, s & ~ranks
        return min(without, points[c] + points[d] + points[h] + points[s])
    return search(mask, suit_tables(max_run_length).keys)[0] >> POINTS_SHIFT


_RUNNABLE = tuple(_runnable(pattern) for pattern in range(8192))
_POINTS: dict[int | None, tuple[int, ...]] = {}


def _points_table(max_run_length: int | None) -> tuple[int, ...]:
    """Per suit pattern, its least deadwood points using runs only (the suit tables' keys)."""
    table = tuple(key >> POINTS_SHIFT for key in suit_tables(max_run_length).keys)
    return _POINTS.setdefault(max_run_length, table)


def best_discard(
    cards: Iterable[Card | str] | str,
    rules: Ruleset = _DEFAULT,
    exclude: Iterable[Card | str] = (),
) -> tuple[Card, Arrangement]:
    """The discard (not in ``exclude``) leaving the least deadwood, and the arrangement left.

    Ties: discard the higher-value card, then the higher rank (K before Q before J before 10),
    then the higher suit position (spades, hearts, diamonds, clubs).
    """
    mask, _ = hand_mask(cards)
    keys = suit_tables(rules.max_run_length).keys
    allowed = cards_of(mask & ~hand_mask(exclude)[0])
    if not allowed:
        raise InvalidCards("there is no card to discard (every card is excluded)")
    chosen = min(allowed, key=lambda card: (
        search(mask ^ card.bit, keys)[0] >> POINTS_SHIFT, -card.value, -card.rank,
        -card.suit.position))
    return chosen, best_arrangement_of_mask(mask ^ chosen.bit, rules)
