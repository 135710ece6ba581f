"""schema.org SportsEvent descriptions (JSON-LD) of a match and of a club night, for search
engines and other software reading the page: name, dates, place (the club), competitors,
organizer. Built from what the page has read already: no query of its own."""

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


@register.simple_tag(takes_context=True)
def match_event(context, match) -> str:
    """A match: its two players (when known), its time, its competition and club."""
    request = context["request"]
    competition = match.competition
    club = competition.season.club
    data = {"@context": "https://schema.org", "@type": "SportsEvent", "sport": "Gin Rummy",
            "name": f"{match} ({competition.name}, {match.round})",
            "url": request.build_absolute_uri(match.get_absolute_url()),
            "location": {"@type": "Place", "name": club.name},
            "organizer": _club(club, request),
            "superEvent": {"@type": "SportsEvent", "name": competition.name,
                           "url": request.build_absolute_uri(competition.get_absolute_url())},
            "competitor": [{"@type": "Person", "name": entry.player.name}
                           for entry in (match.entry_a, match.entry_b) if entry is not None]}
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
    club = competition.season.club
    return _script({
        "@context": "https://schema.org", "@type": "SportsEvent", "sport": "Gin Rummy",
        "name": f"Club night of {competition.name}", "startDate": night.starts_at.isoformat(),
        "url": request.build_absolute_uri(night.get_absolute_url()),
        "location": {"@type": "Place", "name": club.name}, "organizer": _club(club, request),
        "superEvent": {"@type": "SportsEvent", "name": competition.name,
                       "url": request.build_absolute_uri(competition.get_absolute_url())}})
