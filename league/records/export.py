"""A match as its record (docs/record-format.md): who played, under which rules, each game
and each hand as stored, the rulings and the corrections of its history. Read in a fixed
number of queries whatever the match's size."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Prefetch
from django.utils import timezone

from league.competitions.models import AuditEntry, Match
from league.games.models import Game, Hand

from .format import FORMAT, VERSION

# The history lines that change what the record says happened: kept in it.
CORRECTIONS = (
    AuditEntry.Action.HAND_CORRECTED,
    AuditEntry.Action.CORRECTED,
    AuditEntry.Action.RULING,
)


def record_match(match_id: int) -> Match:
    """The match with everything its record shows: four queries."""
    return (
        Match.objects.select_related(
            "competition__season__club", "round", "entry_a__player", "entry_b__player", "winner"
        )
        .prefetch_related(
            Prefetch(
                "games",
                queryset=Game.objects.order_by("number").prefetch_related(
                    Prefetch("hands", queryset=Hand.objects.order_by("number"))
                ),
            ),
            Prefetch(
                "audit",
                queryset=AuditEntry.objects.filter(action__in=CORRECTIONS).order_by("at", "pk"),
                to_attr="corrections",
            ),
        )
        .get(pk=match_id)
    )


def match_record(match: Match, *, now: datetime | None = None) -> dict:
    """The record of a match read by ``record_match``."""
    competition = match.competition
    club = competition.season.club
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _when(now or timezone.now()),
        "club": {"name": club.name, "slug": club.slug},
        "competition": {
            "id": competition.pk,
            "name": competition.name,
            "season": competition.season.name,
            "format": competition.format,
            "match_format": competition.match_format,
            "match_games": competition.match_games,
        },
        "match": {
            "id": match.pk,
            "key": match.key,
            "status": match.status,
            "kind": match.kind,
            "round": {
                "number": match.round.number,
                "name": match.round.name,
                "bracket": match.round.bracket,
            },
            "played_at": _when(match.played_at),
            "confirmed_at": _when(match.confirmed_at),
        },
        "players": {"A": _player(match.entry_a), "B": _player(match.entry_b)},
        "ruleset": competition.ruleset,
        "hollywood": competition.hollywood or None,
        "result": {
            "winner": _seat_of(match, match.winner_id),
            "games": [match.games_a, match.games_b],
        },
        "games": [game_record(game) for game in match.games.all()],
        "corrections": [
            {
                "at": _when(line.at),
                "action": line.action,
                "comment": line.comment,
                "before": line.before,
                "after": line.after,
            }
            for line in match.corrections
        ],
    }


def game_record(game: Game) -> dict:
    return {
        "number": game.number,
        "ruleset": game.ruleset,
        "target_score": game.target_score,
        "first_dealer": game.first_dealer,
        "status": game.status,
        "winner": game.winner or None,
        "totals": [game.total_a, game.total_b],
        "hands_played": game.hands_played,
        "hollywood": game.hollywood or None,
        "columns": [game.columns_a, game.columns_b] if game.is_hollywood else None,
        "paper_columns": game.paper_columns or None,
        "hands": [hand_record(hand) for hand in game.hands.all()],
    }


def hand_record(hand: Hand) -> dict:
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "outcome": hand.outcome,
        "knocker": hand.knocker or None,
        "winner": hand.winner or None,
        "points": hand.points,
        "knocker_deadwood": hand.knocker_deadwood,
        "defender_deadwood": hand.defender_deadwood,
        "knocker_cards": hand.knocker_cards or None,
        "defender_cards": hand.defender_cards or None,
        "upcard": hand.upcard or None,
        "spread": hand.spread,
        "event_log": hand.event_log,
        "ruling": hand.ruling or None,
        "rulings": hand.rulings,
    }


def _player(entry) -> dict | None:
    if entry is None:
        return None
    return {"id": entry.player_id, "name": entry.player.name}


def _seat_of(match: Match, entry_id: int | None) -> str | None:
    if entry_id is None:
        return None
    return "A" if entry_id == match.entry_a_id else "B"


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None
