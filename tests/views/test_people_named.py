"""People are shown by their names: the player's name in the club where they have one, else the
account's full name; the user name (often an e-mail's first part) only when nothing else exists."""

import pytest
from django.urls import reverse

from league.competitions.models import Match
from league.competitions.results.services import report_result
from league.competitions.views.history import person
from tests.factories import PlayerFactory, UserFactory, finished_game

from .conftest import sign_in

pytestmark = pytest.mark.django_db


def test_the_paper_page_names_the_reporter_by_his_player_name(client, cast):
    match = cast.match
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS)
    finished_game(match, 1, "A")
    report_result(match.pk, actor=cast.player_a)
    sign_in(client, cast.organizer)
    page = client.get(reverse("match-paper", args=[match.pk])).content.decode()
    assert f"{match.entry_a.player.name} reported winning, 1–0." in page
    assert cast.player_a.get_username() not in page


def test_the_club_page_names_its_organizers_by_name_never_by_login(client, cast):
    club = cast.match.competition.season.club
    playing = UserFactory(username="sec")
    PlayerFactory(club=club, user=playing, name="Sarah Cole")
    named = UserFactory(username="treasurer", first_name="Tom", last_name="Reed")
    club.organizers.set([playing, named])
    sign_in(client, cast.organizer)
    page = client.get(reverse("club", args=[club.slug])).content.decode()
    assert "Organized by Sarah Cole, Tom Reed." in page or "Organized by Tom Reed, Sarah Cole." in page
    assert "sec" not in page.split("Organized by")[1].split("</p>")[0]


def test_an_organizer_in_a_match_history_is_named_by_his_full_name(cast):
    cast.organizer.first_name, cast.organizer.last_name = "Olive", "Grant"
    cast.organizer.save()
    assert person(cast.organizer, cast.match) == "Olive Grant"


def test_a_person_with_no_name_at_all_is_named_by_the_user_name(cast):
    assert person(cast.organizer, cast.match) == cast.organizer.get_username()
