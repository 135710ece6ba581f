"""A notification that asks for something (a result to answer, a dispute to decide, a match to
play) stops counting as unread once that is done; it stays in the list, marked as done."""

import pytest
from django.urls import reverse

from league.competitions.results.services import confirm_result, resolve_dispute
from league.notifications.models import Kind, Notification

pytestmark = pytest.mark.django_db


def header(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("home")).content.decode()


def test_a_result_to_confirm_stops_counting_once_the_result_is_confirmed(club, client):
    club.report()
    assert '<span class="badge">1</span>' in header(client, club.b)
    with club.commit():
        confirm_result(club.match.pk, actor=club.b)
    assert 'class="badge"' not in header(client, club.b)
    told = Notification.objects.get(user=club.b, kind=Kind.RESULT_TO_CONFIRM)
    listed = client.get(reverse("notifications")).content.decode()
    assert told.text in listed and "Done" in listed and "Mark all" not in listed


def test_a_dispute_to_decide_stops_counting_once_it_is_decided(club, client):
    club.dispute()
    assert Notification.objects.filter(user=club.organizer, kind=Kind.DISPUTE_TO_DECIDE).exists()
    assert '<span class="badge">1</span>' in header(client, club.organizer)
    with club.commit():
        resolve_dispute(club.match.pk, actor=club.organizer, uphold=True)
    assert 'class="badge"' not in header(client, club.organizer)


def test_a_notification_of_something_else_still_counts(club, client):
    club.dispute()  # the reporter is told of the dispute: nothing to do but wait
    assert '<span class="badge">1</span>' in header(client, club.a)
