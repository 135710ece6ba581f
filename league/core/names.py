"""Names people type (user names, player names, club, competition and season names): one form
for what looks the same, and on one line.

A name is put in Unicode normal form NFKC (so "wes" typed with a fullwidth w is "wes"), its runs of white
space become one space, and it is trimmed. A name holding a control character, a format
character (zero-width spaces and joiners, the bidirectional overrides and isolates) or an
unassigned or private-use code point is refused: it would look like another name, or reorder
the text around it.
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import gettext

# Unicode general categories refused: Cc control, Cf format (zero width, bidi), Cs surrogate,
# Co private use, Cn unassigned.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


class BadName(ValueError):
    """The name holds a character a name may not have; the message says which."""


def normalise_name(value: str) -> str:
    """The name in its one form, or BadName. An empty result is the caller's to refuse."""
    text = unicodedata.normalize("NFKC", value)
    for character in text:
        if character in "\t\n\r":
            continue  # white space, folded below
        if unicodedata.category(character) in REFUSED_CATEGORIES:
            raise BadName(gettext("A name may not contain the invisible or control character "
                                  "%(code)s.") % {"code": f"U+{ord(character):04X}"})
    return " ".join(text.split())


def name_key(value: str) -> str:
    """What two names are compared by: the normal form, case folded."""
    return normalise_name(value).casefold()


def one_line(text: str) -> str:
    """Stored text as one line, for a place no line break may go (a calendar's name, a header):
    what normalise_name would refuse is left out and its runs of white space become one space.
    A name stored before names were normalised is shown so too."""
    text = unicodedata.normalize("NFKC", text)
    kept = (" " if character.isspace() else character for character in text
            if character.isspace() or unicodedata.category(character) not in REFUSED_CATEGORIES)
    return " ".join("".join(kept).split())
