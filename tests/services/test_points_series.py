"""A season's points series adds up its competitions: points by final place or per match won
(more for a shutout), the best N counting, ties by count-back, a forfeit scoring no match
points; its standings follow a confirmed result."""

from __future__ import annotations

import pytest
from django.urls import reverse

from league.competitions.models import Competition
from league.competitions.results.forfeits import record_forfeit
from league.core.errors import NotAllowed, ServiceError
from league.stats.models import PointsSeries
from league.stats.series import series_standings
from league.stats.services import SeriesSettings, change_series, create_series
from tests.formats.builders import Club, win

pytestmark = pytest.mark.django_db

# C1: P01 beats everyone (P02 shut out, 104-0), P02 beats P03 and P04, P03 beats P04.
C1 = [(1, 2, "shutout"), (1, 3, "won"), (1, 4, "won"), (2, 3, "won"), (2, 4, "won"), (3, 4, "won")]
# C2: P04 beats everyone (P02 a no-show), P03 beats P01 and P02, P01 beats P02.
C2 = [(4, 1, "won"), (4, 2, "no-show"), (4, 3, "won"), (3, 1, "won"), (3, 2, "won"), (1, 2, "won")]


@pytest.fixture
def club():
    return Club(4)


def the_match(competition, club, one, other):
    a, b = club.players[one - 1], club.players[other - 1]
    return competition.matches.select_related("entry_a__player", "entry_b__player").get(
        entry_a__player__in=(a, b), entry_b__player__in=(a, b))


def play_out(competition, club, results):
    for winner, loser, how in results:
        match = the_match(competition, club, winner, loser)
        side = "A" if match.entry_a.player == club.players[winner - 1] else "B"
        if how == "no-show":
            record_forfeit(match.pk, actor=club.organizer, absent="B" if side == "A" else "A")
        elif how == "shutout":
            win(match, side, points=(104, 0) if side == "A" else (0, 104))
        else:
            win(match, side)
    competition.refresh_from_db()
    return competition


@pytest.fixture
def season(club):
    c1 = play_out(club.competition(Competition.Format.LEAGUE, name="C1"), club, C1)
    c2 = play_out(club.competition(Competition.Format.LEAGUE, name="C2"), club, C2)
    assert c1.status == c2.status == Competition.Status.FINISHED
    return [c1, c2]


def make(club, competitions, **settings):
    settings = {"name": "Order of merit", "rule": "placing", "placing_points": [10, 6, 5, 1],
                **settings}
    return create_series(club.season.pk, SeriesSettings(
        competition_ids=[c.pk for c in competitions], **settings), actor=club.organizer)


def table(series):
    return [(row.rank, row.name, row.total, tuple(r.points if r.counted else f"({r.points})"
                                                  for r in row.results))
            for row in series_standings(series).rows]


def test_points_by_placing_with_a_tie_broken_by_count_back(club, season):
    # C1 places P01 P02 P03 P04, C2 P04 P03 P01 P02. P03 and P04 both 11: P04's best is 10.
    assert table(make(club, season)) == [
        (1, "P01", 15, (10, 5)), (2, "P04", 11, (1, 10)), (3, "P03", 11, (5, 6)),
        (4, "P02", 7, (6, 1))]


def test_the_best_result_only_and_a_shared_place(club, season):
    series = make(club, season, best_of=1)
    assert table(series) == [
        (1, "P01", 10, (10, "(5)")), (1, "P04", 10, ("(1)", 10)),
        (3, "P02", 6, (6, "(1)")), (3, "P03", 6, ("(5)", 6))]
    assert all(row.tied for row in series_standings(series).rows)


def test_points_per_match_won_three_for_a_shutout_none_for_a_forfeit(club, season):
    series = make(club, season, rule="matches", win_points=2, shutout_points=3)
    # P01: 3 + 2 + 2 in C1, 2 in C2. P04: 2 + 2 at the table in C2 (the no-show scores none).
    assert table(series) == [
        (1, "P01", 9, (7, 2)), (2, "P03", 6, (2, 4)), (3, "P02", 4, (4, 0)),
        (3, "P04", 4, (0, 4))]


def test_a_running_competition_scores_no_place_yet(club):
    running = club.competition(Competition.Format.LEAGUE, name="C1")
    play_out(running, club, C1[:2])
    assert {row.total for row in series_standings(make(club, [running])).rows} == {0}


def test_the_same_queries_with_two_results_and_with_twelve(club, django_assert_num_queries):
    c1 = club.competition(Competition.Format.LEAGUE, name="C1")
    c2 = club.competition(Competition.Format.LEAGUE, name="C2")
    placing, matches = make(club, [c1, c2]), make(club, [c1, c2], name="Wins", rule="matches")
    play_out(c1, club, C1[:1])
    play_out(c2, club, C2[:1])
    with django_assert_num_queries(3):
        series_standings(matches)
    play_out(c1, club, C1[1:])
    play_out(c2, club, C2[1:])
    with django_assert_num_queries(3):
        series_standings(matches)
    # By placing: two queries, and each finished competition's placings (four queries each: its stage, its entries, and its matches in two).
    with django_assert_num_queries(2 + 2 * 4):
        series_standings(placing)


def test_a_confirmed_result_shows_on_the_cached_standings_page(client, club):
    c1 = club.competition(Competition.Format.LEAGUE, name="C1")
    series = make(club, [c1], rule="matches")
    url = reverse("series", args=[series.pk])
    assert "<strong>0</strong>" in client.get(url).content.decode()
    play_out(c1, club, C1[:1])  # P01 shuts P02 out: 3
    page = client.get(url).content.decode()
    assert "<strong>3</strong>" in page and "count-back" in page


def test_the_printed_page_and_the_csv(client, club, season):
    series = make(club, season, best_of=1)
    printed = client.get(reverse("series-print", args=[series.pk])).content.decode()
    assert "Order of merit" in printed and "(5)" in printed
    rows = client.get(reverse("series-csv", args=[series.pk])).content.decode().splitlines()
    assert rows[0] == "\ufeffPlace,Level with the row above,Player,Points,C1,C2,Not counted"
    assert rows[1:3] == ["1,,P01,10,10,5,C2", "1,yes,P04,10,1,10,C1"]


def test_only_an_organizer_makes_a_series_and_bad_input_saves_nothing(club, season):
    with pytest.raises(NotAllowed):
        create_series(club.season.pk, SeriesSettings("X", "placing", [season[0].pk], [3]),
                      actor=club.players[0].user)
    with pytest.raises(ServiceError, match="points of each place"):
        make(club, season, placing_points=[])
    other = Club(2).competition(Competition.Format.LEAGUE, start=False)
    with pytest.raises(ServiceError, match="this season only"):
        make(club, [other])
    assert not PointsSeries.objects.exists()


def test_a_change_gives_the_series_a_new_version(club, season):
    series = make(club, season)
    changed = change_series(series.pk, SeriesSettings("Order of merit", "placing",
                                                      [season[0].pk], [1]), actor=club.organizer)
    assert changed.version == 1 and table(changed)[0] == (1, "P01", 1, (1,))
