"""Sign-ups: open with a closing time and a cap; a signed-in player of the club enters or
withdraws himself before the start; the organizer still edits the entries."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.clubs.models import Player
from league.clubs.services.joining import accept_request, ask_to_join
from league.clubs.services.player_records import retire_player
from league.competitions.entries.sign_ups import (
    close_registration,
    open_registration,
    sign_up,
    withdraw_sign_up,
)
from league.competitions.formats.competitions import register_players
from league.competitions.formats.draws import start_competition
from league.competitions.models import Competition, Entry
from league.core.errors import NotAllowed, ServiceError
from tests.factories import PlayerFactory, UserFactory

from .conftest import draft, sign_in

pytestmark = pytest.mark.django_db


def pat(people) -> Player:
    return Player.objects.get(club=people.club, user=people.player)


def opened(people, **options) -> Competition:
    competition = draft(people)
    open_registration(competition.pk, actor=people.organizer, **options)
    return competition


def test_a_player_of_the_club_signs_up_and_withdraws(people):
    competition = opened(people)
    entry = sign_up(competition.pk, user=people.player)
    assert entry.player == pat(people)
    with pytest.raises(ServiceError, match=r"entered in .* already"):
        sign_up(competition.pk, user=people.player)
    withdraw_sign_up(competition.pk, user=people.player)
    assert not competition.entries.exists()
    with pytest.raises(ServiceError, match="not entered"):
        withdraw_sign_up(competition.pk, user=people.player)


def test_no_sign_up_where_registration_is_not_open(people):
    competition = draft(people)
    with pytest.raises(ServiceError, match="does not take sign-ups"):
        sign_up(competition.pk, user=people.player)
    open_registration(competition.pk, actor=people.organizer)
    close_registration(competition.pk, actor=people.organizer)
    with pytest.raises(ServiceError, match="does not take sign-ups"):
        sign_up(competition.pk, user=people.player)


def test_no_sign_up_after_the_closing_time(people):
    competition = opened(people, closes_at=timezone.now() + timedelta(hours=1))
    Competition.objects.filter(pk=competition.pk).update(
        registration_closes_at=timezone.now() - timedelta(minutes=1))
    with pytest.raises(ServiceError, match="Sign-ups closed on"):
        sign_up(competition.pk, user=people.player)


def test_a_closing_time_in_the_past_and_a_cap_below_two_are_refused(people):
    competition = draft(people)
    with pytest.raises(ServiceError) as refused:
        open_registration(competition.pk, actor=people.organizer,
                          closes_at=timezone.now() - timedelta(hours=1))
    assert refused.value.field == "closes_at"
    with pytest.raises(ServiceError) as refused:
        open_registration(competition.pk, actor=people.organizer, cap=1)
    assert refused.value.field == "cap"


def test_the_cap_is_kept(people):
    competition = opened(people, cap=2)
    register_players(competition, [PlayerFactory(club=people.club, user=None),
                                   PlayerFactory(club=people.club, user=None)],
                     actor=people.organizer)
    with pytest.raises(ServiceError, match="is full: 2 players"):
        sign_up(competition.pk, user=people.player)


def test_no_sign_up_or_withdrawal_after_the_start(people):
    competition = opened(people)
    sign_up(competition.pk, user=people.player)
    register_players(competition, [PlayerFactory(club=people.club, user=None)],
                     actor=people.organizer)
    start_competition(competition.pk, actor=people.organizer)
    with pytest.raises(ServiceError, match="started"):
        withdraw_sign_up(competition.pk, user=people.player)
    other = UserFactory()
    PlayerFactory(club=people.club, user=other)
    with pytest.raises(ServiceError, match="closed when the competition started"):
        sign_up(competition.pk, user=other)


def test_only_players_of_the_club_sign_up_and_a_new_member_may(people):
    competition = opened(people)
    newcomer = UserFactory()
    with pytest.raises(NotAllowed, match="ask to join"):
        sign_up(competition.pk, user=newcomer)
    accept_request(ask_to_join(people.club, user=newcomer, name="Nora"), actor=people.organizer)
    assert sign_up(competition.pk, user=newcomer).player.name == "Nora"


def test_a_retired_player_does_not_sign_up(people):
    competition = opened(people)
    retire_player(pat(people), actor=people.organizer)
    with pytest.raises(ServiceError, match="retired"):
        sign_up(competition.pk, user=people.player)


def test_only_an_organizer_opens_the_sign_ups(people):
    with pytest.raises(NotAllowed):
        open_registration(draft(people).pk, actor=people.player)


def test_the_sign_up_page_enters_and_withdraws(client, people):
    competition = opened(people, cap=8)
    url = reverse("competition-sign-up", args=[competition.pk])
    assert "Sign in to sign up" in client.get(url).content.decode()
    sign_in(client, people.player)
    assert "Enter as Pat" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    assert Entry.objects.filter(competition=competition, player=pat(people)).exists()
    response = client.post(url)
    assert response.status_code == 422 and "already" in response.content.decode()
    withdraw = reverse("competition-sign-up-withdraw", args=[competition.pk])
    assert client.post(withdraw).status_code == 302
    assert not competition.entries.exists()


def test_a_stranger_is_sent_to_join_the_club(client, people):
    competition = opened(people)
    sign_in(client, UserFactory())
    url = reverse("competition-sign-up", args=[competition.pk])
    assert "Ask to join" in client.get(url).content.decode()
    assert client.post(url).status_code == 403


def test_the_organizer_opens_and_closes_the_sign_ups_on_the_entries_page(client, people):
    competition = draft(people)
    sign_in(client, people.organizer)
    url = reverse("competition-registration", args=[competition.pk])
    response = client.post(url, {"action": "open", "closes_at": "2099-01-31T20:00",
                                 "cap": "16"})
    assert response.status_code == 302
    competition.refresh_from_db()
    assert competition.registration_open and competition.registration_cap == 16
    page = client.get(reverse("competition", args=[competition.pk])).content.decode()
    assert "Sign-ups are open until 31 Jan 2099" in page
    response = client.post(url, {"action": "open", "cap": "1"})
    assert response.status_code == 422
    assert client.post(url, {"action": "close"}).status_code == 302
    assert not Competition.objects.get(pk=competition.pk).registration_open


def test_the_closing_time_is_shown_in_the_clubs_zone_on_every_page(people, client):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    people.club.time_zone = "Australia/Sydney"
    people.club.save()
    closes = datetime(2026, 12, 20, 18, 0, tzinfo=ZoneInfo("Australia/Sydney"))  # 07:00 UTC
    competition = opened(people, closes_at=closes)
    shown = "20 Dec 2026, 18:00 (Australia/Sydney)"
    assert shown in client.get(reverse("competition-sign-up", args=[competition.pk])).content.decode()
    assert shown in client.get(reverse("competition", args=[competition.pk])).content.decode()
    sign_in(client, people.organizer)
    entries = client.get(reverse("competition-entries", args=[competition.pk])).content.decode()
    assert shown in entries


def field_on(html: str, name: str) -> str:
    """The part of a page from the field's label to the next field or the end of its form."""
    start = html.index(f'<label for="id_{name}"')
    ends = [i for i in (html.find('<div class="field', start), html.find("</form>", start))
            if i >= 0]
    return html[start:min(ends)]


def open_form(client, competition, data: dict):
    return client.post(reverse("competition-registration", args=[competition.pk]),
                       {"action": "open", **data})


def test_a_cap_below_two_is_refused_next_to_it_on_the_entries_page_and_kept(client, people):
    competition = draft(people)
    sign_in(client, people.organizer)
    response = open_form(client, competition, {"closes_at": "2099-01-31T20:00", "cap": "-3"})
    html = response.content.decode()
    assert response.status_code == 422
    assert "Entries: " in html and 'id="sign-ups-h"' in html  # the entries page itself
    cap = field_on(html, "cap")
    assert "Ensure this value is greater than or equal to 2." in cap
    assert 'value="-3"' in cap
    assert 'value="2099-01-31T20:00"' in field_on(html, "closes_at")
    assert not Competition.objects.get(pk=competition.pk).registration_open


def test_a_closing_time_passed_is_refused_next_to_it_and_kept(client, people):
    competition = draft(people)
    sign_in(client, people.organizer)
    response = open_form(client, competition, {"closes_at": "2020-03-01T20:00", "cap": "12"})
    html = response.content.decode()
    assert response.status_code == 422
    closes_at = field_on(html, "closes_at")
    assert "The closing time has passed already: choose a later one." in closes_at
    assert 'value="2020-03-01T20:00"' in closes_at
    assert 'value="12"' in field_on(html, "cap")
    competition.refresh_from_db()
    assert not competition.registration_open and competition.registration_cap is None


def test_a_change_refused_keeps_the_sign_ups_as_they_were(client, people):
    competition = opened(people, cap=8)
    sign_in(client, people.organizer)
    response = open_form(client, competition, {"closes_at": "2020-03-01T20:00", "cap": "6"})
    html = response.content.decode()
    assert response.status_code == 422
    assert "The closing time has passed already" in field_on(html, "closes_at")
    assert 'value="6"' in field_on(html, "cap")
    competition.refresh_from_db()
    assert competition.registration_open and competition.registration_cap == 8
    assert competition.registration_closes_at is None


def test_closing_the_sign_ups_of_a_started_competition_is_refused_on_the_entries_page(
        client, people):
    competition = opened(people)
    register_players(competition, [PlayerFactory(club=people.club, user=None) for _ in range(2)],
                     actor=people.organizer)
    start_competition(competition.pk, actor=people.organizer)
    sign_in(client, people.organizer)
    response = client.post(reverse("competition-registration", args=[competition.pk]),
                           {"action": "close"})
    html = response.content.decode()
    assert response.status_code == 422
    assert "Entries: " in html
    assert '<p class="alert" role="alert">Sign-ups are for a competition not started yet.' in html


def test_the_closing_time_typed_is_read_in_the_clubs_zone(client, people):
    from datetime import datetime
    from zoneinfo import ZoneInfo

    people.club.time_zone = "Australia/Sydney"
    people.club.save()
    competition = draft(people)
    sign_in(client, people.organizer)
    assert open_form(client, competition, {"closes_at": "2099-01-31T20:00"}).status_code == 302
    competition.refresh_from_db()
    assert competition.registration_closes_at == datetime(2099, 1, 31, 20, 0,
                                                          tzinfo=ZoneInfo("Australia/Sydney"))
