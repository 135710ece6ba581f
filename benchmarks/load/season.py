"""A club's season, written fast: players, league divisions and a knockout drawn by the draw
service, then the results as rows (games and hands bulk inserted, matches confirmed in bulk).

Sizes are parameters: the load test builds 500 players and 20,000 games; the query-count test
(tests/reliability/test_season_query_counts.py) builds a small and a larger season.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from gameplay.engine import Ruleset
from league.clubs.models import Club, Player, Season
from league.competitions.formats import progression
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Entry, Match
from league.competitions.standings.services import keep_standings
from league.games.models import Game, Hand

WIN_HANDS = ((40, "knock"), (30, "knock"), (45, "gin"))  # the winner's three hands: 115
LOSS_HAND = (12, "knock")
UNPLAYED_ROUNDS = 2  # each division's last rounds wait for their games


@dataclass(frozen=True)
class SeasonSize:
    players: int = 500
    games: int = 20_000
    division: int = 20  # players per league division (double round robin, first to 2 games)
    knockout: int = 64  # players of the knockout (first to 2 games), two rounds played
    friendlies: int = 20  # players with accounts, a match each to enter hands in


@dataclass
class Built:
    club: Club
    divisions: list[Competition] = field(default_factory=list)
    knockout: Competition | None = None
    friendlies: Competition | None = None
    players: list[Player] = field(default_factory=list)
    hand_matches: list[Match] = field(default_factory=list)  # in friendlies, one per user
    games: int = 0


def build_season(size: SeasonSize, *, seed: int = 8, name: str = "Gin Club") -> Built:
    rng = random.Random(seed)
    with transaction.atomic():
        organizer = get_user_model().objects.create_user(f"{_slug(name)}-organizer")
        club = Club.objects.create(name=name, slug=_slug(name))
        club.organizers.add(organizer)
        season = Season.objects.create(club=club, name="2026")
        built = Built(club)
        built.players = _players(club, size)
        _divisions(built, season, organizer, size, rng)
        _knockout(built, season, organizer, size, rng)
        _friendlies(built, season, organizer, size)
        for division in built.divisions:  # as the results' statistics follow-ups keep them
            keep_standings(division)
    return built


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def _players(club: Club, size: SeasonSize) -> list[Player]:
    User = get_user_model()
    users = User.objects.bulk_create(
        User(username=f"{club.slug}-{n}") for n in range(size.friendlies))
    players = [Player(club=club, name=f"Player {n:03d}", user=users[n] if n < len(users) else None)
               for n in range(size.players)]
    return Player.objects.bulk_create(players)


def _competition(season: Season, name: str, format: str, players: list[Player], organizer,
                 **settings) -> Competition:
    competition = Competition.objects.create(
        season=season, name=name, format=format, ruleset=Ruleset().to_dict(),
        match_format=Competition.MatchFormat.FIRST_TO, **settings)
    Entry.objects.bulk_create(Entry(competition=competition, player=p) for p in players)
    return start_competition(competition.pk, actor=organizer)


def _divisions(built: Built, season: Season, organizer, size: SeasonSize, rng) -> None:
    count = max(1, size.players // size.division)
    for n in range(count):
        field_ = built.players[n * size.division:(n + 1) * size.division]
        built.divisions.append(_competition(
            season, f"Division {n + 1}", Competition.Format.LEAGUE, field_, organizer,
            match_games=2, double_round_robin=True))
    played = list(Match.objects.filter(
        competition__in=built.divisions, kind=Match.Kind.PLAYED,
    ).exclude(round__number__gt=_last_played_round(size)).select_related("round"))
    knockout_games = 3 * (size.knockout // 2 + size.knockout // 4)  # at most
    budget = max(2 * len(played), size.games - knockout_games)
    three_game = set(rng.sample(range(len(played)), min(len(played), budget - 2 * len(played))))
    built.games += _play(played, rng, three_game)


def _last_played_round(size: SeasonSize) -> int:
    return 2 * (size.division - 1 + size.division % 2) - UNPLAYED_ROUNDS


def _knockout(built: Built, season: Season, organizer, size: SeasonSize, rng) -> None:
    field_ = rng.sample(built.players, min(size.knockout, len(built.players)))
    built.knockout = _competition(season, "Club Cup", Competition.Format.SINGLE_ELIMINATION,
                                  field_, organizer, match_games=2)
    left = size.games - built.games
    for _ in range(2):  # two rounds played; the draw service fills the next
        ready = list(Match.objects.filter(
            competition=built.knockout, status=Match.Status.SCHEDULED).select_related("round"))
        three_game = set(range(max(0, min(len(ready), left - 2 * len(ready)))))
        played = _play(ready, rng, three_game)
        built.games += played
        left -= played
        with transaction.atomic():
            locked = Competition.objects.select_for_update().get(pk=built.knockout.pk)
            progression.progress_competition(locked)


def _friendlies(built: Built, season: Season, organizer, size: SeasonSize) -> None:
    with_accounts = [p for p in built.players if p.user_id is not None]
    built.friendlies = _competition(season, "Friendlies", Competition.Format.LEAGUE,
                                    with_accounts, organizer, match_games=99)
    first_round = Match.objects.filter(competition=built.friendlies, round__number=1,
                                       kind=Match.Kind.PLAYED).select_related(
        "entry_a__player", "entry_b__player")
    built.hand_matches = list(first_round.order_by("pk"))


def _play(matches: list[Match], rng, three_game: set[int]) -> int:
    """Each match won 2-0, or 2-1 for those in three_game: its games, their hands, confirmed."""
    now = timezone.now()
    games: list[Game] = []
    winners: list[str] = []
    for index, match in enumerate(matches):
        seats = ["A", "B"]
        rng.shuffle(seats)
        order = [seats[0], seats[1], seats[0]] if index in three_game else [seats[0]] * 2
        winners.append(seats[0])
        played = [Game(match=match, number=n, ruleset={}, target_score=100,
                       status=Game.Status.FINISHED, winner=seat,
                       total_a=_total(seat == "A"), total_b=_total(seat == "B"),
                       first_dealer="A" if n % 2 else "B")
                  for n, seat in enumerate(order, start=1)]
        games += played
        match.points_a = sum(game.total_a for game in played)
        match.points_b = sum(game.total_b for game in played)
        match.status = Match.Status.CONFIRMED
        match.winner_id = match.entry_a_id if seats[0] == "A" else match.entry_b_id
        match.games_a, match.games_b = order.count("A"), order.count("B")
        match.confirmed_at = now - timedelta(days=rng.randint(1, 90))
        match.played_at = now  # its games' start: they are written now
    ruleset = Ruleset().to_dict()
    for game in games:
        game.ruleset = ruleset
    Game.objects.bulk_create(games, batch_size=2000)
    Hand.objects.bulk_create((hand for game in games for hand in _hands(game)), batch_size=5000)
    Match.objects.bulk_update(matches, ["status", "winner", "games_a", "games_b", "points_a",
                                        "points_b", "confirmed_at", "played_at"],
                              batch_size=2000)
    return len(games)


def _total(won: bool) -> int:
    return sum(p for p, _ in WIN_HANDS) if won else LOSS_HAND[0]


def _hands(game: Game) -> list[Hand]:
    loser = "B" if game.winner == "A" else "A"
    plays = [(game.winner, *WIN_HANDS[0]), (loser, *LOSS_HAND), (game.winner, *WIN_HANDS[1]),
             (game.winner, *WIN_HANDS[2])]
    return [Hand(game=game, number=n, dealer="A" if n % 2 else "B", outcome=outcome,
                 winner=winner, knocker=winner, points=points)
            for n, (winner, points, outcome) in enumerate(plays, start=1)]
