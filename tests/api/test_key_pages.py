"""The organizer's page of the club's API keys: a key made is shown once, works at once, and a
revoked one stops at once; nobody but the club's organizers opens the page or acts on it."""

from __future__ import annotations

import re

from django.test import Client

from league.api.models import ApiKey
from tests.api.conftest import get
from tests.factories import UserFactory


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_key_made_on_the_page_is_shown_once_and_reads_the_members_only_club(private_world):
    organizer = signed_in(private_world.organizer)
    slug = private_world.club.slug
    made = organizer.post(f"/clubs/{slug}/manage/api-keys/make/", {"name": "Our site"})
    assert made.status_code == 200
    assert made["Cache-Control"] == "no-store"
    key = re.search(r'id="new-key" type="text" readonly value="(gl_[^"]+)"',
                    made.content.decode()).group(1)
    assert get(f"/api/v1/clubs/{slug}/", key).status_code == 200
    page = organizer.get(f"/clubs/{slug}/manage/api-keys/").content.decode()
    assert "Our site" in page and key not in page


def test_a_key_revoked_on_the_page_reads_nothing_more(private_world):
    organizer = signed_in(private_world.organizer)
    slug = private_world.club.slug
    made = organizer.post(f"/clubs/{slug}/manage/api-keys/make/", {"name": "Old site"})
    key = re.search(r'value="(gl_[^"]+)"', made.content.decode()).group(1)
    row = ApiKey.objects.get(club=private_world.club)
    revoked = organizer.post(f"/api-keys/{row.pk}/revoke/", follow=True)
    assert "is revoked" in revoked.content.decode()
    assert get(f"/api/v1/clubs/{slug}/", key).status_code == 401


def test_a_key_without_a_name_is_refused_next_to_the_field(private_world):
    organizer = signed_in(private_world.organizer)
    refused = organizer.post(f"/clubs/{private_world.club.slug}/manage/api-keys/make/",
                             {"name": "   "})
    assert refused.status_code == 422
    assert not ApiKey.objects.exists()


def test_only_the_clubs_organizers_open_the_page_or_revoke(private_world, public_world):
    slug = private_world.club.slug
    other_organizer = signed_in(public_world.organizer)
    assert other_organizer.get(f"/clubs/{slug}/manage/api-keys/").status_code == 403
    assert other_organizer.post(f"/clubs/{slug}/manage/api-keys/make/",
                                {"name": "Mine"}).status_code == 403
    signed_in(private_world.organizer).post(f"/clubs/{slug}/manage/api-keys/make/",
                                            {"name": "Site"})
    row = ApiKey.objects.get()
    assert other_organizer.post(f"/api-keys/{row.pk}/revoke/").status_code == 403
    assert signed_in(UserFactory()).post(f"/api-keys/{row.pk}/revoke/").status_code == 403
    row.refresh_from_db()
    assert not row.is_revoked


def test_a_webhook_added_on_the_page_shows_its_secret_once_and_its_log(private_world,
                                                                       monkeypatch):
    from league.api.models import Webhook
    from tests.api.webhook_helpers import PUBLIC, Network

    Network(monkeypatch, {"hooks.example.org": [PUBLIC]})
    organizer = signed_in(private_world.organizer)
    slug = private_world.club.slug
    added = organizer.post(f"/clubs/{slug}/manage/webhooks/add/",
                           {"url": "https://hooks.example.org/gin",
                            "events": ["result.confirmed", "round.paired"]})
    assert added.status_code == 200 and added["Cache-Control"] == "no-store"
    hook = Webhook.objects.get()
    assert hook.secret in added.content.decode()
    assert hook.events == ["result.confirmed", "round.paired"]
    page = organizer.get(f"/clubs/{slug}/manage/webhooks/").content.decode()
    assert "hooks.example.org/gin" in page and hook.secret not in page
    refused = organizer.post(f"/clubs/{slug}/manage/webhooks/add/",
                             {"url": "https://127.0.0.1/x", "events": ["round.paired"]})
    assert refused.status_code == 422 and "loopback" in refused.content.decode()
    stranger = signed_in(UserFactory())
    assert stranger.get(f"/clubs/{slug}/manage/webhooks/").status_code == 403
    assert stranger.post(f"/webhooks/{hook.pk}/remove/").status_code == 403
    assert organizer.post(f"/webhooks/{hook.pk}/remove/").status_code == 302
    assert not Webhook.objects.exists()
