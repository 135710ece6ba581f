"""A club's rating period (a week) closed is posted to its webhooks that want it: once per
club and week, whichever rebuild closed it (the beat, a result confirmed after the week ended),
recorded in the closing transaction and sent by the relay when the broker was down."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from kombu.exceptions import OperationalError as BrokerError

from league.api import tasks
from league.api.models import Delivery, Webhook, WebhookEvent
from league.api.webhooks import deliveries, signing
from league.ratings.services import close_rating_periods, rate_confirmed_result, recompute_ratings
from tests.api.webhook_helpers import PUBLIC, Network, standard_webhooks_verify
from tests.factories import UserFactory
from tests.formats.builders import committed
from tests.ratings.builders import after, league, played, week

pytestmark = pytest.mark.django_db

CLOSED = WebhookEvent.RATING_PERIOD_CLOSED


@pytest.fixture
def network(monkeypatch):
    return Network(monkeypatch, {"hooks.example.org": [PUBLIC]})


def hooked(club, events=(CLOSED,)) -> Webhook:
    return Webhook.objects.create(
        club=club,
        url="https://hooks.example.org/gin",
        events=list(events),
        secret=signing.new_secret(),
    )


def closed_posts(network) -> list[dict]:
    return [json.loads(post["body"]) for post in network.posts]


def test_a_closed_week_is_posted_once_with_its_period(network):
    competition, (a, b, c, d) = league(4)
    club = competition.season.club
    hook = hooked(club)
    played(a, b, "AA", in_week=0)
    played(c, d, "AB", in_week=0)
    with committed():
        close_rating_periods(now=after(0))
    [message] = closed_posts(network)
    assert message["type"] == "rating_period.closed"
    assert message["data"]["club"] == club.slug
    assert message["data"]["period"] == {
        "starts_on": week(0).isoformat(),
        "ends_on": "2025-01-12",
        "system": club.rating_system,
        "rated_unit": club.rated_unit,
        "results": 4,  # rated by the game: two games in each match
    }
    assert standard_webhooks_verify(
        hook.secret, network.posts[0]["headers"], network.posts[0]["body"], tolerance=10**10
    )
    with committed():
        close_rating_periods(now=after(0))  # the beat again: nothing new
        recompute_ratings(club, now=after(0))  # rebuilt from scratch: the week closed already
    assert len(network.posts) == 1


def test_each_week_that_ends_is_told_once_even_when_a_late_result_rates_it_again(network):
    competition, (a, b, c, d) = league(4)
    hooked(competition.season.club)
    played(a, b, "AA", in_week=0)
    with committed():
        close_rating_periods(now=after(0))
    late = played(c, d, "BB", in_week=0)  # confirmed after its week closed: rated again
    with committed():
        rate_confirmed_result(late.pk, now=after(1))  # ... and closes week 1 on the way
    starts = [message["data"]["period"]["starts_on"] for message in closed_posts(network)]
    assert starts == [week(0).isoformat(), week(1).isoformat()]
    assert Delivery.objects.filter(event=CLOSED).count() == 2


def test_only_the_clubs_webhooks_that_chose_the_event_are_told(network):
    competition, (a, b) = league(2)
    club = competition.season.club
    hooked(club, events=("round.paired",))
    other, _ = league(2)
    hooked(other.season.club)
    played(a, b, "AA", in_week=0)
    with committed():
        close_rating_periods(now=after(0))
    assert network.posts == [] and not Delivery.objects.filter(event=CLOSED).exists()


def test_a_closing_while_the_broker_is_down_is_sent_by_the_relay(network, monkeypatch):
    competition, (a, b) = league(2)
    hooked(competition.season.club)
    played(a, b, "AA", in_week=0)

    def broker_down(*args, **kwargs):
        raise BrokerError("Connection refused")

    with monkeypatch.context() as down:
        down.setattr(tasks.deliver_webhook, "apply_async", broker_down)
        with committed():
            close_rating_periods(now=after(0))
    waiting = Delivery.objects.get(event=CLOSED)
    assert waiting.status == Delivery.Status.PENDING and network.posts == []
    deliveries.relay(now=waiting.next_attempt_at)
    waiting.refresh_from_db()
    assert waiting.status == Delivery.Status.DELIVERED and len(network.posts) == 1


def test_the_webhooks_page_offers_the_rating_period_event(client: Client):
    competition, _ = league(2)
    club = competition.season.club
    organizer = UserFactory()
    club.organizers.add(organizer)
    client.force_login(organizer)
    page = client.get(reverse("webhooks", args=[club.slug])).content.decode()
    assert 'value="rating_period.closed"' in page
