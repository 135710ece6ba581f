"""Playing a match by the engine's self-play, through the same services a scoresheet uses.

Each game is played by `gameplay.engine.selfplay.play_game` and its hands are entered with
`league.games.services.record_hands` as the match's player of seat A: a knock, gin or big gin with
both hands' cards (so the engine settles and checks them), a dead hand as such; the hand's
event log is stored on it. Then side A reports the result and side B confirms it, which
enqueues the same follow-up as any confirmation. The caller provides players with user
accounts; none is created here.

A Hollywood game takes hands until its last column closes: the hands of as many self-played
games as it needs, entered in order (the match's dealer is the Hollywood score's, over the
whole match).

The game seed is chosen (deterministically, from `seed` and the game's number) so that the
engine's first dealer is the game's stored first dealer.
"""

from __future__ import annotations

import random
from itertools import count

from gameplay.engine import Ruleset, Seat, format_cards, log_to_json, replay
from gameplay.engine.players import player
from gameplay.engine.selfplay import PlayedHand, play_game
from league.competitions.base.brackets import BRACKET_ORDER
from league.competitions.models import Competition, Match
from league.competitions.results.services import confirm_result, match_outcome, report_result
from league.core.errors import ServiceError
from league.games.models import Game
from league.games.services import HandEntry, record_hands, start_game

MAX_GAMES = 99


def play_match(match_id: int, *, seed: int, players: tuple[str, str] = ("strong", "strong")
               ) -> Match:
    """Play the match's games by self-play, then report (side A) and confirm (side B)."""
    match = play_games(match_id, seed=seed, players=players)
    report_result(match_id, actor=match.entry_a.player.user)
    return confirm_result(match_id, actor=match.entry_b.player.user)


def play_games(match_id: int, *, seed: int, players: tuple[str, str] = ("strong", "strong")
               ) -> Match:
    """Play games until they decide the match (nothing reported yet)."""
    match = _match_with_users(match_id)
    user = match.entry_a.player.user
    seats = (player(players[0], match.entry_a.player.name),
             player(players[1], match.entry_b.player.name))
    for _ in range(MAX_GAMES):
        games = list(match.games.all())
        if any(not g.is_finished for g in games):
            raise ServiceError("A game of this match is in progress: self-play plays whole games.")
        if match_outcome(match, games).decided:
            return match
        game = start_game(match_id, actor=user)
        _play_game(game, seats, seed, user)
    raise ServiceError(f"The match was not decided in {MAX_GAMES} games.")


def _match_with_users(match_id: int) -> Match:
    match = (Match.objects.select_related("competition", "entry_a__player__user",
                                          "entry_b__player__user").filter(pk=match_id).first())
    if match is None:
        raise ServiceError("No such match.")
    if match.entry_a is None or match.entry_b is None:
        raise ServiceError("Both players must be known before the match can be played.")
    if match.entry_a.player.user is None or match.entry_b.player.user is None:
        raise ServiceError("Self-play enters the hands as the players: both need a user account.")
    return match


def _play_game(game: Game, seats, seed: int, user) -> None:
    if game.is_hollywood:
        _play_hollywood(game, seats, seed, user)
        return
    rules = Ruleset.from_dict(game.ruleset)
    first_dealer = Seat[game.first_dealer]
    played = play_game(rules, seats, game_seed(seed, game.number, first_dealer))
    if played.hands and played.hands[0].dealer is not first_dealer:
        raise ServiceError("Self-play dealt first from the wrong seat.")  # play_game changed
    record_hands(game.pk, [hand_entry(hand, rules, number)
                           for number, hand in enumerate(played.hands, start=1)],
                 actor=user, event_logs=[log_to_json(hand.log) for hand in played.hands])


def _play_hollywood(game: Game, seats, seed: int, user) -> None:
    rules = Ruleset.from_dict(game.ruleset)
    number = 0
    for deal in range(MAX_GAMES):
        played = play_game(rules, seats, game_seed(seed, 100 * game.number + deal, Seat.A))
        for hand in played.hands:
            number += 1
            record_hands(game.pk, [hand_entry(hand, rules, number)], actor=user,
                         event_logs=[log_to_json(hand.log)])
            game.refresh_from_db(fields=["status"])
            if game.is_finished:
                return
    raise ServiceError(f"The Hollywood game did not end in {MAX_GAMES} games' hands.")


def game_seed(seed: int, number: int, first_dealer: Seat) -> int:
    """A seed for `play_game` whose first dealer is `first_dealer` (play_game draws the first
    dealer as the first number of its generator)."""
    for attempt in count():
        candidate = random.Random(f"{seed}/{number}/{attempt}").getrandbits(63)
        if random.Random(candidate).randrange(2) == first_dealer:
            return candidate
    raise AssertionError("unreachable")


def hand_entry(hand: PlayedHand, rules: Ruleset, number: int) -> HandEntry:
    """What a scoresheet would receive for this hand: the cards of a knock, gin or big gin."""
    result = hand.result
    if result.outcome is None:
        raise ServiceError("A void deal is no hand of the game.")
    if result.winner is None:
        return HandEntry(outcome=result.outcome.value, expected_number=number)
    state = replay(rules, hand.log)
    knocker = state.knocker
    upcard = state.upcard.code if rules.oklahoma and state.upcard is not None else ""
    return HandEntry(
        outcome=result.outcome.value, winner=result.winner.name, points=result.points,
        knocker_cards=format_cards(state.hands[knocker]),
        defender_cards=format_cards(state.hands[knocker.other]),
        upcard=upcard, expected_number=number,
    )


def match_seed(seed: int, match: Match) -> int:
    """A match's own seed: from the run's seed and the match's key (its place in the draw)."""
    return random.Random(f"{seed}/{match.key or match.pk}").getrandbits(63)


def playable_matches(competition: Competition) -> list[Match]:
    """Scheduled matches with both players known, in playing order."""
    matches = (competition.matches.filter(status=Match.Status.SCHEDULED, entry_a__isnull=False,
                                          entry_b__isnull=False).select_related("round"))
    return sorted(matches, key=lambda m: (BRACKET_ORDER[m.round.bracket], m.round.number, m.pk))


def play_competition(competition: Competition, *, seed: int,
                     players: tuple[str, str] = ("strong", "strong")) -> int:
    """Play every playable match, again and again as the progression opens new ones, until the
    competition is finished; the number of matches played."""
    played = 0
    while competition.status != Competition.Status.FINISHED:
        batch = playable_matches(competition)
        if not batch:
            raise ServiceError(f"{competition} is stuck: no match to play, and it is not finished.")
        for match in batch:
            play_match(match.pk, seed=match_seed(seed, match), players=players)
            played += 1
        competition.refresh_from_db(fields=["status"])
    return played
