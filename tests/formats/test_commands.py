"""simulate_competition and seed_demo, run as commands against a database that commits (the
tasks they trigger run after each commit, in-process)."""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from icalendar import Calendar

from league.clubs.models import Club
from league.competitions.base.dates import is_overdue
from league.competitions.models import Competition, LadderChallenge, Match, ResultReport
from league.notifications.models import Kind, Notification
from league.ratings.models import RatingPeriod

pytestmark = pytest.mark.django_db(transaction=True)


def simulate(*args: str) -> str:
    out = StringIO()
    call_command("simulate_competition", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.parametrize(("format", "players", "matches", "rounds"), [
    ("round_robin", 4, {6}, {3}),
    ("single_elimination", 4, {3}, {2}),
    ("double_elimination", 4, {6, 7}, {5, 6}),  # 7 matches, 6 rounds with a bracket reset
    ("swiss", 5, {9}, {3}),
])
def test_each_format_is_played_to_the_end(format, players, matches, rounds):
    report = json.loads(simulate("--format", format, "--players", str(players), "--seed", "3",
                                 "--json"))
    assert set(report) == {"matches", "standings"}
    assert len(report["matches"]) in matches
    assert len({m["round"] for m in report["matches"]}) in rounds
    for m in report["matches"]:
        assert set(m) == {"round", "a", "b", "winner"}
        assert m["winner"] in (m["a"], m["b"]) if m["b"] else m["winner"] is None
    standings = report["standings"]
    assert sorted(s["player"] for s in standings) == [f"Player {i:02}" for i in
                                                      range(1, players + 1)]
    assert standings[0]["rank"] == 1
    assert [s["rank"] for s in standings] == sorted(s["rank"] for s in standings)
    assert not Club.objects.exists() and not get_user_model().objects.exists()  # discarded


def test_a_swiss_bye_has_no_opponent_in_the_json():
    report = json.loads(simulate("--format", "swiss", "--players", "5", "--rounds", "2",
                                 "--seed", "1", "--json"))
    byes = [m for m in report["matches"] if m["b"] is None]
    assert len(byes) == 2 and all(m["winner"] is None for m in byes)


def test_the_same_seed_gives_the_same_output():
    args = ("--format", "double_elimination", "--players", "5", "--seed", "9", "--json")
    assert simulate(*args) == simulate(*args)


def test_the_knockout_champion_is_ranked_first():
    report = json.loads(simulate("--format", "single_elimination", "--players", "4", "--seed",
                                 "2", "--json"))
    final = report["matches"][-1]
    assert report["standings"][0]["player"] == final["winner"]
    assert report["standings"][1]["player"] in (final["a"], final["b"])


def test_without_json_a_readable_table():
    text = simulate("--format", "round_robin", "--players", "3", "--seed", "1")
    assert "Round 1" in text and "bye" in text and "Standings" in text


def test_the_scratch_club_can_be_kept():
    simulate("--format", "round_robin", "--players", "2", "--seed", "1", "--keep")
    club = Club.objects.get()
    assert club.name.startswith("Simulation ")
    assert Competition.objects.get(season__club=club).status == Competition.Status.FINISHED


@pytest.mark.parametrize("args", [
    ("--format", "swiss", "--players", "1", "--seed", "1"),
    ("--format", "swiss", "--players", "4", "--rounds", "4", "--seed", "1"),
    ("--format", "round_robin", "--players", "4", "--rounds", "2", "--seed", "1"),
])
def test_impossible_fields_are_refused(args):
    with pytest.raises(CommandError):
        simulate(*args)


@pytest.mark.follow_ups
def test_seed_demo_makes_a_living_club_and_only_once():
    out = StringIO()
    call_command("seed_demo", stdout=out, stderr=StringIO())
    club = Club.objects.get(name="Riverside Gin Club")
    assert club.players.count() == 24 and club.players.filter(user__isnull=True).count() == 0
    assert club.organizers.filter(username="organizer").exists()
    assert get_user_model().objects.get(username="alice").check_password("gin-demo")
    knockout = Competition.objects.get(name="Autumn Knockout")
    assert knockout.status == Competition.Status.FINISHED
    league = Competition.objects.get(name="Thursday League")
    assert league.status == Competition.Status.RUNNING and league.entries.count() == 12
    counts = {s: league.matches.filter(status=s).count() for s in Match.Status.values}
    assert counts[Match.Status.CONFIRMED] == 27
    assert (counts[Match.Status.REPORTED], counts[Match.Status.DISPUTED]) == (2, 1)
    assert ResultReport.objects.filter(status=ResultReport.Status.DISPUTED).count() == 1
    assert RatingPeriod.objects.filter(club=club).exists()
    assert_the_league_has_a_schedule(league)
    assert_the_demo_users_are_told(club)
    assert_a_club_night_is_under_way(league)
    assert "alice" in out.getvalue() and "gin-demo" in out.getvalue()
    with pytest.raises(CommandError, match="exists already"):
        call_command("seed_demo", stdout=StringIO(), stderr=StringIO())
    again = StringIO()
    call_command("seed_demo", "--if-empty", stdout=again, stderr=StringIO())
    assert "nothing done" in again.getvalue() and Club.objects.count() == 1


def assert_a_club_night_is_under_way(league: Competition) -> None:
    """The Tuesday Swiss's night open, six checked in, round 1 paired from them at tables; the
    league's next night scheduled."""
    swiss = Competition.objects.get(name="Tuesday Swiss")
    night = swiss.nights.get(status="open")
    assert night.check_ins.filter(left_at=None).count() == 6
    round_ = swiss.rounds.get()
    assert round_.night == night
    assert sorted(round_.matches.values_list("table", flat=True)) == ["1", "2", "3"]
    assert league.nights.get().status == "scheduled"


def assert_the_league_has_a_schedule(league: Competition) -> None:
    """Every round has its week; rounds 5 on have a club night with a table per match, round 5
    is overdue, and a time is proposed in round 6; the feed has an event per timed match."""
    rounds = list(league.rounds.order_by("number"))
    assert all(r.starts_on and r.play_by and r.starts_on <= r.play_by for r in rounds)
    timed = league.matches.filter(scheduled_at__isnull=False, round__number__gte=5)
    assert timed.count() == league.matches.filter(round__number__gte=5).count() == 42
    assert not timed.filter(table="").exists()
    club = league.season.club
    overdue = [m for m in league.matches.filter(round__number=5) if is_overdue(m, club)]
    assert len(overdue) == 3  # the disputed one and the two reported ones
    assert league.matches.filter(proposed_at__isnull=False, round__number=6).count() == 1
    feed = Client().get(f"/competitions/{league.pk}/fixtures.ics")
    events = list(Calendar.from_ical(feed.content).walk("VEVENT"))
    assert sum("TZID" in e["dtstart"].params for e in events) >= 42


def assert_the_demo_users_are_told(club: Club) -> None:
    """The tasks' notifications of the demo's events: the past ones read, and unread what waits
    now (the overdue matches and the dispute for the organizer, an open challenge due within a
    day for its players); the header counts them."""
    unread = Notification.objects.filter(read_at__isnull=True)
    organizer = club.organizers.get(username="organizer")
    assert sorted(unread.filter(user=organizer).values_list("kind", flat=True)) == sorted(
        [Kind.MATCH_OVERDUE] * 3 + [Kind.DISPUTE_TO_DECIDE])
    ladder = Competition.objects.get(name="Riverside Ladder")
    [open_challenge] = ladder.challenges.filter(status=LadderChallenge.Status.OPEN)
    challenged = open_challenge.challenged.player.user
    told = set(unread.filter(user=challenged).values_list("kind", flat=True))
    # and, if tonight's Swiss paired the challenged player, that round; if he has not signed up
    # for the competition taking sign-ups, its opening
    assert told - {Kind.ROUND_PAIRED, Kind.SIGN_UPS_OPEN} == {Kind.LADDER_CHALLENGED,
                                                              Kind.DEADLINE_NEAR}
    assert ladder.challenges.filter(status=LadderChallenge.Status.FORFEITED).count() == 1
    assert set(Notification.objects.values_list("kind", flat=True)) >= {
        Kind.LADDER_SETTLED, Kind.MATCH_READY, Kind.ROUND_PAIRED, Kind.RESULT_TO_CONFIRM}
    # Nothing unread tells of a result long confirmed.
    assert not unread.filter(kind=Kind.RESULT_TO_CONFIRM,
                             link__in=[m.get_absolute_url() for m in Match.objects.filter(
                                 status=Match.Status.CONFIRMED)]).exists()
    visitor = Client()
    visitor.force_login(organizer)
    page = visitor.get("/notifications/").content.decode()
    assert 'aria-label="Notifications, 4 unread"' in page and "A match is overdue" in page


def test_a_groups_then_knockout_championship_is_simulated_to_its_champion():
    report = json.loads(simulate("--format", "groups_knockout", "--players", "16", "--seed", "3",
                                 "--json"))
    # Four groups of four play six matches each; the knockout of eight plays seven.
    assert len(report["matches"]) == 4 * 6 + 7
    placings = report["standings"]
    assert len(placings) == 16 and placings[0]["rank"] == 1
    assert {p["stage"] for p in placings[:8]} == {2}
    assert {p["stage"] for p in placings[8:]} == {1}


def test_groups_then_groups_then_a_knockout_are_simulated_to_the_champion():
    report = json.loads(simulate("--format", "groups_groups_knockout", "--players", "16",
                                 "--seed", "3", "--json"))
    # Four groups of four (24 matches), two groups of the top eight (12), a knockout of four (3).
    assert len(report["matches"]) == 24 + 12 + 3
    placings = report["standings"]
    assert len(placings) == 16 and placings[0]["rank"] == 1
    assert [p["stage"] for p in placings] == [3] * 4 + [2] * 4 + [1] * 8


def test_a_swiss_with_a_top_eight_cut_is_simulated_to_its_champion():
    report = json.loads(simulate("--format", "swiss_top_cut", "--players", "12", "--rounds", "4",
                                 "--seed", "5", "--json"))
    assert len(report["matches"]) == 4 * 6 + 7
    assert [p["stage"] for p in report["standings"][:8]] == [2] * 8


def test_a_round_robin_of_hollywood_matches_is_simulated():
    simulate("--format", "round_robin", "--players", "3", "--hollywood", "--seed", "4", "--keep")
    competition = Competition.objects.get(name="Simulated")
    assert competition.status == Competition.Status.FINISHED
    played = competition.matches.exclude(kind=Match.Kind.BYE)
    assert played.count() == 3
    for match in played:
        (game,) = match.games.all()
        assert game.is_hollywood and game.status == "finished"
        assert (match.games_a, match.games_b) == (game.columns_a, game.columns_b)
        assert game.columns_a + game.columns_b == 3


def test_a_month_of_ladder_challenges_is_simulated():
    report = json.loads(simulate("--format", "ladder", "--players", "8", "--days", "30",
                                 "--seed", "2", "--json"))
    positions = [p["position"] for p in report["positions"]]
    assert positions == list(range(1, 9))  # still a ladder of eight places
    assert len({p["player"] for p in report["positions"]}) == 8
    settled = sum(n for status, n in report["challenges"].items() if status != "open")
    assert settled >= 5
    assert report["challenges"].get("forfeited", 0) >= 1  # some were never played in time
