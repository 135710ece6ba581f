"""What a delivery says: {"type", "timestamp", "data"}, the data as the read API shows the
thing (a match, a round's pairings, a competition, a rating period), with the club and the API
address to read more."""

from __future__ import annotations

import json
from datetime import timedelta

from django.utils import timezone

from league.api import selectors
from league.api.models import Delivery, WebhookEvent
from league.api.serializers import CompetitionSerializer, MatchSerializer, RoundSerializer


def body_of(delivery: Delivery) -> str:
    event, pk = delivery.event, delivery.subject_id
    if event in (WebhookEvent.RESULT_CONFIRMED, WebhookEvent.STANDINGS_CHANGED):
        match = selectors.event_match(pk)
        data = {"club": match.competition.season.club.slug, "competition": match.competition_id}
        if event == WebhookEvent.RESULT_CONFIRMED:
            data["match"] = MatchSerializer(match).data
        else:
            data["standings"] = f"/api/v1/competitions/{match.competition_id}/standings/"
    elif event == WebhookEvent.ROUND_PAIRED:
        round_ = selectors.event_round(pk)
        data = {"club": round_.competition.season.club.slug, "competition": round_.competition_id,
                "round": RoundSerializer(round_).data,
                "pairings": MatchSerializer(round_.matches.all(), many=True).data}
    else:
        competition = selectors.event_competition(pk)
        data = {"club": competition.season.club.slug,
                "competition": CompetitionSerializer(competition).data,
                "standings": f"/api/v1/competitions/{competition.pk}/standings/"}
    return _message(event, data)


def period_closed_body(club, period) -> str:
    """A closed rating period as it is when it closes: its week, how it was rated, and where
    the players' ratings are read."""
    data = {"club": club.slug,
            "period": {"starts_on": period.starts_on.isoformat(),
                       "ends_on": (period.starts_on + timedelta(days=6)).isoformat(),
                       "system": period.system, "rated_unit": period.rated_unit,
                       "results": period.results},
            "players": f"/api/v1/clubs/{club.slug}/players/"}
    return _message(WebhookEvent.RATING_PERIOD_CLOSED, data)


def _message(event: str, data: dict) -> str:
    return json.dumps({"type": event, "timestamp": timezone.now().isoformat(), "data": data},
                      separators=(",", ":"), default=str)
