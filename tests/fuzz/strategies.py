"""What hypothesis posts: card strings, scores, ids of this and other clubs' objects, oversized
and unusual text, digits of other scripts, dates at the bounds, names over several lines,
missing and repeated fields, on top of a form that would be accepted."""

from __future__ import annotations

from hypothesis import strategies as st

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C", "s", "h", "♠", "♥"]
JUNK_CARDS = ["1S", "11H", "ZZ", "", "10", "AS,", "JOKER", "🂡", "A S", "0C", "-3D", "KD KD"]
CHOICES = ["A", "B", "C", "draw", "knock", "gin", "big_gin", "undercut", "dead_hand", "uphold",
           "reject", "played", "bye", "walkover", "forfeit", "double_forfeit", "no_show", "on",
           "true", "none", "null"]
NUMBERS = ["-1", "0", "1", "2", "25", "99", "100", "999", "1000", "32768", "65536",
           "2147483648", "9223372036854775808", "1e3", "0x1f", "NaN", "Infinity", "١٢",
           "３", " 7 ", "7.5", ""]
OVERSIZED = [81, 501, 2001, 10_000, 100_000]
# Digits str.isdigit() says yes to and int() refuses (superscripts, circled), or reads (Arabic-Indic,
# fullwidth, NKo): none of them is a number of the site's.
UNICODE_DIGITS = ["²", "①", "٣", "３", "߁", "1²", "⑫"]
# Dates and times at the bounds of the years the site accepts and of what Python holds: the
# last hour of 9999 (year 10000 in UTC west of it), the last half hour (a DTEND after it), the
# first day of year 1 (before it in UTC east of it), the days just outside 1900 to 2100.
EDGE_DATES = ["9999-12-31", "0001-01-01", "1899-12-31", "1900-01-01", "2100-12-31",
              "2101-01-01", "10000-01-01", "2025-02-30"]
EDGE_MOMENTS = ["9999-12-31T23:00", "9999-12-31T23:30", "9999-12-31T23:59", "0001-01-01T00:00",
                "1899-12-31T23:59", "1900-01-01T00:00", "2100-12-31T23:59", "2101-01-01T00:00",
                "9999-12-31T23:00-08:00", "0001-01-01T00:00+14:00"]
# Names over lines, with line and paragraph separators, NUL, a bidi override, a zero-width space.
BROKEN_NAMES = ["Spring\nCup", "Spring\r\nCup", "\n", "Cup\u2028Final", "Cup\u2029",
                "A\x00B", "\u202eevil", "Zero\u200bWidth", "Tab\tName", "\ufdfa" * 8]


def card() -> st.SearchStrategy[str]:
    good = st.builds(lambda r, s: r + s, st.sampled_from(RANKS), st.sampled_from(SUITS))
    return st.one_of(good, st.sampled_from(JUNK_CARDS))


def cards() -> st.SearchStrategy[str]:
    return st.builds(lambda cs, sep: sep.join(cs), st.lists(card(), max_size=13),
                     st.sampled_from([" ", ",", ", ", "", "\n", "\t"]))


def text() -> st.SearchStrategy[str]:
    """Any unicode, NUL and control characters, right-to-left marks and emoji included."""
    return st.text(st.characters(exclude_categories=["Cs"]), max_size=40)


def oversized() -> st.SearchStrategy[str]:
    return st.builds(lambda n, ch: ch * n, st.sampled_from(OVERSIZED),
                     st.sampled_from(["x", "é", "🂡", "<", "'"]))


def value(ids: list[int]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(NUMBERS),
        st.sampled_from(UNICODE_DIGITS),
        st.sampled_from(EDGE_DATES + EDGE_MOMENTS),
        st.sampled_from(BROKEN_NAMES),
        st.integers(-10**6, 10**6).map(str),
        st.sampled_from(ids).map(str),
        st.sampled_from(CHOICES),
        cards(),
        text(),
        oversized(),
    )


def field_names(valid: dict) -> st.SearchStrategy[str]:
    extra = ["pk", "id", "match", "game", "player", "club", "competition", "entry", "winner",
             "status", "kind", "csrfmiddlewaretoken", "next", "number", "points"]
    return st.sampled_from(sorted(set(valid) | set(extra)))


def post_data(valid: dict, ids: list[int]) -> st.SearchStrategy[dict]:
    """The valid form, some fields left out, some given other values (or several), some added.
    The strategies are built once, not at every draw: hypothesis checks a strategy when it is
    first drawn from, and building them anew each time cost as much as the request."""
    names, one = field_names(valid), value(ids)
    several = st.lists(one, min_size=2, max_size=3)

    @st.composite
    def form(draw) -> dict:
        data = {k: v for k, v in valid.items() if draw(st.booleans()) or draw(st.booleans())}
        for name in draw(st.lists(names, max_size=4)):
            data[name] = draw(several) if draw(st.integers(0, 5)) == 0 else draw(one)
        return data

    return form()
