"""The organizer's notice of a webhook paused goes the notifications' way: written in the
transaction that pauses the webhook (nothing of it when that transaction fails), mailed by the
notifications' task after the commit, and by the periodic sweep when that task was lost."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from league.api.models import Delivery, Webhook
from league.api.webhooks import deliveries
from league.notifications import tasks as notification_tasks
from league.notifications.models import Notification
from league.notifications.outbox import MAIL_LOST_AFTER
from league.notifications.reminders import sweep
from tests.api.test_webhooks import confirmed_with_webhook
from tests.api.webhook_helpers import PUBLIC, Network

pytestmark = pytest.mark.django_db


@pytest.fixture
def network(monkeypatch):
    return Network(monkeypatch, {"hooks.example.org": [PUBLIC]})


def one_failure_from_pause(network) -> tuple[Webhook, Delivery]:
    network.answer = OSError("Connection refused")
    hook, _match = confirmed_with_webhook(events=("result.confirmed",))
    Webhook.objects.filter(pk=hook.pk).update(failures=deliveries.PAUSE_AFTER - 1)
    return hook, Delivery.objects.get()


def test_the_pause_notice_is_written_with_the_pause_and_mailed_by_the_task(
    network, django_capture_on_commit_callbacks
):
    hook, delivery = one_failure_from_pause(network)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks() as after_commit:
        deliveries.attempt(delivery.pk, now=delivery.next_attempt_at)
        hook.refresh_from_db()
        told = Notification.objects.get(kind="webhook_paused")
        assert hook.is_paused
        assert told.user == hook.club.organizers.first() and hook.url in told.text
        assert told.emailed_at is None and mail.outbox == []  # not mailed before the commit
    assert after_commit  # the task is sent once the pause commits
    for callback in after_commit:
        callback()
    told.refresh_from_db()
    assert told.emailed_at is not None
    assert [message.to for message in mail.outbox] == [[told.user.email]]
    assert hook.url in mail.outbox[0].body


def test_a_failed_pausing_transaction_leaves_neither_pause_nor_notice(network, monkeypatch):
    hook, delivery = one_failure_from_pause(network)
    told = deliveries._tell_organizers

    def tell_then_fail(paused):
        told(paused)
        raise RuntimeError("the database went away")

    monkeypatch.setattr(deliveries, "_tell_organizers", tell_then_fail)
    with pytest.raises(RuntimeError), transaction.atomic():
        deliveries.attempt(delivery.pk, now=delivery.next_attempt_at)
    hook.refresh_from_db()
    assert not hook.is_paused and hook.failures == deliveries.PAUSE_AFTER - 1
    assert not Notification.objects.filter(kind="webhook_paused").exists()


def test_a_notice_whose_mail_task_was_lost_is_mailed_by_the_sweep(
    network, monkeypatch, django_capture_on_commit_callbacks
):
    _hook, delivery = one_failure_from_pause(network)
    mail.outbox.clear()

    def broker_down(*args, **kwargs):
        raise BrokerError("Connection refused")

    monkeypatch.setattr(notification_tasks.mail_notifications, "delay", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        deliveries.attempt(delivery.pk, now=delivery.next_attempt_at)
    told = Notification.objects.get(kind="webhook_paused")
    assert told.emailed_at is None and mail.outbox == []  # on the site, its mail not sent
    sweep(timezone.now())  # too soon to call its task lost
    told.refresh_from_db()
    assert told.emailed_at is None and mail.outbox == []
    later = timezone.now() + MAIL_LOST_AFTER + timedelta(seconds=1)
    sweep(later)
    told.refresh_from_db()
    assert told.emailed_at is not None and len(mail.outbox) == 1
    sweep(later + timedelta(minutes=5))
    assert len(mail.outbox) == 1  # mailed once


def test_the_pause_notice_is_written_in_the_organizers_language(network):
    from league.accounts.reading import keep_preferences

    hook, delivery = one_failure_from_pause(network)
    organizer = hook.club.organizers.first()
    keep_preferences(organizer, language="de")
    deliveries.attempt(delivery.pk, now=delivery.next_attempt_at)
    told = Notification.objects.get(kind="webhook_paused")
    assert told.language == "de"
    assert told.text.startswith(f"Der Webhook an {hook.url}")
