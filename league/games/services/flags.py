"""A player flags an earlier hand of his match as wrong, with a short reason; the flag waits in
the organizer's disputes list and beside the hand on the scoresheet until the organizer
corrects the hand (league/games/services/corrections.py clears it) or dismisses the flag. Both are
in the match's history."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.competitions.base.locks import locked_match
from league.competitions.base.permissions import require_deciding_organizer, side_of
from league.competitions.models import AuditEntry, Match
from league.core.errors import NotAllowed, ServiceError
from league.games.models import Hand, HandFlag

FLAGGABLE = (*Match.OPEN_FOR_PLAY, Match.Status.REPORTED, Match.Status.DISPUTED)


def flag_hand(hand_id: int, *, actor, reason: str) -> HandFlag:
    reason = " ".join(reason.split())
    with transaction.atomic():
        hand, match = _locked(hand_id)
        if side_of(actor, match) is None:
            raise NotAllowed(_("Only the two players of this match flag its hands."))
        if match.status not in FLAGGABLE:
            raise ServiceError(_("The match is %(status)s: ask an organizer to correct its "
                                 "result.") % {"status": match.get_status_display().lower()})
        if not reason:
            raise ServiceError(_("Say in a few words what is wrong with the hand."),
                               field="reason")
        if hand.flags.filter(cleared="").exists():
            raise ServiceError(_("Hand %(number)s is flagged already: an organizer will look "
                                 "at it.") % {"number": hand.number}, field="reason")
        flag = HandFlag.objects.create(hand=hand, raised_by=actor, reason=reason[:300])
        AuditEntry.objects.create(
            match=match, actor=actor, action=AuditEntry.Action.HAND_FLAGGED,
            comment=f"Hand {hand.number} of game {hand.game.number}: {reason}")
        return flag


def dismiss_flag(flag_id: int, *, actor, comment: str) -> HandFlag:
    comment = " ".join(comment.split())
    with transaction.atomic():
        flag = HandFlag.objects.select_related("hand__game").filter(pk=flag_id).first()
        if flag is None:
            raise ServiceError(_("No such flag."))
        hand, match = _locked(flag.hand_id)
        require_deciding_organizer(actor, match, "dismiss a flag on its hands")
        flag = HandFlag.objects.select_for_update().get(pk=flag_id)
        if not flag.is_open:
            raise ServiceError(_("This flag was cleared already."))
        if not comment:
            raise ServiceError(_("Say why the hand stands as it is (the players read it)."),
                               field="comment")
        flag.cleared, flag.cleared_by = HandFlag.Cleared.DISMISSED, actor
        flag.cleared_at, flag.cleared_comment = timezone.now(), comment[:300]
        flag.save()
        AuditEntry.objects.create(
            match=match, actor=actor, action=AuditEntry.Action.FLAG_DISMISSED,
            comment=f"Hand {hand.number} of game {hand.game.number} stands (flagged: "
                    f"{flag.reason}): {comment}")
        return flag


def _locked(hand_id: int) -> tuple[Hand, Match]:
    """The hand and its match, the match row locked first (the order every action on a match
    follows)."""
    match_id = Hand.objects.filter(pk=hand_id).values_list("game__match_id", flat=True).first()
    if match_id is None:
        raise ServiceError(_("No such hand."))
    match = locked_match(match_id)
    hand = Hand.objects.select_related("game").get(pk=hand_id)
    return hand, match
