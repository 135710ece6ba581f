"""Webhooks: a confirmed result is posted to the club's webhooks through the outbox, signed so
that an independent Standard Webhooks check accepts it; failures are tried again with growing
waits and pause the webhook after repeated failures, telling the organizers; targets are https
and public, checked again at the request, the connection made to the address checked; a
delivery is not lost when the broker is down at the confirmation."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from league.api import tasks
from league.api.models import Delivery, Webhook
from league.api.webhooks import deliveries, subscriptions, targets
from league.competitions.base import outbox
from league.competitions.models import FollowUp
from league.competitions.results.services import confirm_result
from league.core.errors import ServiceError
from league.notifications.models import Notification
from tests.api.webhook_helpers import PUBLIC, Network, standard_webhooks_verify
from tests.formats.builders import committed
from tests.reliability.test_follow_ups import reported_first_match

pytestmark = pytest.mark.django_db

HOOK = "https://hooks.example.org/gin"
LATER = timedelta(minutes=3)


@pytest.fixture
def network(monkeypatch):
    return Network(monkeypatch, {"hooks.example.org": [PUBLIC]})


def subscribed(club, events=("result.confirmed", "standings.changed"), url=HOOK) -> Webhook:
    organizer = club.organizers.first()
    return subscriptions.subscribe(club, actor=organizer, url=url, events=list(events))


def confirmed_with_webhook(events=("result.confirmed", "standings.changed")):
    competition, match = reported_first_match()
    club = competition.season.club
    hook = subscribed(club, events)
    with committed():
        confirm_result(match.pk, actor=match.entry_b.player.user)
    return hook, match


def test_a_confirmed_result_is_posted_signed_as_an_independent_check_accepts(network):
    hook, match = confirmed_with_webhook()
    assert [json.loads(post["body"])["type"] for post in network.posts] == [
        "result.confirmed", "standings.changed"]
    for post in network.posts:
        assert post["address"] == PUBLIC and post["host"] == "hooks.example.org"
        assert standard_webhooks_verify(hook.secret, post["headers"], post["body"])
        assert post["headers"]["webhook-id"].startswith("msg_")
    result = json.loads(network.posts[0]["body"])["data"]
    assert result["match"]["id"] == match.pk and result["match"]["winner"] == "B"
    tampered = network.posts[0]["body"].replace('"B"', '"A"')
    assert not standard_webhooks_verify(hook.secret, network.posts[0]["headers"], tampered)
    other_secret = subscribed(hook.club, url="https://hooks.example.org/other").secret
    assert not standard_webhooks_verify(other_secret, network.posts[0]["headers"],
                                        network.posts[0]["body"])
    assert set(Delivery.objects.values_list("status", flat=True)) == {"delivered"}


def test_a_club_without_webhooks_records_no_webhook_work(network):
    _competition, match = reported_first_match()
    with committed():
        confirm_result(match.pk, actor=match.entry_b.player.user)
    assert not FollowUp.objects.filter(kind=FollowUp.Kind.WEBHOOKS).exists()


def test_the_same_event_is_recorded_once_however_often_its_task_runs(network):
    _hook, match = confirmed_with_webhook(events=("result.confirmed",))
    row = FollowUp.objects.get(kind=FollowUp.Kind.WEBHOOKS)
    with committed():
        deliveries.record_result(match.pk, match.competition_id, row.pk)
        tasks.result_webhooks.apply(args=[match.pk], kwargs={"follow_up": row.pk}, throw=True)
    assert Delivery.objects.count() == 1 and len(network.posts) == 1


def test_a_failed_delivery_is_tried_again_later_and_each_wait_is_longer(network):
    network.answer = 503
    hook, _match = confirmed_with_webhook(events=("result.confirmed",))
    delivery = Delivery.objects.get()
    waits = []
    for _ in range(3):
        delivery.refresh_from_db()
        assert delivery.status == "pending" and delivery.last_status == 503
        waits.append(delivery.next_attempt_at - delivery.last_attempt_at)
        assert deliveries.attempt(delivery.pk, now=delivery.next_attempt_at - timedelta(
            seconds=1)) is None  # not yet due: a duplicate task does nothing
        deliveries.attempt(delivery.pk, now=delivery.next_attempt_at)
    assert waits == [timedelta(seconds=30), timedelta(minutes=2), timedelta(minutes=8)]
    network.answer = 204
    delivery.refresh_from_db()
    assert deliveries.attempt(delivery.pk, now=delivery.next_attempt_at) == "delivered"
    hook.refresh_from_db()
    assert hook.failures == 0 and len(network.posts) == 5
    assert len({post["headers"]["webhook-id"] for post in network.posts}) == 1
    assert len({post["body"] for post in network.posts}) == 1  # the same message each time


def test_repeated_failures_pause_the_webhook_and_tell_its_organizers_until_resumed(network):
    network.answer = OSError("Connection refused")
    hook, _match = confirmed_with_webhook(events=("result.confirmed",))
    delivery = Delivery.objects.get()
    for _ in range(deliveries.PAUSE_AFTER - 1):
        delivery.refresh_from_db()
        deliveries.attempt(delivery.pk, now=delivery.next_attempt_at)
    hook.refresh_from_db()
    assert hook.is_paused and hook.failures == deliveries.PAUSE_AFTER
    told = Notification.objects.get(kind="webhook_paused")
    assert told.user == hook.club.organizers.first() and hook.url in told.text
    delivery.refresh_from_db()
    assert delivery.last_error.startswith("OSError")
    far = timezone.now() + timedelta(days=2)
    assert deliveries.relay(now=far) == 0  # paused: nothing is sent
    assert deliveries.attempt(delivery.pk, now=far) is None
    posts = len(network.posts)

    network.answer = 200
    with committed():
        subscriptions.resume(hook, actor=told.user)
    assert len(network.posts) == posts + 1
    delivery.refresh_from_db()
    assert delivery.status == "delivered"


@pytest.mark.parametrize("address", ["127.0.0.1", "10.1.2.3", "192.168.0.7", "172.16.4.4",
                                     "169.254.169.254", "::1", "fe80::1", "fd00::5",
                                     "::ffff:127.0.0.1", "0.0.0.0", "100.64.0.1"])
def test_private_loopback_and_link_local_targets_are_refused_when_saved(monkeypatch, address):
    Network(monkeypatch, {"inside.example.org": [address]})
    competition, _ = reported_first_match()
    with pytest.raises(ServiceError, match="private, loopback or link-local"):
        subscribed(competition.season.club, url="https://inside.example.org/hook")
    literal = f"[{address}]" if ":" in address else address
    with pytest.raises(ServiceError):
        subscribed(competition.season.club, url=f"https://{literal}/hook")


def test_a_name_that_resolves_inside_later_is_refused_at_the_request(network):
    competition, match = reported_first_match()
    hook = subscribed(competition.season.club, events=("result.confirmed",))
    network.names["hooks.example.org"] = [PUBLIC, "127.0.0.1"]  # the name now answers inside
    with committed():
        confirm_result(match.pk, actor=match.entry_b.player.user)
    assert network.posts == []  # never connected
    delivery = Delivery.objects.get(webhook=hook)
    assert "127.0.0.1" in delivery.last_error and delivery.status == "pending"


def test_only_https_outside_development(settings, network):
    competition, _ = reported_first_match()
    club = competition.season.club
    settings.DEBUG = False
    with pytest.raises(ServiceError, match="https"):
        subscribed(club, url="http://hooks.example.org/gin")
    assert subscribed(club, url=HOOK).url == HOOK
    settings.DEBUG = True
    assert subscribed(club, url="http://hooks.example.org/dev").url.startswith("http:")


def test_the_connection_is_made_to_the_address_checked_not_resolved_again(monkeypatch):
    connected = []

    def create_connection(address, timeout=None, *args):
        connected.append(address)
        raise OSError("stop here")

    monkeypatch.setattr(targets.socket, "create_connection", create_connection)
    parts = targets.checked_url("https://hooks.example.org:8443/gin")
    with pytest.raises(OSError):
        targets.send_request(parts, PUBLIC, "{}", {}, timeout=1)
    assert connected == [(PUBLIC, 8443)]


def test_a_delivery_is_not_lost_when_the_broker_is_down_at_the_confirmation(network,
                                                                           monkeypatch):
    competition, match = reported_first_match()
    subscribed(competition.season.club, events=("result.confirmed",))

    def broker_down(*args, **kwargs):
        raise BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(outbox, "publish", broker_down)
    with committed():
        confirm_result(match.pk, actor=match.entry_b.player.user)
    waiting = FollowUp.objects.get(kind=FollowUp.Kind.WEBHOOKS)
    assert waiting.done_at is None and network.posts == []

    monkeypatch.undo()
    network = Network(monkeypatch, {"hooks.example.org": [PUBLIC]})
    monkeypatch.setattr(tasks.deliver_webhook, "apply_async", broker_down)  # down again
    with committed():
        outbox.relay(now=timezone.now() + LATER)
    waiting.refresh_from_db()
    assert waiting.done_at is not None
    assert Delivery.objects.get().status == "pending" and network.posts == []

    monkeypatch.setattr(tasks.deliver_webhook, "apply_async",
                        lambda args: tasks.deliver_webhook.apply(args=args, throw=True))
    assert deliveries.relay() == 1
    assert len(network.posts) == 1 and Delivery.objects.get().status == "delivered"


def test_a_round_paired_and_a_competition_finished_are_posted_with_their_facts(network):
    from league.competitions.models import Competition, Round
    from tests.factories import MatchFactory

    competition, _ = reported_first_match()
    hook = subscribed(competition.season.club,
                      events=("round.paired", "competition.finished"))
    with committed():
        round_ = Round.objects.create(competition=competition, number=9, name="Extra")
        MatchFactory(competition=competition, round=round_)
    paired = json.loads(network.posts[0]["body"])
    assert paired["type"] == "round.paired" and paired["data"]["round"]["id"] == round_.pk
    assert len(paired["data"]["pairings"]) == 1
    with committed():
        competition.status = Competition.Status.FINISHED
        competition.save()
        competition.save()  # saved finished twice: told once
    finished = [json.loads(p["body"]) for p in network.posts[1:]]
    assert [f["type"] for f in finished] == ["competition.finished"]
    assert all(standard_webhooks_verify(hook.secret, p["headers"], p["body"])
               for p in network.posts)
