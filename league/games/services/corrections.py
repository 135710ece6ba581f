"""An organizer corrects one hand of a game already played: while the match is played (a
player flagged the hand), while its result is reported or disputed, or after it was confirmed.
The engine checks the corrected hand against the hands before it; the game is scored again from all its hands and the match's outcome derived again.
A disputed report then carries the corrected outcome (the organizer still upholds or rejects
it); a confirmed result whose outcome changes is corrected as any correction is, so the bracket
or the standings follow. Every edit is in the match's history with the hand before and after."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.base.locks import locked_match
from league.competitions.base.outbox import enqueue_statistics_follow_up
from league.competitions.base.permissions import require_deciding_organizer
from league.competitions.models import AuditEntry, Match, ResultReport
from league.competitions.results.services import correct_result, match_outcome
from league.core.errors import Changed, ServiceError
from league.games.models import Game, Hand, HandFlag

from .games import HandEntry, _hand_from_entry, _update_game
from .scoring import from_engine_seat, hand_record, score_of

CORRECTABLE = (*Match.OPEN_FOR_PLAY, Match.Status.REPORTED, Match.Status.DISPUTED,
               Match.Status.CONFIRMED)
PENDING_REPORT = {Match.Status.REPORTED: ResultReport.Status.PENDING,
                  Match.Status.DISPUTED: ResultReport.Status.DISPUTED}
HAND_FACTS = ("outcome", "winner", "knocker", "points", "knocker_cards", "defender_cards", "upcard",
              "knocker_deadwood", "defender_deadwood")


@dataclass(frozen=True)
class HandCorrection:
    hand: Hand
    winner_changed: bool


def correct_hand(hand_id: int, entry: HandEntry, *, actor, comment: str,
                 seen: str | None = None) -> HandCorrection:
    """``seen``, the hand's version its form showed (Hand.version): when the hand changed since
    (another organizer corrected it), nothing is changed and Changed is raised."""
    comment = comment.strip()
    with transaction.atomic():
        ids = Hand.objects.filter(pk=hand_id).values_list("game_id", "game__match_id").first()
        if ids is None:
            raise ServiceError(_("No such hand."))
        match = locked_match(ids[1])  # the match row first, then its game
        require_deciding_organizer(actor, match, "correct its hands")
        if match.status not in CORRECTABLE:
            raise ServiceError(_("The match is %(status)s: it has no hand to correct.")
                               % {"status": match.get_status_display().lower()})
        if not comment:
            raise ServiceError(_("Say why the hand is corrected (it is kept in the history)."),
                               field="comment")
        game = Game.objects.select_for_update().get(pk=ids[0])
        hands = list(game.hands.order_by("number"))
        index = next(i for i, h in enumerate(hands) if h.pk == hand_id)
        old = hands[index]
        if seen is not None and seen != old.version:
            raise Changed(_("Someone else corrected hand %(number)s since your page showed it: "
                            "nothing was changed. The form shows the hand as it is now; correct "
                            "it again if it is still wrong.") % {"number": old.number})
        before_outcome = match_outcome(match, list(match.games.all()))
        new = _hand_from_entry(game, entry, score_of(game, hands[:index]), number=old.number,
                               actor=actor)
        new.pk, new.created_at = old.pk, old.created_at
        new.entry_key = old.entry_key  # the entry sent again later is still this hand
        new.rulings = old.rulings  # what was ruled at the table stands with the hand
        hands[index] = new
        may_stay_open = (match.status in Match.OPEN_FOR_PLAY
                         and not match.games.filter(number__gt=game.number).exists())
        removed = _rescore(game, hands, may_stay_open=may_stay_open)
        _clear_flags(new, actor=actor, comment=comment)
        AuditEntry.objects.create(
            match=match, actor=actor, action=AuditEntry.Action.HAND_CORRECTED,
            before=_hand_facts(old, removed), after=_hand_facts(new),
            comment=f"Hand {old.number} of game {game.number}: {comment}")
        after_outcome = match_outcome(match, list(match.games.all()))
        _carry_outcome(match, before_outcome, after_outcome, actor=actor, comment=comment)
        if match.status == Match.Status.CONFIRMED and _same(before_outcome, after_outcome):
            enqueue_statistics_follow_up(match)  # a changed result sets off its own follow-up
        return HandCorrection(new, before_outcome.winner != after_outcome.winner)


def _rescore(game: Game, hands: list[Hand], *, may_stay_open: bool) -> list[Hand]:
    """Save the hands with the dealers the engine counts. When the corrected hand makes the game
    end sooner, the hands after its new end could not have been played: they are removed (and
    returned). A game the change leaves unfinished is refused, unless it is the last game of a
    match still being played (the players play on)."""
    score = score_of(game, [])
    kept: list[Hand] = []
    for hand in hands:
        if score.finished:
            break
        if not hand.is_void:
            score = score.add(hand_record(hand))
        kept.append(hand)
    if not score.finished and not may_stay_open:
        raise ServiceError(_("With this correction nobody reaches %(target)s: the game would "
                             "not be over.") % {"target": score.rules.target_score},
                           field="points")
    removed = hands[len(kept):]
    for hand in removed:
        hand.delete()
    lines = iter(score.lines)
    dealer = game.first_dealer
    for hand in kept:
        if not hand.is_void:  # a void hand is dealt again by the same dealer
            dealer = from_engine_seat(next(lines).dealer)
        hand.dealer = dealer
        hand.save()
    _update_game(game, kept)
    return removed


def _clear_flags(hand: Hand, *, actor, comment: str) -> None:
    HandFlag.objects.filter(hand=hand, cleared="").update(
        cleared=HandFlag.Cleared.CORRECTED, cleared_by=actor, cleared_at=timezone.now(),
        cleared_comment=comment[:300])


def _carry_outcome(match: Match, before, after, *, actor, comment: str) -> None:
    if match.status in Match.OPEN_FOR_PLAY:
        return  # no result yet: the players report it when the match is over
    if not after.decided:
        raise ServiceError(_("With this correction the games no longer decide the match."),
                           field="points")
    if (after.winner, after.games_a, after.games_b) == (before.winner, before.games_a,
                                                        before.games_b):
        return
    if match.status in PENDING_REPORT:
        report = match.reports.get(status=PENDING_REPORT[match.status])
        winner = {"A": match.entry_a, "B": match.entry_b}.get(after.winner)
        report.winner, report.games_a, report.games_b = winner, after.games_a, after.games_b
        report.save(update_fields=["winner", "games_a", "games_b"])
        return
    correct_result(match.pk, actor=actor, winner=after.winner, games_a=after.games_a,
                   games_b=after.games_b, comment=f"The games, re-scored after a hand was "
                   f"corrected: {comment}", expected_confirmed_at=match.confirmed_at)


def _same(before, after) -> bool:
    return ((after.winner, after.games_a, after.games_b)
            == (before.winner, before.games_a, before.games_b))


def _hand_facts(hand: Hand, removed: list[Hand] = ()) -> dict:
    facts = {"hand": {name: getattr(hand, name) for name in HAND_FACTS}}
    if removed:  # hands after the game's new end, removed with the correction
        facts["removed"] = [{"number": h.number, **{n: getattr(h, n) for n in HAND_FACTS}}
                            for h in removed]
    return facts
