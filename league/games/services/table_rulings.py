"""Rulings at the table: either player of a match records the ruling of an irregularity on a
hand of a game being played; it stands once the opponent agrees on his phone, or an organizer
who does not play in the match decides. Then it is written as a director's ruling
(league/games/services/rulings.py): kept in the match's history, and a ruling that scores the
hand (a new deal, an accepted illegal knock, a defender's wrong count) enters it.

An organizer who does not play in the match records a ruling that stands at once. Each write
locks the match row, then the game's, the order every action on a match follows."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from gameplay.assistant import Advice, WrongAnswer, advise
from league.clubs.permissions import is_organizer
from league.competitions.base.locks import locked_match
from league.competitions.base.permissions import may_decide, side_of
from league.competitions.base.selectors import side_names
from league.core.errors import Changed, NotAllowed, ServiceError
from league.games.models import Game, TableRuling
from league.games.rulings.words import say

from .ruled_hands import RuledCards, check_ruled_hand
from .rulings import check_hand_number, write_ruling

STANDS = (TableRuling.Status.AGREED, TableRuling.Status.DECIDED)


def propose_ruling(game_id: int, *, hand_number: int, key: str, answers: dict[str, str],
                   cards: RuledCards, actor) -> TableRuling:
    """Record the ruling ``key`` with ``answers`` on a hand of the game. A player's waits for
    his opponent; an organizer's who does not play in the match stands at once."""
    with transaction.atomic():
        game = _locked_game(game_id)
        match = game.match
        side = side_of(actor, match)
        deciding = may_decide(actor, match)
        if side is None and not deciding:
            raise NotAllowed(_("Only the two players of this match or an organizer of the club "
                               "record a ruling on it."))
        if game.from_totals:
            raise ServiceError(_("This game was entered from its final totals: it has no hands "
                                 "to rule on."))
        check_hand_number(game, hand_number)
        advice = _advice(key, answers, match)
        check_ruled_hand(game, hand_number, advice, answers, cards)
        ruling = TableRuling(game=game, hand_number=hand_number, irregularity=key,
                             answers={k: v for k, v in answers.items() if v},
                             cards=cards.to_dict(), proposed_by=actor,
                             proposed_side=side or "")
        if deciding:
            write_ruling(match, game, hand_number, actor=actor, advice=advice, answers=answers,
                         cards=cards)
            ruling.status, ruling.answered_by = TableRuling.Status.DECIDED, actor
            ruling.answered_at = timezone.now()
        try:
            with transaction.atomic():
                ruling.save()
        except IntegrityError:
            raise Changed(_("A ruling on hand %(number)s is already waiting: agree to it or ask "
                            "the organizer first.") % {"number": hand_number}) from None
        return ruling


def agree_to_ruling(ruling_id: int, *, actor) -> TableRuling:
    """The opponent of the player who recorded it agrees, or an organizer who does not play in
    the match decides it stands: it is written and scores the hand."""
    with transaction.atomic():
        ruling, game = _locked_ruling(ruling_id)
        match = game.match
        side = side_of(actor, match)
        deciding = may_decide(actor, match)
        if not deciding:
            if side is None:
                raise NotAllowed(_("Only the opponent or an organizer of the club agrees to a "
                                   "ruling."))
            if side == ruling.proposed_side:
                raise NotAllowed(_("Your opponent agrees to the ruling you recorded, on his "
                                   "phone; or ask the organizer."))
            if ruling.status != TableRuling.Status.WAITING:
                raise ServiceError(_("You did not agree to this ruling: the organizer decides "
                                     "it now."))
        advice = _advice(ruling.irregularity, ruling.answers, match)
        write_ruling(match, game, ruling.hand_number, actor=actor, advice=advice,
                     answers=dict(ruling.answers), cards=RuledCards.from_dict(ruling.cards))
        return _answer(ruling, TableRuling.Status.DECIDED if deciding
                       else TableRuling.Status.AGREED, actor)


def dispute_ruling(ruling_id: int, *, actor) -> TableRuling:
    """The opponent does not agree: the ruling waits for the organizer, who decides it (or
    has it withdrawn)."""
    with transaction.atomic():
        ruling, game = _locked_ruling(ruling_id)
        side = side_of(actor, game.match)
        if side is None or side == ruling.proposed_side:
            raise NotAllowed(_("Only the opponent of the player who recorded the ruling may "
                               "disagree with it."))
        if ruling.status != TableRuling.Status.WAITING:
            raise Changed(_("The ruling already waits for the organizer."))
        ruling.status = TableRuling.Status.DISPUTED
        ruling.save(update_fields=["status"])
        return ruling


def withdraw_ruling(ruling_id: int, *, actor) -> TableRuling:
    """The player who recorded it takes it back, or an organizer sets it aside."""
    with transaction.atomic():
        ruling, game = _locked_ruling(ruling_id)
        match = game.match
        own = ruling.proposed_by_id == actor.pk
        if not own and not is_organizer(actor, match.competition.season.club):
            raise NotAllowed(_("Only the player who recorded the ruling or an organizer may "
                               "withdraw it."))
        return _answer(ruling, TableRuling.Status.WITHDRAWN, actor)


def _answer(ruling: TableRuling, status: str, actor) -> TableRuling:
    ruling.status, ruling.answered_by, ruling.answered_at = status, actor, timezone.now()
    ruling.save(update_fields=["status", "answered_by", "answered_at"])
    return ruling


def _advice(key: str, answers: dict[str, str], match) -> Advice:
    try:
        advice = advise(key, answers, side_names(match))
    except KeyError:
        raise ServiceError(_("No such irregularity.")) from None
    except WrongAnswer as wrong:
        raise ServiceError(say(wrong.message), field=wrong.field) from None
    if advice.choices_open:
        raise ServiceError(_("The ruling waits for the non-offender's choice: answer it first."),
                           field="choice")
    return advice


def _locked_game(game_id: int) -> Game:
    match_id = Game.objects.filter(pk=game_id).values_list("match_id", flat=True).first()
    if match_id is None:
        raise ServiceError(_("No such game."))
    match = locked_match(match_id)
    game = Game.objects.select_for_update(of=("self",)).get(pk=game_id)
    game.match = match
    return game


def _locked_ruling(ruling_id: int) -> tuple[TableRuling, Game]:
    game_id = (TableRuling.objects.filter(pk=ruling_id).values_list("game_id", flat=True)
               .first())
    if game_id is None:
        raise ServiceError(_("No such ruling."))
    game = _locked_game(game_id)
    ruling = TableRuling.objects.select_for_update(of=("self",)).get(pk=ruling_id)
    if not ruling.is_open:
        raise Changed(_("The ruling was already %(status)s.")
                      % {"status": ruling.get_status_display().lower()})
    return ruling, game
