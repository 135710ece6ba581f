"""What each player may see: the opponent's cards and the stock hidden, the rest shown."""

from gameplay.engine.cards import parse_card
from gameplay.engine.hand_events import Discard, Draw, Knock, LayOff, Pass, Source
from gameplay.engine.hand_state import Phase
from gameplay.engine.hand_view import player_view
from gameplay.engine.rules import Ruleset
from tests.engine.test_hand_support import TV1_DEFENDER, TV1_KNOCKER, A, B, play, start

C = parse_card


def _opening(rules=None):
    return start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH 4D", rules=rules or Ruleset())


def test_a_view_hides_the_opponents_cards_and_the_stock():
    state = _opening()
    view = player_view(state, A)
    assert view.hand == state.hands[A]
    assert view.opponent_count == 10 and view.opponent_known == ()
    assert view.opponent_hand is None
    assert view.stock_count == 31
    shown = {value for value in view.__slots__ if isinstance(getattr(view, value), tuple)}
    for name in shown:
        assert not set(getattr(view, name)) & (set(state.hands[B]) | set(state.stock)), name


def test_a_card_taken_from_the_pile_is_known_to_the_opponent():
    state = play(_opening(), Pass(B), Draw(A, Source.DISCARD), Discard(A, C("8D")))
    assert player_view(state, B).opponent_known == (C("3H"),)
    assert player_view(state, A).opponent_known == ()


def test_the_pile_shows_only_its_top_card_unless_looking_is_allowed():
    """Hoyle's irregularities, Looking Through Discard Pile: "the discard pile must be kept squared so that only
    the top card is readable"."""
    moves = (Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")))
    squared = player_view(play(_opening(), *moves), A)
    assert (squared.discard_top, squared.discard_pile, squared.discard_count) == (C("QH"), None, 2)
    looking = Ruleset(discard_pile_looking_allowed=True)
    spread = player_view(play(_opening(looking), *moves), A)
    assert spread.discard_pile == (C("3H"), C("QH"))


def test_both_players_remember_the_discards_each_made():
    moves = (Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")),
             Draw(A, Source.STOCK), Discard(A, C("4D")))
    view = player_view(play(_opening(), *moves), B)
    assert (view.my_discards, view.opponent_discards) == ((C("QH"),), (C("4D"),))


def test_the_knockers_discard_lies_face_down_until_the_hand_is_settled():
    """002: "When a player knocks, they discard face down"."""
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK), Knock(B, C("QH")))
    assert state.phase is Phase.LAYOFF
    assert player_view(state, A).discard_top is None
    over = play(state, LayOff(A))
    assert player_view(over, A).discard_top == C("QH")
    assert player_view(over, A).opponent_hand == over.hands[B]


def test_the_view_gives_the_knock_limit_of_the_turn():
    oklahoma = Ruleset.preset("oklahoma")
    state = start(TV1_KNOCKER, TV1_DEFENDER, "7H", rules=oklahoma)
    assert player_view(state, B).knock_limit == 7
    assert player_view(_opening(), B).knock_limit == 10


def test_the_knockers_face_down_discard_is_not_shown_where_looking_is_allowed():
    looking = Ruleset(discard_pile_looking_allowed=True)
    state = play(_opening(looking), Pass(B), Pass(A), Draw(B, Source.STOCK), Discard(B, C("QH")),
                 Draw(A, Source.STOCK), Discard(A, C("4D")), Draw(B, Source.STOCK))
    drawn = state.hands[B][-1]
    knocked = play(state, Knock(B, drawn))
    assert player_view(knocked, A).discard_pile == (C("3H"), C("QH"), C("4D"))


def test_a_view_shows_the_dealer_the_upcard_and_the_card_taken_to_its_taker_only():
    state = play(_opening(), Pass(B), Draw(A, Source.DISCARD))
    mine, theirs = player_view(state, A), player_view(state, B)
    assert (mine.dealer, mine.upcard, theirs.upcard) == (A, C("3H"), C("3H"))
    assert (mine.taken, theirs.taken) == (C("3H"), None)


def test_a_view_says_whose_turn_it_is():
    """The non-dealer is offered the upcard first (docs/rules.md "Deal"); then the turn passes."""
    state = _opening()
    assert player_view(state, A).to_act is B and player_view(state, B).to_act is B
    passed = play(state, Pass(B))
    assert player_view(passed, A).to_act is A


def test_the_pile_cannot_be_drawn_from_while_it_is_empty():
    """The upcard taken, the pile is empty until its taker discards: nothing there to draw."""
    state = play(_opening(), Pass(B), Draw(A, Source.DISCARD))
    assert state.discards == ()
    assert player_view(state, B).may_take_discard is False
    assert player_view(_opening(), B).may_take_discard is True


def test_a_view_gives_the_result_once_the_hand_is_settled():
    state = play(_opening(), Pass(B), Pass(A), Draw(B, Source.STOCK), Knock(B, C("QH")))
    assert player_view(state, A).result is None
    over = play(state, LayOff(A))
    assert over.result is not None
    assert player_view(over, A).result == over.result == player_view(over, B).result
