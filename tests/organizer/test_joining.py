"""A user with an account asks to play in a club; an organizer accepts (a player linked to
the user) or refuses."""

import pytest
from django.urls import reverse

from league.clubs.models import JoinRequest, Player
from league.clubs.services.joining import accept_request, ask_to_join, refuse_request
from league.core.errors import NotAllowed, ServiceError
from tests.factories import UserFactory

from .conftest import sign_in

pytestmark = pytest.mark.django_db


def test_an_accepted_request_makes_a_player_linked_to_the_user(people):
    user = UserFactory()
    asked = ask_to_join(people.club, user=user, name=" Nora  North ")
    player = accept_request(asked, actor=people.organizer)
    assert (player.club, player.user, player.name) == (people.club, user, "Nora North")
    assert JoinRequest.objects.get(pk=asked.pk).decided_by == people.organizer


def test_a_refused_request_makes_no_player_and_may_be_asked_again(people):
    user = UserFactory()
    asked = ask_to_join(people.club, user=user, name="Nora")
    refuse_request(asked, actor=people.organizer)
    assert not Player.objects.filter(user=user).exists()
    with pytest.raises(ServiceError, match="refused already"):
        accept_request(asked, actor=people.organizer)
    assert ask_to_join(people.club, user=user, name="Nora").status == JoinRequest.Status.PENDING


def test_asking_twice_or_as_a_player_is_refused(people):
    user = UserFactory()
    ask_to_join(people.club, user=user, name="Nora")
    with pytest.raises(ServiceError, match=r"asked to join .* already"):
        ask_to_join(people.club, user=user, name="Nora")
    with pytest.raises(ServiceError, match="are a player of"):
        ask_to_join(people.club, user=people.player, name="Pat Again")


def test_a_visitor_cannot_ask(people):
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(NotAllowed):
        ask_to_join(people.club, user=AnonymousUser(), name="Nora")


def test_accepting_a_name_the_club_has_is_refused_with_the_way_out(people):
    asked = ask_to_join(people.club, user=UserFactory(), name="pat")
    with pytest.raises(ServiceError, match="claim link"):
        accept_request(asked, actor=people.organizer)
    assert JoinRequest.objects.get(pk=asked.pk).status == JoinRequest.Status.PENDING


def test_only_an_organizer_answers(people):
    asked = ask_to_join(people.club, user=UserFactory(), name="Nora")
    with pytest.raises(NotAllowed):
        accept_request(asked, actor=people.other_organizer)
    with pytest.raises(NotAllowed):
        refuse_request(asked, actor=people.player)


def test_the_pages_ask_list_and_accept(client, people):
    user = UserFactory()
    sign_in(client, user)
    url = reverse("club-join", args=[people.club.slug])
    assert "Ask to join" in client.get(url).content.decode()
    assert client.post(url, {"name": ""}).status_code == 422
    assert client.post(url, {"name": "Nora North"}).status_code == 302
    assert "an organizer of the club will answer" in client.get(url).content.decode()
    sign_in(client, people.organizer)
    dashboard = client.get(reverse("organizer-club", args=[people.club.slug])).content.decode()
    assert "Asking to join" in dashboard and "Nora North" in dashboard
    asked = JoinRequest.objects.get(user=user)
    assert client.post(reverse("join-request-accept", args=[asked.pk])).status_code == 302
    assert Player.objects.get(user=user).name == "Nora North"
    response = client.post(reverse("join-request-refuse", args=[asked.pk]))
    assert response.status_code == 422 and "accepted already" in response.content.decode()


def test_a_visitor_is_sent_to_sign_in_and_a_stranger_cannot_answer(client, people):
    response = client.get(reverse("club-join", args=[people.club.slug]))
    assert response.status_code == 302 and "next=" in response.url
    asked = ask_to_join(people.club, user=UserFactory(), name="Nora")
    sign_in(client, people.player)
    assert client.post(reverse("join-request-accept", args=[asked.pk])).status_code == 403
    assert JoinRequest.objects.get(pk=asked.pk).status == JoinRequest.Status.PENDING
