"""Every page renders for a visitor and for a player, with what it promises, and says what to do
next when it is empty."""

import pytest
from django.urls import reverse

from gameplay.engine import Ruleset
from league.competitions.models import Competition, Match, Round
from league.competitions.results.services import dispute_result, report_result
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EntryFactory,
    MatchFactory,
    PlayerFactory,
    SeasonFactory,
    finished_game,
)

from .conftest import sign_in

pytestmark = pytest.mark.django_db


def page(client, name, *args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200
    return response.content.decode()


def test_home_lists_a_members_clubs_with_their_running_competitions(client):
    running = CompetitionFactory(name="Winter League", status=Competition.Status.RUNNING)
    CompetitionFactory(name="Old Cup", season=running.season, status=Competition.Status.FINISHED)
    quiet = ClubFactory(name="Quiet Club")
    member = PlayerFactory(club=running.season.club).user
    PlayerFactory(club=quiet, user=member)
    client.force_login(member)
    html = page(client, "home")
    assert running.season.club.name in html
    assert "Winter League" in html
    assert "Old Cup" not in html
    assert quiet.name in html
    assert "No competition running just now" in html


def test_home_without_clubs_says_what_to_do(client):
    assert "No club yet" in page(client, "home")


def test_home_shows_a_visitor_no_personal_lists(client, cast):
    html = page(client, "home")
    assert "Results to confirm" not in html
    assert "Your matches to play" not in html


def test_home_shows_a_player_their_matches_to_play(client, cast):
    sign_in(client, cast.player_a)
    html = page(client, "home")
    assert "Your matches to play" in html
    assert reverse("match", args=[cast.match.pk]) in html
    assert "Nothing to confirm" in html


def a_win_for_a_reported_by(cast, reporter) -> None:
    """The cast's match played, its one game won by seat A, and reported by `reporter`."""
    cast.match.status = Match.Status.IN_PROGRESS
    cast.match.save()
    finished_game(cast.match, 1, "A")
    report_result(cast.match.pk, actor=reporter)


def test_home_shows_the_opponent_the_result_awaiting_confirmation(client, cast):
    a_win_for_a_reported_by(cast, cast.player_a)
    sign_in(client, cast.player_b)
    html = page(client, "home")
    assert "Open the match to confirm or dispute it" in html
    assert f"{cast.match.entry_a.player.name} reported winning, 1–0." in html


def test_a_result_reported_by_its_loser_names_the_winner(client, cast):
    a_win_for_a_reported_by(cast, cast.player_b)
    sign_in(client, cast.player_a)
    html = page(client, "home")
    a, b = cast.match.entry_a.player.name, cast.match.entry_b.player.name
    assert f"{b} reported a win for {a}, 1–0." in html
    html = client.get(reverse("match", args=[cast.match.pk])).content.decode()
    assert f"{b} reported a win for {a}, 1–0, on" in html


def test_home_does_not_ask_the_reporter_to_confirm_their_own_report(client, cast):
    a_win_for_a_reported_by(cast, cast.player_a)
    sign_in(client, cast.player_a)
    assert "Nothing to confirm" in page(client, "home")


def test_home_shows_an_organizer_the_disputes_of_their_club_only(client, cast):
    a_win_for_a_reported_by(cast, cast.player_a)
    dispute_result(cast.match.pk, actor=cast.player_b, comment="I won game 1")
    sign_in(client, cast.organizer)
    assert "Disputes to resolve" in page(client, "home")
    client.logout()
    sign_in(client, cast.other_organizer)
    assert "Disputes to resolve" not in page(client, "home")


def test_club_page_shows_seasons_competitions_with_status_and_players(client):
    competition = CompetitionFactory(name="Spring Knockout", status=Competition.Status.DRAFT)
    club = competition.season.club
    PlayerFactory(club=club, name="Ada")
    html = page(client, "club", club.slug)
    assert competition.season.name in html
    assert "Spring Knockout" in html
    assert "Draft" in html
    assert "Ada" in html


def test_empty_club_page_says_what_to_do(client):
    club = ClubFactory()
    html = page(client, "club", club.slug)
    assert "No season yet" in html
    assert "No player yet" in html


def test_unknown_club_is_not_found(client, db):
    assert client.get(reverse("club", args=["no-such-club"])).status_code == 404


def test_competition_page_shows_format_rules_entries_and_fixtures_by_round(client):
    competition = CompetitionFactory(
        name="Autumn League", ruleset=Ruleset.preset("classic").but(target_score=150).to_dict(),
        match_format=Competition.MatchFormat.FIRST_TO, match_games=2,
    )
    match = MatchFactory(competition=competition)
    html = page(client, "competition", competition.pk)
    assert "League (round robin)" in html
    assert "First to 2 games" in html
    assert "#settings\">Classic</a> with house rules" in html
    assert "Target score</a>: <strong>150</strong>" in html
    assert match.entry_a.player.name in html
    assert str(match.round) in html
    assert reverse("match", args=[match.pk]) in html
    assert 'id="standings"' in html


def test_competition_page_shows_a_bye(client):
    competition = CompetitionFactory()
    round_ = Round.objects.create(competition=competition, number=1)
    entry = EntryFactory(competition=competition)
    Match.objects.create(competition=competition, round=round_, entry_a=entry,
                         kind=Match.Kind.BYE, status=Match.Status.CONFIRMED, winner=entry)
    html = page(client, "competition", competition.pk)
    assert f">{entry.player.name}<span class=\"visually-hidden\"> (won)</span></span>" in html
    assert ">bye<" in html


def test_empty_competition_page_says_what_comes_next(client):
    html = page(client, "competition", CompetitionFactory().pk)
    assert "No entries yet" in html
    assert "No rounds yet" in html


def test_match_page_shows_players_status_and_games_with_links_to_scoresheets(client, cast):
    game = finished_game(cast.match, 1, "B")
    html = page(client, "match", cast.match.pk)
    assert cast.match.entry_a.player.name in html
    assert cast.match.entry_b.player.name in html
    assert "Scheduled" in html
    assert reverse("gameplay:scoresheet", args=[game.pk]) in html
    assert "120" in html


def test_match_page_shows_a_visitor_no_actions(client, cast):
    html = page(client, "match", cast.match.pk)
    assert "What you can do" not in html
    assert reverse("match-start-game", args=[cast.match.pk]) not in html
    assert "Sign in" in html


def test_match_page_hides_actions_from_a_player_of_another_match(client, cast):
    sign_in(client, cast.other_player)
    html = page(client, "match", cast.match.pk)
    assert reverse("match-start-game", args=[cast.match.pk]) not in html


def test_match_page_offers_a_player_to_start_a_game(client, cast):
    sign_in(client, cast.player_a)
    html = page(client, "match", cast.match.pk)
    assert reverse("match-start-game", args=[cast.match.pk]) in html


def test_match_page_shows_the_history_with_before_and_after(client, cast):
    a_win_for_a_reported_by(cast, cast.player_a)
    html = page(client, "match", cast.match.pk)
    name_a = cast.match.entry_a.player.name
    # who: the player, by name; what: the action in the reader's words
    assert f'<td data-label="Who">{name_a}</td><td data-label="What">Result reported</td>' in html
    assert f"winner {name_a}, games 1–0, played" in html


def test_player_page_shows_club_competitions_and_recent_matches(client, cast):
    player = cast.match.entry_a.player
    html = page(client, "player", player.pk)
    assert player.name in html
    assert player.club.name in html
    assert cast.match.competition.name in html
    assert reverse("match", args=[cast.match.pk]) in html


def test_new_player_page_says_they_have_not_played(client):
    html = page(client, "player", PlayerFactory().pk)
    assert "Not entered in any competition yet" in html
    assert "No confirmed result yet" in html
    assert "No opponent met yet" in html
    assert "unrated" in html


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("login", "Forgotten your password?"),
        ("account_signup", "Sign up"),
        ("account_reset_password", "Send the link"),
        ("account_reset_password_done", "Look in your mailbox"),
        ("account_reset_password_from_key_done", "Your new password is set"),
    ],
)
def test_sign_in_pages_render(client, db, name, words):
    assert words in page(client, name)


def test_signing_out_goes_home_signed_out(client, cast):
    sign_in(client, cast.player_a)
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "Sign out" not in page(client, "home")


def test_signing_in_returns_to_the_page_asked_for(client, cast):
    cast.player_a.set_password("cards-on-the-table")
    cast.player_a.save()
    target = reverse("match", args=[cast.match.pk])
    response = client.post(reverse("login"), {"login": cast.player_a.username,
                                              "password": "cards-on-the-table", "next": target})
    assert response.status_code == 302
    assert response.headers["Location"] == target


def test_a_season_of_another_club_is_not_on_the_club_page(client):
    season = SeasonFactory(name="Their Season")
    other = ClubFactory()
    assert "Their Season" not in page(client, "club", other.slug)
    assert "Their Season" in page(client, "club", season.club.slug)


def test_a_knockout_match_waiting_for_a_player_says_so(client):
    competition = CompetitionFactory(format=Competition.Format.SINGLE_ELIMINATION)
    round_ = Round.objects.create(competition=competition, number=2)
    entry = EntryFactory(competition=competition)
    match = Match.objects.create(competition=competition, round=round_, entry_a=entry,
                                 status=Match.Status.PENDING)
    html = page(client, "match", match.pk)
    assert "To be decided" in html
    assert "Bye" not in html
    assert "Bracket" in page(client, "competition", competition.pk)
