"""A player's name is kept in one form (NFKC, trimmed, single spaces, no invisible characters)
and is the club's once, in any case; a clash is said next to the name, never a server error."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from league.clubs.models import Player
from league.clubs.services.players import add_player
from league.core.errors import ServiceError
from tests.factories import PlayerFactory

from .conftest import sign_in

pytestmark = pytest.mark.django_db


def test_a_fullwidth_name_is_stored_plain(people):
    assert add_player(people.club, actor=people.organizer, name="ＡＮＮ　Ｏｎｅ").name == "ANN One"


@pytest.mark.parametrize("taken", ["pat", "PAT", " Ｐａｔ "])
def test_a_name_taken_in_another_case_or_width_is_refused_on_the_name(people, taken):
    with pytest.raises(ServiceError) as refused:
        add_player(people.club, actor=people.organizer, name=taken)
    assert refused.value.field == "name"
    assert Player.objects.filter(club=people.club, name__iexact="pat").count() == 1


def test_the_same_name_in_another_club_is_fine(people):
    PlayerFactory(name="Quinn")
    assert add_player(people.club, actor=people.organizer, name="quinn").club == people.club


@pytest.mark.parametrize("name", ["\u200b", "Ann\u200bOne", "\u202eenO nnA", "Ann\u2066One",
                                  "   "])
def test_a_name_invisible_or_reordering_or_empty_is_refused(people, name):
    with pytest.raises(ServiceError) as refused:
        add_player(people.club, actor=people.organizer, name=name)
    assert refused.value.field == "name"
    assert not Player.objects.filter(club=people.club, name__contains="Ann").exists()


def test_the_database_refuses_a_name_in_another_case_too(people):
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=people.club, name="PAT")


@pytest.mark.parametrize("name", ["PAT", "\u200b", "Zed\u202e"])
def test_the_page_says_what_is_wrong_with_the_name(client, people, name):
    sign_in(client, people.organizer)
    response = client.post(reverse("organizer-add-player", args=[people.club.slug]),
                           {"name": name})
    assert response.status_code == 422
    assert 'class="errorlist' in response.content.decode()
