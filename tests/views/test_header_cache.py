"""The header of a signed-in page (the organizer's link, the unread notifications) reads both
answers from the cache in one call once they are cached, and shows them as the database does."""

import pytest
from django.urls import reverse

from league.core.cache import derived
from league.notifications.models import Kind, Notification
from league.pages import context_processors
from tests.factories import ClubFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_the_header_reads_its_two_cached_answers_in_one_call(client, monkeypatch,
                                                             django_assert_num_queries):
    organizer = UserFactory()
    ClubFactory().organizers.add(organizer)
    Notification.objects.create(user=organizer, kind=Kind.DISPUTE_TO_DECIDE, key="one",
                                text="A dispute to decide")
    client.force_login(organizer)
    client.get(reverse("gameplay:rules"))  # the first visit caches both answers
    many, one_by_one = [], []
    real = derived.get_many
    monkeypatch.setattr(derived, "get_many", lambda keys, *a, **k: many.append(keys)
                        or real(keys, *a, **k))
    for name in ("organizes_any", "unread_count"):
        monkeypatch.setattr(context_processors, name,
                            lambda user, _name=name: one_by_one.append(_name))
    with django_assert_num_queries(0):  # the session and the account are cached too
        html = client.get(reverse("gameplay:rules")).content.decode()
    assert f'href="{reverse("organize")}"' in html and '<span class="badge">1</span>' in html
    assert many == [[f"organizes:{organizer.pk}", f"notifications-unread:{organizer.pk}"]]
    assert one_by_one == []
