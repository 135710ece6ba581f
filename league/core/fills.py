"""What a key of the derived cache holds, read from the database when the cache has lost it,
for several keys in one round trip.

A page reads its keys ahead in one call to the cache (league.core.cache.read_ahead). On a cold
visit most of them are missing: whether the club is public, its language, the viewer's
players, whether he organizes a club, his unread count. Each reader would then ask the
database on its own, one round trip after another. An app that keeps such a key names how it
is filled (`fills`): the read that answers it and what is kept of the answer. Whatever keys the
cache lacks, `filled` asks their reads together (league.core.written_reads.answered_together)
and the cache is given what each reader would have put there itself: the reader then finds it
among the keys read ahead, and asks nothing. A reader that misses its key outside a read-ahead
fills it alone with the same filling (league.core.cache.filled_alone), so both put the same
thing in the cache.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from league.core.written_reads import Read, answered_together


@dataclass(frozen=True, slots=True)
class Filling:
    """A key's read, and what is kept of its answer: `kept(answer)` gives the value and the
    seconds it is kept (None: the key stays empty, as when the object is gone)."""

    read: Read
    kept: Callable[[object], tuple[object, int] | None]


# By the key's kind: the text before its first ":" ("club-public" of "club-public:12").
_fillings: dict[str, Callable[[str], Filling]] = {}


def fills(key_format: str, filling_of: Callable[[str], Filling]) -> None:
    """The keys written with `key_format` ("club-public:{}") are filled by `filling_of(rest)`,
    `rest` the text after their kind's ":" ("12" of "club-public:12"). Named once per kind, at
    start-up (an app's ready())."""
    kind, sep, _rest = key_format.partition(":")
    if not sep:
        raise ValueError(f"{key_format!r} names no kind of key (kind:...)")
    known = _fillings.setdefault(kind, filling_of)
    if known is not filling_of:
        raise ValueError(f"keys of the kind {kind!r} are filled already")


def filling(key: str) -> Filling | None:
    """How `key` is filled, None for a key of no kind named."""
    kind, sep, rest = key.partition(":")
    filling_of = _fillings.get(kind) if sep else None
    return None if filling_of is None else filling_of(rest)


def filled(keys: Iterable[str]) -> dict[str, tuple[object, int]]:
    """What each of these keys (missing from the cache) should hold, and for how many seconds,
    read from the database: one round trip for all of them. A key of no kind named is left
    out, and so is one its filling keeps nothing of."""
    found = [(key, how) for key in keys if (how := filling(key)) is not None]
    if not found:
        return {}
    answers = answered_together(*(how.read for _key, how in found))
    kept = ((key, how.kept(answer)) for (key, how), answer in zip(found, answers, strict=True))
    return {key: entry for key, entry in kept if entry is not None}
