"""The organizer's page of a club: competitions by status, what waits for them (disputes,
decisions, results to confirm, matches past their play-by date), the latest changes, the players; in a fixed number of
queries whatever the rows. Adding a player and making a claim link."""

from datetime import date, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.clubs.models import Player
from league.competitions.models import AuditEntry, Competition, FollowUp, Match, ResultReport
from league.games.models import Game, TableRuling
from league.ratings.models import RatingPeriod
from tests.factories import CompetitionFactory, MatchFactory, PlayerFactory

from .conftest import draft, sign_in

pytestmark = pytest.mark.django_db
SIZES = [2, 6]
# the user; for the header whether the user organizes a club and the unread notifications (each
# then cached; the session is read from the cache its sign-in filled)
SIGNED_IN = 3
WAITED = timedelta(minutes=6)


def url(people) -> str:
    return reverse("organizer-club", args=[people.club.slug])


def busy_club(people, n: int) -> None:
    """n of everything the page lists, and as much in another club that must not show."""
    for club_season in (people.season, None):
        extra = {"competition__season": club_season} if club_season else {}
        for i in range(n):
            disputed = MatchFactory(status=Match.Status.DISPUTED, **extra)
            reported = MatchFactory(competition=disputed.competition, status=Match.Status.REPORTED)
            ResultReport.objects.create(match=reported, winner=reported.entry_a, games_a=1,
                                        reported_by=reported.entry_a.player.user)
            AuditEntry.objects.create(match=disputed, action="needs decision",
                                      comment=f"decide {i}")
            AuditEntry.objects.create(match=reported, actor=people.organizer, action="corrected")
            CompetitionFactory(season=disputed.competition.season,
                               status=Competition.Status.FINISHED)
            PlayerFactory(club=disputed.competition.season.club)
            Match.objects.filter(pk=disputed.pk).update(play_by=date(2020, 1, 5))  # overdue
            game = Game.objects.create(match=disputed, number=1, ruleset={}, target_score=100)
            TableRuling.objects.create(game=game, hand_number=1, irregularity="exposed_card",
                                       status=TableRuling.Status.DISPUTED, proposed_side="A")
            waiting = FollowUp.objects.create(kind=FollowUp.Kind.RATE, match=reported,
                                              competition=reported.competition)
            FollowUp.objects.filter(pk=waiting.pk).update(created=timezone.now() - WAITED)


@pytest.mark.parametrize("n", SIZES)
def test_the_dashboard_runs_a_fixed_number_of_queries(client, people, django_assert_num_queries, n):
    busy_club(people, n)
    sign_in(client, people.organizer)
    # the club, is-organizer; competitions; disputes; reports; decisions; recent audit;
    # follow-up work waiting; rating period; players; hands flagged as wrong; requests to join;
    # the club nights open and scheduled; the matches past their play-by date; the names of
    # the people shown who play in no club; the rulings at the table not agreed
    with django_assert_num_queries(SIGNED_IN + 16):
        response = client.get(url(people))
    html = response.content.decode()
    assert html.count("Resolve<span") == n
    assert html.count(">Decide<span") == n
    assert html.count("Reported by ") == n
    assert html.count("Rate the result after") == n
    assert html.count('>Choose</a>') == n  # an overdue match's choices
    assert html.count("Decide the ruling<span") == n


def test_the_dashboard_lists_the_clubs_own_rows_only(client, people):
    busy_club(people, 1)
    elsewhere = Match.objects.exclude(competition__season__club=people.club).first()
    sign_in(client, people.organizer)
    html = client.get(url(people)).content.decode()
    assert "decide 0" in html
    assert reverse("match", args=[elsewhere.pk]) not in html


def test_a_decided_match_no_longer_waits(client, people):
    match = MatchFactory(competition__season=people.season)
    AuditEntry.objects.create(match=match, action="needs decision", comment="was A v B")
    AuditEntry.objects.create(match=match, action="decision: kept", comment="kept")
    sign_in(client, people.organizer)
    html = client.get(url(people)).content.decode()
    assert "Matches needing a decision" not in html
    assert "Nothing waits for you" in html


def test_follow_up_work_waiting_longer_than_a_few_minutes_is_shown_until_done(client, people):
    match = MatchFactory(competition__season=people.season, status=Match.Status.CONFIRMED)
    work = FollowUp.objects.create(kind=FollowUp.Kind.PROGRESS, match=match,
                                   competition=match.competition)
    sign_in(client, people.organizer)
    assert "Follow-up work waiting" not in client.get(url(people)).content.decode()  # just now
    FollowUp.objects.filter(pk=work.pk).update(created=timezone.now() - WAITED)
    html = client.get(url(people)).content.decode()
    assert "Follow-up work waiting" in html and "Progress the competition after" in html
    assert "Nothing waits for you" not in html
    FollowUp.objects.filter(pk=work.pk).update(done_at=timezone.now())
    assert "Follow-up work waiting" not in client.get(url(people)).content.decode()


def test_rating_again_after_a_stage_drawn_again_is_shown_while_it_waits(client, people):
    match = MatchFactory(competition__season=people.season)
    FollowUp.objects.create(kind=FollowUp.Kind.RATE_AGAIN, competition=match.competition,
                            rate_from=timezone.now())
    FollowUp.objects.update(created=timezone.now() - WAITED)
    sign_in(client, people.organizer)
    response = client.get(url(people))
    assert response.status_code == 200
    assert "Rate again after removed results: results since" in response.content.decode()


def test_competitions_by_status_with_their_next_step(client, people):
    prepared = draft(people, name="Spring Cup")
    running = CompetitionFactory(season=people.season, name="Winter League")
    sign_in(client, people.organizer)
    html = client.get(url(people)).content.decode()
    assert "Being prepared" in html and "Spring Cup" in html
    assert reverse("competition-entries", args=[prepared.pk]) in html
    assert reverse("organizer-matches", args=[running.pk]) in html
    assert "Finished" not in html


def test_an_empty_club_says_what_to_do_next(client, people):
    sign_in(client, people.organizer)
    html = client.get(url(people)).content.decode()
    assert "No competition yet." in html
    assert "Nothing has happened to a result yet." in html
    assert "No rating period yet" in html


def test_the_latest_rating_run_is_shown(client, people):
    for monday in (date(2025, 3, 3), date(2025, 3, 10)):
        RatingPeriod.objects.create(club=people.club, starts_on=monday, system="glicko2",
                                    rated_unit="game", tau=0.5, results=4)
    sign_in(client, people.organizer)
    html = client.get(url(people)).content.decode()
    assert "up to the week of 10 Mar 2025 (Glicko-2, 4 results that week)" in html


# Players -----------------------------------------------------------------------------------------


def test_an_organizer_adds_a_player(client, people):
    sign_in(client, people.organizer)
    response = client.post(reverse("organizer-add-player", args=[people.club.slug]),
                           {"name": "Zoë Quill"})
    assert response.status_code == 302
    assert Player.objects.filter(club=people.club, name="Zoë Quill", user=None).exists()
    assert "Zoë Quill is a player of The Knock Club." in client.get(url(people)).content.decode()


def test_a_name_taken_is_refused_next_to_the_name_and_kept(client, people):
    sign_in(client, people.organizer)
    response = client.post(reverse("organizer-add-player", args=[people.club.slug]),
                           {"name": "Pat", "email": "pat@example.org"})
    html = response.content.decode()
    assert response.status_code == 422
    assert "The Knock Club already has a player called Pat." in html
    assert 'value="pat@example.org"' in html
    assert Player.objects.filter(name="Pat").count() == 1


def test_a_bad_email_is_refused_next_to_it(client, people):
    sign_in(client, people.organizer)
    response = client.post(reverse("organizer-add-player", args=[people.club.slug]),
                           {"name": "Quinn", "email": "not an address"})
    assert response.status_code == 422
    assert "Enter a valid email address." in response.content.decode()
    assert not Player.objects.filter(name="Quinn").exists()


def test_a_claim_link_is_shown_for_a_player_without_an_account(client, people):
    una = PlayerFactory(club=people.club, name="Una", user=None)
    sign_in(client, people.organizer)
    html = client.post(reverse("player-claim-link", args=[una.pk])).content.decode()
    assert "Claim link for Una" in html
    assert 'value="http://testserver/claim/' in html
    pat = Player.objects.get(name="Pat")
    refused = client.post(reverse("player-claim-link", args=[pat.pk]))
    assert refused.status_code == 422
    assert "Pat already belongs to an account." in refused.content.decode()


def test_a_match_past_its_play_by_date_waits_with_a_link_to_its_choices(client, people):
    late = MatchFactory(competition__season=people.season, play_by=date(2020, 1, 5))
    MatchFactory(competition=late.competition, play_by=date(2020, 1, 5),
                 status=Match.Status.CONFIRMED)  # played: not late
    sign_in(client, people.organizer)
    html = client.get(url(people)).content.decode()
    choices = reverse("organizer-matches", args=[late.competition_id]) + f"#overdue-{late.pk}"
    assert "Matches past their play-by date" in html and html.count(choices) == 1
    Match.objects.filter(pk=late.pk).update(play_by=timezone.localdate() + timedelta(days=7))
    assert "Matches past their play-by date" not in client.get(url(people)).content.decode()
