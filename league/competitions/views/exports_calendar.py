"""Calendar feeds: a competition's fixtures, a club's (its competitions not finished), and a
player's matches across competitions read at a private address (league.clubs.services.calendar);
each with the club nights of the same competitions. See league.competitions.schedule.ical for the events.
The competition's and the club's feeds are kept under the versions of what they show
(league.competitions.schedule.feeds), after the members-only check."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse

from league.clubs.selectors import club_by_pk, club_id_of_slug
from league.clubs.services.calendar import player_of_calendar_token
from league.competitions.base.selectors import club_of_competition
from league.competitions.schedule import ical
from league.competitions.schedule.feed_reads import (
    feed_matches_of_club,
    feed_matches_of_competition,
    feed_matches_of_player,
    feed_nights_of_club,
)
from league.competitions.schedule.feeds import (
    club_feed_version,
    competition_feed_version,
    kept_feed,
)
from league.competitions.schedule.selectors import (
    feed_competition,
    feed_nights_of_competition,
    feed_nights_of_player,
)
from league.competitions.views.visibility import members_only


def fixtures_ics(request: HttpRequest, pk: int) -> HttpResponse:
    if (refusal := members_only(request, club_of_competition(pk))) is not None:
        return refusal
    version = competition_feed_version(pk)
    if version is None:
        raise Http404("No such competition.")

    def write() -> bytes:
        competition = feed_competition(pk)
        name = f"{competition.name} ({competition.season.name})"
        return _calendar(request, name, feed_matches_of_competition(competition),
                         nights=feed_nights_of_competition(competition))

    text = kept_feed(f"competition-{pk}", version, _address(request), write)
    return _served(text, f"fixtures-{pk}.ics")


def club_ics(request: HttpRequest, slug: str) -> HttpResponse:
    club_id = club_id_of_slug(slug)
    if club_id is None:
        raise Http404("No such club.")
    if (refusal := members_only(request, club_id)) is not None:
        return refusal

    def write() -> bytes:
        club = club_by_pk(club_id)
        return _calendar(request, club.name, feed_matches_of_club(club),
                         nights=feed_nights_of_club(club))

    text = kept_feed(f"club-{club_id}", club_feed_version(club_id), _address(request), write)
    return _served(text, f"{slug}.ics")


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
    return _served(_calendar(request, name, matches, nights=nights), filename)


def _calendar(request: HttpRequest, name: str, matches, *, nights=()) -> bytes:
    host = request.get_host().split(":")[0]
    return ical.calendar(name, matches, uid_domain=host, nights=nights,
                         url_of=lambda m: request.build_absolute_uri(m.get_absolute_url()))


def _address(request: HttpRequest) -> str:
    """What of the request a feed's text depends on: its links' scheme and host."""
    return f"{request.scheme}://{request.get_host()}"


def _served(text: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
