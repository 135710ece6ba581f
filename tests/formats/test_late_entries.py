"""A player entered after the start: in a league he takes the byes of the rounds still to come
and meets the rest in catch-up rounds; in a Swiss he is paired from the next round with 0 points;
a knockout refuses him. Only an organizer enters a player late, and a refusal changes nothing."""

from collections import Counter

import pytest
from django.db.models import Q
from django.urls import reverse

from league.clubs.models import Player
from league.competitions.entries.late_entries import add_late_entry, add_new_player_late
from league.competitions.entries.withdrawals import withdraw_entry
from league.competitions.models import AuditEntry, Competition, Entry, Match, Round
from league.competitions.standings.services import competition_standings
from league.core.errors import NotAllowed, ServiceError
from tests.factories import PlayerFactory
from tests.formats.builders import Club, better_seed, committed, play_out, scheduled, win
from tests.formats.test_idempotence import rows, run_twice

pytestmark = pytest.mark.django_db

LEAGUE = Competition.Format.LEAGUE
SWISS = Competition.Format.SWISS


def enter_late(club: Club, competition: Competition, name: str = "Newt"):
    player = PlayerFactory(club=club.club, name=name)
    with committed():
        return add_late_entry(competition.pk, player.pk, actor=club.organizer)


def play_round(competition: Competition, number: int) -> None:
    for match in scheduled(competition):
        if match.round.number == number:
            win(match, better_seed(match))


def opponents(entry: Entry) -> Counter:
    matches = Match.objects.filter(competition=entry.competition).exclude(kind=Match.Kind.BYE)
    met = Counter()
    for a, b in matches.values_list("entry_a", "entry_b"):
        if entry.pk in (a, b):
            met[b if a == entry.pk else a] += 1
    return met


def byes_by_round(competition: Competition) -> dict[int, int]:
    byes = competition.matches.filter(kind=Match.Kind.BYE)
    return dict(byes.values_list("round__number", "entry_a"))


# League ------------------------------------------------------------------------------------------


def test_in_an_odd_league_he_takes_the_byes_still_to_come_then_catches_up():
    club = Club(5)
    competition = club.competition(LEAGUE)
    play_round(competition, 1)
    byes = byes_by_round(competition)  # one a round, rounds 1 to 5
    late = enter_late(club, competition)
    entry = late.entry
    assert late.from_round == 2  # round 1 is complete: round 2 is in play
    assert entry.seed == 6
    assert opponents(entry) == Counter(e.pk for e in competition.entries.exclude(pk=entry.pk))
    assert byes_by_round(competition) == {1: byes[1]}  # the later byes became his fixtures
    for number in range(2, 6):
        match = competition.matches.get(round__number=number, entry_b=entry)
        assert match.entry_a_id == byes[number]  # the player who had the bye deals first
        assert match.status == Match.Status.SCHEDULED and match.key == f"R{number}-2"
    catch_up = Round.objects.get(competition=competition, number=6)
    assert catch_up.name == "Round 6 (catch-up)"
    [match] = catch_up.matches.all()
    assert (match.entry_a_id, match.entry_b_id) == (byes[1], entry.pk)
    assert len(late.matches) == 5
    assert AuditEntry.objects.filter(action="late entry", actor=club.organizer).count() == 5


def test_in_an_even_league_every_meeting_is_a_catch_up_round_of_its_own():
    club = Club(4)
    competition = club.competition(LEAGUE)
    late = enter_late(club, competition)
    assert late.from_round == 4
    assert list(competition.rounds.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6, 7]
    for number in (4, 5, 6, 7):
        assert competition.matches.filter(round__number=number).count() == 1
    assert set(opponents(late.entry).values()) == {1} and len(opponents(late.entry)) == 4


def test_in_a_double_round_robin_he_meets_everyone_twice_dealing_first_once():
    club = Club(3)
    competition = club.competition(LEAGUE, double_round_robin=True)
    entry = enter_late(club, competition).entry
    assert not competition.matches.filter(kind=Match.Kind.BYE).exists()
    assert competition.rounds.count() == 6  # every meeting in a bye seat: no catch-up round
    assert set(opponents(entry).values()) == {2}
    dealing = Counter(competition.matches.filter(entry_a=entry).values_list("entry_b", flat=True))
    assert set(dealing.values()) == {1} and len(dealing) == 3


def test_the_league_plays_out_with_him_in_the_table():
    club = Club(5)
    competition = club.competition(LEAGUE)
    play_round(competition, 1)
    entry = enter_late(club, competition).entry
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    row = next(r for r in competition_standings(competition).rows if r.entry_id == entry.pk)
    assert (row.played, row.won, row.lost) == (5, 0, 5)  # seeded last, the worst here


def test_a_meeting_with_a_player_who_withdrew_is_a_walkover_for_him():
    club = Club(4)
    competition = club.competition(LEAGUE)
    quitter = competition.entries.get(player__name="P02")
    with committed():
        withdraw_entry(quitter.pk, actor=club.organizer)
    entry = enter_late(club, competition).entry
    walkover = competition.matches.get(entry_a=quitter, entry_b=entry)
    assert (walkover.status, walkover.kind, walkover.winner_id) == (
        Match.Status.CONFIRMED, Match.Kind.WALKOVER, entry.pk)
    assert "P02 has withdrawn" in walkover.audit.get(action="late entry").comment
    assert competition.matches.filter(entry_b=entry, status=Match.Status.SCHEDULED).count() == 3
    run_twice(competition, walkover)


def test_a_second_late_entry_meets_the_first():
    club = Club(5)
    competition = club.competition(LEAGUE)
    first = enter_late(club, competition, "Newt").entry
    second = enter_late(club, competition, "Nora").entry
    assert second.seed == 7
    assert opponents(second)[first.pk] == 1 and sum(opponents(second).values()) == 6
    keys = list(competition.matches.values_list("key", flat=True))
    assert len(keys) == len(set(keys))


def test_a_new_player_is_added_to_the_club_and_entered_late_or_neither():
    club = Club(3)
    competition = club.competition(LEAGUE)
    with committed():
        late = add_new_player_late(competition.pk, " Nina  Late ", actor=club.organizer)
    assert late.entry.player.name == "Nina Late" and late.entry.player.club == club.club
    cup = club.competition(Competition.Format.SINGLE_ELIMINATION, name="Cup")
    with pytest.raises(ServiceError, match="no place for another player"):
        add_new_player_late(cup.pk, "Ned", actor=club.organizer)
    assert not Player.objects.filter(name="Ned").exists()


# Swiss -------------------------------------------------------------------------------------------


def test_in_a_swiss_he_is_paired_from_the_next_round_with_no_points():
    club = Club(6)
    competition = club.competition(SWISS, swiss_rounds=3)
    late = enter_late(club, competition)
    assert (late.from_round, late.matches, late.entry.seed) == (2, (), 7)
    assert not competition.matches.filter(entry_a=late.entry).exists()
    play_round(competition, 1)
    round_two = competition.matches.filter(round__number=2)
    mine = round_two.get(Q(entry_a=late.entry) | Q(entry_b=late.entry))
    assert round_two.count() == 4  # seven players: three matches and a bye
    assert mine.kind == Match.Kind.BYE  # 0 points and seeded last: the lowest ranked
    audit = mine.audit.get(action="late entry")
    assert "first paired in round 2, with 0 points" in audit.comment
    row = next(r for r in competition_standings(competition).rows if r.entry_id == late.entry.pk)
    assert row.byes == 0 and row.match_points == 0  # the bye counts once round 2 is complete
    play_round(competition, 2)
    row = next(r for r in competition_standings(competition).rows if r.entry_id == late.entry.pk)
    assert row.played == 0 and row.byes == 1


def test_a_swiss_in_its_last_round_takes_no_late_entry():
    club = Club(4)
    competition = club.competition(SWISS, swiss_rounds=2)
    play_round(competition, 1)
    before = rows(competition)
    with pytest.raises(ServiceError, match="last round"):
        enter_late(club, competition)
    assert rows(competition) == before


# Refusals ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("format", [Competition.Format.SINGLE_ELIMINATION,
                                    Competition.Format.DOUBLE_ELIMINATION])
def test_a_knockout_refuses_a_late_entry_and_nothing_changes(format):
    club = Club(4)
    competition = club.competition(format)
    before = rows(competition)
    with pytest.raises(ServiceError, match="bracket is drawn when it starts"):
        enter_late(club, competition)
    assert rows(competition) == before


def test_a_draft_or_finished_competition_refuses_a_late_entry():
    club = Club(2)
    draft = club.competition(LEAGUE, start=False, name="Draft")
    with pytest.raises(ServiceError, match="has not started"):
        enter_late(club, draft, "Ann")
    finished = club.competition(LEAGUE, name="Done")
    play_out(finished, better_seed)
    with pytest.raises(ServiceError, match="is finished"):
        enter_late(club, finished, "Bea")
    assert not Entry.objects.filter(player__name__in=("Ann", "Bea")).exists()


def test_a_player_already_entered_or_of_another_club_is_refused_by_name():
    club = Club(3)
    competition = club.competition(LEAGUE)
    entered = competition.entries.get(player__name="P01")
    with pytest.raises(ServiceError, match="P01 is already entered") as refused:
        add_late_entry(competition.pk, entered.player_id, actor=club.organizer)
    assert refused.value.field == "player"
    stranger = PlayerFactory(name="Stranger")
    with pytest.raises(ServiceError, match="No such player") as refused:
        add_late_entry(competition.pk, stranger.pk, actor=club.organizer)
    assert refused.value.field == "player"
    assert competition.entries.count() == 3


@pytest.mark.parametrize("role", ["player", "other organizer"])
def test_only_an_organizer_of_the_club_enters_a_player_late(role):
    club = Club(3)
    competition = club.competition(LEAGUE)
    actor = {"player": club.players[0].user, "other organizer": Club(1).organizer}[role]
    newcomer = PlayerFactory(club=club.club)
    before = rows(competition)
    with pytest.raises(NotAllowed):
        add_late_entry(competition.pk, newcomer.pk, actor=actor)
    with pytest.raises(NotAllowed):
        add_new_player_late(competition.pk, "Ned", actor=actor)
    assert rows(competition) == before
    assert not Player.objects.filter(name="Ned").exists()


# The entries page --------------------------------------------------------------------------------


def entries_page(client, competition) -> str:
    return client.get(reverse("competition-entries", args=[competition.pk])).content.decode()


def late_url(competition) -> str:
    return reverse("competition-late-entry", args=[competition.pk])


def test_the_running_league_offers_the_club_players_not_entered(client):
    club = Club(3)
    competition = club.competition(LEAGUE)
    newt = PlayerFactory(club=club.club, name="Newt")
    client.force_login(club.organizer)
    html = entries_page(client, competition)
    assert "A late entry" in html and f'<option value="{newt.pk}">Newt</option>' in html
    assert f'<option value="{club.players[0].pk}">' not in html
    response = client.post(late_url(competition), {"player": newt.pk}, follow=True)
    assert "Newt is entered late: 3 matches from round 1 on." in response.content.decode()
    assert competition.entries.filter(player=newt).exists()


def test_a_new_name_is_added_and_entered_late_from_the_page(client):
    club = Club(3)
    competition = club.competition(SWISS, swiss_rounds=2)
    client.force_login(club.organizer)
    response = client.post(late_url(competition), {"name": "Nell"}, follow=True)
    assert "Nell is entered late: paired from round 2 on, with 0 points." in (
        response.content.decode())


@pytest.mark.parametrize(("data", "message"), [
    ({}, "Choose a player of the club, or give a new player&#x27;s name."),
    ({"name": "Nell", "player": "{pk}"}, "Choose a player of the club or give a new name"),
    ({"name": "P01"}, "already has a player called P01"),
])
def test_a_refused_late_entry_says_why_next_to_the_field(client, data, message):
    club = Club(3)
    competition = club.competition(LEAGUE)
    newt = PlayerFactory(club=club.club, name="Newt")
    client.force_login(club.organizer)
    before = rows(competition)
    response = client.post(late_url(competition),
                           {k: v.format(pk=newt.pk) for k, v in data.items()})
    html = response.content.decode()
    assert response.status_code == 422
    assert message in html and 'class="errorlist"' in html
    if "name" in data:
        assert f'value="{data["name"]}"' in html  # what was typed is kept
    assert rows(competition) == before


def test_a_knockout_page_says_why_there_is_no_late_entry(client):
    club = Club(4)
    competition = club.competition(Competition.Format.SINGLE_ELIMINATION)
    client.force_login(club.organizer)
    html = entries_page(client, competition)
    assert "Entries closed when the competition started." in html
    assert "it has no place for another player" in html and "A late entry" not in html
    response = client.post(late_url(competition), {"name": "Ned"})
    assert response.status_code == 422 and "no place for another player" in (
        response.content.decode())
    assert not Player.objects.filter(name="Ned").exists()


def test_a_player_of_the_club_cannot_enter_anyone_late(client):
    club = Club(3)
    competition = club.competition(LEAGUE)
    client.force_login(club.players[0].user)
    before = rows(competition)
    response = client.post(late_url(competition), {"name": "Ned"})
    assert response.status_code == 403
    assert rows(competition) == before and not Player.objects.filter(name="Ned").exists()


@pytest.mark.parametrize("players", [3, 9])
def test_the_running_entries_page_runs_a_fixed_number_of_queries(client, players,
                                                                 django_assert_num_queries):
    club = Club(players)
    competition = club.competition(LEAGUE)
    PlayerFactory(club=club.club)
    client.force_login(club.organizer)
    # the user (his session is cached), whether he organizes a club and the unread notifications
    # (the header), the competition, is-organizer, the entries, the candidates, the late entry's
    # choices
    with django_assert_num_queries(8):
        html = entries_page(client, competition)
    assert html.split("<footer")[0].count("<option") == 2
