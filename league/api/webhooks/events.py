"""What a delivery says: {"type", "timestamp", "data"}, the data as the read API shows the
thing (a match, a round's pairings, a competition), with the club and the API address to read
more."""

from __future__ import annotations

import json

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
    return json.dumps({"type": event, "timestamp": timezone.now().isoformat(), "data": data},
                      separators=(",", ":"), default=str)
