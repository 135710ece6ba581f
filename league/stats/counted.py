"""What the statistics count, as querysets every figure starts from.

A match counts when its result is confirmed and it was played at the table (kind "played"):
a bye, walkover, forfeit or no-show is no match played and its games, if any, no games played.
A game counts when it is finished and its match counts; a hand counts when its game counts and
it was not declared void (dealt again). A corrected hand counts as corrected: the stored hand
is the corrected one. Seat A of a match is its first entry, seat B its second.
"""

from __future__ import annotations

from django.db.models import Case, CharField, Q, QuerySet, Value, When

from league.clubs.models import Player, Season
from league.competitions.base.selectors import entry_ids_of_players
from league.competitions.models import Competition, Entry, Match
from league.games.models import Game, Hand


def counted_match(prefix: str = "") -> Q:
    """A counted match, read from a model ``prefix`` away from it ("game__match__")."""
    return Q(**{f"{prefix}status": Match.Status.CONFIRMED, f"{prefix}kind": Match.Kind.PLAYED,
                f"{prefix}entry_a__isnull": False, f"{prefix}entry_b__isnull": False})


def club_scope(prefix: str, club_id: int, season: Season | None) -> Q:
    """The club's (or the season's) competitions, as a subquery: the database finds the few
    competitions first instead of joining every match to its competition and season."""
    competitions = (Competition.objects.filter(season=season) if season is not None
                    else Competition.objects.filter(season__club_id=club_id))
    return Q(**{f"{prefix}competition_id__in": competitions.values("pk")})


def counted_matches(club_id: int, season: Season | None = None) -> QuerySet[Match]:
    return Match.objects.filter(counted_match(), club_scope("", club_id, season))


def counted_games(club_id: int, season: Season | None = None) -> QuerySet[Game]:
    return Game.objects.filter(counted_match("match__"), club_scope("match__", club_id, season),
                               status=Game.Status.FINISHED)


def counted_hands(club_id: int, season: Season | None = None) -> QuerySet[Hand]:
    return (Hand.objects.filter(counted_match("game__match__"),
                                club_scope("game__match__", club_id, season),
                                game__status=Game.Status.FINISHED)
            .exclude(outcome=Hand.Outcome.VOID))


def entries_of(player: Player):
    """The player's entry ids: read once beforehand (``player.entry_ids``, with_entry_ids) the
    database plans his few matches through the entry columns' indexes; else a subquery."""
    ids = getattr(player, "entry_ids", None)
    return ids if ids is not None else Entry.objects.filter(player_id=player.pk).values("pk")


def with_entry_ids(player: Player) -> Player:
    """One query: the player, carrying his entries' ids for the reads below."""
    player.entry_ids = entry_ids_of_players([player.pk])
    return player


def seat_of(player: Player, match_path: str) -> Case:
    """The player's seat in the match ``match_path`` away ("" for a match's own rows)."""
    return Case(When(**{f"{match_path}entry_a_id__in": entries_of(player)}, then=Value("A")),
                default=Value("B"), output_field=CharField())


def played_by(player: Player, match_path: str) -> Q:
    return (Q(**{f"{match_path}entry_a_id__in": entries_of(player)})
            | Q(**{f"{match_path}entry_b_id__in": entries_of(player)}))
