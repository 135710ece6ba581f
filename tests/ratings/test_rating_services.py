"""Rating a club's confirmed results, week by week."""

import pytest

from league.clubs.models import Club
from league.competitions.models import AuditEntry, Match
from league.competitions.results.services import correct_result
from league.ratings import tasks
from league.ratings.algorithms import rate_period, rate_period_elo
from league.ratings.models import PlayerRating, RatingPeriod
from league.ratings.periods import idle
from league.ratings.services import (
    close_rating_periods,
    rate_confirmed_result,
    recompute_ratings,
    results,
)
from tests.factories import UserFactory
from tests.ratings.builders import after, confirm, during, league, played, snapshot, week

pytestmark = pytest.mark.django_db


def rows(club):
    """(week, player, rating, rd, volatility, games, total games) of every stored rating."""
    return snapshot(club)[1]


def club_of(entry):
    return entry.competition.season.club


def test_confirmed_result_is_rated_in_the_week_it_was_played():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    close_rating_periods(now=after(0))
    expected = rate_period({}, [(a.player_id, b.player_id, 1.0)] * 2)
    stored = PlayerRating.objects.get(player=a.player, starts_on=week(0))
    assert (stored.rating, stored.rd, stored.volatility) == (
        expected[a.player_id].rating, expected[a.player_id].rd,
        expected[a.player_id].volatility,
    )
    assert (stored.games, stored.total_games) == (2, 2)
    assert RatingPeriod.objects.get(club=club_of(a)).results == 2


def test_week_not_ended_is_not_rated_yet():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    assert close_rating_periods(now=during(0)) == []
    assert not RatingPeriod.objects.exists()


@pytest.mark.parametrize("status", [Match.Status.REPORTED, Match.Status.DISPUTED])
def test_unconfirmed_result_is_not_rated(status):
    _, (a, b, c, d) = league(4)
    played(a, b, "AA", in_week=0)
    played(c, d, "AA", in_week=0, status=status)
    close_rating_periods(now=after(0))
    assert {r[1] for r in rows(club_of(a))} == {a.player_id, b.player_id}
    assert RatingPeriod.objects.get(club=club_of(a)).results == 2


def test_walkover_is_not_rated():
    _, (a, b) = league(2)
    Match.objects.filter(pk=played(a, b, "AA", in_week=0).pk).update(kind=Match.Kind.WALKOVER)
    close_rating_periods(now=after(0))
    assert rows(club_of(a)) == []


def test_closing_twice_changes_nothing():
    _, (a, b) = league(2)
    played(a, b, "AB", in_week=0)
    played(a, b, "AA", in_week=2)
    assert len(close_rating_periods(now=after(2))) == 1
    before = snapshot(club_of(a))
    assert close_rating_periods(now=after(2)) == []
    assert snapshot(club_of(a)) == before


def test_rating_task_twice_changes_nothing():
    _, (a, b) = league(2)
    match = played(a, b, "ABA", in_week=0)
    tasks.rate_confirmed_result.delay(match.pk)
    first = snapshot(club_of(a))
    tasks.rate_confirmed_result.delay(match.pk)
    assert snapshot(club_of(a)) == first
    assert first[1][0][:2] == (week(0), a.player_id)


def test_late_confirmation_rerates_from_its_week_only():
    _, (a, b, c) = league(3)
    played(a, b, "AA", in_week=0)
    late = played(a, c, "BB", in_week=1, status=Match.Status.REPORTED)
    played(b, c, "AB", in_week=2)
    close_rating_periods(now=after(3))
    kept = RatingPeriod.objects.get(starts_on=week(0)).pk
    replaced = RatingPeriod.objects.get(starts_on=week(1)).pk
    confirm(late, in_week=4)
    run = rate_confirmed_result(late.pk, now=after(3))
    assert (run.first, run.last, run.from_scratch) == (week(1), week(3), False)
    assert RatingPeriod.objects.get(starts_on=week(0)).pk == kept
    assert RatingPeriod.objects.get(starts_on=week(1)).pk != replaced
    assert PlayerRating.objects.get(player=c.player, starts_on=week(1)).games == 2
    incremental = snapshot(club_of(a))
    recompute_ratings(club_of(a), now=after(3))
    assert snapshot(club_of(a)) == incremental


def test_correction_rerates_from_its_week_and_equals_a_recomputation():
    _, (a, b, c) = league(3)
    played(a, b, "AA", in_week=0)
    corrected = played(a, c, "AA", in_week=1)
    played(b, c, "BA", in_week=2)
    close_rating_periods(now=after(2))
    before = snapshot(club_of(a))
    organizer = UserFactory()
    club_of(a).organizers.add(organizer)
    correct_result(corrected.pk, actor=organizer, winner="B", games_a=0, games_b=2,
                   comment="The scores were swapped.", overrides_games=True)
    rate_confirmed_result(corrected.pk, now=after(2))
    incremental = snapshot(club_of(a))
    assert incremental[1][:2] == before[1][:2]  # week 0 as it was
    corrected_winner = PlayerRating.objects.get(player=c.player, starts_on=week(1))
    assert corrected_winner.rating > 1500 and corrected_winner.games == 2
    recompute_ratings(club_of(a), now=after(2))
    assert snapshot(club_of(a)) == incremental


def test_result_of_an_open_week_is_rated_at_once_as_if_the_week_closed_now():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    close_rating_periods(now=after(0))
    match = played(a, b, "BB", in_week=1)
    run = rate_confirmed_result(match.pk, now=during(1))
    assert run.periods == 1
    open_week = RatingPeriod.objects.get(club=club_of(a), starts_on=week(1))
    assert open_week.is_open and open_week.results == 2
    assert [r[0] for r in rows(club_of(a))] == [week(0), week(0), week(1), week(1)]
    moved = PlayerRating.objects.get(player=b.player, starts_on=week(1))
    assert moved.rating > PlayerRating.objects.get(player=b.player, starts_on=week(0)).rating


def test_closing_an_open_week_rates_it_as_a_rebuild_from_scratch_would():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    close_rating_periods(now=after(0))
    rate_confirmed_result(played(a, b, "BB", in_week=1).pk, now=during(1))
    provisional = snapshot(club_of(a))
    assert close_rating_periods(now=during(1)) == []  # nothing has ended: the open week stays
    assert snapshot(club_of(a)) == provisional
    close_rating_periods(now=after(1))
    assert not RatingPeriod.objects.filter(club=club_of(a), is_open=True).exists()
    closed = snapshot(club_of(a))
    recompute_ratings(club_of(a), now=after(1))
    assert snapshot(club_of(a)) == closed == provisional  # the same results, the same numbers


def test_a_result_played_after_now_is_not_rated():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    played(a, b, "BB", in_week=1)
    close_rating_periods(now=after(0))
    assert [r[0] for r in rows(club_of(a))] == [week(0), week(0)]


def test_week_without_games_only_widens_rd():
    _, (a, b, c) = league(3)
    played(a, b, "AA", in_week=0)
    played(a, c, "AB", in_week=2)
    close_rating_periods(now=after(2))
    assert RatingPeriod.objects.get(starts_on=week(1)).results == 0
    assert not PlayerRating.objects.filter(starts_on=week(1)).exists()
    after_week_0 = rate_period({}, [(a.player_id, b.player_id, 1.0)] * 2)
    widened = idle(after_week_0[a.player_id], 1)
    assert widened.rating == after_week_0[a.player_id].rating
    assert widened.rd > after_week_0[a.player_id].rd
    expected = rate_period({a.player_id: widened}, [(a.player_id, c.player_id, 1.0),
                                                    (a.player_id, c.player_id, 0.0)])
    assert PlayerRating.objects.get(player=a.player, starts_on=week(2)).rd == (
        expected[a.player_id].rd
    )


def test_elo_club_rates_with_its_k():
    _, (a, b) = league(2, rating_system=Club.RatingSystem.ELO, elo_k=32)
    for _ in range(11):
        played(a, b, "AB", in_week=0)
    played(a, b, "AA", in_week=1)
    close_rating_periods(now=after(1))
    week_0 = [(a.player_id, b.player_id, s) for s in (1.0, 0.0)] * 11
    week_1 = [(a.player_id, b.player_id, 1.0)] * 2
    expected = rate_period_elo(rate_period_elo({}, week_0, k=32), week_1, k=32)
    other_k = rate_period_elo(rate_period_elo({}, week_0, k=20), week_1, k=20)
    stored = PlayerRating.objects.get(player=a.player, starts_on=week(1))
    assert (stored.rating, stored.rd, stored.total_games) == (expected[a.player_id].rating,
                                                              None, 24)
    assert stored.rating != other_k[a.player_id].rating


def test_match_unit_club_rates_a_match_as_one_result():
    _, (a, b) = league(2, rated_unit=Club.RatedUnit.MATCH)
    played(a, b, "ABA", in_week=0)
    close_rating_periods(now=after(0))
    expected = rate_period({}, [(a.player_id, b.player_id, 1.0)])
    stored = PlayerRating.objects.get(player=a.player)
    assert (stored.rating, stored.games) == (expected[a.player_id].rating, 1)
    assert RatingPeriod.objects.get().results == 1


def test_change_of_rating_system_rebuilds_every_week():
    _, (a, b) = league(2)
    played(a, b, "AA", in_week=0)
    played(a, b, "BA", in_week=1)
    close_rating_periods(now=after(1))
    Club.objects.filter(pk=club_of(a).pk).update(rating_system=Club.RatingSystem.ELO)
    run = close_rating_periods(now=after(1))[0]
    assert (run.from_scratch, run.periods) == (True, 2)
    assert set(RatingPeriod.objects.values_list("system", flat=True)) == {"elo"}
    assert PlayerRating.objects.filter(rd__isnull=False).count() == 0


def test_correction_removing_the_first_result_equals_a_recomputation():
    _, (a, b) = league(2)
    first = played(a, b, "AA", in_week=0)
    played(a, b, "BB", in_week=2)
    close_rating_periods(now=after(2))
    organizer = UserFactory()
    club_of(a).organizers.add(organizer)
    correct_result(first.pk, actor=organizer, winner="A", games_a=0, games_b=0,
                   kind=Match.Kind.WALKOVER, comment="B never came.", overrides_games=True)
    rate_confirmed_result(first.pk, now=after(2))
    incremental = snapshot(club_of(a))
    assert incremental[0][0][0] == week(2)
    recompute_ratings(club_of(a), now=after(2))
    assert snapshot(club_of(a)) == incremental


def test_glicko2_rows_carry_the_club_tau():
    _, (a, b) = league(2, glicko2_tau=0.3)
    played(a, b, "AB", in_week=0)
    played(a, b, "AA", in_week=1)
    close_rating_periods(now=after(1))
    week_0 = rate_period({}, [(a.player_id, b.player_id, 1.0), (a.player_id, b.player_id, 0.0)],
                         tau=0.3)
    expected = rate_period(week_0, [(a.player_id, b.player_id, 1.0)] * 2, tau=0.3)
    stored = PlayerRating.objects.get(player=a.player, starts_on=week(1))
    assert stored.volatility == expected[a.player_id].volatility
    assert stored.volatility != rate_period(week_0, [(a.player_id, b.player_id, 1.0)] * 2)[
        a.player_id].volatility


def test_result_without_games_counts_from_its_first_report():
    competition, (a, b) = league(2)
    match = Match.objects.create(
        competition=competition, round=competition.rounds.first(), entry_a=a, entry_b=b,
        status=Match.Status.CONFIRMED, kind=Match.Kind.WALKOVER, winner=a,
        confirmed_at=during(1),
    )
    AuditEntry.objects.filter(pk=AuditEntry.objects.create(match=match, action="reported").pk
                              ).update(at=during(1))
    played(a, b, "AB", in_week=0)
    close_rating_periods(now=after(3))
    organizer = UserFactory()
    club_of(a).organizers.add(organizer)
    correct_result(match.pk, actor=organizer, winner="A", games_a=2, games_b=0,
                   comment="It was played after all.", overrides_games=True)
    run = rate_confirmed_result(match.pk, now=after(3))
    assert run.first == week(1)
    assert PlayerRating.objects.get(player=a.player, starts_on=week(1)).games == 2


def test_a_match_never_played_has_nothing_to_rate():
    from tests.factories import MatchFactory

    match = MatchFactory(status=Match.Status.PENDING)
    assert rate_confirmed_result(match.pk) is None
    assert not RatingPeriod.objects.exists()


def test_games_read_in_several_slices_rate_as_read_in_one(monkeypatch):
    """A rebuild reads its matches' games IDS_PER_QUERY matches at a time: a season longer than
    one slice is rated the same. Elo rates game after game, so each game's order counts (a
    match whose games were not read would be rated in the order of its tally)."""
    _, (a, b, c) = league(3, rating_system=Club.RatingSystem.ELO, elo_k=32)
    for number, (x, y, seats) in enumerate([(a, b, "BAA"), (b, c, "BAB"), (a, c, "BBA"),
                                            (c, b, "ABA"), (a, b, "BA")]):
        played(x, y, seats, in_week=number)
    recompute_ratings(club_of(a), now=after(4))
    in_one = rows(club_of(a))
    monkeypatch.setattr(results, "IDS_PER_QUERY", 2)
    recompute_ratings(club_of(a), now=after(4))
    assert rows(club_of(a)) == in_one
