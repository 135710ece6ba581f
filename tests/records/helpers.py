"""Matches played through the services, for the record and archive tests."""

from __future__ import annotations

from gameplay.assistant import advise
from league.competitions.models import Competition, Match
from league.games.models import Hand
from league.games.services import HandEntry, enter_game_totals, record_hand, start_game
from league.games.services.rulings import record_ruling
from league.games.services.selfplay import play_match
from tests.formats.builders import Club, committed

HAND_FACTS = (
    "number",
    "dealer",
    "outcome",
    "knocker",
    "winner",
    "points",
    "knocker_cards",
    "defender_cards",
    "upcard",
    "spread",
    "knocker_deadwood",
    "defender_deadwood",
    "event_log",
    "ruling",
    "rulings",
)


def league_of(players: int = 4, **settings) -> tuple[Club, Competition]:
    club = Club(players)
    return club, club.competition(Competition.Format.LEAGUE, **settings)


def self_played(match: Match, seed: int = 11) -> Match:
    with committed():
        return play_match(match.pk, seed=seed)


def ruled_and_counted(match: Match, organizer) -> None:
    """Game 1 by hand: a deal voided by a ruling, a hand ruled on and played on, hands by
    their points, their cards and their counts. Game 2 from its totals."""
    user = match.entry_a.player.user
    game = start_game(match.pk, actor=user)
    record_ruling(
        match.pk,
        actor=organizer,
        game_number=1,
        hand_number=1,
        advice=advise("wrong_dealer", {"when": "before_upcard"}),
        answers={"when": "before_upcard"},
    )
    answers = {"when": "after_play"}
    record_ruling(
        match.pk,
        actor=organizer,
        game_number=1,
        hand_number=2,
        advice=advise("faced_card", answers),
        answers=answers,
    )
    record_hand(
        game.pk,
        HandEntry(
            "knock",
            "A",
            knocker_cards="AS 2S 3S 4H 5H 6H 7C 8C 9C 2D",
            defender_cards="KS KH KD QS QH QD JC JD 10S 9H",
        ),
        actor=user,
    )
    record_hand(
        game.pk, HandEntry("gin", "B", knocker_deadwood=0, defender_deadwood=40), actor=user
    )
    record_hand(game.pk, HandEntry("dead_hand"), actor=user)
    while not game.is_finished:
        record_hand(game.pk, HandEntry("gin", "A", points=45), actor=user)
        game.refresh_from_db()
    enter_game_totals(match.pk, actor=organizer, total_a=40, total_b=104, hands=6)


def hand_facts(match: Match) -> list[tuple]:
    hands = Hand.objects.filter(game__match=match).order_by("game__number", "number")
    return [(hand.game.number, *(getattr(hand, name) for name in HAND_FACTS)) for hand in hands]


def game_facts(match: Match) -> list[tuple]:
    return list(
        match.games.order_by("number").values_list(
            "number",
            "ruleset",
            "first_dealer",
            "status",
            "winner",
            "total_a",
            "total_b",
            "hands_played",
            "is_hollywood",
            "hollywood",
            "columns_a",
            "columns_b",
            "paper_columns",
        )
    )
