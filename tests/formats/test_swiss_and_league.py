"""A Swiss paired round by round as results are confirmed, and a league with byes."""

import pytest
from django.urls import reverse

from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match, Round
from league.competitions.standings.services import competition_standings
from league.core.errors import ServiceError
from tests.formats.builders import Club, better_seed, play_out, scheduled, win

pytestmark = pytest.mark.django_db

SWISS = Competition.Format.SWISS
LEAGUE = Competition.Format.LEAGUE


def pairs(competition: Competition) -> list[frozenset]:
    return [frozenset((m.entry_a_id, m.entry_b_id))
            for m in competition.matches.exclude(kind=Match.Kind.BYE)]


def test_a_swiss_starts_with_round_1_only():
    competition = Club(8).competition(SWISS, swiss_rounds=5)
    assert list(competition.rounds.values_list("number", flat=True)) == [1]
    assert competition.matches.filter(status=Match.Status.SCHEDULED).count() == 4


def test_the_next_round_is_paired_only_when_the_current_one_is_complete():
    competition = Club(8).competition(SWISS, swiss_rounds=5)
    first, *rest = scheduled(competition)
    for match in rest:
        win(match, "A")
    assert competition.rounds.count() == 1
    win(first, "A")
    assert competition.rounds.count() == 2
    # The four winners of round 1 meet each other, and so do the four losers.
    winners = set(competition.matches.filter(round__number=1).values_list("winner", flat=True))
    for match in competition.matches.filter(round__number=2):
        assert (match.entry_a_id in winners) == (match.entry_b_id in winners)


def test_a_whole_five_round_swiss_runs_to_the_end_without_a_rematch():
    competition = Club(8).competition(SWISS, swiss_rounds=5)
    assert play_out(competition, better_seed) == 20
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    assert competition.rounds.count() == 5
    met = pairs(competition)
    assert len(met) == len(set(met)) == 20
    table = competition_standings(competition)
    assert table.rows[0].player.name == "P01" and table.rows[0].won == 5
    assert [label for _, label in table.tiebreaks] == ["Buchholz cut-1", "Buchholz",
                                                     "Sonneborn-Berger"]


def test_an_odd_swiss_gives_one_bye_a_round_scored_as_a_win_and_nobody_two():
    competition = Club(7).competition(SWISS, swiss_rounds=5)
    play_out(competition, better_seed)
    byes = list(competition.matches.filter(kind=Match.Kind.BYE).values_list("entry_a", flat=True))
    assert len(byes) == 5 and len(set(byes)) == 5
    table = competition_standings(competition)
    for row in table.rows:
        assert row.match_points == competition.points_win * (row.won + row.byes)
    assert competition.matches.filter(kind=Match.Kind.BYE, status=Match.Status.CONFIRMED,
                                      winner=None).count() == 5


def test_a_swiss_needs_a_number_of_rounds_the_field_allows():
    club = Club(4)
    for rounds, message in ((None, "Set the number of Swiss rounds"), (4, "at most 3 rounds")):
        competition = club.competition(SWISS, start=False, swiss_rounds=rounds,
                                       name=f"Swiss {rounds}")
        with pytest.raises(ServiceError, match=message) as refused:
            start_competition(competition.pk, actor=club.organizer)
        assert refused.value.field == "swiss_rounds"
        competition.refresh_from_db()
        assert competition.status == Competition.Status.DRAFT and not competition.rounds.exists()


def test_a_league_of_five_has_five_rounds_each_with_a_bye_that_scores_nothing():
    competition = Club(5).competition(LEAGUE)
    assert competition.rounds.count() == 5
    byes = competition.matches.filter(kind=Match.Kind.BYE)
    assert byes.count() == 5
    assert set(byes.values_list("entry_b", "winner", "status")) == {(None, None, "confirmed")}
    assert sorted(byes.values_list("entry_a", flat=True)) == sorted(
        competition.entries.values_list("pk", flat=True))
    for round_ in Round.objects.filter(competition=competition):
        assert round_.matches.exclude(kind=Match.Kind.BYE).count() == 2
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    table = competition_standings(competition)
    assert [(r.player.name, r.match_points, r.byes) for r in table.rows] == [
        ("P01", 8, 1), ("P02", 6, 1), ("P03", 4, 1), ("P04", 2, 1), ("P05", 0, 1)]
    assert "A bye is a round without a match: it scores no points." in table.notes


def test_every_pair_meets_once_in_a_league_and_twice_in_a_double_round_robin():
    single = Club(6).competition(LEAGUE)
    assert len(pairs(single)) == len(set(pairs(single))) == 15
    double = Club(6).competition(LEAGUE, double_round_robin=True)
    met = pairs(double)
    assert len(met) == 30 and all(met.count(p) == 2 for p in set(met))
    dealt_first = {(m.entry_a_id, m.entry_b_id) for m in double.matches.all()}
    assert all((b, a) in dealt_first for a, b in dealt_first)  # each deals first once


def test_a_swiss_that_cannot_be_paired_ends_early_and_says_why(client):
    from league.competitions.entries.withdrawals import withdraw_entry
    from tests.formats.builders import committed

    club = Club(4)
    competition = club.competition(SWISS, swiss_rounds=3)
    # Round 1 is P01-P03 and P02-P04: the two who withdraw leave P01 and P02 two walkovers,
    # round 2 pairs P01 with P02, and round 3 would be their rematch.
    for name in ("P03", "P04"):
        with committed():
            withdraw_entry(competition.entries.get(player__name=name).pk,
                           actor=club.organizer)
    assert competition.rounds.count() == 2
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    assert competition.rounds.count() == 2
    note = ("Round 3 could not be paired: no pairing of these 2 players avoids a rematch. "
            "The Swiss ended after round 2 of 3.")
    assert competition.ended_early == note
    assert note in client.get(competition.get_absolute_url()).content.decode()
    client.force_login(club.organizer)
    organizer_page = client.get(reverse("organizer-matches", args=[competition.pk]))
    assert note in organizer_page.content.decode()


def test_a_swiss_played_to_its_last_round_has_no_note():
    competition = Club(4).competition(SWISS, swiss_rounds=3)
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED and competition.ended_early == ""
