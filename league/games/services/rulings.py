"""Recording a tournament director's ruling on a hand: an audit entry of the match (action
"ruling") with the irregularity, the answers, the ruling and the rule's sentences in `after`.
The hand carries the ruling: a ruling that scores it enters it; any other is stored with it
when it is entered, or at once when it is entered already (league/games/services/ruled_hands.py)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from gameplay.assistant import Advice
from league.competitions.base.permissions import require_deciding_organizer
from league.competitions.models import AuditEntry, Match
from league.core.errors import ServiceError
from league.games.models import Game, Hand

from .hand_rulings import table_rulings
from .ruled_hands import RuledCards, enter_ruled_hand

ACTION = AuditEntry.Action.RULING
NO_CARDS = RuledCards()


def record_ruling(match_id: int, *, actor, game_number: int, hand_number: int, advice: Advice,
                  answers: dict[str, str], comment: str = "",
                  cards: RuledCards = NO_CARDS) -> AuditEntry:
    """Keep the ruling in the match's history. The hand may be the one being played. A ruling
    that scores the hand (a void deal, an accepted illegal knock, a defender's wrong count after
    a knock) enters that hand too, with the ruling stored on it. Any other is stored with the
    hand once it is entered (``after["hand_entered"]`` says whether it is already)."""
    with transaction.atomic():
        match = (Match.objects.select_for_update(of=("self",))
                 .select_related("competition__season__club").filter(pk=match_id).first())
        if match is None:
            raise ServiceError(_("No such match."), field="match")
        require_deciding_organizer(actor, match, "record a ruling on it")
        game = (Game.objects.select_for_update(of=("self",))
                .filter(match=match, number=game_number).first())
        if game is None:
            raise ServiceError(_("This match has no game %(number)s.") % {"number": game_number},
                               field="game")
        return write_ruling(match, game, hand_number, actor=actor, advice=advice,
                            answers=answers, comment=comment, cards=cards)


def write_ruling(match: Match, game: Game, hand_number: int, *, actor, advice: Advice,
                 answers: dict[str, str], comment: str = "",
                 cards: RuledCards = NO_CARDS) -> AuditEntry:
    """``record_ruling`` once the match and game rows are locked (in that order) and the
    caller has checked who may rule: an organizer deciding, or the opponent agreeing to a
    ruling a player recorded at the table."""
    game_number = game.number
    check_hand_number(game, hand_number)
    game.match = match
    if advice.effect:
        enter_ruled_hand(game, hand_number, advice, answers, cards, actor=actor)
    hand = game.hands.filter(number=hand_number).first()
    item = advice.irregularity
    after = {
        "irregularity": item.key, "title": item.title, "game": game_number,
        "hand": hand_number, "answers": {k: v for k, v in answers.items() if v},
        "ruling": advice.ruling, "rule": list(advice.rule), "source": item.source,
        "section": item.section, "scored": advice.effect,
        "choices_open": advice.choices_open, "hand_entered": hand is not None,
    }
    words = f"Game {game_number}, hand {hand_number}: {item.title}. {advice.ruling}"
    note = comment.strip()
    entry = AuditEntry.objects.create(match=match, actor=actor, action=ACTION, after=after,
                                      comment=f"{words} {note}".strip())
    if hand is not None and not advice.effect:
        _store_with(hand, game)
    return entry


def _store_with(hand: Hand, game: Game) -> None:
    """The hand, entered already, carries the rulings recorded on it."""
    hand.rulings = table_rulings(game, hand.number)
    hand.save(update_fields=["rulings"])


def check_hand_number(game: Game, hand_number: int) -> None:
    """The hand is one entered, or the one at the table."""
    entered = game.hands.count()
    last = entered if game.is_finished else entered + 1  # the hand at the table, not yet entered
    if not 1 <= hand_number <= last:
        raise ServiceError(_("Game %(number)s has hands 1 to %(last)s.")
                           % {"number": game.number, "last": last}, field="hand")
