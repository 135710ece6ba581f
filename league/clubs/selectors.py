"""Reads of clubs, their players, organizers and join requests, for the pages above. Each is one
query (a lookup that finds nothing is a 404 where the function says so)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from league.clubs.models import Club, JoinRequest, Player
from league.clubs.visibility import club_of


def club_by_slug(slug: str) -> Club:
    """The club of a page's address, or 404."""
    return get_object_or_404(Club, slug=slug)


def club_by_pk(pk: int) -> Club:
    """A club known to exist (its id read from one of its objects)."""
    return Club.objects.get(pk=pk)


def club_of_player(pk: int) -> int | None:
    """The club id of player `pk` (None: no such player), remembered: no query once known."""
    return club_of("player", pk, lambda: Player.objects.filter(pk=pk).values_list(
        "club_id", flat=True).first())


def club_player(pk: int) -> Player:
    """A player with their club and account, for the organizer's pages, or 404."""
    return get_object_or_404(Player.objects.select_related("club", "user"), pk=pk)


def player_of_user(club: Club, user) -> Player | None:
    """The club's player whose account is the (signed-in) user's, if any."""
    return Player.objects.filter(club=club, user=user).first()


def own_player(pk: int, user) -> Player | None:
    """Player `pk` when its account is the (signed-in) user's."""
    return Player.objects.filter(pk=pk, user=user).first()


def organized_clubs(user) -> QuerySet[Club]:
    """The clubs the user organizes (a superuser: every club), by name."""
    clubs = Club.objects.all() if user.is_superuser else user.organized_clubs.all()
    return clubs.order_by("name")


def organizers_of(club: Club):
    """The club's organizers, by username."""
    return club.organizers.order_by("username")


def latest_join_request(club: Club, user) -> JoinRequest | None:
    """The (signed-in) user's latest request to join the club, whatever its answer."""
    return JoinRequest.objects.filter(club=club, user=user).order_by("-asked_at").first()


def join_request(pk: int) -> JoinRequest:
    """A request to join, with its club and account, or 404."""
    return get_object_or_404(JoinRequest.objects.select_related("club", "user"), pk=pk)
