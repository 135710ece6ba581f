"""Reads of the entries: the organizer's entries page, the players who may still enter, a
player's entries, the sign-up page. Each in a fixed number of queries whatever the rows."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone

from league.clubs.models import Club, Player, Season
from league.clubs.selectors import player_of_user
from league.competitions.models import (
    Competition,
    Entry,
)
from league.core.written_reads import Columns, Read, answered, related, table


@dataclass(frozen=True, slots=True)
class SignUpPage:
    player: Player | None  # the viewer's player of the club, if any
    entered: bool  # that player has an entry (withdrawn or not)
    signed_up: int  # the entries not withdrawn


def sign_up_page(competition: Competition, user) -> SignUpPage:
    """What the sign-up page says to the user: one query for a visitor, two for a signed-in user
    who is no player of the club, three for a player."""
    player = player_of_user(competition.season.club, user) if user.is_authenticated else None
    entered = player is not None and competition.entries.filter(player=player).exists()
    return SignUpPage(player, entered,
                      competition.entries.filter(withdrawn_at__isnull=True).count())


# The sign-ups open to a user, written out: built by the ORM (a subquery, an EXISTS and two
# joins), it cost his home page several times what the database took to answer it.
SIGN_UP_COMPETITION = Columns(Competition, "c")
SIGN_UP_SEASON = Columns(Season, "s")
SIGN_UP_CLUB = Columns(Club, "cl")
SIGN_UPS = f"""
SELECT {SIGN_UP_COMPETITION.sql}, {SIGN_UP_SEASON.sql}, {SIGN_UP_CLUB.sql},
       EXISTS(SELECT 1 FROM {table(Entry)} e JOIN {table(Player)} ep ON ep.id = e.player_id
              WHERE e.competition_id = c.id AND ep.user_id = %s AND e.withdrawn_at IS NULL)
FROM {table(Competition)} c
JOIN {table(Season)} s ON s.id = c.season_id
JOIN {table(Club)} cl ON cl.id = s.club_id
WHERE c.status = %s AND c.registration_open = %s
  AND s.club_id IN (SELECT p.club_id FROM {table(Player)} p
                    WHERE p.user_id = %s AND p.retired_at IS NULL)
  AND (c.registration_closes_at IS NULL OR c.registration_closes_at > %s)
ORDER BY c.registration_closes_at, c.name, c.id
"""


def open_sign_ups(user, *, now=None) -> list[Competition]:
    """The competitions taking sign-ups now in the clubs where the user has a player (not
    retired), soonest closing first; each with its season and club, and `entered` (his player
    has an entry not withdrawn). One query, none for a visitor."""
    if not user.is_authenticated:
        return []
    return answered(sign_ups_read(user.pk, now))


def sign_ups_read(user_id: int, now=None) -> Read[list[Competition]]:
    """`open_sign_ups` of a signed-in user, as a read a page asks together with its others."""
    params = [user_id, Competition.Status.DRAFT, True, user_id, now or timezone.now()]
    return Read(SIGN_UPS, params, _sign_ups)


def _sign_ups(rows: list[tuple]) -> list[Competition]:
    found = []
    at_season = len(SIGN_UP_COMPETITION)
    at_club = at_season + len(SIGN_UP_SEASON)
    for row in rows:
        competition = SIGN_UP_COMPETITION.instance(row)
        season = SIGN_UP_SEASON.instance(row, at_season)
        related(season, club=SIGN_UP_CLUB.instance(row, at_club))
        related(competition, season=season)
        competition.entered = bool(row[-1])
        found.append(competition)
    return found


@dataclass(frozen=True, slots=True)
class EntriesPage:
    competition: Competition
    entries: list[Entry]
    candidates: list[Player]  # the club's players not entered (matching the filter)
    filter_text: str


def entries_page(competition: Competition, filter_text: str = "") -> EntriesPage:
    entries = list(competition.entries.select_related("player__user")
                   .order_by("seed", "player__name", "pk"))
    entered = [e.player_id for e in entries]
    candidates = (Player.objects.filter(club=competition.season.club, retired_at__isnull=True)
                  .exclude(pk__in=entered))
    if filter_text:
        candidates = candidates.filter(name__icontains=filter_text)
    return EntriesPage(competition, entries, list(candidates.order_by("name")), filter_text)


def enterable_players(competition: Competition) -> QuerySet[Player]:
    """The club's players who have not retired: whom the organizer may enter."""
    return Player.objects.filter(club=competition.season.club, retired_at__isnull=True)


def players_not_entered(competition: Competition) -> QuerySet[Player]:
    """The club's players, not retired, not yet entered in the competition, by name."""
    return enterable_players(competition).exclude(
        entries__competition=competition).order_by("name")


def entries_of_player(player: Player) -> QuerySet[Entry]:
    """The player's entries with their competition and season, the newest competition first:
    one query."""
    return player.entries.select_related("competition__season").order_by(
        "-competition__created_at")


def entries_with_players(competition: Competition) -> list[Entry]:
    return list(competition.entries.select_related("player"))


def entrant_names(competition: Competition) -> dict[int, str]:
    """Each entry's player's name, by entry id."""
    return dict(competition.entries.values_list("pk", "player__name"))
