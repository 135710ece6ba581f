"""The engine's refusals in the reader's language. The engine (gameplay/) speaks English and knows
no Django; its error messages follow a few fixed shapes, so the league reads each shape (a
pattern over the English) and says it again in the reader's language, the numbers and cards
kept. A message of no known shape is shown as the engine wrote it."""

from __future__ import annotations

import re

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# An outcome as a sentence names it ("a knock", "an undercut"; bare: "knock").
OUTCOMES = {
    "a knock": _("a knock"),
    "a gin": _("a gin"),
    "a big gin": _("a big gin"),
    "an undercut": _("an undercut"),
    "a dead hand": _("a dead hand"),
    "knock": _("knock"),
    "gin": _("gin"),
    "big gin": _("big gin"),
    "undercut": _("undercut"),
    "dead hand": _("dead hand"),
}

# Why a number of points cannot be (the reasons of the points' bounds).
REASONS = [
    (r"equal deadwood is an undercut", _("equal deadwood is an undercut")),
    (r"a tie", _("a tie")),
    (r"a dead hand scores nothing", _("a dead hand scores nothing")),
    (r"the gin bonus", _("the gin bonus")),
    (r"the big gin bonus", _("the big gin bonus")),
    (r"(?P<most>\d+) deadwood, the most a hand can hold, less the knocker's at least (?P<least>\d+)",
     _("%(most)s deadwood, the most a hand can hold, less the knocker's at least %(least)s")),
    (r"(?P<most>\d+) deadwood, the most a hand can hold, plus the gin bonus (?P<bonus>\d+)",
     _("%(most)s deadwood, the most a hand can hold, plus the gin bonus %(bonus)s")),
    (r"(?P<most>\d+) deadwood, the most a hand can hold, plus the big gin bonus (?P<bonus>\d+)",
     _("%(most)s deadwood, the most a hand can hold, plus the big gin bonus %(bonus)s")),
    (r"the undercut bonus; a tie scores 0 plus the bonus",
     _("the undercut bonus; a tie scores 0 plus the bonus")),
    (r"the undercut bonus plus at least 1: a tie is a knock here",
     _("the undercut bonus plus at least 1: a tie is a knock here")),
    (r"the knock limit (?P<limit>\d+) plus the bonus (?P<bonus>\d+)",
     _("the knock limit %(limit)s plus the bonus %(bonus)s")),
]

A = r"(?P<outcome>an? (?:knock|gin|big gin|undercut|dead hand))"
BARE = r"(?P<outcome>knock|gin|big gin|undercut|dead hand)"
ACE = r"(?P<ace> \(an ace upcard: gin only\))?"

SHAPES = [
    (r"'(?P<token>.*)' is not a card \(expected a rank and a suit, like 'QH'\)",
     _("'%(token)s' is not a card (expected a rank and a suit, like 'QH')")),
    (r"'(?P<token>.*)' is not a card \(ranks A 2-10 T J Q K, suits S H D C\)",
     _("'%(token)s' is not a card (ranks A 2-10 T J Q K, suits S H D C)")),
    (r"(?P<card>\S+) is given twice", _("%(card)s is given twice")),
    (r"(?P<cards>.+) cannot be in both hands", _("%(cards)s cannot be in both hands")),
    (r"the knocker holds (?P<count>\d+) cards: 10 after the discard \(11 for big gin\)",
     _("the knocker holds %(count)s cards: 10 after the discard (11 for big gin)")),
    (r"the defender holds (?P<count>\d+) cards, not 10",
     _("the defender holds %(count)s cards, not 10")),
    (r"big gin is not played under these rules: knock with 10 cards",
     _("big gin is not played under these rules: knock with 10 cards")),
    (r"big gin is not played under (?:these rules|this ruleset)",
     _("big gin is not played under these rules")),
    (r"big gin needs all 11 cards melded; the knocker's deadwood is (?P<deadwood>\d+)",
     _("big gin needs all 11 cards melded; the knocker's deadwood is %(deadwood)s")),
    (r"big gin has every card melded: the knocker's deadwood is 0, not (?P<deadwood>\d+)",
     _("big gin has every card melded: the knocker's deadwood is 0, not %(deadwood)s")),
    (r"knocker's deadwood is (?P<deadwood>\d+), over the knock limit of (?P<limit>\d+)"
     r" \(the cards can be arranged for (?P<best>\d+)\)",
     _("knocker's deadwood is %(deadwood)s, over the knock limit of %(limit)s (the cards "
       "can be arranged for %(best)s)")),
    (r"knocker's deadwood is (?P<deadwood>\d+), over the knock limit of (?P<limit>\d+)"
     r" \(an ace upcard: gin only\)",
     _("knocker's deadwood is %(deadwood)s, over the knock limit of %(limit)s (an ace "
       "upcard: gin only)")),
    (r"knocker's deadwood is (?P<deadwood>\d+), over the knock limit of (?P<limit>\d+)",
     _("knocker's deadwood is %(deadwood)s, over the knock limit of %(limit)s")),
    (r"the knocker's deadwood cannot be negative \((?P<value>-?\d+)\)",
     _("the knocker's deadwood cannot be negative (%(value)s)")),
    (r"the defender's deadwood cannot be negative \((?P<value>-?\d+)\)",
     _("the defender's deadwood cannot be negative (%(value)s)")),
    (r"the knocker's deadwood is at most (?P<most>\d+) \(ten unmelded cards\), not (?P<value>\d+)",
     _("the knocker's deadwood is at most %(most)s (ten unmelded cards), not %(value)s")),
    (r"the defender's deadwood is at most (?P<most>\d+) \(ten unmelded cards\), not (?P<value>\d+)",
     _("the defender's deadwood is at most %(most)s (ten unmelded cards), not %(value)s")),
    (rf"{BARE} has no deadwood: the knocker's count is (?P<count>\d+)",
     _("%(outcome)s has no deadwood: the knocker's count is %(count)s")),
    (r"a knock with no deadwood is gin: enter the knocker's count, or choose gin",
     _("a knock with no deadwood is gin: enter the knocker's count, or choose gin")),
    (r"the defender's (?P<defender>\d+) is at or below the knocker's (?P<knocker>\d+): that is "
     r"an undercut, won by the defender",
     _("the defender's %(defender)s is at or below the knocker's %(knocker)s: that is an "
       "undercut, won by the defender")),
    (r"the defender's (?P<defender>\d+) is below the knocker's (?P<knocker>\d+): that is an "
     r"undercut, won by the defender",
     _("the defender's %(defender)s is below the knocker's %(knocker)s: that is an undercut, "
       "won by the defender")),
    (r"an undercut needs the defender's count at or below the knocker's: (?P<defender>\d+) "
     r"against (?P<knocker>\d+) is a knock, won by the knocker",
     _("an undercut needs the defender's count at or below the knocker's: %(defender)s against "
       "%(knocker)s is a knock, won by the knocker")),
    (r"an undercut needs the defender's count below the knocker's: (?P<defender>\d+) "
     r"against (?P<knocker>\d+) is a knock, won by the knocker",
     _("an undercut needs the defender's count below the knocker's: %(defender)s against "
       "%(knocker)s is a knock, won by the knocker")),
    (r"a dead hand has no deadwood counts: nobody knocked",
     _("a dead hand has no deadwood counts: nobody knocked")),
    (r"the game is over \((?P<seat>[AB]) reached (?P<total>\d+)\): no hand can be added",
     _("the game is over (%(seat)s reached %(total)s): no hand can be added")),
    (r"the Hollywood match is over \(all three columns closed\): no hand can be added",
     _("the Hollywood match is over (all three columns closed): no hand can be added")),
    (r"points cannot be negative \((?P<points>-?\d+)\)",
     _("points cannot be negative (%(points)s)")),
    (rf"{A} needs a winner", _("%(outcome)s needs a winner")),
    (rf"{A} is won by the knocker \((?P<seat>[AB])\), not (?P<winner>[AB])",
     _("%(outcome)s is won by the knocker (%(seat)s), not %(winner)s")),
    (rf"{A} is won by the defender \((?P<seat>[AB])\), not (?P<winner>[AB])",
     _("%(outcome)s is won by the defender (%(seat)s), not %(winner)s")),
    (r"a dead hand has no winner", _("a dead hand has no winner")),
    (r"a dead hand has no knocker", _("a dead hand has no knocker")),
    (r"a dead hand scores nothing, not (?P<points>\d+)",
     _("a dead hand scores nothing, not %(points)s")),
    (rf"no {BARE} is possible: the knock limit is (?P<limit>\d+){ACE}",
     _("no %(outcome)s is possible: the knock limit is %(limit)s%(ace)s")),
    (rf"{A} with a spade upcard scores double: (?P<points>\d+) is not even",
     _("%(outcome)s with a spade upcard scores double: %(points)s is not even")),
    (rf"{A} is worth at least (?P<low>\d+) \((?P<why>.+?)(?P<doubled> doubled for the spade "
     rf"upcard)?\), not (?P<points>\d+)(?P<nor> \(nor, doubled by a spade upcard, an even number "
     rf"from (?P<low2>\d+) to (?P<high2>\d+)\))?",
     _("%(outcome)s is worth at least %(low)s (%(why)s%(doubled)s), not %(points)s%(nor)s")),
    (rf"{A} is worth at most (?P<high>\d+) \((?P<why>.+?)(?P<doubled> doubled for the spade "
     rf"upcard)?\), not (?P<points>\d+)(?P<nor> \(nor, doubled by a spade upcard, an even number "
     rf"from (?P<low2>\d+) to (?P<high2>\d+)\))?",
     _("%(outcome)s is worth at most %(high)s (%(why)s%(doubled)s), not %(points)s%(nor)s")),
    (rf"the cards make {A}, not (?P<claimed>an? (?:knock|gin|big gin|undercut|dead hand))",
     _("the cards make %(outcome)s, not %(claimed)s")),
    (r"the knocker \((?P<seat>[AB])\) wins, not (?P<winner>[AB])",
     _("the knocker (%(seat)s) wins, not %(winner)s")),
    (r"the defender \((?P<seat>[AB])\) wins, not (?P<winner>[AB])",
     _("the defender (%(seat)s) wins, not %(winner)s")),
    (rf"{BARE}: knocker scores (?P<settled>\d+), not (?P<points>\d+)",
     _("%(outcome)s: the knocker scores %(settled)s, not %(points)s")),
    (rf"{BARE}: defender scores (?P<settled>\d+), not (?P<points>\d+)",
     _("%(outcome)s: the defender scores %(settled)s, not %(points)s")),
    (r"both hands are needed to check the claim against the cards",
     _("both hands are needed to check the claim against the cards")),
    (r"a game has from 1 to (?P<most>\d+) hands, not (?P<hands>-?\d+)",
     _("a game has from 1 to %(most)s hands, not %(hands)s")),
    (r"points cannot be negative", _("points cannot be negative")),
    (r"nobody reached (?P<target>\d+): a game to (?P<target2>\d+) is not over at "
     r"(?P<a>\d+)-(?P<b>\d+)",
     _("nobody reached %(target)s: a game to %(target)s is not over at %(a)s-%(b)s")),
    (r"only the winner reaches (?P<target>\d+): the game ends on the hand that gets there first",
     _("only the winner reaches %(target)s: the game ends on the hand that gets there first")),
    (r"(?P<a>\d+)-(?P<b>\d+) in (?P<hands>\d+) hands? cannot be reached in a game to "
     r"(?P<target>\d+) \(a hand scores from (?P<low>\d+) to (?P<high>\d+), and the game ends on "
     r"the hand that reaches (?P<target2>\d+)\)",
     _("%(a)s-%(b)s in %(hands)s hands cannot be reached in a game to %(target)s (a hand scores "
       "from %(low)s to %(high)s, and the game ends on the hand that reaches %(target)s)")),
    (r"(?P<cards>.+) in the spread but not in the knocker's hand",
     _("%(cards)s in the spread but not in the knocker's hand")),
]

_SHAPES = [(re.compile(pattern), words) for pattern, words in SHAPES]
_REASONS = [(re.compile(pattern), words) for pattern, words in REASONS]


def _extra(name: str, value: str | None) -> str:
    """The optional tails of a sentence, in the reader's language."""
    if not value:
        return ""
    if name == "ace":
        return gettext(" (an ace upcard: gin only)")
    if name == "doubled":
        return gettext(", doubled for the spade upcard")
    return ""


def _say(table, text: str) -> str | None:
    for pattern, words in table:
        found = pattern.fullmatch(text)
        if found is None:
            continue
        values = {name: value or "" for name, value in found.groupdict().items()}
        for name in ("outcome", "claimed"):
            if values.get(name) in OUTCOMES:
                values[name] = str(OUTCOMES[values[name]])
        if "why" in values:
            values["why"] = _say(_REASONS, values["why"]) or values["why"]
        for name in ("ace", "doubled"):
            if name in values:
                values[name] = _extra(name, values[name])
        if values.get("nor"):
            values["nor"] = gettext(" (nor, doubled by a spade upcard, an even number from "
                                    "%(low)s to %(high)s)") % {"low": values["low2"],
                                                              "high": values["high2"]}
        return str(words) % values
    return None


def engine_sentence(problem: str) -> str:
    """One problem of the engine as a sentence in the reader's language: capital, full stop."""
    text = problem.strip().rstrip(".")
    said = _say(_SHAPES, text) or text
    return f"{said[:1].upper()}{said[1:]}."


def engine_sentences(problems) -> str:
    return " ".join(engine_sentence(str(problem)) for problem in problems)
