"""A signed-in player's own parts of the home page (results to confirm, matches to play, sign-ups,
his clubs) are rendered once per version of his home and then read from the cache; whatever
they show changing through the services is on his next visit. The public clubs are cached for
every visitor alike, and each language is served its own copy."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.forms.models import model_to_dict
from django.urls import reverse
from django.utils import timezone

from league.clubs.models import JoinRequest
from league.clubs.services.clubs import accept_invitation, create_club, invitation_token
from league.clubs.services.joining import accept_request, ask_to_join
from league.clubs.services.players import claim_player, claim_token
from league.competitions.entries.sign_ups import open_registration
from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Match
from league.competitions.nights.attendance import check_in
from league.competitions.nights.services import close_night, open_night, schedule_night
from league.competitions.results.services import confirm_result, report_result
from league.games.models import Hand
from league.games.services import HandEntry, record_hand, start_game
from league.games.services.corrections import correct_hand
from tests.factories import ClubFactory, PlayerFactory, SeasonFactory, UserFactory, finished_game
from tests.formats.builders import Club

from .conftest import main_of, sign_in

pytestmark = pytest.mark.django_db

TO_CONFIRM = "Open the match to confirm or dispute it"


def home(client, **headers) -> str:
    response = client.get(reverse("home"), **headers)
    assert response.status_code == 200
    return response.content.decode()


def reported_by_a(cast) -> None:
    """The cast's match played, its one game won by seat A, and reported by A's player."""
    cast.match.status = Match.Status.IN_PROGRESS
    cast.match.save()
    finished_game(cast.match, 1, "A")
    report_result(cast.match.pk, actor=cast.player_a)


def test_a_second_visit_reads_his_own_parts_from_the_cache(client, cast,
                                                           django_assert_num_queries):
    sign_in(client, cast.player_a)
    first = home(client)
    # his session, account and players (the version names them) are cached; no club night is
    # open
    with django_assert_num_queries(0):
        again = home(client)
    assert main_of(again) == main_of(first)
    assert reverse("match", args=[cast.match.pk]) in again


def test_a_new_match_to_play_is_on_the_next_visit(client, cast):
    club = cast.match.competition.season.club
    me = cast.match.entry_a.player
    sign_in(client, cast.player_a)
    assert "Round-robin cup" not in home(client)
    competition = create_competition(SeasonFactory(club=club), actor=cast.organizer,
                                     name="Round-robin cup", format=Competition.Format.LEAGUE)
    register_players(competition, [me, PlayerFactory(club=club)], actor=cast.organizer)
    start_competition(competition.pk, actor=cast.organizer)
    new = Match.objects.get(competition=competition)
    html = home(client)
    assert reverse("match", args=[new.pk]) in html and "Round-robin cup" in html


def test_a_result_reported_waits_for_the_opponents_confirmation_on_the_next_visit(client, cast):
    sign_in(client, cast.player_b)
    assert TO_CONFIRM not in home(client)
    reported_by_a(cast)
    html = home(client)
    assert html.count(TO_CONFIRM) == 1
    assert reverse("match", args=[cast.match.pk]) in html


def test_a_confirmed_result_leaves_the_list_on_the_next_visit(client, cast):
    reported_by_a(cast)
    sign_in(client, cast.player_b)
    assert TO_CONFIRM in home(client)
    confirm_result(cast.match.pk, actor=cast.player_b)
    html = home(client)
    assert TO_CONFIRM not in html and "Nothing to confirm" in html
    assert reverse("match", args=[cast.match.pk]) not in html  # nor left to play


def test_a_club_joined_is_on_the_next_visit(client, cast):
    other = ClubFactory(name="Riverside Gin")
    sign_in(client, cast.player_a)
    assert 'aria-labelledby="your-clubs"' in home(client)
    request = ask_to_join(other, user=cast.player_a, name="Ada")
    other.organizers.add(cast.other_organizer)
    html = home(client)
    assert html.count(">Riverside Gin</a></h3>") == 0  # asked, not yet a player
    accept_request(JoinRequest.objects.get(pk=request.pk), actor=cast.other_organizer)
    assert html.count(">Riverside Gin</a></h3>") == 0
    assert home(client).count(">Riverside Gin</a></h3>") == 1


def test_a_player_claimed_brings_his_match_on_the_next_visit(client, cast):
    newcomer = UserFactory()
    sign_in(client, newcomer)
    match_link = reverse("match", args=[cast.match.pk])
    assert match_link not in home(client)  # his list of players, empty, is cached now
    player = cast.match.entry_a.player
    player.user = None
    player.save()
    claim_player(claim_token(player, actor=cast.organizer), user=newcomer)
    assert match_link in home(client)


def test_a_player_the_admin_moves_to_another_account_leaves_the_first_ones_home(
        client, admin_client, cast):
    sign_in(client, cast.player_a)
    match_link = reverse("match", args=[cast.match.pk])
    assert match_link in home(client)  # his players, cached
    player = cast.match.entry_a.player
    newcomer = UserFactory()
    fields = {name: "" if value is None else value
              for name, value in model_to_dict(player).items()}
    response = admin_client.post(reverse("admin:clubs_player_change", args=[player.pk]),
                                 {**fields, "user": newcomer.pk})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert match_link not in home(client)
    sign_in(client, newcomer)
    assert match_link in home(client)


def test_a_club_he_comes_to_organize_is_on_the_next_visit(client):
    founder, newcomer = UserFactory(), UserFactory()
    club = create_club(actor=founder, name="Harbour Gin")
    sign_in(client, newcomer)
    assert 'aria-labelledby="your-clubs"' not in home(client)
    accept_invitation(invitation_token(club, actor=founder), user=newcomer)
    html = home(client)
    assert 'aria-labelledby="your-clubs"' in html and ">Harbour Gin</a></h3>" in html


def test_a_sign_up_leaves_the_home_page_when_it_closes(client, cast, time_machine):
    club = cast.match.competition.season.club
    draft = create_competition(SeasonFactory(club=club), actor=cast.organizer,
                               name="Spring knockout",
                               format=Competition.Format.SINGLE_ELIMINATION)
    now = timezone.now()
    time_machine.move_to(now)
    open_registration(draft.pk, actor=cast.organizer, closes_at=now + timedelta(hours=2))
    sign_in(client, cast.player_a)
    assert "Spring knockout" in home(client)
    time_machine.move_to(now + timedelta(hours=3))
    assert "Spring knockout" not in home(client)


def test_each_language_is_served_its_own_copy(client, cast):
    sign_in(client, cast.player_a)
    assert "Your matches to play" in home(client)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    spanish = home(client)
    assert "Your matches to play" not in spanish
    assert 'lang="es"' in spanish
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "Your matches to play" in home(client)


def test_a_club_made_public_is_listed_to_visitors_on_the_next_visit(client):
    founder = UserFactory()
    club = create_club(actor=founder, name="Lantern Gin")
    club.is_public = False
    club.save()
    assert "Lantern Gin" not in home(client)
    club.is_public = True
    club.save()
    assert "Lantern Gin" in home(client)


def test_a_hand_corrected_under_a_pending_report_changes_the_result_on_the_next_visit(client):
    club = Club(4)
    match = (club.competition(Competition.Format.SINGLE_ELIMINATION).matches
             .select_related("entry_a__player", "entry_b__player").get(key="W1-0"))
    player_a, player_b = match.entry_a.player, match.entry_b.player
    game = start_game(match.pk, actor=player_a.user)
    # A reaches 105 at hand 7, B 90; hand 2, A's knock for 50, was B's for 15
    hands = [("B", 40), ("A", 50), ("B", 30), ("A", 10), ("B", 20), ("A", 20), ("A", 25)]
    for number, (winner, points) in enumerate(hands, start=1):
        record_hand(game.pk, HandEntry("knock", winner, points, expected_number=number),
                    actor=player_a.user)
    report_result(match.pk, actor=player_a.user)
    sign_in(client, player_b.user)
    assert f"{player_a.name} reported winning, 1–0" in home(client)
    correct_hand(Hand.objects.get(game=game, number=2).pk, HandEntry("knock", "B", 15),
                 actor=club.organizer, comment="B's knock for 15, per both players")
    html = home(client)
    assert f"{player_a.name} reported a win for {player_b.name}, 0–1" in html


def test_a_club_night_opened_and_closed_is_on_the_next_visit(client, cast):
    competition = cast.match.competition
    sign_in(client, cast.player_a)
    assert "Check in" not in home(client)
    night = schedule_night(competition.pk, actor=cast.organizer,
                           starts_at=timezone.now() + timedelta(hours=1))
    assert "Check in" not in home(client)
    open_night(competition.pk, actor=cast.organizer, night_id=night.pk)
    html = home(client)
    assert "Check in" in html and reverse("club-night", args=[night.pk]) in html
    check_in(night.pk, actor=cast.player_a)
    html = home(client)  # read on every visit while the night is open
    assert "You are checked in" in html and "Check in</button>" not in html
    close_night(night.pk, actor=cast.organizer)
    assert reverse("club-night", args=[night.pk]) not in home(client)


def test_his_parts_drawn_anew_look_the_public_clubs_copy_up_once(client, cast, monkeypatch):
    from django.core.cache import caches

    sign_in(client, cast.player_a)
    visitor = home(client.__class__())  # the public clubs' copy cached by a visitor first
    reported_by_a(cast)  # his parts change: drawn anew on his next visit
    fragments = caches["template_fragments"]
    asked = []
    get = fragments.get
    monkeypatch.setattr(fragments, "get", lambda key, *args, **kwargs: (
        asked.append(key), get(key, *args, **kwargs))[1])
    page = home(client)
    assert len([key for key in asked if key.startswith("home-clubs:")]) == 1
    club = cast.match.competition.season.club.name
    assert club in visitor and club in page  # the public clubs, listed on both
