"""What a user types that the site cannot take is refused next to the field, or with a 400:
never a server error."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from league.clubs.models import Player
from league.clubs.services.players import add_player, claim_token, sign_up_and_claim
from league.core.errors import ServiceError
from tests.factories import CompetitionFactory, UserFactory

from .conftest import sign_in

pytestmark = pytest.mark.django_db
GOOD_PASSWORD = "gin-and-big-gin-31"
FULLWIDTH_ALICE = "\uff41\uff4c\uff49\uff43\uff45"  # fullwidth letters: "alice" once normalised (NFKC)


@pytest.mark.parametrize("query", ["q=%00", "q=pat%00", "%00=1"])
def test_a_nul_in_the_entries_filter_is_a_400(client, people, query):
    competition = CompetitionFactory(season=people.season, status="draft")
    sign_in(client, people.organizer)
    url = reverse("competition-entries", args=[competition.pk])
    response = client.get(f"{url}?{query}")
    assert response.status_code == 400
    assert client.get(f"{url}?q=pat").status_code == 200


def test_a_claim_sign_up_with_a_look_alike_of_a_taken_name_is_refused_on_the_form(client, people):
    UserFactory(username="alice")
    newcomer = add_player(people.club, actor=people.organizer, name="Alice Liddell")
    accounts = get_user_model().objects.count()
    url = reverse("player-claim", args=[claim_token(newcomer, actor=people.organizer)])
    response = client.post(url, {"username": FULLWIDTH_ALICE, "password1": GOOD_PASSWORD,
                                 "password2": GOOD_PASSWORD})
    assert response.status_code == 422
    assert "That username is taken" in response.content.decode()
    assert get_user_model().objects.count() == accounts  # no account made
    assert Player.objects.get(pk=newcomer.pk).user is None


def test_the_sign_up_service_refuses_a_look_alike_of_a_taken_name(people):
    UserFactory(username="alice")
    newcomer = add_player(people.club, actor=people.organizer, name="Alice Liddell")
    token = claim_token(newcomer, actor=people.organizer)
    with pytest.raises(ServiceError, match="That username is taken") as refused:
        sign_up_and_claim(token, username=FULLWIDTH_ALICE, password=GOOD_PASSWORD)
    assert refused.value.field == "username"
    assert Player.objects.get(pk=newcomer.pk).user is None


@pytest.mark.parametrize(("name", "problem"), [
    ("\u200b", "invisible or control character"),
    ("\u200b \u200b\u2060", "invisible or control character"),
    ("Pat\u202eredro", "invisible or control character"),
    ("\u2067Nora\u2069", "invisible or control character"),
])
def test_a_player_name_that_cannot_be_shown_as_typed_is_refused(people, name, problem):
    with pytest.raises(ServiceError, match=problem) as refused:
        add_player(people.club, actor=people.organizer, name=name)
    assert refused.value.field == "name"
    assert not Player.objects.filter(club=people.club).exclude(name="Pat").exists()


def test_a_player_name_refused_on_the_organizers_page_is_a_form_error(client, people):
    sign_in(client, people.organizer)
    response = client.post(reverse("organizer-add-player", args=[people.club.slug]),
                           {"name": "\u200b"})
    assert response.status_code == 422
    assert "invisible or control character" in response.content.decode()


def test_names_in_any_script_are_welcome(people):
    for name in ("Zoë Quill", "Ólafur", "山田 太郎", "نور"):
        assert add_player(people.club, actor=people.organizer, name=name).name == name
