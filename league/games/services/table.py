"""The scoresheet kept through a match's table link: start a game, enter a hand, undo the last
one, report the result, and the opponent's verification (or dispute) on the same device.

Each goes through the same service a signed-in player's does (league.games.services.games,
league.competitions.results.services), with the table link as the actor, in one transaction
that first checks the link is still live and counts the write against its limit; every one
leaves an audit entry "entered at table N" (a report, verification or dispute: its own entry,
with the table and the player named)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from league.competitions.base.actors import TableActor
from league.competitions.base.audit import audit_match
from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.nights.table_links import require_live
from league.competitions.results.services import confirm_result, dispute_result, report_result
from league.core.errors import ServiceError
from league.games.models import Game, Hand

from .games import HandEntry, record_hand, start_game, undo_last_hand


def start_game_at_table(actor: TableActor) -> Game:
    with transaction.atomic():
        require_live(actor)
        game = start_game(actor.match_id, actor=actor)
        _audit(game.match, actor, f"Game {game.number} started", {"game": game.number})
        return game


def enter_hand_at_table(actor: TableActor, game_id: int, entry: HandEntry) -> Hand:
    with transaction.atomic():
        require_live(actor)
        _require_game_of(actor, game_id)
        hand = record_hand(game_id, entry, actor=actor)
        _audit(hand.game.match, actor, f"Hand {hand.number} of game {hand.game.number} entered",
               {"game": hand.game.number, "hand": hand.number, "winner": hand.winner,
                "outcome": hand.outcome, "points": hand.points})
        return hand


def undo_hand_at_table(actor: TableActor, game_id: int, expected_number: int) -> Hand:
    with transaction.atomic():
        require_live(actor)
        game = _require_game_of(actor, game_id)
        hand = undo_last_hand(game_id, actor=actor, expected_number=expected_number)
        _audit(game.match, actor, f"Hand {hand.number} of game {game.number} undone",
               {"game": game.number, "undone": hand.number})
        return hand


def report_at_table(actor: TableActor, side: str) -> ResultReport:
    """The result the games decided, reported by the player of `side` at the table."""
    if side not in ("A", "B"):
        raise ServiceError(_("Say who is reporting the result."), field="side")
    with transaction.atomic():
        require_live(actor)
        return report_result(actor.match_id, actor=actor.as_side(side))


def verify_at_table(actor: TableActor, name: str, *, seen: str | None) -> Match:
    """The opponent of the reporter, at the same device, confirms the result with his name: it
    counts as confirmed by him. Only where the club verifies at the table."""
    with transaction.atomic():
        require_live(actor)
        match, report = _pending(actor)
        side = "B" if report.reported_side == "A" else "A"
        opponent = (match.entry_a if side == "A" else match.entry_b).player.name
        if _plain(name) != _plain(opponent):
            raise ServiceError(_("Type your name as the sheet shows it (%(name)s) to confirm "
                                 "the result.") % {"name": opponent}, field="name")
        return confirm_result(match.pk, actor=actor.as_side(side), seen=seen)


def dispute_at_table(actor: TableActor, comment: str) -> ResultReport:
    """The opponent says the result at the table is wrong: it goes to the organizer."""
    with transaction.atomic():
        require_live(actor)
        match, report = _pending(actor)
        side = "B" if report.reported_side == "A" else "A"
        return dispute_result(match.pk, actor=actor.as_side(side), comment=comment)


def _pending(actor: TableActor) -> tuple[Match, ResultReport]:
    match = (Match.objects.select_related("competition__season__club", "entry_a__player",
                                          "entry_b__player").get(pk=actor.match_id))
    if not match.competition.season.club.verify_at_table:
        raise ServiceError(_("This club confirms results on the players' own accounts or at the "
                             "organizer's desk, not at the table."))
    report = match.reports.filter(status=ResultReport.Status.PENDING).first()
    if report is None or not report.reported_side:
        raise ServiceError(_("There is no result reported at this table to verify."))
    return match, report


def _require_game_of(actor: TableActor, game_id: int) -> Game:
    game = Game.objects.select_related("match").filter(pk=game_id).first()
    if game is None or game.match_id != actor.match_id:
        raise ServiceError(_("That game is not this table's."))
    return game


def _audit(match: Match, actor: TableActor, what: str, facts: dict) -> None:
    audit_match(match, actor, AuditEntry.Action.AT_TABLE, after=facts,
                comment=f"{what} {actor.where}, through the table link.")


def _plain(name: str) -> str:
    return " ".join(str(name).split()).casefold()
