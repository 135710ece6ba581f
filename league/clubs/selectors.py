"""Reads of clubs, their players, organizers and join requests, for the pages above. Each is one
query (a lookup that finds nothing is a 404 where the function says so)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404

from league.clubs.models import Club, JoinRequest, Player
from league.clubs.visibility import PUBLIC_KEY, club_of
from league.core.cache import derived, filled_alone
from league.core.fills import Filling
from league.core.written_reads import (
    Columns,
    Read,
    answered,
    fetched,
    first_value,
    marks,
    related,
    table,
    the_row,
)

LANGUAGE_KEY = "club-language:{}"
LANGUAGE_SECONDS = 300
USER_PLAYERS_KEY = "user-players:{}"
USER_PLAYERS_SECONDS = 60 * 60  # forgotten on every change anyway; bounds what an idle copy keeps
CLUB_ROW_KEY = "club-row:{}"
CLUB_ROW_SECONDS = 60 * 60  # the same


def club_by_slug(slug: str) -> Club:
    """The club of a page's address, or 404."""
    return get_object_or_404(Club, slug=slug)


# The club and a player with his club, read on a cold visit of their pages: written out, as the
# ORM's queries cost several times what the database took to answer them
# (league.core.written_reads).
CLUB, PLAYER = Columns(Club, "k"), Columns(Player, "p")
_CLUB_SQL = f"SELECT {CLUB.sql} FROM {table(Club)} k WHERE k.id = %s"
_PLAYER_SQL = (f"SELECT {PLAYER.sql}, {CLUB.sql} FROM {table(Player)} p "
               f"JOIN {table(Club)} k ON k.id = p.club_id WHERE p.id = %s")


def player_with_his_club(pk: int) -> Player:
    """The player with his club: one query, or 404."""
    return answered(player_read(pk))


def player_read(pk: int) -> Read[Player]:
    """`player_with_his_club`, as a read a page asks together with its others."""
    return Read(_PLAYER_SQL, [pk], _player_with_his_club)


def _player_with_his_club(rows: list[tuple]) -> Player:
    if not rows:
        raise Http404("No such player.")
    player = PLAYER.instance(rows[0])
    related(player, club=CLUB.instance(rows[0], len(PLAYER)))
    return player


def club_to_read(pk: int) -> Club:
    """Club `pk`, or 404, for reading: from the derived cache (forgotten whenever the club is
    saved or deleted: league.clubs.signals), else one query. Its key, `CLUB_ROW_KEY`, can be
    read ahead with others (league.core.cache.read_ahead)."""
    key = CLUB_ROW_KEY.format(pk)
    club = derived.get(key)
    if not isinstance(club, Club):
        club = club_by_pk(pk)
        derived.set(key, club, CLUB_ROW_SECONDS)
    return club


def club_by_pk(pk: int) -> Club:
    """Club `pk` (its id read from one of its objects), or 404: one query, written out."""
    return CLUB.instance(the_row(_CLUB_SQL, [pk], "No such club."))


# The reads of a cold visit of most pages, written out: the ORM's query cost several times what
# the database took to answer it (league.core.written_reads).
_CLUB_OF_SLUG_SQL = f"SELECT c.id FROM {table(Club)} c WHERE c.slug = %s"
_CLUB_OF_PLAYER_SQL = f"SELECT p.club_id FROM {table(Player)} p WHERE p.id = %s"


def club_id_of_slug(slug: str) -> int | None:
    """The id of the club of a page's address (None: no such club), remembered: a club keeps
    the slug it was made with."""
    return club_of("club-slug", slug, lambda: first_value(_CLUB_OF_SLUG_SQL, [slug]))


def club_of_player(pk: int) -> int | None:
    """The club id of player `pk` (None: no such player), remembered: no query once known."""
    return club_of("player", pk, lambda: first_value(_CLUB_OF_PLAYER_SQL, [pk]))


_LANGUAGE_SQL = f"SELECT c.default_language FROM {table(Club)} c WHERE c.id = %s"
_OWN_PLAYERS_SQL = (f"SELECT p.id, p.calendar_version FROM {table(Player)} p WHERE p.user_id = %s "
                    f"ORDER BY p.name, p.id")


def club_language(club_id: int | None) -> str | None:
    """The club's language, remembered until the club is saved (league.clubs.signals)."""
    if club_id is None:
        return None
    key = LANGUAGE_KEY.format(club_id)
    code = derived.get(key)
    if code is None:
        code = filled_alone(key, language_filling(str(club_id)))
    return code


def language_filling(club_id: str) -> Filling:
    """The club's language as its key keeps it, for LANGUAGE_SECONDS; nothing kept for a club
    that is gone (league.core.fills)."""
    return Filling(Read(_LANGUAGE_SQL, [int(club_id)], lambda rows: rows[0][0] if rows else None),
                   lambda code: None if code is None else (code, LANGUAGE_SECONDS))


def club_page_keys(club_id: int | None) -> list[str]:
    """The cached entries every page of the club reads (whether it is public, its language):
    to be read ahead in one call (league.core.cache.read_ahead)."""
    if club_id is None:
        return []
    return [PUBLIC_KEY.format(club_id), LANGUAGE_KEY.format(club_id)]


def club_player(pk: int) -> Player:
    """A player with their club and account, for the organizer's pages, or 404."""
    return get_object_or_404(Player.objects.select_related("club", "user"), pk=pk)


def player_of_user(club: Club, user) -> Player | None:
    """The club's player whose account is the (signed-in) user's, if any."""
    return Player.objects.filter(club=club, user=user).first()


def player_ids_of_user(user) -> list[int]:
    """The ids of the user's players, in any club, in order (see `own_players`)."""
    return sorted(own_players(user))


def own_players(user) -> dict[int, int]:
    """The version of each of the user's players' calendar address (league.clubs.services.
    calendar), by player id, in any club: from the derived cache, else one query; none for a
    visitor. The cached copy goes whenever a player is linked to the account, unlinked from it or
    given a new address, and when the account goes (league.clubs.signals)."""
    if not user.is_authenticated:
        return {}
    key = USER_PLAYERS_KEY.format(user.pk)
    found = derived.get(key)
    if not isinstance(found, dict):
        found = filled_alone(key, own_players_filling(str(user.pk)))
    return found


def own_players_filling(user_id: str) -> Filling:
    """The user's players' calendar versions by player id, as his key keeps them, for
    USER_PLAYERS_SECONDS (league.core.fills)."""
    return Filling(Read(_OWN_PLAYERS_SQL, [int(user_id)], dict),
                   lambda found: (found, USER_PLAYERS_SECONDS))


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


def person_name(user, club: Club | None = None) -> str:
    """How a person is named to others: their player's name in the club, else the account's full
    name, else their player's name in another club; the user name only when there is nothing
    else. A club with `.player_list` (club_page) is read from it; otherwise one query or two."""
    if user is None:
        return ""
    players = getattr(club, "player_list", None)
    if players is not None:
        known = {p.user_id: p.name for p in players if p.user_id == user.pk}
        return person_names([user], club, known=known)[user.pk]
    return person_names([user], club)[user.pk]


def person_names(users, club: Club | None = None, *, known: dict | None = None) -> dict[int, str]:
    """person_name of each user (None skipped) by user id, in two queries at most (none for what
    `known`, the names in the club already read, holds), written out: a club page's head asks
    on every cold visit."""
    users = {user.pk: user for user in users if user is not None}
    if known is None and club is not None and users:
        # by name, as the players' order: of two of his players in the club, the last name
        ids = list(users)
        known = dict(fetched(f"SELECT p.user_id, p.name FROM {table(Player)} p "
                             f"WHERE p.club_id = %s AND p.user_id IN ({marks(ids)}) "
                             f"ORDER BY p.name", [club.pk, *ids]))
    names = {pk: name for pk, name in (known or {}).items() if pk in users and name}
    for pk, user in users.items():
        if pk not in names and user.get_full_name().strip():
            names[pk] = user.get_full_name().strip()
    unnamed = [pk for pk in users if pk not in names]
    if unnamed:
        for pk, name in fetched(f"SELECT p.user_id, p.name FROM {table(Player)} p "
                                f"WHERE p.user_id IN ({marks(unnamed)}) ORDER BY p.id DESC",
                                unnamed):
            names[pk] = name  # the oldest player last, so his name stays
    for pk in unnamed:
        names.setdefault(pk, users[pk].get_username())
    return names
