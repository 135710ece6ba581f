"""Match, club-night and competition pages describe themselves for machines: a schema.org
SportsEvent in JSON-LD with the name, dates, place, competitors and organizer."""

from __future__ import annotations

import json
import re
from datetime import date

from django.test import Client

from league.clubs.models import Player

LD = re.compile(r'<script type="application/ld\+json">(.*?)</script>', re.DOTALL)


def described(url: str) -> dict:
    [text] = LD.findall(Client().get(url).content.decode())
    return json.loads(text)


def test_a_match_page_describes_the_match_as_a_sports_event(public_world):
    match = public_world.match
    event = described(f"/matches/{match.pk}/")
    assert event["@type"] == "SportsEvent" and event["sport"] == "Gin Rummy"
    assert [c["name"] for c in event["competitor"]] == [match.entry_a.player.name,
                                                        match.entry_b.player.name]
    assert event["organizer"]["name"] == public_world.club.name
    assert event["location"]["name"] == public_world.club.name
    assert event["superEvent"]["name"] == public_world.competition.name
    assert event["startDate"].startswith(str(match.confirmed_at.year))


def test_a_name_cannot_close_the_description(public_world):
    Player.objects.filter(pk=public_world.match.entry_a.player_id).update(
        name="</script><b>x</b>")
    page = Client().get(f"/matches/{public_world.match.pk}/").content.decode()
    assert "</script><b>" not in page
    assert described(f"/matches/{public_world.match.pk}/")["competitor"][0]["name"] == (
        "</script><b>x</b>")


def test_a_club_night_page_describes_the_evening(public_world):
    event = described(f"/nights/{public_world.night.pk}/")
    assert event["@type"] == "SportsEvent"
    assert event["name"] == f"Club night of {public_world.competition.name}"
    assert event["startDate"] == public_world.night.starts_at.isoformat()


def test_a_competition_page_describes_the_competition_with_its_players_and_dates(public_world):
    competition = public_world.competition
    season = competition.season
    season.starts_on, season.ends_on = date(2026, 9, 1), date(2026, 12, 20)
    season.save()
    event = described(f"/competitions/{competition.pk}/")
    assert event["@type"] == "SportsEvent" and event["sport"] == "Gin Rummy"
    assert event["name"] == competition.name
    assert event["url"].endswith(f"/competitions/{competition.pk}/")
    assert (event["startDate"], event["endDate"]) == ("2026-09-01", "2026-12-20")
    assert event["location"] == {"@type": "Place", "name": public_world.club.name}
    assert event["organizer"]["name"] == public_world.club.name
    assert sorted(c["name"] for c in event["competitor"]) == sorted(
        entry.player.name for entry in competition.entries.all())
    assert len(event["competitor"]) == 2


def test_a_finished_competition_without_season_dates_ends_at_its_last_result(public_world):
    competition = public_world.competition
    competition.status = competition.Status.FINISHED
    competition.save()
    event = described(f"/competitions/{competition.pk}/")
    assert event["startDate"] == competition.created_at.date().isoformat()
    assert event["endDate"] == public_world.match.confirmed_at.date().isoformat()
