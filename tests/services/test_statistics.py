"""A player's statistics and the club's records, counted by hand from hands entered through the
services: a voided hand is no hand, a forfeit no match played, a corrected hand counts as
corrected; each read runs the same number of queries however many hands there are."""

from __future__ import annotations

import pytest

from gameplay.assistant import advise
from league.competitions.models import Competition, Match
from league.competitions.results.forfeits import record_forfeit
from league.competitions.results.services import confirm_result, report_result
from league.games.models import Hand
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.corrections import correct_hand
from league.games.services.rulings import record_ruling
from league.stats.records import club_records
from league.stats.selectors import club_seasons, player_statistics
from tests.formats.builders import Club, committed

# The statistics are counted by their follow-up after each result: the whole chain runs.
pytestmark = [pytest.mark.django_db, pytest.mark.follow_ups]

# docs/rules.md TV4: the knocker's deadwood 10, the defender's 32 after laying off: 22 points.
TV4 = ("AC 2C 3C 4D 5D 6D 7H 8H 9H JS", "4C 5C 8D 9D JD JH QH KH 2S 3S")
# docs/rules.md TV1: the knocker's deadwood 10, the defender's 9 after laying off: undercut 26.
TV1 = ("5S 6S 7S 9C 10C JC KS KC KD JD", "2S 8S 9S AC 2C 7C 8C 2D 8D 2H")


@pytest.fixture
def club():
    return Club(4)  # P01 (Ann, the subject), P02, P03, P04


@pytest.fixture
def league(club):
    return club.competition(Competition.Format.LEAGUE)


def match_of(league, club, one: int, other: int) -> Match:
    a, b = club.players[one - 1], club.players[other - 1]
    return (league.matches.select_related("entry_a__player__user", "entry_b__player__user")
            .get(entry_a__player__in=(a, b), entry_b__player__in=(a, b)))


def seat(match: Match, who: str, subject: int) -> str:
    """``who`` ("me", "them") as a seat, "me" being player ``subject``."""
    mine = "A" if match.entry_a.player.name == f"P{subject:02}" else "B"
    return {"me": mine, "them": "B" if mine == "A" else "A", "": ""}[who]


def play(match: Match, hands, *, subject: int = 1, confirm: bool = True):
    """One game of ``hands`` (outcome, "me"/"them"/"" the winner, points, cards), seen from
    player ``subject``; reported and confirmed."""
    user = match.entry_a.player.user
    game = start_game(match.pk, actor=user)
    for outcome, who, points, cards in hands:
        if outcome == "void":
            record_ruling(match.pk, actor=match.competition.season.club.organizers.first(),
                          game_number=game.number, hand_number=game.hands.count() + 1,
                          advice=advise("wrong_dealer", {"when": "before_upcard"}),
                          answers={"when": "before_upcard"})
            continue
        knocker, defender = cards or ("", "")
        record_hand(game.pk, HandEntry(outcome, seat(match, who, subject), points,
                                       knocker_cards=knocker, defender_cards=defender), actor=user)
    if confirm:
        with committed():
            report_result(match.pk, actor=user)
            confirm_result(match.pk, actor=match.entry_b.player.user)
    return game


ANN_BEATS_P02 = [
    ("knock", "me", None, TV4),        # Ann knocks: 22, her deadwood 10, P02's 32
    ("void", "", 0, None),             # dealt again: no hand
    ("gin", "them", 30, None),         # P02's gin
    ("undercut", "me", None, TV1),     # P02 knocks (10), Ann undercuts: 26
    ("dead_hand", "", None, None),
    ("big_gin", "me", 60, None),       # Ann 22 + 26 + 60 = 108, P02 30
]
P03_SHUTS_ANN_OUT = [("knock", "them", 50, None), ("knock", "them", 55, None)]


@pytest.fixture
def season_played(club, league):
    first = match_of(league, club, 1, 2)
    # In the undercut P02 is the knocker: the cards are P02's (knocker) then Ann's (defender).
    play(first, ANN_BEATS_P02)
    play(match_of(league, club, 1, 3), P03_SHUTS_ANN_OUT)
    no_show = match_of(league, club, 1, 4)
    with committed():  # the statistics follow-up runs after the commit
        record_forfeit(no_show.pk, actor=club.organizer, absent=seat(no_show, "them", 1))
    return first


def ann(club):
    return club.players[0]


def test_ann_s_hands_counted_by_hand(club, season_played):
    stats = player_statistics(ann(club), club_seasons(club.club), None)
    h = stats.hands
    # Seven hands: five of the first game (the void one is none), two of the second.
    assert (h.hands, h.won, h.knocks, h.gins, h.big_gins) == (7, 3, 1, 0, 1)
    assert (h.undercuts_made, h.undercuts_suffered, h.gins_suffered, h.dead_hands) == (1, 0, 1, 1)
    assert h.points == 22 + 26 + 60
    assert h.points_per_hand == pytest.approx(108 / 7)
    # Deadwood only where the cards were entered: her one knock with cards, no catch with cards.
    assert (h.knock_deadwood, h.knock_deadwood_hands) == (10, 1)
    assert (h.caught_deadwood, h.caught_deadwood_hands) == (None, 0)


def test_the_club_s_average_player_counts_each_hand_from_both_seats(club, season_played):
    c = player_statistics(ann(club), club_seasons(club.club), None).club
    assert c.hands == 14 and c.gins == 1 and c.big_gins == 1 and c.dead_hands == 2
    assert c.per_hundred(c.gins) == pytest.approx(100 / 14)
    assert c.points_per_hand == pytest.approx((22 + 30 + 26 + 60 + 50 + 55) / 14)
    # Knocks with cards: Ann's (10) and P02's undercut one (10); caught with cards: P02 (32).
    assert (c.knock_deadwood, c.knock_deadwood_hands) == (10, 2)
    assert (c.caught_deadwood, c.caught_deadwood_hands) == (32, 1)


def test_games_matches_runs_and_a_forfeit_apart(club, season_played):
    stats = player_statistics(ann(club), club_seasons(club.club), None)
    assert (stats.games.games, stats.games.won) == (2, 1)
    assert (stats.games.shutouts, stats.games.shutouts_suffered) == (0, 1)
    m = stats.matches
    assert (m.played, m.won, m.drawn, m.lost) == (2, 1, 0, 1)
    assert (m.won_without_play, m.lost_without_play) == (1, 0)
    assert stats.winning_run == 1
    assert [bar.letter for bar in stats.form.bars] == ["W", "L"]


def test_head_to_head_table_names_who_he_beats_and_loses_to_most(club, season_played):
    table = player_statistics(ann(club), club_seasons(club.club), None).opponents
    rows = {row.name: (row.meetings, row.won, row.lost, row.points_for, row.points_against)
            for row in table.rows}
    assert rows == {"P02": (1, 1, 0, 108, 30), "P03": (1, 0, 1, 0, 105)}  # no P04: a no-show
    assert table.beats_most.name == "P02" and table.loses_to_most.name == "P03"


def test_a_hand_corrected_after_confirmation_counts_as_corrected(club, season_played):
    gin = Hand.objects.get(game__match=season_played, outcome="gin")
    with committed():
        correct_hand(gin.pk, HandEntry("knock", seat(season_played, "them", 1), 10),
                     actor=club.organizer, comment="It was a knock for 10")
    h = player_statistics(ann(club), club_seasons(club.club), None).hands
    assert (h.gins_suffered, h.hands, h.won) == (0, 7, 3)


def test_the_club_s_records(club, season_played):
    records = club_records(club.club, club.season, min_hands=5)
    assert [(r.name, r.value) for r in records.most_gins] == [("P01", 1), ("P02", 1)]
    # Rates among those with five hands or more: P03 played two.
    assert [(r.name, round(r.value, 2), r.hands) for r in records.gin_rate] == [
        ("P02", 20.0, 5), ("P01", 14.29, 7)]
    assert [(r.name, round(r.value, 2)) for r in records.points_per_hand] == [
        ("P01", 15.43), ("P02", 6.0)]
    assert [(m.name, m.value, m.opponent) for m in records.highest_hands][:2] == [
        ("P01", 60, "P02"), ("P03", 55, "P01")]
    assert [(m.name, m.value) for m in records.most_boxes][:2] == [("P01", 3), ("P03", 2)]
    assert [(r.player_name, r.length) for r in records.unbeaten] == [("P01", 1), ("P03", 1)]
    assert [(m.name, m.value) for m in records.big_gins] == [("P01", 60)]
    assert [(m.name, m.value, m.opponent) for m in records.shutouts] == [("P03", 105, "P01")]


def test_nothing_counts_before_the_result_is_confirmed(club, league):
    play(match_of(league, club, 1, 2), P03_SHUTS_ANN_OUT, confirm=False)
    stats = player_statistics(ann(club), club_seasons(club.club), None)
    assert (stats.hands.hands, stats.games.games, stats.matches.played) == (0, 0, 0)


def test_the_same_queries_for_two_matches_and_for_six(club, league, season_played,
                                                      django_assert_num_queries):
    seasons = club_seasons(club.club)
    # His entries, his rows added up, his counted matches; the club's rows added up: one query
    # the first time, then kept under the version.
    with django_assert_num_queries(4):
        player_statistics(ann(club), seasons, None)
    with django_assert_num_queries(3):
        player_statistics(club.players[1], seasons, None)
    with django_assert_num_queries(4):  # a season's winning run read from his row, with his sums
        player_statistics(ann(club), seasons, club.season)
    with django_assert_num_queries(3):
        player_statistics(club.players[1], seasons, club.season)
    with django_assert_num_queries(6):
        club_records(club.club, club.season)
    play(match_of(league, club, 2, 3), P03_SHUTS_ANN_OUT, subject=2)
    play(match_of(league, club, 2, 4), ANN_BEATS_P02[:1] + P03_SHUTS_ANN_OUT, subject=2)
    play(match_of(league, club, 3, 4), P03_SHUTS_ANN_OUT, subject=3)
    with django_assert_num_queries(4):  # the results counted since changed the version
        player_statistics(club.players[1], seasons, None)
    with django_assert_num_queries(4):
        player_statistics(club.players[1], seasons, club.season)
    with django_assert_num_queries(3):
        player_statistics(ann(club), seasons, club.season)
    with django_assert_num_queries(6):
        club_records(club.club, club.season)


def test_a_player_entered_nowhere_has_nothing_counted(club, season_played):
    from tests.factories import PlayerFactory

    newcomer = PlayerFactory(club=club.club)
    stats = player_statistics(newcomer, club_seasons(club.club), None)
    assert (stats.hands.hands, stats.games.games, stats.matches.played) == (0, 0, 0)
    assert stats.winning_run == 0 and stats.form is None and not stats.opponents.rows
    assert stats.club.hands == 14  # the club's average player is there all the same


def a_spring_season(club):
    """A later season, "Spring", whose league P02 wins from P01 by two hands of 50 and 55."""
    from league.competitions.formats.competitions import create_competition, register_players
    from league.competitions.formats.draws import start_competition
    from tests.factories import SeasonFactory

    later = SeasonFactory(club=club.club, name="Spring")
    spring = create_competition(later, actor=club.organizer, name="Spring league",
                                format=Competition.Format.LEAGUE)
    register_players(spring, club.players[:2], actor=club.organizer)
    spring = start_competition(spring.pk, actor=club.organizer, seeding="entered")
    play(spring.matches.select_related("entry_a__player__user", "entry_b__player__user").get(),
         P03_SHUTS_ANN_OUT)
    return later


def test_a_season_counts_its_own_competitions_only(club, season_played):
    later = a_spring_season(club)
    seasons = club_seasons(club.club)
    spring_only = player_statistics(ann(club), seasons, later)
    assert (spring_only.hands.hands, spring_only.matches.played, spring_only.matches.lost) == (2, 1, 1)
    assert spring_only.club.hands == 4
    assert player_statistics(ann(club), seasons, None).hands.hands == 9
    assert [r.name for r in club_records(club.club, later, min_hands=1).shutouts] == ["P02"]


def test_all_time_records_add_up_each_players_seasons(club, season_played,
                                                      django_assert_num_queries):
    later = a_spring_season(club)
    with django_assert_num_queries(6):  # all time too: the unbeaten runs from the all-time rows
        records = club_records(club.club, None, min_hands=5)
    # P01: 108 points and a big gin in 7 + 2 hands; P02: 30 + 105 points and a gin in 5 + 2.
    assert [(r.name, round(r.value, 2), r.hands) for r in records.points_per_hand] == [
        ("P02", 19.29, 7), ("P01", 12.0, 9)]
    assert [(r.name, round(r.value, 2)) for r in records.gin_rate] == [
        ("P02", 14.29), ("P01", 11.11)]
    assert [(r.name, r.value) for r in records.most_gins] == [("P01", 1), ("P02", 1)]
    assert [(m.name, m.value, m.opponent) for m in records.shutouts] == [
        ("P02", 105, "P01"), ("P03", 105, "P01")]  # the latest first
    assert [(m.name, m.value) for m in records.highest_hands][:3] == [
        ("P01", 60), ("P03", 55), ("P02", 55)]  # level: the older hand first
    assert records.gins_with_log == club_records(club.club, club.season).gins_with_log + (
        club_records(club.club, later).gins_with_log)


def test_a_bye_is_no_match_played_and_no_run():
    three = Club(3)
    league = three.competition(Competition.Format.LEAGUE)
    p01 = three.players[0]
    bye = league.matches.get(kind=Match.Kind.BYE, entry_a__player=p01)
    assert bye.status == Match.Status.CONFIRMED
    stats = player_statistics(p01, club_seasons(three.club), None)
    assert (stats.matches.played, stats.matches.won, stats.games.games) == (0, 0, 0)
    # A league's bye has no winner: it is neither given nor lost.
    assert bye.winner_id is None
    assert (stats.matches.won_without_play, stats.matches.lost_without_play) == (0, 0)
    assert stats.winning_run == 0 and stats.form is None
