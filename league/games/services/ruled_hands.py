"""The hand a director's ruling scores, entered with the ruling: a deal declared void (nothing
scored, the deal does not pass on), an illegal knock the opponent accepted (settled at the
knocker's real deadwood, Hoyle's irregularities, Illegal Knock), a defender found with a wrong
number of cards after a knock (charged 10 a missing card, no undercut, Hoyle's irregularities,
Incorrect Hand). The ruling is stored with the hand and shown beside it on the scoresheet.

A ruling that does not score the hand by itself (a lost turn, a correction by discarding or
drawing, play on) is kept in the match's history; the hand it was recorded on carries it
(``Hand.rulings``) from when it is entered, or at once when it is entered already."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from django.utils.translation import gettext as _

from gameplay import engine
from gameplay.assistant import OVER_LIMIT, SHORT_DEFENDER, VOID, Advice
from league.competitions.models import Match
from league.core.errors import ServiceError
from league.games.models import Game, Hand

from .games import _sentences, _update_game
from .hand_rulings import table_rulings
from .scoring import from_engine_seat, game_rules, score_of


@dataclass(frozen=True)
class RuledCards:
    """The cards a scoring ruling settles the hand from; an accepted illegal knock may be
    settled from the table's deadwood counts instead (the defender's after layoffs)."""

    knocker_cards: str = ""
    defender_cards: str = ""
    upcard: str = ""
    knocker_deadwood: int | None = None
    defender_deadwood: int | None = None

    @property
    def counts_given(self) -> bool:
        return self.knocker_deadwood is not None or self.defender_deadwood is not None

    def to_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v not in ("", None)}

    @classmethod
    def from_dict(cls, data: dict) -> RuledCards:
        return cls(**{k: data[k] for k in FIELDS if k in data})


def enter_ruled_hand(game: Game, number: int, advice: Advice, answers: dict[str, str],
                     cards: RuledCards, *, actor) -> Hand:
    """Enter hand ``number`` of ``game`` (its match and game rows locked by the caller) as the
    ruling scores it."""
    hands = list(game.hands.order_by("number"))
    _require_the_hand_at_the_table(game, hands, number)
    score = score_of(game, hands)
    hand = Hand(game=game, number=number, dealer=from_engine_seat(score.dealer_next),
                entered_by=actor, ruling=ruling_facts(advice, answers),
                rulings=table_rulings(game, number))
    if advice.effect == VOID:
        hand.outcome = Hand.Outcome.VOID
    else:
        _settle(hand, advice.effect, answers, cards, game_rules(game))
    hand.save()
    _update_game(game, [*hands, hand])
    return hand


def check_ruled_hand(game: Game, number: int, advice: Advice, answers: dict[str, str],
                     cards: RuledCards) -> None:
    """Raise the ServiceError entering the hand as the ruling scores it would raise; nothing is
    saved (a ruling recorded at the table is checked before the opponent is asked)."""
    if not advice.effect:
        return
    _require_the_hand_at_the_table(game, list(game.hands.all()), number)
    if advice.effect != VOID:
        _settle(Hand(game=game), advice.effect, answers, cards, game_rules(game))


def ruling_facts(advice: Advice, answers: dict[str, str]) -> dict:
    item = advice.irregularity
    return {"irregularity": item.key, "title": item.title, "ruling": advice.ruling,
            "source": item.source, "section": item.section,
            "answers": {k: v for k, v in answers.items() if v}}


def _require_the_hand_at_the_table(game: Game, hands: list[Hand], number: int) -> None:
    if game.match.status not in Match.OPEN_FOR_PLAY or game.is_finished or game.from_totals:
        raise ServiceError(_("This ruling scores the hand at the table: record it on the hand "
                             "being played of a game in progress."), field="game")
    if number != len(hands) + 1:
        raise ServiceError(_("This ruling scores the hand at the table: hand %(hand)s of game "
                             "%(game)s.") % {"hand": len(hands) + 1, "game": game.number},
                           field="hand")


def _settle(hand: Hand, effect: str, answers: dict[str, str], cards: RuledCards,
            rules: engine.Ruleset) -> None:
    if effect == OVER_LIMIT and cards.counts_given and not cards.knocker_cards:
        _settle_counts(hand, answers.get("seat", ""), cards, rules)
        return
    knocker, defender, upcard = _cards(cards, effect)
    if effect == OVER_LIMIT:
        seat = answers.get("seat", "")
        try:
            settlement = engine.settle_hand(knocker, defender, rules, upcard=upcard,
                                            over_limit_accepted=True)
        except engine.EngineError as error:
            raise ServiceError(_sentences([str(error)]), field="knocker_cards") from None
        won = seat if settlement.winner is engine.Side.KNOCKER else _other(seat)
        outcome, points, winner = settlement.outcome, settlement.points, won
        hand.knocker_deadwood = settlement.knocker_deadwood
        hand.defender_deadwood = settlement.defender_deadwood
    elif effect == SHORT_DEFENDER:
        seat = _other(answers.get("offender", ""))  # the offender is the defender
        try:
            charge = engine.charge_incorrect_defender(knocker, defender, rules, upcard=upcard)
        except engine.EngineError as error:
            raise ServiceError(_sentences([str(error)]), field="knocker_cards") from None
        outcome, points, winner = charge.outcome, charge.points, seat
    else:
        raise ValueError(f"not a scoring ruling: {effect!r}")
    hand.outcome, hand.points, hand.winner, hand.knocker = outcome.value, points, winner, seat
    hand.knocker_cards, hand.defender_cards = engine.format_cards(knocker), engine.format_cards(
        defender)
    hand.upcard = upcard.code if upcard else ""
    if effect == OVER_LIMIT:
        hand.knocker_deadwood = settlement.knocker_deadwood
        hand.defender_deadwood = settlement.defender_deadwood


def _settle_counts(hand: Hand, seat: str, cards: RuledCards, rules: engine.Ruleset) -> None:
    """An accepted knock over the limit, settled from the counts: the knocker's real deadwood,
    the defender's after his layoffs (he may undercut)."""
    if cards.knocker_deadwood is None or cards.defender_deadwood is None:
        raise ServiceError(_("Enter both counts: the knocker's deadwood, and the defender's after "
                             "his layoffs."), field="knocker_deadwood")
    try:
        upcard = engine.parse_card(cards.upcard) if cards.upcard else None
        settled = engine.settle_counts(cards.knocker_deadwood, cards.defender_deadwood, rules,
                                       upcard=upcard, over_limit_accepted=True)
    except engine.InvalidCounts as error:
        raise ServiceError(_sentences([str(error)]), field=f"{error.side}_deadwood") from None
    except engine.EngineError as error:
        raise ServiceError(_sentences([str(error)]), field="knocker_deadwood") from None
    won = seat if settled.winner is engine.Side.KNOCKER else _other(seat)
    hand.outcome, hand.points, hand.winner, hand.knocker = (settled.outcome.value, settled.points,
                                                            won, seat)
    hand.knocker_deadwood, hand.defender_deadwood = settled.knocker_deadwood, \
        settled.defender_deadwood
    hand.upcard = upcard.code if upcard else ""


def _cards(cards: RuledCards, effect: str):
    if not (cards.knocker_cards and cards.defender_cards):
        raise ServiceError(_("Enter both hands' cards: the ruling scores the hand from them."),
                           field="knocker_cards")
    try:
        knocker = engine.parse_cards(cards.knocker_cards)
        defender = engine.parse_cards(cards.defender_cards)
        upcard = engine.parse_card(cards.upcard) if cards.upcard else None
    except engine.InvalidCards as error:
        raise ServiceError(_sentences([str(error)]), field="knocker_cards") from None
    if effect == SHORT_DEFENDER and len(defender) == 10:
        raise ServiceError(_("The defender holds ten cards: his count is right. Enter the "
                             "cards he was found with."), field="defender_cards")
    return knocker, defender, upcard


FIELDS = tuple(f.name for f in fields(RuledCards))


def _other(seat: str) -> str:
    return {"A": "B", "B": "A"}[seat]
