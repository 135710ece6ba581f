"""The rulings on irregularities: docs/rules.md "Irregularities" (Hoyle's irregularities, the
Hoyle tradition, and this engine's rulings where the sources are silent; docs/rulings.md explains
the details the sources leave open).

Each irregularity is an event (hand_events.py) that ``hand.apply`` hands to the function here;
``CATALOGUE`` describes them for the rulings assistant: the rule quoted, the questions asked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import Card, format_cards
from .errors import IllegalAction
from .hand_events import (
    Choice,
    DrawOutOfTurn,
    DrawTwo,
    ExposedCards,
    ExposedInDealing,
    FacedCard,
    Found,
    IncorrectHand,
    IrregularKnock,
    LookThroughDiscards,
    ShowCard,
    Source,
    WrongDealer,
)
from .hand_moves import (
    check_discard,
    check_draw,
    check_turn,
    knock_count_problem,
    knock_problem,
    put_on_pile,
    start_layoff,
)
from .hand_state import (
    HandState,
    Phase,
    begin_correction,
    deal_again,
    draw_from_stock,
    end_turn,
    expected_count,
    make_known,
    per_seat,
    shuffler,
    with_hand,
)
from .types import Seat

PLAY_PHASES = (Phase.OFFER, Phase.DRAW, Phase.DISCARD)

# The sentences of Hoyle's irregularities each ruling applies, quoted verbatim (a test compares
# them with the source text where it is at hand).
NEW_DEAL = (
    "There should be a new deal by the same dealer if a card is seen faced in the pack or is "
    "exposed in dealing, or if at any time both players are found to have an incorrect number "
    "of cards."
)
INCORRECT_HAND = (
    "If after play has begun one player is found to have too few or too many cards, his "
    "opponent may require a new deal or may allow play to continue.",
    "In the latter case, the offender must correct his hand by discarding without drawing, or "
    "drawing without discarding, a sufficient number of times.",
    "He may not knock until the next turn after his hand has been corrected.",
)
AFTER_KNOCK = (
    "If the opponent is found to have an incorrect hand after a knock, he is charged 10 for "
    "each missing card, or all his cards (if more than ten) are counted; in either case, he "
    "cannot score for undercut.",
    "If knocker's hand is incorrect, see Illegal Knock below.",
)
EXPOSED_CARD = (
    "If in drawing a player sees any card to which he is not entitled, all such cards must be "
    "placed face up on the table.",
    "The offender may knock in his current turn only if he has a gin hand.",
    "Otherwise, play continues, and the nonoffender may in each succeeding turn take one of the "
    "exposed cards or the top of the discard pile; after the first occasion when he draws from "
    "the stock instead, the right to draw from the exposed cards goes to the offender; and after "
    "the offender has first drawn from the stock instead, any remaining exposed cards are "
    "inserted at random in the stock.",
)
FACED_IN_STOCK = (
    "A card found faced in the stock after play has begun must be shuffled back into the stock."
)
FROM_HAND = "There is no penalty against a player for exposing a card from his hand."
ILLEGAL_KNOCK = (
    "If the knocker is found to have a deadwood count of more than 10, opponent may accept the "
    "knock, or may require the offender to play on with his whole hand exposed.",
    "If the knocker is found to have an incorrect number of cards, opponent may demand a new "
    "deal, or may require the offender to play on with his hand exposed and to correct it by "
    "drawing without discarding or discarding without drawing.",
    "If the knocker can make his claim good by rearranging his cards into different sets, he "
    "may do so.",
)
LOOKING = (
    "The players may agree in advance that looking through the discard pile will be permitted.",
    "In the absence of such agreement, the discard pile must be kept squared so that only the "
    "top card is readable; a player who spreads it and so sights a covered card loses his next "
    "turn, opponent then having two turns in successions.",
)
# The Hoyle tradition's rulings, as docs/rules.md words them ("Wrong dealer", "Incorrect hand").
WRONG_DEALER = ("Found before the upcard is turned, the deal is void and the right player deals. "
                "Once the upcard is turned the deal stands.")
WRONG_COUNT_EARLY = "One player wrong before his first draw: a new deal."


# --- the rulings ---------------------------------------------------------------------------


def rule_wrong_dealer(state: HandState, event: WrongDealer) -> HandState:
    """docs/rules.md "Wrong dealer": stopped before the upcard is turned, the right dealer deals."""
    if state.phase is not Phase.DEALT:
        raise IllegalAction("the deal stands: a wrong dealer can only be stopped before the "
                            "upcard is turned")
    return deal_again(state, "wrong dealer stopped before the upcard", by=state.dealer.other)


def rule_faced_card(state: HandState, event: FacedCard) -> HandState:
    """docs/rules.md "Card faced in the pack or the stock": before play has begun a new deal,
    after it the stock is shuffled."""
    if not state.begun:
        if event.card not in (*state.hands[0], *state.hands[1], *state.stock):
            raise IllegalAction(f"{event.card} is not in the pack")
        return deal_again(state, f"{event.card} seen faced in the pack")
    if event.card not in state.stock:
        raise IllegalAction(f"{event.card} is not in the stock")
    stock = list(state.stock)
    shuffler(state).shuffle(stock)  # "must be shuffled back into the stock"
    return replace(state, stock=tuple(stock))


def rule_exposed_in_dealing(state: HandState, event: ExposedInDealing) -> HandState:
    if state.phase is not Phase.DEALT:
        raise IllegalAction("the deal is over (the upcard is turned); a player exposing a card "
                            "of his own hand is not penalised")
    if event.card not in (*state.hands[0], *state.hands[1], *state.stock):
        raise IllegalAction(f"{event.card} was not dealt")
    return deal_again(state, f"{event.card} exposed in dealing")


def wrong_counts(state: HandState) -> tuple[Seat, ...]:
    """The seats holding a number of cards other than the step of the hand calls for."""
    return tuple(s for s in Seat if len(state.hands[s]) != expected_count(state, s))


def incorrect_hand_choices(state: HandState) -> tuple[Choice, ...]:
    """The non-offender's choices when the cards are counted now ((): no choice to make)."""
    wrong = wrong_counts(state)
    new = [seat for seat in wrong if seat not in state.marks.correcting]
    if len(wrong) != 1 or len(new) != 1 or state.phase is Phase.LAYOFF:
        return ()
    if not state.drawn[new[0]]:
        return ()
    return (Choice.NEW_DEAL, Choice.PLAY_ON)


def rule_incorrect_hand(state: HandState, event: IncorrectHand) -> HandState:
    wrong = wrong_counts(state)
    new = [seat for seat in wrong if seat not in state.marks.correcting]
    if not new:
        counts = ", ".join(f"{s.name} {len(state.hands[s])}" for s in Seat)
        raise IllegalAction(f"no hand is newly found incorrect ({counts} cards)")
    if event.offender is not None and event.offender not in new:
        raise IllegalAction(f"{event.offender.name} holds the right number of cards")
    choices = incorrect_hand_choices(state)
    # Where the rule itself calls a new deal, naming it as the choice is allowed (and redundant).
    automatic = () if choices or state.phase is Phase.LAYOFF else (Choice.NEW_DEAL,)
    if event.choice is not None and event.choice not in choices + automatic:
        raise IllegalAction(_no_such_choice(event.choice, choices))
    if len(wrong) == 2:  # docs/rules.md "Incorrect hand": both players wrong, a new deal
        return deal_again(state, "both players found with an incorrect number of cards")
    offender = new[0]
    if state.phase is Phase.LAYOFF:
        return _incorrect_after_knock(state, offender)
    if not choices:  # docs/rules.md "Incorrect hand": found before the offender's first draw
        return deal_again(state, f"{offender.name}'s wrong count found before his first draw")
    if event.choice is None:
        raise IllegalAction("the non-offender chooses: a new deal or play on")
    if event.choice is Choice.NEW_DEAL:
        return deal_again(state, f"{offender.name}'s incorrect hand: new deal")
    return play_on_correcting(state, offender)


def _no_such_choice(choice: Choice, choices: tuple[Choice, ...]) -> str:
    if not choices:
        return f"the rule gives no choice here, so not {choice.value}"
    return f"the choice is {' or '.join(c.value for c in choices)}, not {choice.value}"


def _incorrect_after_knock(state: HandState, offender: Seat) -> HandState:
    if offender is state.knocker:  # cannot happen: a knock with a wrong count is irregular
        raise IllegalAction("a knocker's wrong count is ruled as an illegal knock")
    # docs/rules.md "Incorrect hand": 10 a missing card, or all cards counted (hand_settle.py)
    return replace(state, marks=replace(state.marks, defender_miscount=True))


def play_on_correcting(state: HandState, offender: Seat) -> HandState:
    """docs/rules.md "Incorrect hand", play on: the offender corrects, one card a turn."""
    state = replace(state, marks=replace(state.marks, correcting=state.marks.correcting | {offender}))
    if state.turn is not offender:
        return state
    if state.phase is Phase.DRAW:
        return begin_correction(state)
    if len(state.hands[offender]) <= expected_count(state, offender) - 1:
        return end_turn(state)  # he has drawn: this turn was a draw without a discard
    return replace(state, marks=replace(state.marks, correction_turn=True))


def expose(state: HandState, offender: Seat, cards: tuple[Card, ...]) -> HandState:
    """docs/rules.md "Card exposed while drawing": the cards face up, the offender may knock this
    turn only with gin, the non-offender has the first right to draw them. (A second exposure joins the first, and the
    rights follow the latest offence: docs/rulings.md.)"""
    marks = replace(state.marks, exposed_offender=offender, exposed_rights=offender.other,
                    gin_only=offender)
    return replace(state, exposed=(*state.exposed, *cards), marks=marks)


def rule_exposed_cards(state: HandState, event: ExposedCards) -> HandState:
    check_turn(state, event.offender, *PLAY_PHASES)
    if not event.cards or not set(event.cards) <= set(state.stock):
        raise IllegalAction(f"{format_cards(event.cards) or 'no card'}: name cards of the stock")
    if len(set(event.cards)) >= len(state.stock):
        raise IllegalAction("a card of the stock stays unseen: name only the cards seen")
    stock = tuple(card for card in state.stock if card not in event.cards)
    return expose(replace(state, stock=stock), event.offender, event.cards)


def rule_draw_out_of_turn(state: HandState, event: DrawOutOfTurn) -> HandState:
    """Source silent. From the stock the offender saw a card he is not entitled to: the
    exposed-card ruling, gin-only applying to his next turn. From the discard pile he saw no new
    card: it goes back. Found later, the card is in his hand: an incorrect hand when counted."""
    offender = event.offender
    if state.phase not in PLAY_PHASES or state.turn is offender:
        raise IllegalAction(f"{offender.name} is not drawing out of turn")
    if event.source is Source.EXPOSED:
        raise IllegalAction("an exposed card lies face up: taking one out of turn is undone")
    if event.source is Source.DISCARD:
        if not state.discards:
            raise IllegalAction("the discard pile is empty")
        if event.found is Found.AT_ONCE:
            return state  # returned to the pile; no card was seen that was not face up
        card, state = state.discards[-1], replace(state, discards=state.discards[:-1])
        return make_known(with_hand(state, offender, (*state.hands[offender], card)), offender, card)
    if len(state.stock) < 2:
        raise IllegalAction("the last card of the stock is the player's on turn")
    card, state = state.stock[0], replace(state, stock=state.stock[1:])
    if event.found is Found.AT_ONCE:
        return expose(state, offender, (card,))
    return with_hand(state, offender, (*state.hands[offender], card))


def rule_draw_two(state: HandState, event: DrawTwo) -> HandState:
    """Source silent. Found at once, the second card is one he was not entitled to see: the
    exposed-card ruling. Found later, both are in his hand: an incorrect hand when counted."""
    offender = event.offender
    check_draw(state, offender, Phase.DRAW)
    state, (first, second) = draw_from_stock(state, offender, 2)
    state = replace(state, begun=True, drawn=per_seat(state.drawn, offender, True))
    kept = (first,) if event.found is Found.AT_ONCE else (first, second)
    state = with_hand(state, offender, (*state.hands[offender], *kept))
    if event.found is Found.AT_ONCE:
        state = expose(state, offender, (second,))
    if state.marks.correction_turn:
        return end_turn(state)
    return replace(state, phase=Phase.DISCARD)


def irregular_knock_choices(state: HandState, seat: Seat, discard: Card) -> tuple[Choice, ...]:
    """docs/rules.md "Illegal knock": the opponent's choices, or () when the knock is good."""
    if knock_count_problem(state, seat) is not None:
        return (Choice.NEW_DEAL, Choice.PLAY_ON_EXPOSED)
    if knock_problem(state, seat, discard) is not None:
        return (Choice.ACCEPT, Choice.PLAY_ON_EXPOSED)
    return ()


def rule_irregular_knock(state: HandState, event: IrregularKnock) -> HandState:
    seat = event.seat
    check_discard(state, seat, event.discard)
    choices = irregular_knock_choices(state, seat, event.discard)
    if not choices:
        raise IllegalAction(f"{seat.name}'s knock is good (the engine arranges the cards for "
                            "the least deadwood): play it as a knock")
    if event.choice not in choices:
        raise IllegalAction(_no_such_choice(event.choice, choices))
    if event.choice is Choice.NEW_DEAL:
        return deal_again(state, f"{seat.name} knocked with a wrong number of cards: new deal")
    if event.choice is Choice.ACCEPT:
        state = replace(state, marks=replace(state.marks, over_limit_accepted=True))
        return start_layoff(state, seat, event.discard)
    # Play on exposed: the knock's discard stands as his discard (docs/rulings.md).
    marks = replace(state.marks, open_hands=state.marks.open_hands | {seat})
    if Choice.NEW_DEAL in choices:
        marks = replace(marks, correcting=marks.correcting | {seat})
    return end_turn(replace(put_on_pile(state, seat, event.discard), marks=marks))


def rule_look_through_discards(state: HandState, event: LookThroughDiscards) -> HandState:
    if state.rules.discard_pile_looking_allowed:
        raise IllegalAction("the players agreed that looking through the discard pile is "
                            "allowed: no penalty")
    if state.phase not in PLAY_PHASES:
        raise IllegalAction("the discard pile is not in play now")
    if len(state.discards) < 2:
        raise IllegalAction("the discard pile has no covered card to sight")
    offender = event.offender
    lost = per_seat(state.marks.lost_turns, offender, state.marks.lost_turns[offender] + 1)
    return replace(state, marks=replace(state.marks, lost_turns=lost))


def rule_show_card(state: HandState, event: ShowCard) -> HandState:
    """docs/rules.md "Card exposed from a player's own hand": no penalty.
    The opponent has seen it, so it shows in the opponent's view while it stays in the hand."""
    if event.card not in state.hands[event.seat]:
        raise IllegalAction(f"{event.seat.name} does not hold {event.card}")
    return make_known(state, event.seat, event.card)


RULINGS = {
    WrongDealer: rule_wrong_dealer,
    FacedCard: rule_faced_card,
    ExposedInDealing: rule_exposed_in_dealing,
    IncorrectHand: rule_incorrect_hand,
    ExposedCards: rule_exposed_cards,
    DrawOutOfTurn: rule_draw_out_of_turn,
    DrawTwo: rule_draw_two,
    IrregularKnock: rule_irregular_knock,
    LookThroughDiscards: rule_look_through_discards,
    ShowCard: rule_show_card,
}


# --- the catalogue -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Question:
    """A question the rulings assistant asks; ``field`` is the event field the answer fills."""

    field: str
    text: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Irregularity:
    key: str
    title: str
    source: str  # the source in words: "Hoyle, Irregularities: Illegal Knock"
    rule: tuple[str, ...]  # the sentences applied, quoted
    ruling: str  # what the engine does
    event: type
    questions: tuple[Question, ...] = ()

    @property
    def section(self) -> str:
        """The anchor of this irregularity's section in docs/rules.md (and on /rules/)."""
        return self.key.replace("_", "-")


SEATS = ("A", "B")  # the answer to a "who?" question


HOYLE = "Hoyle, Irregularities"
HOYLE_TRADITION = "Hoyle tradition (later rule books)"
SOURCE_SILENT = "Engine ruling (the sources are silent)"

_FOUND = Question("found", "Was it noticed at once, or only later?", tuple(Found))
_CARD = Question("card", "Which card?")

CATALOGUE: tuple[Irregularity, ...] = (
    Irregularity(
        "wrong_dealer", "Wrong dealer", HOYLE_TRADITION, (WRONG_DEALER,),
        "Before the upcard is turned the deal is void and the right dealer deals; after, the "
        "deal stands.", WrongDealer,
    ),
    Irregularity(
        "faced_card", "Card found faced in the pack or the stock", f"{HOYLE}: New Deal; Exposed Card",
        (NEW_DEAL, FACED_IN_STOCK),
        "Before play has begun (the non-dealer's answer to the upcard offer): a new deal by the "
        "same dealer. After: the stock is shuffled.", FacedCard, (_CARD,),
    ),
    Irregularity(
        "exposed_in_dealing", "Card exposed in dealing", f"{HOYLE}: New Deal", (NEW_DEAL,),
        "A new deal by the same dealer.", ExposedInDealing, (_CARD,),
    ),
    Irregularity(
        "incorrect_hand", "Incorrect number of cards",
        f"{HOYLE}: New Deal, Incorrect Hand; {HOYLE_TRADITION}", (NEW_DEAL, *INCORRECT_HAND, *AFTER_KNOCK, WRONG_COUNT_EARLY),
        "Both wrong, or one wrong before his first draw: a new deal. After his first draw: the "
        "non-offender's choice; playing on, the offender discards without drawing or draws "
        "without discarding each turn until he holds ten, and may knock from the turn after. "
        "The defender after a knock: 10 a missing card, or all cards counted, no undercut.",
        IncorrectHand,
        (Question("offender", "Who holds the wrong number of cards? (the engine counts)", SEATS),
         Question("choice", "The non-offender's choice (after the offender's first draw, "
                  "before a knock):", (Choice.NEW_DEAL, Choice.PLAY_ON))),
    ),
    Irregularity(
        "exposed_card", "Card exposed while drawing", f"{HOYLE}: Exposed Card", EXPOSED_CARD,
        "The cards go face up; the offender may knock this turn only with gin; the draw rights "
        "pass as quoted; then the rest go back into the stock at random.", ExposedCards,
        (Question("offender", "Who saw the cards?", SEATS),
         Question("cards", "Which cards of the stock were seen?")),
    ),
    Irregularity(
        "exposed_from_hand", "Card exposed from a player's own hand", f"{HOYLE}: Exposed Card",
        (FROM_HAND,), "No penalty; the opponent has seen the card.", ShowCard,
        (Question("seat", "Whose card?", SEATS), _CARD),
    ),
    Irregularity(
        "illegal_knock", "Illegal knock", f"{HOYLE}: Illegal Knock, Incorrect Hand",
        (*ILLEGAL_KNOCK, AFTER_KNOCK[1]),
        "Over the knock limit: the opponent accepts the knock or has the knocker play on with "
        "the hand exposed. Wrong count: a new deal, or play on exposed while correcting. A knock "
        "the cards can make good (rearranged) stands.", IrregularKnock,
        # The knock's discard is the event's, not the director's question: the ruling does not
        # turn on it (the cards of the hand, entered with the ruling, hold it).
        (Question("seat", "Who knocked?", SEATS),
         Question("choice", "The opponent's choice (accept: over the limit only; new deal: "
                  "wrong count only):", (Choice.ACCEPT, Choice.PLAY_ON_EXPOSED, Choice.NEW_DEAL))),
    ),
    Irregularity(
        "looking_through_discards", "Looking through the discard pile",
        f"{HOYLE}: Looking Through Discard Pile", LOOKING,
        "Unless the ruleset allows looking, the offender loses his next turn.",
        LookThroughDiscards, (Question("offender", "Who looked?", SEATS),),
    ),
    Irregularity(
        "draw_out_of_turn", "Drawing out of turn", SOURCE_SILENT,
        (EXPOSED_CARD[0], INCORRECT_HAND[0]),
        "Noticed at once: a card drawn from the stock is an exposed card (the offender may knock "
        "only with gin in his next turn); one taken from the discard pile goes back. Noticed "
        "later: the card stays in his hand and the count is ruled as an incorrect hand.",
        DrawOutOfTurn,
        (Question("offender", "Who drew out of turn?", SEATS),
         Question("source", "From where?", (Source.STOCK, Source.DISCARD)), _FOUND),
    ),
    Irregularity(
        "draw_two", "Drawing two cards from the stock", SOURCE_SILENT,
        (EXPOSED_CARD[0], INCORRECT_HAND[0]),
        "Noticed at once: he keeps the top card and the second is an exposed card. Noticed "
        "later: both stay in his hand and the count is ruled as an incorrect hand.", DrawTwo,
        (Question("offender", "Who drew two cards?", SEATS), _FOUND),
    ),
)


def irregularity(key: str) -> Irregularity:
    for item in CATALOGUE:
        if item.key == key:
            return item
    raise KeyError(f"no irregularity '{key}'")
