"""The header's count, the list (mark read) and the choices per kind."""

import pytest
from django.urls import reverse

from league.notifications.models import Channel, Kind, Notification, Preference
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def note(user, key, **fields):
    return Notification.objects.create(user=user, kind=Kind.ROUND_PAIRED, key=key,
                                       text=f"Round {key} is paired", link="/", **fields)


@pytest.fixture
def me(client):
    user = UserFactory()
    client.force_login(user)
    return user


def test_the_header_counts_the_unread(client, me):
    note(me, "1")
    note(me, "2")
    note(me, "3", read_at="2026-01-01T00:00Z")
    note(UserFactory(), "4")  # someone else's
    html = client.get(reverse("home")).content.decode()
    assert 'aria-label="Notifications, 2 unread"' in html
    assert '<span class="badge">2</span>' in html


def test_marking_all_read_empties_the_count(client, me):
    note(me, "1")
    client.get(reverse("home"))  # the count is cached
    response = client.post(reverse("notifications-read"))
    assert response.status_code == 302
    assert not Notification.objects.filter(user=me, read_at__isnull=True).exists()
    assert "unread" not in client.get(reverse("home")).content.decode().split("</nav>")[0]


def test_marking_one_read_leaves_the_others(client, me):
    first, second = note(me, "1"), note(me, "2")
    client.post(reverse("notifications-read"), {"id": [first.pk]})
    first.refresh_from_db(), second.refresh_from_db()
    assert first.read_at is not None and second.read_at is None


def test_nobody_marks_another_users_notification_read(client, me):
    theirs = note(UserFactory(), "1")
    client.post(reverse("notifications-read"), {"id": [theirs.pk]})
    theirs.refresh_from_db()
    assert theirs.read_at is None


def test_the_list_shows_the_newest_first_and_what_is_new(client, me):
    note(me, "1", read_at="2026-01-01T00:00Z")
    note(me, "2")
    html = client.get(reverse("notifications")).content.decode()
    assert html.index("Round 2 is paired") < html.index("Round 1 is paired")
    assert "Mark all 1 read" in html


def test_the_list_asks_a_visitor_to_sign_in(client):
    response = client.get(reverse("notifications"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_choices_are_saved_per_kind(client, me):
    response = client.post(reverse("notification-preferences"),
                           {Kind.ROUND_PAIRED: Channel.NOTHING, Kind.DEADLINE_NEAR: Channel.IN_APP})
    assert response.status_code == 302
    assert dict(Preference.objects.filter(user=me).values_list("kind", "channel")) == {
        Kind.ROUND_PAIRED: Channel.NOTHING, Kind.DEADLINE_NEAR: Channel.IN_APP}
    html = client.get(reverse("notification-preferences")).content.decode()
    assert f'name="{Kind.ROUND_PAIRED}" value="nothing" checked' in html


def test_the_choices_page_offers_every_kind_the_overdue_and_ladder_ones_too(client, me):
    html = client.get(reverse("notification-preferences")).content.decode()
    for kind in Kind:
        assert f"<legend>{kind.label}</legend>" in html
        assert f'name="{kind.value}" value="email" checked' in html
    client.post(reverse("notification-preferences"), {Kind.MATCH_OVERDUE: Channel.IN_APP,
                                                      Kind.LADDER_SETTLED: Channel.NOTHING})
    assert dict(Preference.objects.filter(user=me).values_list("kind", "channel")) == {
        Kind.MATCH_OVERDUE: Channel.IN_APP, Kind.LADDER_SETTLED: Channel.NOTHING}


def test_an_unknown_choice_is_refused(client, me):
    response = client.post(reverse("notification-preferences"), {Kind.ROUND_PAIRED: "pigeon"})
    assert response.status_code == 422
    assert not Preference.objects.exists()


def test_a_forged_unsubscribe_link_changes_nothing(client):
    response = client.post(reverse("notification-unsubscribe", args=["eyJ1IjoxfQ:forged"]))
    assert response.status_code == 422
    assert "not valid" in response.content.decode()


@pytest.mark.parametrize("n", [2, 6])
def test_the_list_runs_the_same_queries_for_any_number(client, me, django_assert_num_queries, n):
    for i in range(n):
        note(me, str(i))
    # the user (his session is cached), the notifications; the header's organizes and unread
    # count
    with django_assert_num_queries(4):
        html = client.get(reverse("notifications")).content.decode()
    assert html.count('class="card notification') == n
