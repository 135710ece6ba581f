"""Self-play: the built-in players, whole games through the state machine, the command."""

import dataclasses
import json
import os
import subprocess
import sys

import pytest

from gameplay.engine.cards import parse_card
from gameplay.engine.errors import EngineError
from gameplay.engine.hand import replay
from gameplay.engine.hand_events import BigGin, Discard, Draw, Knock, Pass, Source, log_from_json
from gameplay.engine.hand_view import player_view
from gameplay.engine.players import SimplePlayer, StrongPlayer, player
from gameplay.engine.rules import Ruleset
from gameplay.engine.scoring import score_game
from gameplay.engine.selfplay import check_settlement, main, play_game, play_hand
from gameplay.engine.types import Seat
from tests.engine.test_hand_support import TV1_DEFENDER, TV1_KNOCKER, A, B, play, start

C = parse_card
SIMPLE, STRONG = SimplePlayer(), StrongPlayer()


def test_simple_player_takes_the_upcard_only_when_it_lowers_its_deadwood():
    """Issue 3: the simple player "draws the upcard if it lowers deadwood"."""
    lowers = start(TV1_KNOCKER, TV1_DEFENDER, "4S")  # 4S-7S, the JD thrown: gin
    assert SIMPLE.act(player_view(lowers, B)) == Draw(B, Source.DISCARD)
    useless = start(TV1_KNOCKER, TV1_DEFENDER, "QH")
    assert SIMPLE.act(player_view(useless, B)) == Pass(B)
    both_passed = play(useless, Pass(B), Pass(A))
    assert SIMPLE.act(player_view(both_passed, B)) == Draw(B, Source.STOCK)


def test_simple_player_throws_its_highest_deadwood_card_and_knocks_as_soon_as_it_may():
    """Issue 3: "discards the highest deadwood card, knocks as soon as it may". After drawing
    the QH, TV1's knocker has QH and JD as deadwood: the QH goes, leaving 10: a knock. With the
    KD swapped for the 4H, the kings are deadwood too: the KS goes, and no knock."""
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "3H", "QH"), Pass(B), Pass(A),
                 Draw(B, Source.STOCK))
    assert SIMPLE.act(player_view(state, B)) == Knock(B, C("QH"))
    over = play(start(TV1_KNOCKER.replace("KD", "4H"), TV1_DEFENDER, "3H", "QH"), Pass(B),
                Pass(A), Draw(B, Source.STOCK))
    assert SIMPLE.act(player_view(over, B)) == Discard(B, C("KS"))  # K before Q; spades last


@pytest.mark.parametrize("chooser", [SIMPLE, STRONG], ids=["simple", "strong"])
def test_both_players_lay_down_big_gin(chooser):
    state = play(start("AS 2S 3S 4H 5H 6H 7D 8D 9D 10D", "QS 8S 9S AC 2C 7C 8C 2D JS 2H", "KH",
                       "JD"), Pass(B), Pass(A), Draw(B, Source.STOCK))
    assert chooser.act(player_view(state, B)) == BigGin(B)


def test_strong_player_never_throws_the_card_it_took_from_the_pile():
    state = play(start(TV1_KNOCKER, TV1_DEFENDER, "4S"), Draw(B, Source.DISCARD))
    event = STRONG.act(player_view(state, B))
    assert event.seat == B and getattr(event, "card", None) != C("4S")


def test_a_seed_gives_the_same_game():
    first = play_game(Ruleset(), [SIMPLE, STRONG], seed=5)
    assert play_game(Ruleset(), [SIMPLE, STRONG], seed=5) == first
    assert play_game(Ruleset(), [SIMPLE, STRONG], seed=6).hands != first.hands


@pytest.mark.parametrize("preset", ["standard", "classic", "oklahoma"])
def test_a_game_is_played_to_the_target_and_scored_from_its_hands(preset):
    rules = Ruleset.preset(preset)
    game = play_game(rules, [STRONG, SIMPLE], seed=21)
    assert game.score.finished
    assert game.score.totals[game.winner] >= rules.target_score
    assert game.score == score_game([hand.record for hand in game.hands], rules,
                                    game.score.first_dealer)
    assert [hand.dealer for hand in game.hands] == [line.dealer for line in game.score.lines]


def test_every_hand_replays_from_its_stored_log_to_its_result():
    game = play_game(Ruleset(), [SIMPLE, STRONG], seed=8)
    for hand in game.hands:
        stored = json.loads(json.dumps(hand.to_dict()))
        state = replay(game.rules, log_from_json(stored["log"]))
        assert state.result == hand.result
        assert stored["points"] == hand.result.points


def test_the_settlement_check_catches_a_settlement_that_does_not_match_the_cards():
    played = play_hand(Ruleset(), Seat.A, [SIMPLE, SIMPLE], seed=3)
    state = replay(Ruleset(), played.log)
    assert state.result.settlement is not None  # seed 3 ends in a knock
    wrong = dataclasses.replace(state.result.settlement, points=state.result.points + 1)
    tampered = dataclasses.replace(state, result=dataclasses.replace(state.result,
                                                                      settlement=wrong))
    with pytest.raises(EngineError, match="settlement differs"):
        check_settlement(tampered)


def test_the_command_prints_the_summary(capsys):
    assert main(["--games", "2", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    for label in ("games", "hands", "knocks", "gins", "big gins", "undercuts", "dead hands",
                  "hands per game", "win rate", "seconds"):
        assert f"{label}:" in printed


def test_the_command_prints_json_for_two_players_of_one_kind(capsys):
    assert main(["--games", "2", "--seed", "3", "--players", "simple,simple", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and set(summary["win_rate"]) == {"simple-1", "simple-2"}
    assert sum(summary["win_rate"].values()) == 1
    outcomes = ("knocks", "gins", "big_gins", "undercuts", "dead_hands")
    assert sum(summary[key] for key in outcomes) == summary["hands"]


def test_an_unknown_player_is_refused():
    with pytest.raises(KeyError, match="no player 'clever'"):
        player("clever")


def test_python_m_runs_the_command_without_warnings():
    """``python -m gameplay.engine.selfplay --games N --seed S``, warnings as errors."""
    command = [sys.executable, "-W", "error", "-m", "gameplay.engine.selfplay",
               "--games", "1", "--seed", "4", "--json"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert json.loads(done.stdout)["games"] == 1


def test_a_seed_gives_the_same_games_in_another_process():
    """Issue 3: "A seed gives the same games on every run" (string hashing differs between
    processes; nothing may depend on it)."""

    def summary(hash_seed: str) -> dict:
        command = [sys.executable, "-m", "gameplay.engine.selfplay", "--games", "3",
                   "--seed", "12", "--ruleset", "oklahoma", "--json"]
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
        figures = json.loads(done.stdout)
        del figures["seconds"], figures["hands_per_second"]
        return figures

    assert summary("1") == summary("2")
