"""A player's counted matches as the statistics page reads them (one written-out query) agree with
the definitions of league.stats.counted read through the ORM: only confirmed matches played at
the table with both seats filled, of the club (or the season), oldest result first, ties by
id; each from his side, the games' points summed over the finished games only. His form, run
and record by opponent are counted from them."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from league.competitions.models import Match
from league.games.models import Game
from league.stats.counted import counted_matches, played_by, with_entry_ids
from league.stats.his_matches import MatchSeen, matches_seen
from league.stats.meetings import head_to_head_table, longest_winning_run, recent_form
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    SeasonFactory,
    game_played,
)

pytestmark = pytest.mark.django_db

START = datetime(2026, 1, 5, 19, 0, tzinfo=UTC)
STATUSES = [Match.Status.CONFIRMED] * 6 + [Match.Status.SCHEDULED, Match.Status.REPORTED]
KINDS = [Match.Kind.PLAYED] * 6 + [Match.Kind.WALKOVER, Match.Kind.FORFEIT]


def expected(player, season) -> list[MatchSeen]:
    """Read through the ORM and the counted-match definitions, one match at a time."""
    found = []
    for match in (counted_matches(player.club_id, season).filter(played_by(player, ""))
                  .select_related("entry_a__player", "entry_b__player")
                  .order_by("confirmed_at", "pk")):
        as_a = match.entry_a.player_id == player.pk
        games = match.games.filter(status=Game.Status.FINISHED)
        a, b = sum(g.total_a for g in games), sum(g.total_b for g in games)
        outcome = ("drawn" if match.winner_id is None else
                   "won" if match.winner_id == (match.entry_a_id if as_a else match.entry_b_id)
                   else "lost")
        them = match.entry_b.player if as_a else match.entry_a.player
        found.append(MatchSeen(
            match.pk, match.confirmed_at, outcome,
            match.games_a if as_a else match.games_b, match.games_b if as_a else match.games_a,
            a if as_a else b, b if as_a else a, them.pk, them.name))
    return found


def a_club_s_seasons(seed: int):
    """Two seasons of a club and a season of another club, with random matches of one player
    ("me") against four others: confirmed or not, played or not, either seat, any winner,
    results confirmed at times that repeat, games finished or not."""
    rng = random.Random(seed)
    club = ClubFactory()
    me = PlayerFactory(club=club, name="Me")
    others = [PlayerFactory(club=club, name=name) for name in ("Bo", "Cy", "Di", "Ed")]
    seasons = [SeasonFactory(club=club), SeasonFactory(club=club)]
    elsewhere = SeasonFactory()  # another club's: his player there is another player
    for season in (*seasons, elsewhere):
        competition = CompetitionFactory(season=season)
        home = season.club == club
        mine = EntryFactory(competition=competition,
                            player=me if home else PlayerFactory(club=season.club))
        theirs = [EntryFactory(competition=competition,
                               player=other if home else PlayerFactory(club=season.club))
                  for other in others]
        for _ in range(rng.randint(3, 9)):
            other = rng.choice(theirs)
            a, b = (mine, other) if rng.random() < 0.5 else (other, mine)
            winner = rng.choice([a, b, None])
            match = MatchFactory(
                competition=competition, entry_a=a, entry_b=b, status=rng.choice(STATUSES),
                kind=rng.choice(KINDS), winner=winner, games_a=rng.randint(0, 3),
                games_b=rng.randint(0, 3),
                confirmed_at=START + timedelta(days=rng.randint(0, 6)))
            for number in range(1, rng.randint(0, 3) + 1):
                finished = rng.random() < 0.8
                game_played(
                    match=match, number=number, ruleset={}, target_score=100,
                    status=Game.Status.FINISHED if finished else Game.Status.IN_PROGRESS,
                    winner=rng.choice("AB") if finished else "",
                    total_a=rng.randint(0, 150), total_b=rng.randint(0, 150))
    return me, seasons


@pytest.mark.parametrize("seed", range(6))
def test_his_matches_are_the_counted_matches_from_his_side(seed):
    me, seasons = a_club_s_seasons(seed)
    me = with_entry_ids(me)
    assert expected(me, None)  # some of his matches count
    for season in (None, *seasons):
        assert matches_seen(me, season) == expected(me, season)


def test_a_player_entered_nowhere_has_no_match_and_no_query(django_assert_num_queries):
    newcomer = with_entry_ids(PlayerFactory())
    with django_assert_num_queries(0):
        assert matches_seen(newcomer, None) == []


def seen(outcome: str, opponent: int, day: int, points=(0, 0)) -> MatchSeen:
    return MatchSeen(day, START + timedelta(days=day), outcome, 2, 1, *points, opponent,
                     f"P{opponent}")


def test_form_run_and_record_by_opponent_are_counted_from_them():
    matches = [seen("won", 2, 1, (120, 40)), seen("won", 3, 2), seen("drawn", 2, 3, (50, 50)),
               seen("won", 2, 4), seen("won", 3, 5), seen("won", 4, 6), seen("lost", 3, 7)]
    assert longest_winning_run(matches) == 3
    assert [m.match_id for m in recent_form(matches, 3)] == [5, 6, 7]
    assert recent_form(matches, 0) == [] and len(recent_form(matches)) == 7
    table = head_to_head_table(matches)
    assert [(r.name, r.meetings, r.won, r.drawn, r.lost, r.points_for, r.points_against)
            for r in table.rows] == [("P2", 3, 2, 1, 0, 170, 90), ("P3", 3, 2, 0, 1, 0, 0),
                                     ("P4", 1, 1, 0, 0, 0, 0)]
    assert table.beats_most.name == "P2" and table.loses_to_most.name == "P3"
