from datetime import datetime, timedelta

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.ladder import (
    EventKind,
    Ladder,
    LadderError,
    LadderEvent,
    LadderRules,
    Move,
)
from tests.examples import examples

DAY = timedelta(days=1)
START = datetime(2025, 3, 1, 19, 0)
RULES = LadderRules(reach=2, respond_within=7 * DAY, rematch_after=14 * DAY)


def ladder(*players):
    return Ladder.start(players, RULES, START)


def test_the_winning_challenger_takes_the_place_and_those_between_move_down_one():
    before = ladder("ann", "bob", "cy", "dee")
    after = before.challenge("dee", "bob", START + DAY).result("dee", "dee", START + 2 * DAY)
    assert after.order == ("ann", "dee", "bob", "cy")
    last = after.history[-1]
    assert last.kind is EventKind.CHALLENGER_WON
    assert set(last.moves) == {Move("dee", 4, 2), Move("bob", 2, 3), Move("cy", 3, 4)}


def test_a_challenged_player_who_wins_keeps_the_places_as_they_are():
    after = ladder("ann", "bob", "cy").challenge("cy", "bob", START).result("cy", "bob", START)
    assert after.order == ("ann", "bob", "cy")
    assert after.history[-1].kind is EventKind.CHALLENGED_WON
    assert after.challenges == ()


def test_a_challenge_reaches_at_most_the_set_number_of_places_up():
    board = ladder("ann", "bob", "cy", "dee")
    assert board.refusal("dee", "ann", START) == "a challenge reaches at most 2 places up"
    assert board.refusal("bob", "cy", START) == "a challenge goes up the ladder"
    assert board.refusal("dee", "bob", START) is None


def test_one_open_challenge_per_player():
    board = ladder("ann", "bob", "cy", "dee").challenge("cy", "ann", START)
    assert board.refusal("dee", "cy", START) == "'cy' already has an open challenge"
    assert board.refusal("bob", "ann", START) == "'ann' already has an open challenge"
    with pytest.raises(LadderError):
        board.challenge("dee", "cy", START)


def test_no_challenge_over_a_player_with_an_open_challenge():
    # If dee could climb over cy to bob, cy would drop to 4th and cy's challenge of ann would
    # reach three places when won.
    board = ladder("ann", "bob", "cy", "dee", "eve").challenge("cy", "ann", START)
    assert board.refusal("dee", "bob", START) == "'cy' stands between with an open challenge"
    assert board.refusal("eve", "dee", START) is None


def test_no_rematch_between_the_same_two_players_before_the_wait_is_over():
    board = ladder("ann", "bob").challenge("bob", "ann", START).result("bob", "ann", START)
    assert "no rematch before 2025-03-15" in board.refusal("bob", "ann", START + 13 * DAY)
    assert board.refusal("bob", "ann", START + 14 * DAY) is None


def test_the_challenged_who_does_not_play_in_time_forfeits():
    board = ladder("ann", "bob", "cy").challenge("cy", "bob", START)
    assert board.overdue(START + 7 * DAY) == ()
    assert board.forfeit_overdue(START + 7 * DAY) == board
    later = board.forfeit_overdue(START + 8 * DAY)
    assert later.order == ("ann", "cy", "bob")
    assert later.history[-1].kind is EventKind.FORFEITED
    assert later.history[-1].at == START + 7 * DAY  # forfeited at the deadline


def test_a_newcomer_joins_at_the_bottom():
    board = ladder("ann", "bob").join("cy", START + DAY)
    assert board.order == ("ann", "bob", "cy")
    assert board.history[-1] == LadderEvent(
        START + DAY, EventKind.JOINED, "cy", None, (Move("cy", None, 3),))
    with pytest.raises(LadderError):
        board.join("ann", START)


# A month of random attempts: challenges (allowed or not), results, forfeits, joins.
actions = st.lists(
    st.tuples(
        st.sampled_from(["challenge"] * 4 + ["win"] * 2 + ["lose", "forfeit", "join", "tick"]),
        st.integers(0, 7),
        st.integers(0, 7),
        st.integers(0, 3),
    ),
    max_size=60,
)


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(1, 4), st.integers(2, 8), actions)
# Two nested challenges, the inner one won first: the outer must still be within reach.
@example(2, 5, [("challenge", 2, 1, 0), ("challenge", 3, 1, 0), ("win", 1, 0, 0)])
def test_the_ladder_stays_a_permutation_and_no_challenge_skips_more_than_its_reach(
    reach, size, steps
):
    rules = LadderRules(reach=reach, respond_within=5 * DAY, rematch_after=10 * DAY)
    board = Ladder.start(range(size), rules, START)
    now, joined = START, size
    for action, i, j, days in steps:
        now += days * DAY
        before = board
        players = board.order
        up = i % len(players) - 1 - j % (reach + 1)  # mostly within reach, sometimes one past
        a, b = players[i % len(players)], players[up if up >= 0 else j % len(players)]
        try:
            if action == "challenge":
                board = board.challenge(a, b, now)
                gap = before.position(a) - before.position(b)
                assert 1 <= gap <= reach
            elif action in ("win", "lose"):
                c = board.challenges[i % len(board.challenges)] if board.challenges else None
                if c is None:
                    continue
                winner = c.challenger if action == "win" else c.challenged
                board = board.result(c.challenger, winner, now)
            elif action == "forfeit":
                board = board.forfeit_overdue(now)
            elif action == "join":
                board = board.join(joined, now)
                joined += 1
        except LadderError:
            assert board == before
            continue
        assert sorted(board.order) == list(range(joined))  # a permutation of everyone joined
        busy = [p for c in board.challenges for p in (c.challenger, c.challenged)]
        assert len(busy) == len(set(busy))  # one open challenge per player
        for c in board.challenges:  # an open challenge stays within reach until it is played
            assert 1 <= board.position(c.challenger) - board.position(c.challenged) <= reach
        for event in board.history[len(before.history):]:
            climbs = [m for m in event.moves if m.before is not None and m.after < m.before]
            assert all(m.before - m.after <= reach for m in climbs)
            drops = [m for m in event.moves if m.before is not None and m.after > m.before]
            assert all(m.after == m.before + 1 for m in drops)
            assert len(climbs) <= 1
