"""Bridging stored hands and the engine's game scoring."""

from __future__ import annotations

from collections.abc import Iterable

from gameplay import engine
from league.games.models import Game, Hand


def to_engine_seat(seat: str) -> engine.Seat:
    return engine.Seat[seat]


def from_engine_seat(seat: engine.Seat | None) -> str:
    return "" if seat is None else seat.name


def hand_record(hand: Hand) -> engine.HandRecord:
    winner = to_engine_seat(hand.winner) if hand.winner else None
    return engine.HandRecord(outcome=engine.Outcome(hand.outcome), winner=winner, points=hand.points)


def game_rules(game: Game) -> engine.Ruleset:
    return engine.Ruleset.from_dict(game.ruleset)


def scored(hands: Iterable[Hand]) -> list[Hand]:
    """The hands that count, in number order: a hand declared void by a ruling was dealt again,
    so it scores nothing and the deal does not pass on."""
    return [h for h in sorted(hands, key=lambda h: h.number) if not h.is_void]


def score_of(game: Game, hands: Iterable[Hand]) -> engine.GameScore | engine.HollywoodScore:
    """The engine's score of a game from its stored hands (in number order): a Hollywood game's
    columns scored at once, each to the target of the ruleset it was started with."""
    records = [hand_record(h) for h in scored(hands)]
    first = to_engine_seat(game.first_dealer)
    if game.is_hollywood:
        format = engine.HollywoodFormat.from_dict(game.hollywood)
        return engine.score_hollywood(records, game_rules(game), first, columns=format.columns,
                                      winner_by=format.winner_by)
    return engine.score_game(records, game_rules(game), first_dealer=first)
