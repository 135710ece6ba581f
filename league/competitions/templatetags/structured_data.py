"""schema.org SportsEvent descriptions (JSON-LD) of a match, a club night and a competition,
for search engines and other software reading the page: name, dates, place (the club),
competitors, organizer. Built from what the page has read already: no query of its own."""

from __future__ import annotations

import json

from django import template
from django.utils.safestring import mark_safe

register = template.Library()

# As Django's json_script: nothing in the data can close the script element.
ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}
STATUS = {"void": "https://schema.org/EventCancelled"}


def _script(data: dict) -> str:
    text = json.dumps(data, ensure_ascii=False).translate(ESCAPES)
    return mark_safe(f'<script type="application/ld+json">{text}</script>')


def _club(club, request) -> dict:
    return {"@type": "SportsOrganization", "name": club.name,
            "url": request.build_absolute_uri(club.get_absolute_url())}


def _event(request, name: str, thing, club, **more) -> dict:
    """What every description says: a Gin Rummy event of this name at this address, played at
    the club and organized by it."""
    return {"@context": "https://schema.org", "@type": "SportsEvent", "sport": "Gin Rummy",
            "name": name, "url": request.build_absolute_uri(thing.get_absolute_url()),
            "location": {"@type": "Place", "name": club.name},
            "organizer": _club(club, request), **more}


def _part_of(competition, request) -> dict:
    return {"superEvent": {"@type": "SportsEvent", "name": competition.name,
                           "url": request.build_absolute_uri(competition.get_absolute_url())}}


def _people(players) -> list[dict]:
    return [{"@type": "Person", "name": player.name} for player in players]


@register.simple_tag(takes_context=True)
def match_event(context, match) -> str:
    """A match: its two players (when known), its time, its competition and club."""
    request = context["request"]
    competition = match.competition
    data = _event(request, f"{match} ({competition.name}, {match.round})", match,
                  competition.season.club, **_part_of(competition, request),
                  competitor=_people(entry.player for entry in (match.entry_a, match.entry_b)
                                     if entry is not None))
    start = match.scheduled_at or match.confirmed_at
    if start is not None:
        data["startDate"] = start.isoformat()
    if match.status in STATUS:
        data["eventStatus"] = STATUS[match.status]
    return _script(data)


@register.simple_tag(takes_context=True)
def night_event(context, night, competition) -> str:
    """A club night: its evening, competition and club (the players present are the page's)."""
    request = context["request"]
    return _script(_event(request, f"Club night of {competition.name}", night,
                          competition.season.club, startDate=night.starts_at.isoformat(),
                          **_part_of(competition, request)))


@register.simple_tag(takes_context=True)
def competition_event(context, competition) -> str:
    """A competition (as read for its page: `entry_list`, `round_list`): its season's dates
    (else from its making to its last result), its players, its club."""
    request = context["request"]
    season = competition.season
    data = _event(request, competition.name, competition, season.club,
                  competitor=_people(entry.player for entry in competition.entry_list))
    start = season.starts_on or competition.created_at.date()
    data["startDate"] = start.isoformat()
    last = max((r.last_confirmed for r in competition.round_list if r.last_confirmed),
               default=None)
    end = season.ends_on
    if end is None and competition.status == competition.Status.FINISHED and last is not None:
        end = last.date()
    if end is not None and end >= start:
        data["endDate"] = end.isoformat()
    if competition.description:
        data["description"] = competition.description[:300]
    return _script(data)
