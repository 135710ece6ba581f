"""A player who withdraws: the rest of their matches are walkovers for their opponents."""

import pytest

from league.competitions.entries.withdrawals import withdraw_entry
from league.competitions.models import AuditEntry, Competition, Match
from league.competitions.standings.services import competition_standings
from league.core.errors import NotAllowed, ServiceError
from tests.factories import UserFactory
from tests.formats.builders import Club, better_seed, by_key, committed, play_out, scheduled, win

pytestmark = pytest.mark.django_db


def withdraw(competition: Competition, name: str, actor=None):
    entry = competition.entries.select_related("player__user").get(player__name=name)
    with committed():
        return withdraw_entry(entry.pk, actor=actor or entry.player.user)


def test_in_a_league_every_remaining_match_becomes_a_confirmed_walkover():
    competition = Club(4).competition(Competition.Format.LEAGUE)
    for match in competition.matches.filter(round__number=1):
        win(match, "A")
    walkovers = withdraw(competition, "P04")
    assert len(walkovers) == 2
    quitter = competition.entries.get(player__name="P04")
    for match in walkovers:
        match.refresh_from_db()
        assert match.status == Match.Status.CONFIRMED and match.kind == Match.Kind.WALKOVER
        assert match.winner_id not in (None, quitter.pk)
        assert AuditEntry.objects.filter(match=match, action="withdrawal").exists()
    quitter.refresh_from_db()
    assert quitter.withdrawn_at is not None
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    row = next(r for r in competition_standings(competition).rows if r.player.name == "P04")
    assert row.withdrawn and (row.played, row.won, row.lost) == (3, 0, 3)
    assert row.game_points_against == 104  # round 1 was played; the walkovers have no games


def test_a_walkover_earns_the_win_but_no_game_points():
    competition = Club(2).competition(Competition.Format.LEAGUE)
    withdraw(competition, "P02")
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    first, second = competition_standings(competition).rows
    assert (first.player.name, first.won, first.match_points, first.game_points_for) == (
        "P01", 1, 2, 0)
    assert second.withdrawn and second.lost == 1


def test_a_knockout_withdrawal_waits_for_the_opponent_then_walks_over():
    competition = Club(8).competition(Competition.Format.SINGLE_ELIMINATION)
    win(by_key(competition)["W1-0"], "A")  # P01 into the semi-final, opponent not known yet
    assert withdraw(competition, "P01") == []
    win(by_key(competition)["W1-1"], "A")  # P04 comes through
    semi = by_key(competition)["W2-0"]
    assert semi.status == Match.Status.CONFIRMED and semi.kind == Match.Kind.WALKOVER
    assert semi.winner.player.name == "P04"
    assert "P01 has withdrawn" in AuditEntry.objects.get(match=semi, action="walkover").comment
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED


def test_a_knockout_withdrawal_walks_over_a_scheduled_match_at_once():
    competition = Club(4).competition(Competition.Format.SINGLE_ELIMINATION)
    [match] = withdraw(competition, "P04")
    assert match.key == "W1-0" and match.winner.player.name == "P01"
    final = by_key(competition)["W2-0"]
    assert final.entry_a.player.name == "P01" and final.entry_b is None


def test_in_double_elimination_the_withdrawn_player_also_walks_over_in_the_losers_bracket():
    competition = Club(4).competition(Competition.Format.DOUBLE_ELIMINATION)
    withdraw(competition, "P04")  # W1-0 is a walkover for P01; P04 drops to the losers' bracket
    win(by_key(competition)["W1-1"], "A")
    losers = by_key(competition)["L1-0"]
    assert losers.kind == Match.Kind.WALKOVER and losers.winner.player.name == "P03"
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED


def test_a_swiss_does_not_pair_a_withdrawn_player():
    competition = Club(6).competition(Competition.Format.SWISS, swiss_rounds=3)
    first, *rest = scheduled(competition)
    for match in rest:
        win(match, "A")
    quitter = first.entry_b
    withdraw(competition, quitter.player.name)  # the open match of round 1 becomes a walkover
    round_two = competition.matches.filter(round__number=2)
    assert round_two.count() == 3  # two matches and a bye for the five still in
    assert not round_two.filter(entry_a=quitter).exists()
    assert not round_two.filter(entry_b=quitter).exists()


def test_only_the_player_or_an_organizer_may_withdraw_an_entry():
    club = Club(4)
    competition = club.competition(Competition.Format.LEAGUE)
    entry = competition.entries.get(player__name="P01")
    with pytest.raises(NotAllowed):
        withdraw_entry(entry.pk, actor=UserFactory())
    with committed():
        withdraw_entry(entry.pk, actor=club.organizer)
    with pytest.raises(ServiceError, match="already withdrawn"):
        withdraw_entry(entry.pk, actor=club.organizer)
