"""Follow-up work survives the broker: a confirmation with the broker down is a success for the
user, its work waits in the outbox (FollowUp), and the relay sends it once the broker is back;
the work runs once, and running it again changes nothing."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from gameplay.engine import Ruleset
from league.competitions.base import outbox
from league.competitions.models import AuditEntry, Competition, FollowUp, Match
from league.competitions.results.services import report_result
from league.competitions.tasks import result_confirmed
from league.games.models import Game
from tests.factories import game_played
from tests.formats.builders import Club, by_key, committed
from tests.views.conftest import sign_in

pytestmark = pytest.mark.django_db

LATER = timedelta(minutes=3)  # past RESEND_AFTER: the relay sends again what is not done


def reported_first_match() -> tuple[Competition, Match]:
    """An eight-player knockout whose first match is won by seat B and reported by seat A."""
    competition = Club(8).competition(Competition.Format.SINGLE_ELIMINATION)
    match = by_key(competition)["W1-0"]
    game_played(match=match, number=1, ruleset=Ruleset().to_dict(), target_score=100,
                status=Game.Status.FINISHED, winner="B", total_a=20, total_b=104)
    match.status = Match.Status.IN_PROGRESS
    match.save(update_fields=["status"])
    report_result(match.pk, actor=match.entry_a.player.user)
    return competition, Match.objects.select_related("entry_b__player__user").get(pk=match.pk)


def broker_down(signature) -> None:
    raise BrokerError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def semi_final(competition: Competition) -> Match:
    return by_key(competition)["W2-0"]


def test_the_broker_down_at_confirmation_the_user_sees_success_and_the_relay_advances_once(
    client, monkeypatch,
):
    competition, match = reported_first_match()
    monkeypatch.setattr(outbox, "publish", broker_down)
    sign_in(client, match.entry_b.player.user)
    with committed():
        response = client.post(reverse("match-confirm", args=[match.pk]))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.winner == match.entry_b
    assert semi_final(competition).entry_a is None  # nothing ran: the work waits
    waiting = FollowUp.objects.filter(match=match, done_at__isnull=True)
    assert sorted(waiting.values_list("kind", "attempts")) == [
        ("progress", 1), ("rate", 1), ("statistics", 1)]

    monkeypatch.undo()  # the broker is back
    assert outbox.relay() == 0  # sent a moment ago: not yet sent again
    assert outbox.relay(now=timezone.now() + LATER) == 3
    assert not waiting.exists()
    semi = semi_final(competition)
    assert (semi.entry_a, semi.entry_b, semi.status) == (match.entry_b, None, Match.Status.PENDING)
    audit = AuditEntry.objects.filter(match__competition=competition).count()

    assert outbox.relay(now=timezone.now() + 2 * LATER) == 0  # done: never sent again
    result_confirmed.apply(args=[match.pk], throw=True)  # a duplicate delivery changes nothing
    again = semi_final(competition)
    assert (again.entry_a, again.entry_b, again.status) == (semi.entry_a, None, semi.status)
    assert AuditEntry.objects.filter(match__competition=competition).count() == audit


def test_follow_up_work_sent_and_done_at_the_confirmation_is_not_sent_again(client):
    competition, match = reported_first_match()
    sign_in(client, match.entry_b.player.user)
    with committed():
        client.post(reverse("match-confirm", args=[match.pk]))
    rows = FollowUp.objects.filter(match=match)
    # The progression, the rating and the statistics.
    assert rows.count() == 3 and not rows.filter(done_at__isnull=True).exists()
    assert semi_final(competition).entry_a == match.entry_b
    assert outbox.relay(now=timezone.now() + LATER) == 0


def test_work_still_not_done_is_sent_again_on_every_relay_after_the_wait(monkeypatch):
    competition, match = reported_first_match()
    monkeypatch.setattr(outbox, "publish", broker_down)
    with committed():
        from league.competitions.results.services import confirm_result

        confirm_result(match.pk, actor=match.entry_b.player.user)
    now = timezone.now()
    assert outbox.relay(now=now + LATER) == 0  # the broker still down: nothing sent
    assert outbox.relay(now=now + LATER) == 0  # just tried: not again at once
    rows = FollowUp.objects.filter(match=match)
    assert set(rows.values_list("attempts", flat=True)) == {2}
    assert outbox.overdue(competition.season.club, now=now + timedelta(minutes=6)) == list(rows)
    assert outbox.overdue(competition.season.club, now=now) == []


def test_an_unreachable_broker_fails_the_sending_at_once_and_leaves_the_row(settings):
    """No retry loop and no wait: a closed port refuses at once; the row stays for the relay."""
    from league.celery import app

    competition, match = reported_first_match()
    row = FollowUp.objects.create(kind=FollowUp.Kind.PROGRESS, competition=competition,
                                  match=match)
    saved = {name: app.conf[name] for name in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url="redis://127.0.0.1:1/0", task_always_eager=False)
    app._pool, app.amqp._producer_pool = None, None
    try:
        started = time.monotonic()
        assert outbox.send(row) is False
        assert time.monotonic() - started < 2  # about 0.1 s measured with the settings
    finally:
        app.conf.update(saved)
        app._pool, app.amqp._producer_pool = None, None
    row.refresh_from_db()
    assert row.done_at is None and row.attempts == 1
