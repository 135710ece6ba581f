"""The rulings that change whose turn it is and what a turn may be, played through the state
machine: a player who looked through the discard pile loses his next turn (his opponent plays
twice in succession, and the lost turn is served once), and a hand being corrected with too many
cards discards without drawing, one card a turn, until it holds ten (Hoyle's irregularities,
Looking Through Discard Pile and Incorrect Hand; docs/rules.md "Irregularities").

Each property plays random hands: random legal moves up to the ruling, the ruling, random legal
moves after it. Every state keeps the 52 cards in one place each, and the hand replayed from
its stored events is the same hand."""

import json
import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine.errors import IllegalAction
from gameplay.engine.hand import apply, deal, legal_events, replay
from gameplay.engine.hand_events import (
    BigGin,
    Choice,
    Discard,
    Draw,
    DrawOutOfTurn,
    DrawTwo,
    Found,
    IncorrectHand,
    Knock,
    LookThroughDiscards,
    Source,
    log_from_json,
    log_to_json,
)
from gameplay.engine.hand_state import HAND_SIZE, HandState, Phase
from gameplay.engine.rules import PRESETS
from gameplay.engine.types import Seat
from tests.engine.test_hand_support import accounted
from tests.examples import examples

SEEDS = st.integers(0, 2**32)
RULESETS = st.sampled_from(tuple(PRESETS.values()))
KNOCKS = (Knock, BigGin)


def _moves(state: HandState) -> tuple:
    """The legal moves but knocks: the hand goes on long enough for the turns to show."""
    return tuple(event for event in legal_events(state) if not isinstance(event, KNOCKS))


def _step(rng: random.Random, state: HandState) -> HandState:
    after = apply(state, rng.choice(_moves(state)))
    assert accounted(after), "the 52 cards are not all accounted for"
    return after


def _walk_until(rng: random.Random, state: HandState, ready, steps: int) -> HandState | None:
    """Random moves, at least ``steps``, until ``ready(state)``; None: the hand ended first."""
    while not state.is_over:
        if steps <= 0 and ready(state):
            return state
        state, steps = _step(rng, state), steps - 1
    return None


def _replays(state: HandState) -> bool:
    stored = json.loads(json.dumps(log_to_json(state.log)))
    return replay(state.rules, log_from_json(stored)) == state


def _turns(rng: random.Random, state: HandState, steps: int, check) -> list[Seat]:
    """Play on at random; the seat of each turn started (the one under way first). ``check``
    sees every state in play."""
    seats, number = [state.turn], state.turn_number
    for _ in range(steps):
        if state.is_over:
            break
        check(state)
        state = _step(rng, state)
        if state.turn_number != number and state.phase in (Phase.DRAW, Phase.DISCARD):
            seats.append(state.turn)
            number = state.turn_number
    assert _replays(state)
    return seats


# --- a lost turn -----------------------------------------------------------------------------


def _pile_of_two(state: HandState) -> bool:
    return state.phase in (Phase.DRAW, Phase.DISCARD) and len(state.discards) >= 2


@settings(max_examples=examples(60), deadline=None)
@given(SEEDS, RULESETS, st.integers(0, 20), st.booleans())
def test_the_player_who_looked_through_the_pile_loses_his_next_turn(seed, rules, before, own):
    """"a player who spreads it and so sights a covered card loses his next turn, opponent then
    having two turns in successions": in his own turn, the turn after it is lost; in his
    opponent's, his coming turn. The mark is used up once the turn is lost."""
    rng = random.Random(seed)
    state = _walk_until(rng, deal(rules, Seat(seed % 2), seed=seed), _pile_of_two, before)
    if state is None or rules.discard_pile_looking_allowed:
        return
    offender = state.turn if own else state.turn.other
    other = offender.other
    ruled = apply(state, LookThroughDiscards(offender))
    assert ruled.marks.lost_turns[offender] == 1 and ruled.log[-1] == LookThroughDiscards(offender)

    def check(now: HandState) -> None:
        if now.marks.turn_lost is offender and now.phase in (Phase.DRAW, Phase.DISCARD):
            # the lost turn: only the opponent may move
            assert {event.seat for event in legal_events(now)} == {other}
            move = (Draw(offender, Source.STOCK) if now.phase is Phase.DRAW
                    else Discard(offender, now.hands[offender][0]))
            with pytest.raises(IllegalAction, match=f"{offender.name} lost this turn"):
                apply(now, move)
            assert now.marks.lost_turns == (0, 0)

    seats = _turns(rng, ruled, 60, check)
    expected = [offender, other, other, offender] if own else [other, other, offender]
    assert seats[:len(expected)] == expected[:len(seats)]


# --- a hand corrected by discarding without drawing ------------------------------------------


def _dealt_eleven(rng: random.Random, rules, seed: int, offender: Seat) -> HandState:
    """The offender dealt eleven cards; the hand played on until he has drawn once."""
    dealer = Seat(seed % 2)
    counts = (11, 10) if offender is dealer.other else (10, 11)
    state = deal(rules, dealer, seed=seed, counts=counts)
    return _walk_until(rng, state, lambda s: s.drawn[offender] and s.phase is not Phase.OFFER,
                       rng.randint(0, 12))


def _drawn_out_of_turn(rng: random.Random, rules, seed: int, offender: Seat) -> HandState | None:
    """Both have drawn; the offender takes the stock's top card out of turn, found only later
    (it stays in his hand: eleven cards)."""
    state = deal(rules, Seat(seed % 2), seed=seed)

    def ready(s: HandState) -> bool:
        return (all(s.drawn) and s.turn is offender.other and len(s.stock) > 3
                and s.phase in (Phase.DRAW, Phase.DISCARD))

    state = _walk_until(rng, state, ready, rng.randint(0, 12))
    return None if state is None else apply(state, DrawOutOfTurn(offender, Source.STOCK,
                                                                 Found.LATER))


def _correcting_by_discard(state: HandState, offender: Seat) -> bool:
    return (state.turn is offender and state.phase is Phase.DISCARD and state.marks.correction_turn
            and offender in state.marks.correcting)


@settings(max_examples=examples(60), deadline=None)
@given(SEEDS, RULESETS, st.sampled_from(tuple(Seat)), st.sampled_from(("dealt", "drawn")))
def test_a_hand_with_too_many_cards_discards_without_drawing_until_it_holds_ten(
        seed, rules, offender, how):
    """"the offender must correct his hand by discarding without drawing ... a sufficient number
    of times": in each correction turn only discards are legal and a draw is refused; each
    turn takes one card off, and from the turn he starts with ten his turns are whole again."""
    rng = random.Random(seed)
    make = _dealt_eleven if how == "dealt" else _drawn_out_of_turn
    state = make(rng, rules, seed, offender)
    if state is None:
        return
    ruled = apply(state, IncorrectHand(Choice.PLAY_ON, offender))
    assert offender in ruled.marks.correcting and ruled.log[-1].choice is Choice.PLAY_ON
    counts: list[int] = []  # the offender's cards at the start of each of his turns

    def check(now: HandState) -> None:
        if _correcting_by_discard(now, offender):
            events = legal_events(now)
            assert events and all(isinstance(event, Discard) for event in events)
            for draw in (Draw(offender, Source.STOCK), Draw(offender, Source.DISCARD),
                         DrawTwo(offender)):
                with pytest.raises(IllegalAction, match="discards without drawing"):
                    apply(now, draw)

    number, state = ruled.turn_number, ruled
    for _ in range(60):
        if state.is_over:
            break
        check(state)
        state = _step(rng, state)
        if state.turn_number != number and state.turn is offender:
            counts.append(len(state.hands[offender]))
            held = counts[-1]
            # A turn started with more than ten cards is a discard without a draw.
            assert _correcting_by_discard(state, offender) is (held > HAND_SIZE)
            assert (offender in state.marks.correcting) is (held > HAND_SIZE)
        number = state.turn_number
    assert counts == sorted(counts, reverse=True) and all(count >= HAND_SIZE for count in counts)
    assert all(a - b == 1 for a, b in pairwise(counts) if a > HAND_SIZE)
    assert _replays(state)
