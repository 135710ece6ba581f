"""Reads of the entries: the organizer's entries page, the players who may still enter, a
player's entries, the sign-up page. Each in a fixed number of queries whatever the rows."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from league.clubs.models import Player
from league.clubs.selectors import player_of_user
from league.competitions.models import (
    Competition,
    Entry,
)


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


def open_sign_ups(user, *, now=None) -> list[Competition]:
    """The competitions taking sign-ups now in the clubs where the user has a player (not
    retired), soonest closing first; each with `entered` (his player has an entry). One query,
    none for a visitor."""
    if not user.is_authenticated:
        return []
    now = now or timezone.now()
    mine = Player.objects.filter(user=user, retired_at__isnull=True)
    entered = Entry.objects.filter(competition=OuterRef("pk"), player__user=user,
                                   withdrawn_at__isnull=True)
    return list(
        Competition.objects.filter(status=Competition.Status.DRAFT, registration_open=True,
                                   season__club__in=mine.values("club"))
        .filter(Q(registration_closes_at__isnull=True) | Q(registration_closes_at__gt=now))
        .annotate(entered=Exists(entered)).select_related("season__club")
        .order_by("registration_closes_at", "name", "pk"))


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
