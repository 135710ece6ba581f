"""The rulings assistant: the questions a tournament director answers about an irregularity,
and the ruling for those answers with the sentences of the rule it comes from.

Pure Python over the engine's CATALOGUE (gameplay/engine/rulings.py): the catalogue's questions
(who, which card, the non-offender's choice) plus the ones the ruling turns on (when it was
found, what was wrong with a knock). docs/rulings.md explains the engine's rulings where the
sources are silent; the texts here say the same in the director's words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gameplay.engine import Choice, Found, InvalidCards, Source, parse_cards
from gameplay.engine import rulings as rules
from gameplay.engine.rulings import CATALOGUE, Irregularity


@dataclass(frozen=True, slots=True)
class Ask:
    """One question of the form: `choices` are (value, label); without choices, a text answer
    (`cards`: the answer names cards)."""

    field: str
    text: str
    choices: tuple[tuple[str, str], ...] = ()
    required: bool = False
    cards: bool = False


@dataclass(frozen=True, slots=True)
class Advice:
    irregularity: Irregularity
    ruling: str  # what to do now
    rule: tuple[str, ...]  # the sentences it comes from, quoted
    choices_open: bool = False  # the ruling waits for the non-offender's choice
    effect: str = ""  # how it scores the hand at the table (hand_effect)


class WrongAnswer(ValueError):
    """An answer the rule does not allow here; `field` is the question it belongs to."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


CHOICE_LABELS = {
    Choice.NEW_DEAL: "A new deal",
    Choice.PLAY_ON: "Play on: the offender corrects his hand",
    Choice.ACCEPT: "Accept the knock",
    Choice.PLAY_ON_EXPOSED: "Play on with the knocker's hand exposed",
}
FOUND_LABELS = {Found.AT_ONCE: "At once", Found.LATER: "Only later"}
SOURCE_LABELS = {Source.STOCK: "From the stock", Source.DISCARD: "From the discard pile"}
SEATS = ("A", "B")

# The questions the ruling turns on that are not fields of the engine's event.
STAGES: dict[str, tuple[Ask, ...]] = {
    "wrong_dealer": (Ask("when", "When was it noticed?", (
        ("before_upcard", "Before the upcard was turned"),
        ("after_upcard", "After the upcard was turned")), required=True),),
    "faced_card": (Ask("when", "When was the card found?", (
        ("before_play", "Before play began (before the non-dealer took or passed the upcard)"),
        ("after_play", "After play began, in the stock")), required=True),),
    "exposed_in_dealing": (Ask("when", "When was it exposed?", (
        ("dealing", "While dealing, before the upcard was turned"),
        ("after_deal", "After the upcard was turned (a card of a player's own hand)")),
        required=True),),
    "incorrect_hand": (Ask("when", "When were the cards found wrong?", (
        ("before_first_draw", "Before the offender's first draw"),
        ("in_play", "After his first draw, before any knock"),
        ("knock_defender", "After a knock: the defender's hand"),
        ("knock_knocker", "At a knock: the knocker's hand")), required=True),),
    "illegal_knock": (Ask("problem", "What is wrong with the knock?", (
        ("over_limit", "Deadwood over the knock limit"),
        ("wrong_count", "The knocker has a wrong number of cards"),
        ("rearranged", "Rearranged into other melds, the count is within the limit")),
        required=True),),
    "looking_through_discards": (Ask("agreed", "Did the players agree in advance that looking "
                                     "through the discard pile is allowed?",
                                     (("no", "No"), ("yes", "Yes")), required=True),),
}
# Questions of the catalogue asked differently here (both players may hold a wrong count).
REPLACED: dict[tuple[str, str], Ask] = {
    ("incorrect_hand", "offender"): Ask("offender", "Who holds the wrong number of cards?",
                                        (("A", "A"), ("B", "B"), ("both", "Both")),
                                        required=True),
}
REQUIRED = {("draw_out_of_turn", "source"), ("draw_out_of_turn", "found"), ("draw_two", "found")}


def irregularity(key: str) -> Irregularity:
    return rules.irregularity(key)


def questions(key: str, seat_names: tuple[str, str] = ("Player A", "Player B")) -> tuple[Ask, ...]:
    """The questions of one irregularity, the ones the ruling turns on first."""
    item = irregularity(key)
    asked = [*STAGES.get(key, ()), *(_ask(item.key, q) for q in item.questions)]
    return tuple(_named(ask, seat_names) for ask in asked)


def _ask(key: str, question) -> Ask:
    if (key, question.field) in REPLACED:
        return REPLACED[key, question.field]
    required = (key, question.field) in REQUIRED
    if question.field in ("offender", "seat"):  # who: always asked
        return Ask(question.field, question.text, tuple((s, s) for s in SEATS), required=True)
    labels = {"choice": CHOICE_LABELS, "found": FOUND_LABELS, "source": SOURCE_LABELS}
    if question.field in labels:
        names = labels[question.field]
        return Ask(question.field, question.text,
                   tuple((str(c), names[c]) for c in question.choices), required)
    return Ask(question.field, question.text, required=required, cards=True)


def _named(ask: Ask, seat_names: tuple[str, str]) -> Ask:
    names = dict(zip(SEATS, seat_names, strict=True))
    choices = tuple((value, names.get(value, label)) for value, label in ask.choices)
    return Ask(ask.field, ask.text, choices, ask.required, ask.cards)


# The rulings ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Answers:
    """The director's answers, with the players' names to word the ruling."""

    values: Mapping[str, str]
    names: tuple[str, str]

    def get(self, field: str) -> str:
        return self.values.get(field) or ""

    def who(self, field: str = "offender") -> str:
        seat = self.get(field)
        return self.names[SEATS.index(seat)] if seat in SEATS else "the offender"

    def other(self, field: str = "offender") -> str:
        seat = self.get(field)
        return self.names[1 - SEATS.index(seat)] if seat in SEATS else "the non-offender"


def advise(key: str, values: Mapping[str, str],
           seat_names: tuple[str, str] = ("Player A", "Player B")) -> Advice:
    """The ruling for the answers; WrongAnswer names a question answered against the rule."""
    item = irregularity(key)
    for ask in questions(key, seat_names):
        given = values.get(ask.field) or ""
        if ask.required and not given:
            raise WrongAnswer(ask.field, "Answer this: the ruling depends on it.")
        if given and ask.choices and given not in dict(ask.choices):
            raise WrongAnswer(ask.field, "Choose one of the answers listed.")
        if given and ask.cards:
            _check_cards(ask.field, given)
    ruling, rule, open_ = RULINGS[key](Answers(values, seat_names))
    return Advice(item, ruling, rule, open_, "" if open_ else hand_effect(key, values))


def _check_cards(field: str, text: str) -> None:
    try:
        cards = parse_cards(text)
    except InvalidCards as error:
        raise WrongAnswer(field, f"{error}. Name cards like 7H, 10S or KD.") from None
    if field != "cards" and len(cards) != 1:
        raise WrongAnswer(field, "Name one card, like 7H.")


Ruled = tuple[str, tuple[str, ...], bool]


def _no_choice(answers: Answers, why: str) -> None:
    if answers.get("choice"):
        raise WrongAnswer("choice", f"The rule gives no choice here: {why}")


def _wrong_dealer(a: Answers) -> Ruled:
    if a.get("when") == "before_upcard":
        return ("Stop the deal: it is void, and the player who should have dealt deals.",
                (rules.WRONG_DEALER,), False)
    return "The deal stands: play the hand as dealt.", (rules.WRONG_DEALER,), False


def _faced_card(a: Answers) -> Ruled:
    if a.get("when") == "before_play":
        return "A new deal by the same dealer.", (rules.NEW_DEAL,), False
    return ("Shuffle the card back into the stock (the whole stock is shuffled) and play on.",
            (rules.FACED_IN_STOCK,), False)


def _exposed_in_dealing(a: Answers) -> Ruled:
    if a.get("when") == "dealing":
        return "A new deal by the same dealer.", (rules.NEW_DEAL,), False
    return ("The deal is over: a player who shows a card of his own hand is not penalised. "
            "Play on; the opponent has seen the card.", (rules.FROM_HAND,), False)


def _incorrect_hand(a: Answers) -> Ruled:
    when, offender = a.get("when"), a.who()
    if a.get("offender") == "both" and when not in ("knock_defender", "knock_knocker"):
        _no_choice(a, "both players hold a wrong number of cards.")
        return ("Both players hold a wrong number of cards: a new deal by the same dealer.",
                (rules.NEW_DEAL,), False)
    if when == "before_first_draw":
        _no_choice(a, "the count was found before the offender's first draw.")
        return "A new deal by the same dealer.", (rules.WRONG_COUNT_EARLY,), False
    if when == "knock_defender":
        _no_choice(a, "the hand has been knocked.")
        return (f"{offender} is charged 10 for each missing card, or, holding more than ten, all "
                "his cards are counted; he cannot score for an undercut.",
                (rules.AFTER_KNOCK[0],), False)
    if when == "knock_knocker":
        _no_choice(a, "rule it as an illegal knock (choose that irregularity).")
        return ("Rule it as an illegal knock with a wrong number of cards: the opponent chooses "
                "a new deal, or has the knocker play on with his hand exposed while he corrects "
                "it.", (rules.AFTER_KNOCK[1], rules.ILLEGAL_KNOCK[1]), False)
    return _incorrect_in_play(a, offender)


def _incorrect_in_play(a: Answers, offender: str) -> Ruled:
    choice = a.get("choice")
    if choice not in ("", Choice.NEW_DEAL, Choice.PLAY_ON):
        raise WrongAnswer("choice", "The choice here is a new deal or play on.")
    if not choice:
        return (f"{a.other()} chooses: a new deal, or play on with {offender} correcting his "
                "hand.", (rules.INCORRECT_HAND[0],), True)
    if choice == Choice.NEW_DEAL:
        return f"{a.other()} requires a new deal.", (rules.INCORRECT_HAND[0],), False
    return (f"Play on. Each turn {offender} discards without drawing (too many cards) or draws "
            "without discarding (too few) until he holds ten, and may not knock until the turn "
            "after his hand is corrected.", rules.INCORRECT_HAND, False)


def _exposed_card(a: Answers) -> Ruled:
    return (f"Place the cards {a.who()} saw face up on the table. {a.who()} may knock this turn "
            f"only with gin. Then {a.other()} may, each turn, take an exposed card or the top of "
            "the discard pile; once he draws from the stock instead, the right passes to "
            f"{a.who()}; once {a.who()} draws from the stock instead, shuffle the rest into the "
            "stock at random.", rules.EXPOSED_CARD, False)


def _exposed_from_hand(a: Answers) -> Ruled:
    return ("No penalty: play on. The opponent has seen the card.", (rules.FROM_HAND,), False)


def _illegal_knock(a: Answers) -> Ruled:
    problem, choice, knocker = a.get("problem"), a.get("choice"), a.who("seat")
    opponent = a.other("seat")
    if problem == "rearranged":
        _no_choice(a, "a knock the cards can make good stands.")
        return (f"The knock stands: {knocker} may rearrange his cards into different melds to "
                "make it good.", (rules.ILLEGAL_KNOCK[2],), False)
    allowed = ((Choice.ACCEPT, Choice.PLAY_ON_EXPOSED) if problem == "over_limit"
               else (Choice.NEW_DEAL, Choice.PLAY_ON_EXPOSED))
    sentences = ((rules.ILLEGAL_KNOCK[0],) if problem == "over_limit"
                 else (rules.ILLEGAL_KNOCK[1], rules.AFTER_KNOCK[1]))
    if choice and choice not in allowed:
        words = " or ".join(CHOICE_LABELS[c].lower() for c in allowed)
        raise WrongAnswer("choice", f"The choice here is {words}.")
    if not choice:
        words = " or ".join(CHOICE_LABELS[c].lower() for c in allowed)
        return f"{opponent} chooses: {words}.", sentences, True
    return _knock_choice(Choice(choice), knocker, problem), sentences, False


def _knock_choice(choice: Choice, knocker: str, problem: str) -> str:
    if choice == Choice.ACCEPT:
        return (f"The knock is accepted: the hand is settled at {knocker}'s real deadwood, over "
                "the limit as it is; the defender lays off and may undercut. Enter the two "
                "deadwood counts or both hands' cards with the ruling to have it scored.")
    if choice == Choice.NEW_DEAL:
        return "A new deal by the same dealer: the hand is void and scores nothing."
    if problem == "over_limit":
        return (f"{knocker}'s discard stands as his discard and the opponent's turn follows; "
                f"{knocker} plays on with his whole hand face up until the hand ends.")
    return (f"{knocker}'s discard stands as his discard and the opponent's turn follows; "
            f"{knocker} plays on with his whole hand face up until the hand ends, correcting "
            "his count by drawing without discarding or discarding without drawing.")


# What a ruling does to the hand's score --------------------------------------------------------

VOID = "void"  # the deal is void: a new deal, nothing scored
OVER_LIMIT = "over_limit"  # an illegal knock accepted: settled at the knocker's real deadwood
SHORT_DEFENDER = "short_defender"  # the defender's wrong count after a knock: charged, no undercut


def hand_effect(key: str, values: Mapping[str, str]) -> str:
    """How the ruling scores the hand at the table: VOID, OVER_LIMIT, SHORT_DEFENDER, or ""
    (the hand is played on and entered as usual)."""
    get = values.get
    if key == "wrong_dealer":
        return VOID if get("when") == "before_upcard" else ""
    if key == "faced_card":
        return VOID if get("when") == "before_play" else ""
    if key == "exposed_in_dealing":
        return VOID if get("when") == "dealing" else ""
    if key == "incorrect_hand":
        return _incorrect_hand_effect(get("when"), get("offender"), get("choice"))
    if key == "illegal_knock" and get("problem") != "rearranged":
        return {Choice.ACCEPT: OVER_LIMIT, Choice.NEW_DEAL: VOID}.get(get("choice") or "", "")
    return ""


def _incorrect_hand_effect(when: str | None, offender: str | None, choice: str | None) -> str:
    if when == "knock_defender":
        return SHORT_DEFENDER
    if when == "knock_knocker":
        return ""
    if offender == "both" or when == "before_first_draw" or choice == Choice.NEW_DEAL:
        return VOID
    return ""


def _looking(a: Answers) -> Ruled:
    if a.get("agreed") == "yes":
        return ("No penalty: the players agreed that looking through the discard pile is "
                "allowed.", (rules.LOOKING[0],), False)
    return (f"{a.who()} loses his next turn: {a.other()} plays two turns in succession.",
            (rules.LOOKING[1],), False)


def _draw_out_of_turn(a: Answers) -> Ruled:
    if a.get("found") == Found.LATER:
        return _found_later(a)
    if a.get("source") == Source.DISCARD:
        return ("Put the card back on the discard pile: it was face up, so nobody saw a new "
                "card. No penalty.", (rules.FROM_HAND,), False)
    return (f"The card drawn is an exposed card: place it face up. {a.other()} has the first "
            f"right to take it; {a.who()} may knock in his next turn only with gin.",
            (rules.EXPOSED_CARD[0], rules.EXPOSED_CARD[1]), False)


def _draw_two(a: Answers) -> Ruled:
    if a.get("found") == Found.LATER:
        return _found_later(a)
    return (f"{a.who()} keeps the top card as his draw. The second is an exposed card: face up, "
            f"{a.other()} has the first right to it, and {a.who()} may knock this turn only with "
            "gin.", (rules.EXPOSED_CARD[0], rules.EXPOSED_CARD[1]), False)


def _found_later(a: Answers) -> Ruled:
    return (f"The cards stay in {a.who()}'s hand: count the cards and rule it as an incorrect "
            "hand (too many cards).", (rules.INCORRECT_HAND[0],), False)


RULINGS: dict[str, Callable[[Answers], Ruled]] = {
    "wrong_dealer": _wrong_dealer,
    "faced_card": _faced_card,
    "exposed_in_dealing": _exposed_in_dealing,
    "incorrect_hand": _incorrect_hand,
    "exposed_card": _exposed_card,
    "exposed_from_hand": _exposed_from_hand,
    "illegal_knock": _illegal_knock,
    "looking_through_discards": _looking,
    "draw_out_of_turn": _draw_out_of_turn,
    "draw_two": _draw_two,
}
assert set(RULINGS) == {item.key for item in CATALOGUE}, "a ruling for every irregularity"
