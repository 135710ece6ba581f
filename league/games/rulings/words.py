"""The rulings assistant in the reader's language. The engine's texts are English: a fixed one
is looked up among those marked in texts.py; a ruling that names the players is read by its
shape and said again with the names kept. The rule's sentences are Hoyle's, quoted: they stay in
English, as the rule book does (templates mark them lang="en")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from gameplay.assistant import CHOICE_LABELS, Advice
from gameplay.engine.rulings import SOURCE_SILENT, Irregularity
from league.games.engine_words import engine_sentence
from league.games.rulings.texts import TEXTS

_KNOWN = frozenset(TEXTS)

N = r"(?P<{}>.+?)"
SHAPES = [
    (r"{who} is charged 10 for each missing card, or, holding more than ten, all his cards are "
     r"counted; he cannot score for an undercut\.",
     _("%(who)s is charged 10 for each missing card, or, holding more than ten, all his cards "
       "are counted; he cannot score for an undercut.")),
    (r"{other} chooses: a new deal, or play on with {who} correcting his hand\.",
     _("%(other)s chooses: a new deal, or play on with %(who)s correcting his hand.")),
    (r"{other} requires a new deal\.", _("%(other)s requires a new deal.")),
    (r"Play on\. Each turn {who} discards without drawing \(too many cards\) or draws without "
     r"discarding \(too few\) until he holds ten, and may not knock until the turn after his "
     r"hand is corrected\.",
     _("Play on. Each turn %(who)s discards without drawing (too many cards) or draws without "
       "discarding (too few) until he holds ten, and may not knock until the turn after his "
       "hand is corrected.")),
    (r"Place the cards {who} saw face up on the table\. (?P=who) may knock this turn only with "
     r"gin\. Then {other} may, each turn, take an exposed card or the top of the discard pile; "
     r"once he draws from the stock instead, the right passes to (?P=who); once (?P=who) draws "
     r"from the stock instead, shuffle the rest into the stock at random\.",
     _("Place the cards %(who)s saw face up on the table. %(who)s may knock this turn only with "
       "gin. Then %(other)s may, each turn, take an exposed card or the top of the discard "
       "pile; once he draws from the stock instead, the right passes to %(who)s; once %(who)s "
       "draws from the stock instead, shuffle the rest into the stock at random.")),
    (r"The knock stands: {who} may rearrange his cards into different melds to make it good\.",
     _("The knock stands: %(who)s may rearrange his cards into different melds to make it "
       "good.")),
    (r"The knock is accepted: the hand is settled at {who}'s real deadwood, over the limit as it "
     r"is; the defender lays off and may undercut\. Enter the two deadwood counts or both hands' "
     r"cards with the ruling to have it scored\.",
     _("The knock is accepted: the hand is settled at %(who)s's real deadwood, over the limit "
       "as it is; the defender lays off and may undercut. Enter the two deadwood counts or both "
       "hands' cards with the ruling to have it scored.")),
    (r"{who}'s discard stands as his discard and the opponent's turn follows; (?P=who) plays on "
     r"with his whole hand face up until the hand ends\.",
     _("%(who)s's discard stands as his discard and the opponent's turn follows; %(who)s plays "
       "on with his whole hand face up until the hand ends.")),
    (r"{who}'s discard stands as his discard and the opponent's turn follows; (?P=who) plays on "
     r"with his whole hand face up until the hand ends, correcting his count by drawing without "
     r"discarding or discarding without drawing\.",
     _("%(who)s's discard stands as his discard and the opponent's turn follows; %(who)s plays "
       "on with his whole hand face up until the hand ends, correcting his count by drawing "
       "without discarding or discarding without drawing.")),
    (r"{who} loses his next turn: {other} plays two turns in succession\.",
     _("%(who)s loses his next turn: %(other)s plays two turns in succession.")),
    (r"The card drawn is an exposed card: place it face up\. {other} has the first right to "
     r"take it; {who} may knock in his next turn only with gin\.",
     _("The card drawn is an exposed card: place it face up. %(other)s has the first right to "
       "take it; %(who)s may knock in his next turn only with gin.")),
    (r"{who} keeps the top card as his draw\. The second is an exposed card: face up, {other} "
     r"has the first right to it, and (?P=who) may knock this turn only with gin\.",
     _("%(who)s keeps the top card as his draw. The second is an exposed card: face up, "
       "%(other)s has the first right to it, and %(who)s may knock this turn only with gin.")),
    (r"The cards stay in {who}'s hand: count the cards and rule it as an incorrect hand \(too "
     r"many cards\)\.",
     _("The cards stay in %(who)s's hand: count the cards and rule it as an incorrect hand (too "
       "many cards).")),
    (r"{other} chooses: {choices}\.", _("%(other)s chooses: %(choices)s.")),
    (r"The choice here is {choices}\.", _("The choice here is %(choices)s.")),
    (r"The rule gives no choice here: {why}", _("The rule gives no choice here: %(why)s")),
    (r"{problem}\. Name cards like 7H, 10S or KD\.",
     _("%(problem)s. Name cards like 7H, 10S or KD.")),
]
_SHAPES = [(re.compile(pattern.format(**{name: N.format(name) for name in
                                         ("who", "other", "choices", "why", "problem")})), words)
           for pattern, words in SHAPES]
PEOPLE = {"the offender": _("the offender"), "the non-offender": _("the non-offender")}
CHOICES = {str(label).lower(): label for label in CHOICE_LABELS.values()}


def say(text: str) -> str:
    """A text of the assistant in the reader's language (as it is, if it is not known)."""
    if text in _KNOWN:
        return gettext(text)
    for pattern, words in _SHAPES:
        found = pattern.fullmatch(text)
        if found is not None:
            return str(words) % {name: _value(name, value)
                                 for name, value in found.groupdict().items()}
    return text


def _value(name: str, value: str) -> str:
    if value in PEOPLE:
        return str(PEOPLE[value])
    if name == "choices":
        return gettext(" or ").join(_choice(part) for part in value.split(" or "))
    if name == "why":
        return say(value)
    if name == "problem":
        return engine_sentence(value).rstrip(".")
    return value


def _choice(part: str) -> str:
    """A choice inside a sentence: its label, lower case but for German's nouns."""
    if part not in CHOICES:
        return part
    label = say(CHOICES[part])
    german = (get_language() or "").startswith("de")
    return label if german else label[:1].lower() + label[1:]


@dataclass(frozen=True)
class ShownIrregularity:
    """An irregularity of the catalogue as the pages show it, in the reader's language."""

    key: str
    title: str
    source: str
    section: str
    ruling: str
    rule: tuple[str, ...]
    silent: bool


def shown(item: Irregularity) -> ShownIrregularity:
    return ShownIrregularity(item.key, say(item.title), say(item.source), item.section,
                             say(item.ruling), item.rule, item.source == SOURCE_SILENT)


@dataclass(frozen=True)
class ShownAdvice:
    ruling: str
    rule: tuple[str, ...]
    choices_open: bool
    effect: str


def shown_advice(advice: Advice | None) -> ShownAdvice | None:
    if advice is None:
        return None
    return ShownAdvice(say(advice.ruling), advice.rule, advice.choices_open, advice.effect)
