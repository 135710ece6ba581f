"""The least-deadwood arrangement of a hand (docs/rules.md: "the engine always finds the
arrangement with the least deadwood points"; "A card belongs to one meld only").

How the exact search works: a hand is a 52-bit mask. Runs never cross suits, so once the sets are
chosen each suit is an independent 13-bit problem, solved for all 8,192 patterns in one table per
``max_run_length``. Only ranks held three or four times can form sets (at most three ranks in an
11-card hand), so the search tries every choice of sets: for each such rank no set, the whole set,
or (when all four are held) each 3-card set, and adds up the four suit tables for what is left.
Choices that cannot be best are skipped: a card in no run of the hand is only ever left out of
its set at a cost.

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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from .cards import Card, parse_cards
from .errors import InvalidCards
from .melds import SUIT_BITS, cards_of, meld_of_mask, sum_of_bits
from .rules import Ruleset
from .types import Arrangement, Meld

_DEFAULT = Ruleset()
# A search key orders arrangements by the tie-break above; keys add up over parts of a hand.
# Fields: points << 17 | deadwood cards << 11 | melds << 6 | cards in sets (room for 52 cards).
POINTS_SHIFT = 17
DEAD_CARD = 1 << 11
MELD = 1 << 6
_VALUES = tuple(min(rank, 10) for rank in range(1, 14))

SetChoice = tuple[int, int]  # (mask of the set's cards, or 0 for no set; key of that choice)
SuitPart = tuple[tuple[Meld, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class SuitTables:
    """Per 13-bit suit pattern the least key using runs only; per suit and pattern the runs of
    the best arrangement as Melds, and the deadwood cards. As suit-local masks, per pattern: the
    deadwood, and the cards that would lengthen one of the runs at either end."""

    keys: tuple[int, ...]
    parts: tuple[tuple[SuitPart, ...], ...]
    dead: tuple[int, ...]
    run_ends: tuple[int, ...]


def _runs_from(low: int, pattern: int, longest: int) -> Iterator[int]:
    """The runs inside ``pattern`` that start at bit ``low``, shortest first."""
    run = low | low << 1
    for length in range(3, longest + 1):
        run |= low << (length - 1)
        if run & pattern != run:  # a gap, or past the king (no bit of a pattern)
            return
        yield run


@lru_cache(maxsize=16)
def suit_tables(max_run_length: int | None) -> SuitTables:
    longest = 13 if max_run_length is None else max_run_length
    keys = [0] * 8192
    runs: list[tuple[int, ...]] = [()] * 8192
    for pattern in range(1, 8192):
        low = pattern & -pattern
        rest = pattern ^ low
        best = keys[rest] + (_VALUES[low.bit_length() - 1] << POINTS_SHIFT) + DEAD_CARD
        best_runs = runs[rest]
        for run in _runs_from(low, pattern, longest):
            if keys[pattern ^ run] + MELD < best:
                best = keys[pattern ^ run] + MELD
                best_runs = (run, *runs[pattern ^ run])
        keys[pattern] = best
        runs[pattern] = best_runs
    parts = tuple(
        tuple(_suit_part(suit, pattern, runs[pattern]) for pattern in range(8192))
        for suit in range(4)
    )
    dead = tuple(pattern & ~sum(runs[pattern]) for pattern in range(8192))
    return SuitTables(tuple(keys), parts, dead, tuple(_ends(found) for found in runs))


def _ends(runs: tuple[int, ...]) -> int:
    """The cards next to either end of these runs (suit-local masks), inside the suit."""
    ends = 0
    for run in runs:
        low = run & -run
        ends |= low >> 1 | run + low  # a run's bits are adjacent: adding its lowest carries past it
    return ends & SUIT_BITS


def _suit_part(suit: int, pattern: int, runs: tuple[int, ...]) -> SuitPart:
    melded = sum(runs)
    return (
        tuple(meld_of_mask(run << 13 * suit) for run in runs),
        cards_of((pattern & ~melded) << 13 * suit),
    )


def _build_set_choices() -> tuple[tuple[SetChoice, ...], ...]:
    """Set choices per rank, per pattern of suits held (bits 0-3) and of those of the held
    cards that could be in a run (bits 4-7). A rank held fewer than three times has none: the
    search never offers it (``_set_options``).

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
    suits = [s for s, bit in enumerate((1, 2, 4, 8)) if held & bit]
    if len(suits) < 3:
        return []
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


_SET_CHOICES = _build_set_choices()
_RUNNABLE = tuple(_runnable(pattern) for pattern in range(8192))


def _set_options(c: int, d: int, h: int, s: int) -> list[tuple[SetChoice, ...]]:
    """The set choices of each rank held at least three times, by rank (suit patterns given)."""
    ranks = (c & d & (h | s)) | (h & s & (c | d))
    if not ranks:
        return []
    rc, rd, rh, rs = _RUNNABLE[c], _RUNNABLE[d], _RUNNABLE[h], _RUNNABLE[s]
    options = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = low.bit_length() - 1
        held = (c >> r & 1) | (d >> r & 1) << 1 | (h >> r & 1) << 2 | (s >> r & 1) << 3
        runnable = (rc >> r & 1) | (rd >> r & 1) << 1 | (rh >> r & 1) << 2 | (rs >> r & 1) << 3
        options.append(_SET_CHOICES[r << 8 | runnable << 4 | held])
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
    options = _set_options(c, d, h, s)
    if not options:
        return keys[c] + keys[d] + keys[h] + keys[s], (), mask
    return _search_sets(mask, options, keys)


def _search_sets(mask: int, options: list[tuple[SetChoice, ...]], keys: tuple[int, ...]
                 ) -> tuple[int, tuple[int, ...], int]:
    """``search`` of a hand holding some rank three times (``options``: ``_set_options``)."""
    best = None
    for combo in options[0] if len(options) == 1 else product(*options):
        used, key = combo if len(options) == 1 else _combine(combo)
        key += _suits_key(mask & ~used, keys)
        if best is None or key < best[0]:
            best = (key, _set_masks(combo, len(options)), mask & ~used)
    return best


def _combine(combo: tuple[SetChoice, ...]) -> tuple[int, int]:
    return sum(m for m, _ in combo), sum(k for _, k in combo)


def _set_masks(combo: tuple, options: int) -> tuple[int, ...]:
    if options == 1:
        return (combo[0],) if combo[0] else ()
    return tuple(m for m, _ in combo if m)


def least_deadwood_of_mask(mask: int, rules: Ruleset = _DEFAULT) -> int:
    return search(mask, suit_tables(rules.max_run_length).keys)[0] >> POINTS_SHIFT


def best_arrangement_of_mask(mask: int, rules: Ruleset = _DEFAULT) -> Arrangement:
    tables = suit_tables(rules.max_run_length)
    c, d, h, s = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    options = _set_options(c, d, h, s)
    set_melds: tuple[Meld, ...] = ()
    if options:  # some rank is held three times: try the sets
        _, sets, rest = _search_sets(mask, options, tables.keys)
        set_melds = tuple(meld_of_mask(m) for m in sets)
        c, d, h, s = rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS, rest >> 39
    parts = tables.parts
    c, d, h, s = parts[0][c], parts[1][d], parts[2][h], parts[3][s]
    return Arrangement(set_melds + c[0] + d[0] + h[0] + s[0], c[1] + d[1] + h[1] + s[1])


def best_arrangement_masks(mask: int, rules: Ruleset = _DEFAULT) -> tuple[tuple[int, ...], int, int]:
    """The arrangement ``best_arrangement_of_mask`` finds, as masks and with no card built: its
    sets, the cards that would lengthen one of its runs at either end, and its deadwood."""
    tables = suit_tables(rules.max_run_length)
    c, d, h, s = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    options = _set_options(c, d, h, s)
    sets: tuple[int, ...] = ()
    if options:
        _, sets, rest = _search_sets(mask, options, tables.keys)
        c, d, h, s = rest & SUIT_BITS, rest >> 13 & SUIT_BITS, rest >> 26 & SUIT_BITS, rest >> 39
    dead, ends = tables.dead, tables.run_ends
    return (sets, ends[c] | ends[d] << 13 | ends[h] << 26 | ends[s] << 39,
            dead[c] | dead[d] << 13 | dead[h] << 26 | dead[s] << 39)


@lru_cache(maxsize=1 << 16)
def suit_splits(pattern: int, max_run_length: int | None) -> tuple[tuple[int, ...], ...]:
    """Every least-points way to cover a suit pattern with runs (suit-local masks), in the
    tie-break order of ``suit_tables``."""
    if not pattern:
        return ((),)
    keys = suit_tables(max_run_length).keys
    target = keys[pattern] >> POINTS_SHIFT
    low = pattern & -pattern
    splits: list[tuple[int, ...]] = []
    if (keys[pattern ^ low] >> POINTS_SHIFT) + _VALUES[low.bit_length() - 1] == target:
        splits.extend(suit_splits(pattern ^ low, max_run_length))
    for run in _runs_from(low, pattern, 13 if max_run_length is None else max_run_length):
        if keys[pattern ^ run] >> POINTS_SHIFT == target:
            splits.extend((run, *rest) for rest in suit_splits(pattern ^ run, max_run_length))
    return tuple(splits)


def all_best_partitions(mask: int, rules: Ruleset = _DEFAULT) -> list[tuple[int, tuple[int, ...]]]:
    """(key, meld masks) of every least-deadwood partition, best key first (stable order)."""
    keys = suit_tables(rules.max_run_length).keys
    c, d, h, s = mask & SUIT_BITS, mask >> 13 & SUIT_BITS, mask >> 26 & SUIT_BITS, mask >> 39
    combos = []
    for combo in product(*_set_options(c, d, h, s)):
        used, key = _combine(combo)
        combos.append((key + _suits_key(mask & ~used, keys), tuple(m for m, _ in combo if m)))
    least = min(key for key, _ in combos) >> POINTS_SHIFT
    found = []
    for key, sets in combos:
        if key >> POINTS_SHIFT == least:
            found.extend(_partitions(mask & ~sum(sets), sets, key, rules.max_run_length))
    found.sort(key=lambda item: item[0])
    return found


def _partitions(rest: int, sets: tuple[int, ...], key: int, max_run_length: int | None
                ) -> list[tuple[int, tuple[int, ...]]]:
    """The partitions of one choice of sets: every product of least-points suit splits. They
    all have the same points; only the deadwood-card and meld counts of the key differ."""
    per_suit = [
        [tuple(run << 13 * suit for run in split)
         for split in suit_splits(rest >> 13 * suit & SUIT_BITS, max_run_length)]
        for suit in (0, 1, 2, 3)
    ]
    base = (key >> POINTS_SHIFT << POINTS_SHIFT) + sum(MELD + m.bit_count() for m in sets)
    found = []
    for choice in product(*per_suit):
        runs = tuple(run for runs in choice for run in runs)
        dead = rest & ~sum(runs)
        found.append((base + dead.bit_count() * DEAD_CARD + len(runs) * MELD, sets + runs))
    return found


def hand_mask(cards: Iterable[Card | str] | str) -> tuple[int, int]:
    """(mask, card count) of a hand. Raises InvalidCards on an unknown or repeated card."""
    if isinstance(cards, str):
        cards = parse_cards(cards)
    cards = tuple(cards)
    try:
        mask = sum_of_bits(cards)
    except (KeyError, TypeError):
        cards = parse_cards(cards)
        mask = sum_of_bits(cards)
    # A sum of bits has one bit per card exactly when no card repeats.
    if mask.bit_count() != len(cards):
        parse_cards(cards)  # raises InvalidCards naming the card given twice
    return mask, len(cards)


def arrangement_of(melds: Iterable[int], mask: int) -> Arrangement:
    """The Arrangement of a hand mask given its meld masks (the rest is deadwood)."""
    melds = tuple(melds)
    return Arrangement(tuple(meld_of_mask(m) for m in melds), cards_of(mask & ~sum(melds)))


def best_arrangement(cards: Iterable[Card | str] | str, rules: Ruleset = _DEFAULT) -> Arrangement:
    """The arrangement with the least deadwood points (exact), ties broken as documented above."""
    return best_arrangement_of_mask(hand_mask(cards)[0], rules)


def least_deadwood(cards: Iterable[Card | str] | str, rules: Ruleset = _DEFAULT) -> int:
    """The least deadwood points of a hand (the points of ``best_arrangement``), faster."""
    return least_deadwood_of_mask(hand_mask(cards)[0], rules)


def all_best_arrangements(
    cards: Iterable[Card | str] | str, rules: Ruleset = _DEFAULT
) -> tuple[Arrangement, ...]:
    """Every distinct partition into melds with the least deadwood points; the first one is
    ``best_arrangement``'s, the rest follow the same tie-break order."""
    mask, _ = hand_mask(cards)
    return tuple(arrangement_of(melds, mask) for _, melds in all_best_partitions(mask, rules))


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
    ranked = [((search(mask ^ 1 << card.index, keys)[0] >> POINTS_SHIFT, -card.value, -card.rank,
                -card.suit.position), card) for card in cards_of(mask & ~hand_mask(exclude)[0])]
    if not ranked:
        raise InvalidCards("there is no card to discard (every card is excluded)")
    _, chosen = min(ranked, key=lambda ranked_card: ranked_card[0])  # no two cards tie
    return chosen, best_arrangement_of_mask(mask ^ 1 << chosen.index, rules)
