"""Numbers people type or a request carries (an id, a table, a page's filter): ASCII decimal
digits only.

`str.isdigit()` says yes to "²" and "①", which `int()` refuses, and `int()` reads "١٢" and " 7 "
as numbers: every number read from a request or typed text is read here instead, the same way
everywhere. Anything else (a sign, a space, another script's digits, too many digits for an id)
is not a number.
"""

from __future__ import annotations

from collections.abc import Iterable

ID_DIGITS = 18  # every id the database holds, well inside a 64-bit integer


def ascii_int(text: object, *, digits: int = ID_DIGITS) -> int | None:
    """The number `text` writes in at most `digits` of the digits 0 to 9, or None."""
    if (isinstance(text, str) and 0 < len(text) <= digits and text.isascii()
            and text.isdigit()):
        return int(text)
    return None


def ascii_ints(texts: Iterable[object], *, digits: int = ID_DIGITS) -> list[int]:
    """The numbers among `texts`, in their order; what is not one is left out."""
    return [n for n in (ascii_int(text, digits=digits) for text in texts) if n is not None]
