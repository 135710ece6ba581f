"""Calendar feeds: a competition's fixtures, a club's (its competitions not finished), and a
player's matches across competitions read at a private address (league.clubs.services.calendar);
each with the club nights of the same competitions. See league.competitions.schedule.ical for the events."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse

from league.clubs.selectors import club_by_slug
from league.clubs.services.calendar import player_of_calendar_token
from league.competitions.base.selectors import club_of_competition
from league.competitions.schedule import ical
from league.competitions.schedule.selectors import (
    feed_competition,
    feed_matches_of_club,
    feed_matches_of_competition,
    feed_matches_of_player,
    feed_nights_of_club,
    feed_nights_of_competition,
    feed_nights_of_player,
)
from league.competitions.views.visibility import members_only


def fixtures_ics(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_competition(pk))) is not None:
        return refusal
    competition = feed_competition(pk)
    matches = feed_matches_of_competition(competition)
    name = f"{competition.name} ({competition.season.name})"
    return _feed(request, name, matches, f"fixtures-{competition.pk}.ics",
                 nights=feed_nights_of_competition(competition))


def club_ics(request: HttpRequest, slug: str) -> HttpResponse:
    club = club_by_slug(slug)
    if (refusal := members_only(request, club.pk)) is not None:
        return refusal
    return _feed(request, club.name, feed_matches_of_club(club), f"{club.slug}.ics",
                 nights=feed_nights_of_club(club))


def player_ics(request: HttpRequest, token: str) -> HttpResponse:
    player = player_of_calendar_token(token)
    if player is None:
        raise Http404("This calendar address is not valid: it was changed or mistyped.")
    matches = feed_matches_of_player(player)
    response = _feed(request, f"{player.name}'s matches", matches, "matches.ics",
                     nights=feed_nights_of_player(player))
    response["Cache-Control"] = "private, no-store"
    response["X-Robots-Tag"] = "noindex"
    return response


def _feed(request: HttpRequest, name: str, matches, filename: str, *, nights=()) -> HttpResponse:
    host = request.get_host().split(":")[0]
    text = ical.calendar(name, matches, uid_domain=host, nights=nights,
                         url_of=lambda m: request.build_absolute_uri(m.get_absolute_url()))
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
