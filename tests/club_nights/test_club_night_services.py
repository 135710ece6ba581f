"""Club nights: check-in by the player or the organizer, each round paired from those present,
late arrivals and leavers, and no automatic Swiss round behind the organizer's back."""

from __future__ import annotations

import pytest

from league.competitions.formats.draws import start_competition
from league.competitions.models import CheckIn, ClubNight, Competition, Match
from league.competitions.nights.attendance import check_in, check_out, present_entries, set_present
from league.competitions.nights.pairing import forfeit_fixture, pair_night_round, postpone_fixture
from league.competitions.nights.services import close_night, open_night, schedule_night
from league.core.errors import NotAllowed, ServiceError
from tests.factories import UserFactory
from tests.formats.builders import Club, win

pytestmark = pytest.mark.django_db


def night_swiss(players: int = 8, rounds: int = 3, *, first_round_now: bool = False):
    """A Swiss started with round 1 left to a club night, and the night opened."""
    club = Club(players)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=rounds)
    start_competition(competition.pk, actor=club.organizer, pair_first_round=first_round_now)
    night = open_night(competition.pk, actor=club.organizer)
    return club, competition, night


def entry(competition, player):
    return competition.entries.get(player=player)


def arrive(club, night, *indexes) -> None:
    for i in indexes:
        check_in(night.pk, actor=club.players[i].user)


def play_round(competition, number) -> None:
    for match in competition.matches.filter(round__number=number, kind=Match.Kind.PLAYED):
        win(match, "A")


def paired_players(round_) -> set[int]:
    return {pk for m in round_.matches.all() for pk in (m.entry_a_id, m.entry_b_id) if pk}


def test_a_player_checks_himself_in_and_out():
    club, competition, night = night_swiss()
    found = check_in(night.pk, actor=club.players[0].user)
    assert found.entry == entry(competition, club.players[0]) and found.left_at is None
    assert found.checked_in_by == club.players[0].user
    check_out(night.pk, actor=club.players[0].user)
    assert CheckIn.objects.get(pk=found.pk).left_at is not None


def test_checking_in_twice_is_refused_and_said_so():
    club, _competition, night = night_swiss()
    arrive(club, night, 0)
    with pytest.raises(ServiceError, match="checked in already"):
        check_in(night.pk, actor=club.players[0].user)


def test_a_player_not_entered_cannot_check_in():
    _club, _competition, night = night_swiss()
    with pytest.raises(NotAllowed, match="Only the players entered"):
        check_in(night.pk, actor=UserFactory())


def test_a_player_cannot_check_in_someone_else():
    club, competition, night = night_swiss()
    other = entry(competition, club.players[1])
    with pytest.raises(NotAllowed):
        check_in(night.pk, actor=club.players[0].user, entry_id=other.pk)
    assert not CheckIn.objects.exists()


def test_the_organizer_ticks_players_present_and_gone():
    club, competition, night = night_swiss()
    a, b, c = (entry(competition, p).pk for p in club.players[:3])
    assert set_present(night.pk, actor=club.organizer, present={a, b, c}) == (3, 0)
    assert set_present(night.pk, actor=club.organizer, present={a, b}) == (0, 1)
    assert present_entries(night) == [a, b]
    found = check_in(night.pk, actor=club.organizer, entry_id=c)
    assert found.left_at is None and found.checked_in_by == club.organizer


def test_a_closed_night_takes_no_check_in_and_no_pairing():
    club, _competition, night = night_swiss()
    arrive(club, night, 0, 1)
    close_night(night.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="closed"):
        check_in(night.pk, actor=club.players[2].user)
    with pytest.raises(ServiceError, match="closed"):
        pair_night_round(night.pk, actor=club.organizer)


def test_round_one_is_paired_from_those_present_only_with_tables_and_a_bye():
    club, competition, night = night_swiss()
    arrive(club, night, 0, 1, 2, 3, 4)
    round_ = pair_night_round(night.pk, actor=club.organizer)
    assert round_.number == 1 and round_.night == night
    played = list(round_.matches.filter(kind=Match.Kind.PLAYED).order_by("table"))
    assert [m.table for m in played] == ["1", "2"]
    assert [m.key for m in played] == ["R1-0", "R1-1"]
    bye = round_.matches.get(kind=Match.Kind.BYE)
    assert bye.table == "" and bye.status == Match.Status.CONFIRMED
    present = {entry(competition, p).pk for p in club.players[:5]}
    assert paired_players(round_) == present  # the three absent have no match


def test_pairing_needs_two_players_present():
    club, competition, night = night_swiss()
    arrive(club, night, 0)
    with pytest.raises(ServiceError, match="at least two players present; 1 is checked in"):
        pair_night_round(night.pk, actor=club.organizer)
    assert not competition.rounds.exists()


def test_a_late_arrival_is_paired_in_the_next_round():
    club, competition, night = night_swiss()
    arrive(club, night, 0, 1, 2, 3)
    first = pair_night_round(night.pk, actor=club.organizer)
    arrive(club, night, 4, 5)
    assert entry(competition, club.players[4]).pk not in paired_players(first)
    play_round(competition, 1)
    second = pair_night_round(night.pk, actor=club.organizer)
    assert paired_players(second) == {entry(competition, p).pk for p in club.players[:6]}
    assert sorted(second.matches.values_list("table", flat=True)) == ["1", "2", "3"]


def test_a_player_who_left_is_not_paired_later_in_the_night():
    club, competition, night = night_swiss()
    arrive(club, night, 0, 1, 2, 3)
    pair_night_round(night.pk, actor=club.organizer)
    play_round(competition, 1)
    check_out(night.pk, actor=club.players[3].user)
    second = pair_night_round(night.pk, actor=club.organizer)
    assert entry(competition, club.players[3]).pk not in paired_players(second)
    assert second.matches.filter(kind=Match.Kind.BYE).count() == 1


def test_the_next_round_waits_until_the_round_is_finished():
    club, _competition, night = night_swiss()
    arrive(club, night, 0, 1, 2, 3)
    pair_night_round(night.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="Round 1 is not finished: 2 matches"):
        pair_night_round(night.pk, actor=club.organizer)


def test_no_round_is_paired_automatically_while_a_night_is_open():
    club = Club(4)
    competition = club.competition(Competition.Format.SWISS, swiss_rounds=3)  # round 1 from all
    open_night(competition.pk, actor=club.organizer)
    play_round(competition, 1)
    competition.refresh_from_db()
    assert competition.rounds.count() == 1
    assert competition.status == Competition.Status.RUNNING  # rounds are still to come


def test_without_a_night_the_swiss_still_pairs_itself():
    club = Club(4)
    competition = club.competition(Competition.Format.SWISS, swiss_rounds=3)
    play_round(competition, 1)
    assert competition.rounds.count() == 2


def test_after_a_round_paired_at_a_night_the_next_waits_for_the_next_night():
    club, competition, night = night_swiss(players=4)
    arrive(club, night, 0, 1, 2, 3)
    pair_night_round(night.pk, actor=club.organizer)
    close_night(night.pk, actor=club.organizer)
    play_round(competition, 1)  # the results entered after the night
    competition.refresh_from_db()
    assert competition.rounds.count() == 1 and competition.status == Competition.Status.RUNNING
    later = open_night(competition.pk, actor=club.organizer)
    arrive(club, later, 0, 1, 2)
    assert pair_night_round(later.pk, actor=club.organizer).number == 2


def test_a_swiss_finishes_after_its_last_round_paired_at_a_night():
    club, competition, night = night_swiss(players=4, rounds=1)
    arrive(club, night, 0, 1, 2, 3)
    pair_night_round(night.pk, actor=club.organizer)
    play_round(competition, 1)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    with pytest.raises(ServiceError):
        pair_night_round(night.pk, actor=club.organizer)


def test_only_the_organizer_opens_pairs_and_closes():
    club, competition, night = night_swiss()
    arrive(club, night, 0, 1)
    player = club.players[0].user
    with pytest.raises(NotAllowed):
        pair_night_round(night.pk, actor=player)
    with pytest.raises(NotAllowed):
        close_night(night.pk, actor=player)
    with pytest.raises(NotAllowed):
        set_present(night.pk, actor=player, present=set())
    with pytest.raises(NotAllowed):
        open_night(competition.pk, actor=player)


def test_one_night_open_at_a_time_and_none_for_a_knockout_or_a_draft():
    club, competition, _night = night_swiss()
    with pytest.raises(ServiceError, match="already open"):
        open_night(competition.pk, actor=club.organizer)
    knockout = club.competition(Competition.Format.SINGLE_ELIMINATION, name="Cup")
    with pytest.raises(ServiceError, match="pairs itself"):
        open_night(knockout.pk, actor=club.organizer)
    draft = club.competition(Competition.Format.SWISS, start=False, name="Later", swiss_rounds=2)
    with pytest.raises(ServiceError, match="Start the competition first"):
        open_night(draft.pk, actor=club.organizer)
    assert ClubNight.objects.count() == 1


def test_a_scheduled_night_takes_check_ins_once_opened():
    from datetime import timedelta

    from django.utils import timezone

    club = Club(4)
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=2)
    start_competition(competition.pk, actor=club.organizer, pair_first_round=False)
    night = schedule_night(competition.pk, actor=club.organizer,
                                       starts_at=timezone.now() + timedelta(days=2))
    with pytest.raises(ServiceError, match="not been opened"):
        check_in(night.pk, actor=club.players[0].user)
    open_night(competition.pk, actor=club.organizer, night_id=night.pk)
    assert check_in(night.pk, actor=club.players[0].user).night == night


# League --------------------------------------------------------------------------------------


def test_a_league_night_seats_the_fixtures_of_players_present():
    club = Club(4)
    league = club.competition(Competition.Format.LEAGUE)
    night = open_night(league.pk, actor=club.organizer)
    first = league.rounds.get(number=1)
    fixtures = list(first.matches.order_by("pk"))
    present = {fixtures[0].entry_a_id, fixtures[0].entry_b_id, fixtures[1].entry_a_id}
    set_present(night.pk, actor=club.organizer, present=present)
    seated = pair_night_round(night.pk, actor=club.organizer)
    assert seated == first
    fixtures = list(first.matches.order_by("pk"))
    assert [m.table for m in fixtures] == ["1", ""]
    # the fixture with a player absent: the organizer records the no-show
    absent = "A" if fixtures[1].entry_a_id not in present else "B"
    forfeit_fixture(night.pk, fixtures[1].pk, actor=club.organizer, absent=absent)
    fixtures[1].refresh_from_db()
    assert fixtures[1].kind == Match.Kind.NO_SHOW and fixtures[1].status == Match.Status.CONFIRMED


def test_a_league_fixture_with_a_player_absent_is_postponed():
    from datetime import date

    club = Club(4)
    league = club.competition(Competition.Format.LEAGUE)
    night = open_night(league.pk, actor=club.organizer)
    fixture = league.rounds.get(number=1).matches.first()
    postpone_fixture(night.pk, fixture.pk, actor=club.organizer,
                                 play_by=date(2099, 1, 31))
    fixture.refresh_from_db()
    assert fixture.play_by == date(2099, 1, 31)
    later = league.rounds.get(number=3).matches.first()
    with pytest.raises(ServiceError, match="not one of the night's"):
        postpone_fixture(night.pk, later.pk, actor=club.organizer,
                                     play_by=date(2099, 1, 31))


def test_a_corrected_result_pairs_a_night_round_again_from_the_players_present_that_night():
    from league.competitions.results.services import correct_result
    from tests.formats.builders import committed

    club, competition, night = night_swiss(players=8)
    arrive(club, night, 0, 1, 2, 3, 4, 5)
    pair_night_round(night.pk, actor=club.organizer)
    play_round(competition, 1)
    second = pair_night_round(night.pk, actor=club.organizer)
    present = paired_players(second)
    first = competition.matches.get(key="R1-1")  # seed 5 beat seed 2, not the other way
    with committed():
        correct_result(first.pk, actor=club.organizer, winner="B", games_a=0, games_b=1,
                       comment="The wrong player was entered as the winner.",
                       overrides_games=True)
    second.refresh_from_db()
    assert second.matches.filter(audit__action="re-paired").exists()  # paired again
    assert paired_players(second) == present  # the two absent players are still not paired
    assert sorted(second.matches.values_list("table", flat=True)) == ["1", "2", "3"]
