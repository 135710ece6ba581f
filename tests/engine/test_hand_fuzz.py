"""Fuzz: random legal and illegal actions against the hand state machine.

Nothing may escape but the documented errors (EngineError and its subclasses: IllegalAction,
IllegalKnock, InvalidCards); every state keeps the 52 cards in exactly one place each; every
finished hand replays from its log; in a lost turn only the opponent may move, and in a turn
that corrects a hand by discarding no draw is legal.

Every ending and every ruling is reached by construction, whatever the seed: each run starts
with one hand per scenario below, dealt from a stacked deck (suits, dealer, ruleset and the
rest of the deck drawn from the seed) and driven toward its ending or ruling on purpose; the
random walk then plays each of those hands on to its end, and more random hands after them.
``FUZZ_SEEDS`` (e.g. ``FUZZ_SEEDS=1-20`` or ``FUZZ_SEEDS=3,7``) replaces the default seeds.
"""

import os
import random
from collections import Counter
from collections.abc import Callable

import pytest

from gameplay.engine.cards import DECK, SUITS, Card
from gameplay.engine.errors import EngineError, IllegalAction, IllegalKnock
from gameplay.engine.hand import apply, deal, legal_events, replay
from gameplay.engine.hand_events import (
    EVENT_TYPES,
    BigGin,
    Choice,
    Discard,
    Draw,
    DrawOutOfTurn,
    DrawTwo,
    ExposedCards,
    ExposedInDealing,
    FacedCard,
    Found,
    IncorrectHand,
    IrregularKnock,
    Knock,
    LayOff,
    LookThroughDiscards,
    Pass,
    ShowCard,
    Source,
    TurnUpcard,
    WrongDealer,
)
from gameplay.engine.hand_state import HandState, Phase
from gameplay.engine.hand_view import player_view
from gameplay.engine.players import SimplePlayer
from gameplay.engine.rules import CLASSIC, OKLAHOMA, PRESETS, STANDARD, Ruleset
from gameplay.engine.rulings import RULINGS
from gameplay.engine.types import Outcome, Seat

STEPS = 2_500  # random steps after the scenarios, a run
SIMPLE = SimplePlayer()
MISDEALS = ((10, 10), (10, 10), (10, 10), (11, 10), (10, 9), (9, 11), (11, 11))
NEW_DEAL = "new deal"  # the ending of a hand whose deal is void
ENDINGS = {*Outcome, NEW_DEAL}


def _seeds() -> list[int]:
    text = os.environ.get("FUZZ_SEEDS", "20261130,1,2")
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(seed) for seed in text.split(",")]


# --- random events -------------------------------------------------------------------------


def _card(rng: random.Random, state: HandState, seat: Seat) -> Card:
    """A card of ``seat``'s hand most of the time, any card otherwise."""
    hand = state.hands[seat]
    return rng.choice(hand) if hand and rng.random() < 0.8 else rng.choice(DECK)


def _stock_cards(rng: random.Random, state: HandState) -> tuple[Card, ...]:
    pool = state.stock or DECK
    return tuple(rng.sample(pool, min(len(pool), rng.choice((1, 1, 2, 40)))))


def random_event(rng: random.Random, state: HandState):
    """Any event with random fields: often illegal, sometimes an irregularity that applies."""
    seat = rng.choice(tuple(Seat))
    makers = (
        lambda: TurnUpcard(seat),
        lambda: Pass(seat),
        lambda: Draw(seat, rng.choice(tuple(Source)), rng.choice((None, rng.choice(DECK)))),
        lambda: Discard(seat, _card(rng, state, seat)),
        lambda: Knock(seat, _card(rng, state, seat)),
        lambda: BigGin(seat),
        lambda: LayOff(seat),
        lambda: WrongDealer(),
        lambda: FacedCard(rng.choice(DECK)),
        lambda: ExposedInDealing(rng.choice(DECK)),
        lambda: IncorrectHand(rng.choice((None, *Choice)), rng.choice((None, seat))),
        lambda: ExposedCards(seat, _stock_cards(rng, state)),
        lambda: DrawOutOfTurn(seat, rng.choice(tuple(Source)), rng.choice(tuple(Found))),
        lambda: DrawTwo(seat, rng.choice(tuple(Found))),
        lambda: IrregularKnock(seat, _card(rng, state, seat), rng.choice(tuple(Choice))),
        lambda: LookThroughDiscards(seat),
        lambda: ShowCard(seat, _card(rng, state, seat)),
    )
    return rng.choice(makers)()


def _random_hand(rng: random.Random) -> HandState:
    rules = rng.choice((*PRESETS.values(), Ruleset(may_discard_card_taken_from_pile=True),
                        Ruleset(discard_pile_looking_allowed=True)))
    seed = rng.getrandbits(32)
    return deal(rules, rng.choice(tuple(Seat)), seed=seed, counts=rng.choice(MISDEALS))


def _pick(rng: random.Random, state: HandState):
    """The simple player's move (so hands reach knocks and gins), a random legal event, or a
    random event that is most often illegal."""
    roll = rng.random()
    if roll < 0.4 and state.to_act is not None:
        return SIMPLE.act(player_view(state, state.to_act))
    legal = legal_events(state)
    return rng.choice(legal) if legal and roll < 0.7 else random_event(rng, state)


# --- the run: every step checked --------------------------------------------------------------


class Run:
    """Applies events, checks every state, and counts what the run went through."""

    def __init__(self) -> None:
        self.paths: Counter = Counter()  # the turns the rulings change (TURN_PATHS)
        self.endings: Counter = Counter()
        self.applied: Counter = Counter()
        self.refused: Counter = Counter()
        self.reached: set[str] = set()  # the scenarios that reached their target

    def play(self, state: HandState, event) -> HandState:
        """``event`` applied; it must be accepted (a scenario's own step)."""
        after = apply(state, event)
        self._check(state, event, after)
        return after

    def attempt(self, state: HandState, event) -> HandState:
        """``event`` applied if the engine accepts it; refused, the state stays."""
        try:
            after = apply(state, event)
        except EngineError as error:
            self.refused[type(error).__name__] += 1
            return state
        self._check(state, event, after)
        return after

    def _check(self, before: HandState, event, after: HandState) -> None:
        assert Counter(after.all_cards()) == Counter(DECK), "the 52 cards are not all accounted for"
        assert after.log == (*before.log, event)
        self.applied[event.kind] += 1
        self._check_turn(before, after)
        if after.is_over:
            outcome = after.result.outcome
            self.endings[NEW_DEAL if outcome is None else outcome] += 1
            assert replay(after.rules, after.log) == after


    def _check_turn(self, before: HandState, after: HandState) -> None:
        """A lost turn is the opponent's alone; a correction turn with too many cards offers
        discards only. Each is counted as it starts."""
        lost = after.marks.turn_lost
        if lost is not None and after.phase in (Phase.DRAW, Phase.DISCARD):  # a layoff is no turn
            assert {e.seat for e in legal_events(after)} <= {lost.other}, legal_events(after)
            if before.marks.turn_lost is not lost or before.turn_number != after.turn_number:
                self.paths[LOST_TURN] += 1
        if correcting_by_discard(after):
            assert all(isinstance(e, Discard) for e in legal_events(after)), legal_events(after)
            if not correcting_by_discard(before):
                self.paths[DISCARD_ONLY] += 1
        elif (after.marks.correction_turn and after.phase is Phase.DRAW
              and not (before.marks.correction_turn and before.phase is Phase.DRAW)):
            self.paths[DRAW_ONLY] += 1


LOST_TURN, DISCARD_ONLY, DRAW_ONLY = "lost turn", "discard without drawing", "draw without discarding"
TURN_PATHS = {LOST_TURN, DISCARD_ONLY, DRAW_ONLY}


def correcting_by_discard(state: HandState) -> bool:
    """``state.turn`` corrects a hand of too many cards this turn: a discard, no draw."""
    marks = state.marks
    return (state.phase is Phase.DISCARD and marks.correction_turn
            and state.turn in marks.correcting)


# --- stacked deals ---------------------------------------------------------------------------


def _suits(rng: random.Random) -> list:
    suits = list(SUITS)
    rng.shuffle(suits)
    return suits


def _stacked(rng: random.Random, rules: Ruleset, non_dealer: list[Card], dealer: list[Card],
             top: list[Card], counts: tuple[int, int] = (10, 10)) -> HandState:
    """A hand dealt so that the non-dealer holds ``non_dealer``, the dealer ``dealer``, and the
    stock starts with ``top`` (the upcard first); the rest of the deck in a random order."""
    rest = [card for card in DECK if card not in {*non_dealer, *dealer, *top}]
    rng.shuffle(rest)
    deck: list[Card] = []
    hands = (list(non_dealer), list(dealer))
    while hands[0] or hands[1]:
        for hand in hands:
            if hand:
                deck.append(hand.pop(0))
    assert counts == (len(non_dealer), len(dealer))
    return deal(rules, rng.choice(tuple(Seat)), deck=(*deck, *top, *rest), counts=counts)


def _knocker_hand(suits: list, start: int) -> list[Card]:
    """Ten cards with 4 points of deadwood, which no card of rank 8 or more can lay off on: a
    run of four from ``start`` (2 or 3) in one suit, three sevens, and two aces and a two of
    three other suits, none of which melds."""
    a, b, c, d = suits
    run = [Card(rank, a) for rank in range(start, start + 4)]
    sevens = [Card(7, suit) for suit in (a, b, c)]
    return [*run, *sevens, Card(1, b), Card(1, c), Card(2, d)]


def _high_hand(suits: list) -> list[Card]:
    """Ten cards of rank 9 to king, no meld among them: two suits a rank, alternating, so no
    suit has three ranks in a row."""
    pairs = (suits[:2], suits[2:])
    return [Card(rank, suit) for i, rank in enumerate(range(9, 14)) for suit in pairs[i % 2]]


def _low_deadwood_hand(suits: list) -> list[Card]:
    """Ten cards melded but one ace: three sets of nines, tens and jacks, and the ace of the
    knocker's run suit (``suits`` are the knocker's)."""
    return [*(Card(rank, suit) for rank in (9, 10, 11) for suit in suits[1:]), Card(1, suits[0])]


def _melded(rng: random.Random, size: int) -> list[Card]:
    """``size`` cards (10 or 11), all in melds: runs of one random suit each, and a set."""
    suits = _suits(rng)
    lengths = rng.choice({10: ((3, 3, 4), (4, 3, 3), (5, 5)), 11: ((4, 4, 3), (3, 3, 5))}[size])
    cards: list[Card] = []
    for suit, length in zip(suits, lengths, strict=False):
        start = rng.randint(1, 14 - length)
        cards.extend(Card(rank, suit) for rank in range(start, start + length))
    return cards


def _upcard(rng: random.Random, used: list[Card]) -> Card:
    """A court card (so the Oklahoma knock limit is 10) not among ``used``."""
    return rng.choice([card for card in DECK if card.value == 10 and card not in used])


def _spare(rng: random.Random, used: list[Card]) -> Card:
    return rng.choice([card for card in DECK if card not in used])


def _others(rng: random.Random, used: list[Card], count: int = 10) -> list[Card]:
    return rng.sample([card for card in DECK if card not in used], count)


def _stacked_against_anything(rng: random.Random, hand: list[Card], upcard: Card) -> HandState:
    """The non-dealer holds ``hand``; the dealer ten random cards; any ruleset."""
    top = [upcard, _spare(rng, [*hand, upcard])]
    return _stacked(rng, rng.choice(tuple(PRESETS.values())), hand, _others(rng, [*hand, *top]),
                    top)


def _to_first_draw(run: Run, state: HandState) -> HandState:
    """The upcard turned and refused by both: the non-dealer is to draw from the stock."""
    state = run.play(state, TurnUpcard(state.dealer))
    state = run.play(state, Pass(state.non_dealer))
    return run.play(state, Pass(state.dealer))


def _knock_deal(rng: random.Random, defender_of: Callable[[list], list[Card]],
                counts=(10, 10)) -> HandState:
    """The non-dealer holds the 4-point knocking hand, the dealer the hand ``defender_of``
    makes from the knocker's suits."""
    suits = _suits(rng)
    knocker = _knocker_hand(suits, rng.choice((2, 3)))
    defender = defender_of(suits)[:counts[1]]
    used = [*knocker, *defender]
    upcard = _upcard(rng, used)
    drawn = _spare(rng, [*used, upcard])
    return _stacked(rng, rng.choice((STANDARD, CLASSIC, OKLAHOMA)), knocker, defender,
                    [upcard, drawn], counts)


def _knock_after_draw(run: Run, state: HandState) -> HandState:
    """The non-dealer draws the stock's top card and knocks, discarding it."""
    state = _to_first_draw(run, state)
    seat = state.turn
    state = run.play(state, Draw(seat, Source.STOCK))
    return run.play(state, Knock(seat, state.hands[seat][-1]))


# --- scenarios: each returns the hand at its target, checked --------------------------------


def knock(run: Run, rng: random.Random) -> HandState:
    state = _knock_after_draw(run, _knock_deal(rng, _high_hand))
    state = run.play(state, LayOff(state.defender))
    assert state.result.outcome is Outcome.KNOCK and state.result.winner is state.knocker
    return state


def undercut(run: Run, rng: random.Random) -> HandState:
    state = _knock_after_draw(run, _knock_deal(rng, _low_deadwood_hand))
    state = run.play(state, LayOff(state.defender))
    assert state.result.outcome is Outcome.UNDERCUT and state.result.winner is state.defender
    return state


def gin(run: Run, rng: random.Random) -> HandState:
    hand = _melded(rng, 10)
    upcard = _upcard(rng, hand)
    state = _stacked_against_anything(rng, hand, upcard)
    state = _to_first_draw(run, state)
    seat = state.turn
    state = run.play(state, Draw(seat, Source.STOCK))
    state = run.play(state, Knock(seat, state.hands[seat][-1]))
    state = run.play(state, LayOff(state.defender))
    assert state.result.outcome is Outcome.GIN and state.result.winner is seat
    return state


def big_gin(run: Run, rng: random.Random) -> HandState:
    hand = _melded(rng, 11)
    rng.shuffle(hand)
    upcard = _upcard(rng, hand)
    state = _stacked(rng, rng.choice((STANDARD, OKLAHOMA)), hand[:10],
                     _others(rng, [*hand, upcard]), [upcard, hand[10]])
    state = _to_first_draw(run, state)
    seat = state.turn
    state = run.play(state, Draw(seat, Source.STOCK))
    state = run.play(run.play(state, BigGin(seat)), LayOff(seat.other))
    assert state.result.outcome is Outcome.BIG_GIN and state.result.winner is seat
    return state


def _draw_and_discard(run: Run, state: HandState) -> HandState:
    """The player to act draws from the stock and discards the card drawn."""
    seat = state.turn
    state = run.play(state, Draw(seat, Source.STOCK))
    return run.play(state, Discard(seat, state.hands[seat][-1]))


def dead_hand(run: Run, rng: random.Random) -> HandState:
    state = _to_first_draw(run, _random_hand_of_ten(rng))
    while not state.is_over:
        state = _draw_and_discard(run, state)
    assert state.result.outcome is Outcome.DEAD_HAND and len(state.stock) == 2
    return state


def _random_hand_of_ten(rng: random.Random, counts=(10, 10)) -> HandState:
    rules = rng.choice((*PRESETS.values(), Ruleset(may_discard_card_taken_from_pile=True)))
    return deal(rules, rng.choice(tuple(Seat)), seed=rng.getrandbits(32), counts=counts)


def _new_deal(state: HandState, by: Seat) -> HandState:
    assert state.result.outcome is None and state.result.deal_again_by is by, state.result
    return state


def wrong_dealer(run: Run, rng: random.Random) -> HandState:
    state = _random_hand_of_ten(rng)
    return _new_deal(run.play(state, WrongDealer()), state.dealer.other)


def faced_in_the_pack(run: Run, rng: random.Random) -> HandState:
    state = _random_hand_of_ten(rng)
    return _new_deal(run.play(state, FacedCard(rng.choice(state.stock))), state.dealer)


def faced_in_the_stock(run: Run, rng: random.Random) -> HandState:
    state = _to_first_draw(run, _random_hand_of_ten(rng))
    after = run.play(state, FacedCard(rng.choice(state.stock)))
    assert sorted(after.stock) == sorted(state.stock) and after.phase is Phase.DRAW
    return after


def exposed_in_dealing(run: Run, rng: random.Random) -> HandState:
    state = _random_hand_of_ten(rng)
    card = rng.choice((*state.hands[0], *state.hands[1]))
    return _new_deal(run.play(state, ExposedInDealing(card)), state.dealer)


def both_hands_wrong(run: Run, rng: random.Random) -> HandState:
    state = _random_hand_of_ten(rng, counts=rng.choice(((11, 11), (9, 11), (11, 9), (9, 9))))
    if rng.random() < 0.5:  # found after play has begun, or before
        state = _to_first_draw(run, state)
    return _new_deal(run.play(state, IncorrectHand()), state.dealer)


def wrong_before_first_draw(run: Run, rng: random.Random) -> HandState:
    state = _random_hand_of_ten(rng, counts=rng.choice(((11, 10), (10, 9))))
    state = run.play(state, TurnUpcard(state.dealer))
    return _new_deal(run.play(state, IncorrectHand()), state.dealer)


def _short_after_draw(run: Run, rng: random.Random) -> HandState:
    """The non-dealer, dealt nine cards, has drawn: ten cards where eleven are due."""
    state = _to_first_draw(run, _random_hand_of_ten(rng, counts=(9, 10)))
    return run.play(state, Draw(state.turn, Source.STOCK))


def wrong_hand_new_deal(run: Run, rng: random.Random) -> HandState:
    state = _short_after_draw(run, rng)
    return _new_deal(run.play(state, IncorrectHand(Choice.NEW_DEAL, state.turn)), state.dealer)


def wrong_hand_corrected(run: Run, rng: random.Random) -> HandState:
    state = _short_after_draw(run, rng)
    offender = state.turn
    state = run.play(state, IncorrectHand(Choice.PLAY_ON))
    assert offender in state.marks.correcting and state.turn is offender.other
    state = _draw_and_discard(run, state)  # the opponent's turn; then the offender holds ten
    assert state.turn is offender and offender not in state.marks.correcting
    return state


def wrong_hand_corrected_by_drawing(run: Run, rng: random.Random) -> HandState:
    """The non-dealer, dealt eight, has drawn: nine where eleven are due. Playing on, his turn
    ends with that draw, and his next turn is a draw without a discard."""
    state = _to_first_draw(run, _random_hand_of_ten(rng, counts=(8, 10)))
    offender = state.turn
    state = run.play(state, Draw(offender, Source.STOCK))
    state = run.play(state, IncorrectHand(Choice.PLAY_ON, offender))
    state = _draw_and_discard(run, state)  # the opponent's turn
    assert state.turn is offender and state.phase is Phase.DRAW and state.marks.correction_turn
    assert not any(isinstance(event, Knock | BigGin) for event in legal_events(state))
    state = run.play(state, Draw(offender, Source.STOCK))
    assert state.turn is offender.other and len(state.hands[offender]) == 10
    return state


def _no_draw(state: HandState, seat: Seat) -> None:
    """``seat`` corrects by discarding this turn: only discards are legal, a draw is refused."""
    assert correcting_by_discard(state) and state.turn is seat
    assert {type(event) for event in legal_events(state)} == {Discard}
    with pytest.raises(IllegalAction, match="discards without drawing"):
        apply(state, Draw(seat, Source.STOCK))


def wrong_hand_corrected_by_discarding(run: Run, rng: random.Random) -> HandState:
    """The non-dealer, dealt eleven, has drawn: twelve where eleven are due. Playing on, he
    discards now without knocking, and his next turn is a discard without a draw."""
    state = _to_first_draw(run, _random_hand_of_ten(rng, counts=(11, 10)))
    offender = state.turn
    state = run.play(state, Draw(offender, Source.STOCK))
    state = run.play(state, IncorrectHand(Choice.PLAY_ON, offender))
    _no_draw(state, offender)
    state = run.play(state, Discard(offender, rng.choice(state.hands[offender])))
    state = _draw_and_discard(run, state)  # the opponent's turn
    _no_draw(state, offender)
    state = run.play(state, Discard(offender, rng.choice(state.hands[offender])))
    assert len(state.hands[offender]) == 10 and offender in state.marks.correcting
    state = _draw_and_discard(run, state)
    assert state.turn is offender and state.phase is Phase.DRAW
    assert offender not in state.marks.correcting
    return state


def drawn_out_of_turn_corrected_by_discarding(run: Run, rng: random.Random) -> HandState:
    """Both have drawn; the dealer takes the stock's top card out of turn, found later: eleven
    cards, ruled an incorrect hand, played on. His turn is then a discard without a draw."""
    state = _to_first_draw(run, _random_hand_of_ten(rng))
    state = _draw_and_discard(run, _draw_and_discard(run, state))
    offender = state.turn.other
    state = run.play(state, DrawOutOfTurn(offender, Source.STOCK, Found.LATER))
    state = run.play(state, IncorrectHand(Choice.PLAY_ON, offender))
    state = _draw_and_discard(run, state)
    _no_draw(state, offender)
    return run.play(state, Discard(offender, rng.choice(state.hands[offender])))


def wrong_hand_after_knock(run: Run, rng: random.Random) -> HandState:
    # The defender is dealt nine cards, the ace missing: charged 10 for it.
    state = _knock_after_draw(run, _knock_deal(rng, _low_deadwood_hand, counts=(10, 9)))
    state = run.play(state, IncorrectHand())
    assert state.marks.defender_miscount
    state = run.play(state, LayOff(state.defender))
    doubled = state.rules.hand_multiplier(state.upcard)  # Oklahoma: a spade upcard doubles
    assert state.result.outcome is Outcome.KNOCK and state.result.points == (10 - 4) * doubled
    return state


def exposed_while_drawing(run: Run, rng: random.Random) -> HandState:
    state = _to_first_draw(run, _random_hand_of_ten(rng))
    offender = state.turn
    seen = tuple(rng.sample(state.stock, rng.randint(1, 3)))
    state = run.play(state, ExposedCards(offender, seen))
    assert state.exposed == seen and state.marks.gin_only is offender
    state = _draw_and_discard(run, state)
    taken = rng.choice(seen)
    state = run.play(state, Draw(offender.other, Source.EXPOSED, taken))
    assert taken in state.hands[offender.other]
    return state


def _out_of_turn(source: Source, found: Found):
    def scenario(run: Run, rng: random.Random) -> HandState:
        state = _to_first_draw(run, _random_hand_of_ten(rng))
        offender = state.turn.other
        state = run.play(state, DrawOutOfTurn(offender, source, found))
        held = len(state.hands[offender])
        assert held == (11 if found is Found.LATER else 10)
        assert bool(state.exposed) is (source is Source.STOCK and found is Found.AT_ONCE)
        return state

    return scenario


def _draw_two(found: Found):
    def scenario(run: Run, rng: random.Random) -> HandState:
        state = _to_first_draw(run, _random_hand_of_ten(rng))
        seat = state.turn
        state = run.play(state, DrawTwo(seat, found))
        assert len(state.hands[seat]) == (12 if found is Found.LATER else 11)
        assert len(state.exposed) == (1 if found is Found.AT_ONCE else 0)
        return state

    return scenario


def _over_the_limit(choice: Choice):
    def scenario(run: Run, rng: random.Random) -> HandState:
        hand = _high_hand(_suits(rng))
        upcard = _upcard(rng, hand)
        state = _stacked_against_anything(rng, hand, upcard)
        state = _to_first_draw(run, state)
        seat = state.turn
        state = run.play(state, Draw(seat, Source.STOCK))
        discard = state.hands[seat][0]
        with pytest.raises(IllegalKnock):
            apply(state, Knock(seat, discard))
        run.refused["IllegalKnock"] += 1
        state = run.play(state, IrregularKnock(seat, discard, choice))
        if choice is Choice.ACCEPT:
            assert state.phase is Phase.LAYOFF and state.marks.over_limit_accepted
        else:
            assert seat in state.marks.open_hands and state.turn is seat.other
        return state

    return scenario


def _knock_with_wrong_count(choice: Choice):
    def scenario(run: Run, rng: random.Random) -> HandState:
        state = _to_first_draw(run, _random_hand_of_ten(rng, counts=(11, 10)))
        seat = state.turn
        state = run.play(state, Draw(seat, Source.STOCK))
        state = run.play(state, IrregularKnock(seat, state.hands[seat][0], choice))
        if choice is Choice.NEW_DEAL:
            return _new_deal(state, state.dealer)
        assert seat in state.marks.open_hands and seat in state.marks.correcting
        return state

    return scenario


def looking_through_discards(run: Run, rng: random.Random) -> HandState:
    state = _to_first_draw(run, _random_hand_of_ten(rng))
    state = _draw_and_discard(run, state)
    state = _draw_and_discard(run, state)
    offender = state.turn.other
    state = run.play(state, LookThroughDiscards(offender))
    state = _draw_and_discard(run, state)  # the offender's turn is lost: two turns in a row
    assert state.turn is offender.other and state.marks.turn_lost is offender
    assert state.marks.lost_turns == (0, 0)  # the mark is used up
    with pytest.raises(IllegalAction, match="lost this turn"):
        apply(state, Draw(offender, Source.STOCK))
    state = _draw_and_discard(run, state)
    assert state.turn is offender and state.marks.turn_lost is None
    return state


def show_card(run: Run, rng: random.Random) -> HandState:
    state = _to_first_draw(run, _random_hand_of_ten(rng))
    seat = rng.choice(tuple(Seat))
    card = rng.choice(state.hands[seat])
    state = run.play(state, ShowCard(seat, card))
    assert card in player_view(state, seat.other).opponent_known
    return state


SCENARIOS: dict[str, Callable[[Run, random.Random], HandState]] = {
    "knock": knock, "undercut": undercut, "gin": gin, "big gin": big_gin,
    "dead hand": dead_hand,
    "wrong dealer": wrong_dealer, "faced in the pack": faced_in_the_pack,
    "faced in the stock": faced_in_the_stock, "exposed in dealing": exposed_in_dealing,
    "both hands wrong": both_hands_wrong, "wrong before the first draw": wrong_before_first_draw,
    "wrong hand, new deal": wrong_hand_new_deal, "wrong hand corrected": wrong_hand_corrected,
    "wrong hand corrected by discarding": wrong_hand_corrected_by_discarding,
    "wrong hand corrected by drawing": wrong_hand_corrected_by_drawing,
    "drawn out of turn, corrected by discarding": drawn_out_of_turn_corrected_by_discarding,
    "wrong hand after a knock": wrong_hand_after_knock,
    "exposed while drawing": exposed_while_drawing,
    **{f"drawn out of turn from the {source}, found {found}": _out_of_turn(source, found)
       for source in (Source.STOCK, Source.DISCARD) for found in Found},
    **{f"two drawn, found {found}": _draw_two(found) for found in Found},
    **{f"knock over the limit, {choice}": _over_the_limit(choice)
       for choice in (Choice.ACCEPT, Choice.PLAY_ON_EXPOSED)},
    **{f"knock with a wrong count, {choice}": _knock_with_wrong_count(choice)
       for choice in (Choice.NEW_DEAL, Choice.PLAY_ON_EXPOSED)},
    "looking through the discards": looking_through_discards, "show card": show_card,
}


def _walk_on(run: Run, rng: random.Random, state: HandState, steps: int) -> HandState:
    for _ in range(steps):
        if state.is_over:
            return state
        state = run.attempt(state, _pick(rng, state))
    return state


@pytest.mark.parametrize("seed", _seeds())
def test_random_legal_and_illegal_actions_never_break_the_hand(seed):
    rng = random.Random(seed)
    run = Run()
    for name, scenario in SCENARIOS.items():
        state = scenario(run, rng)
        run.reached.add(name)
        _walk_on(run, rng, state, 400)  # and on from there at random, to the hand's end
    state, steps = _random_hand(rng), 0
    while steps < STEPS:
        state = run.attempt(state, _pick(rng, state))
        steps += 1
        if state.is_over:
            state = _random_hand(rng)
    # The run went everywhere: every ending, every event, every ruling, refusals.
    assert set(run.endings) == ENDINGS, run.endings
    assert set(run.applied) == set(EVENT_TYPES) - {"deal"}, run.applied
    ruled = {cls.kind for cls in RULINGS}
    assert ruled <= set(run.applied), run.applied
    assert run.reached == set(SCENARIOS)
    assert set(run.paths) == TURN_PATHS, run.paths
    assert run.refused["IllegalAction"] >= 200 and run.refused["IllegalKnock"] >= 2, run.refused
