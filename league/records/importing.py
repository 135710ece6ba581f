"""A match's record imported into a match of the club that has no games yet: every game and
hand entered through the hand-entry services (league.games.services), exactly as on the
scoresheet or the paper-entry page, so the engine checks each one. A refusal names the game and
the hand; nothing is kept unless every hand is accepted (one transaction). The result is then
recorded as any match's is."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from gameplay import engine
from gameplay.assistant import WrongAnswer, advise
from league.competitions.base.locks import locked_match
from league.competitions.base.permissions import require_deciding_organizer
from league.competitions.base.selectors import side_names
from league.competitions.models import Competition, Match
from league.core.errors import ServiceError
from league.games.models import Game, Hand
from league.games.services import (
    HandEntry,
    enter_game_totals,
    enter_hollywood_columns,
    record_hands,
    start_game,
)
from league.games.services.ruled_hands import RuledCards
from league.games.services.rulings import record_ruling

from .format import schema_problems

SCORED = ("outcome", "winner", "points")


def import_match_record(match_id: int, record: dict, *, actor) -> list[Game]:
    """Enter the record's games into the match, all or none; returns the games entered."""
    problems = schema_problems(record)
    if problems:
        raise ServiceError(
            _("This file is not a match record: %(problem)s") % {"problem": problems[0]},
            field="file",
        )
    with transaction.atomic():
        match = locked_match(match_id)
        require_deciding_organizer(actor, match, "import a record into it")
        if match.games.exists():
            raise ServiceError(
                _(
                    "This match has games already: a record is imported only into "
                    "a match with none."
                ),
                field="file",
            )
        hollywood = match.competition.match_format == Competition.MatchFormat.HOLLYWOOD
        if hollywood != (record["competition"]["match_format"] == "hollywood"):
            raise ServiceError(
                _(
                    "The record's match is played in another format than this "
                    "one's (Hollywood or not)."
                ),
                field="file",
            )
        return [_import_game(match, game, actor) for game in record["games"]]


def _import_game(match: Match, data: dict, actor) -> Game:
    number = data["number"]
    try:
        if data.get("hands_played") is not None:
            return _from_totals(match, data, actor)
        game = start_game(match.pk, actor=actor)
    except ServiceError as error:
        raise _refused(error.message, number) from None
    if game.number != number:
        raise _refused(_("the record's games are not numbered 1, 2, 3… in order."), number)
    if _rules_of(data) != game.ruleset:
        raise _refused(_("it was played under other rules than this competition's."), number)
    if data["first_dealer"] != game.first_dealer:
        raise _refused(_("its first deal is from the other seat than this match's."), number)
    for hand in data["hands"]:
        _import_hand(match, game, hand, actor)
    game.refresh_from_db()
    _require_same_end(game, data)
    return game


def _rules_of(data: dict) -> dict | None:
    try:
        return engine.Ruleset.from_dict(data["ruleset"]).to_dict()
    except engine.EngineError:
        return None


def _from_totals(match: Match, data: dict, actor) -> Game:
    hands = data["hands_played"]
    if data.get("paper_columns"):
        columns = [
            engine.ColumnTotals(tuple(c["points"]), tuple(c["boxes"]))
            for c in data["paper_columns"]
        ]
        return enter_hollywood_columns(match.pk, actor=actor, columns=columns, hands=hands)
    total_a, total_b = data["totals"]
    return enter_game_totals(match.pk, actor=actor, total_a=total_a, total_b=total_b, hands=hands)


def _import_hand(match: Match, game: Game, data: dict, actor) -> None:
    number = data["number"]
    expected = game.hands.count() + 1
    if number != expected:
        raise _refused(
            _("the hands are not numbered in order (hand %(expected)s expected).")
            % {"expected": expected},
            game.number,
            number,
        )
    try:
        # Rulings that do not score the hand wait in the history; the hand carries them.
        for ruling in data.get("rulings") or []:
            _rule(match, game, number, ruling, actor, scoring=False)
        if data.get("ruling"):
            _rule(match, game, number, data["ruling"], actor, scoring=True, cards=data)
        else:
            log = data.get("event_log") or []
            if log:
                _check_log(game, data, log)
            record_hands(game.pk, [_entry(data)], actor=actor, event_logs=[log])
    except ServiceError as error:
        raise _refused(error.message, game.number, number) from None
    hand = game.hands.get(number=number)
    said = {field: data[field] or "" for field in ("outcome", "winner")}
    said["points"] = data["points"]
    if any(getattr(hand, field) != said[field] for field in SCORED):
        raise _refused(
            _("the engine scores it %(outcome)s, %(points)s points, not as the record says.")
            % {"outcome": hand.get_outcome_display().lower(), "points": hand.points},
            game.number,
            number,
        )


def _entry(data: dict) -> HandEntry:
    cards = bool(data.get("knocker_cards") and data.get("defender_cards"))
    counts = not cards and data["outcome"] not in (Hand.Outcome.DEAD_HAND, Hand.Outcome.VOID)
    return HandEntry(
        outcome=data["outcome"],
        winner=data.get("winner") or "",
        points=data["points"],
        knocker_cards=data.get("knocker_cards") or "",
        defender_cards=data.get("defender_cards") or "",
        upcard=data.get("upcard") or "",
        expected_number=data["number"],
        knocker_deadwood=data.get("knocker_deadwood") if counts else None,
        defender_deadwood=data.get("defender_deadwood") if counts else None,
    )


def _check_log(game: Game, data: dict, log: list) -> None:
    """A hand played through the engine: its event log, replayed, ends as the record says."""
    try:
        state = engine.replay(engine.Ruleset.from_dict(game.ruleset), engine.log_from_json(log))
    except (engine.EngineError, KeyError, TypeError, ValueError):
        raise ServiceError(_("its event log cannot be replayed by the engine.")) from None
    result = state.result
    ended = (
        result is not None
        and result.outcome is not None
        and result.outcome.value == data["outcome"]
        and (result.winner.name if result.winner is not None else None)
        == (data.get("winner") or None)
        and result.points == data["points"]
    )
    if not ended:
        raise ServiceError(
            _(
                "its event log, replayed by the engine, ends otherwise than the "
                "hand the record gives."
            )
        )


def _rule(
    match: Match,
    game: Game,
    number: int,
    data: dict,
    actor,
    *,
    scoring: bool,
    cards: dict | None = None,
) -> None:
    answers = {str(k): str(v) for k, v in (data.get("answers") or {}).items()}
    try:
        advice = advise(data["irregularity"], answers, side_names(match))
    except KeyError:
        raise ServiceError(_("its ruling names no irregularity of the rule book.")) from None
    except WrongAnswer as wrong:
        raise ServiceError(wrong.message) from None
    if bool(advice.effect) != scoring or advice.choices_open:
        raise ServiceError(
            _("its ruling (%(title)s) does not score the hand as the record says.")
            % {"title": advice.irregularity.title}
        )
    given = RuledCards()
    if cards is not None:
        given = RuledCards(
            knocker_cards=cards.get("knocker_cards") or "",
            defender_cards=cards.get("defender_cards") or "",
            upcard=cards.get("upcard") or "",
            knocker_deadwood=cards.get("knocker_deadwood"),
            defender_deadwood=cards.get("defender_deadwood"),
        )
    record_ruling(
        match.pk,
        actor=actor,
        game_number=game.number,
        hand_number=number,
        advice=advice,
        answers=answers,
        comment="Imported with the match's record.",
        cards=given,
    )


def _require_same_end(game: Game, data: dict) -> None:
    engine_end = (game.status, game.winner or None, [game.total_a, game.total_b])
    if engine_end != (data["status"], data.get("winner"), list(data["totals"])):
        raise _refused(
            _("its hands make %(a)s to %(b)s (%(status)s), not what the record says.")
            % {"a": game.total_a, "b": game.total_b, "status": game.get_status_display().lower()},
            game.number,
        )


def _refused(reason: str, game: int, hand: int | None = None) -> ServiceError:
    if hand is None:
        text = _("Game %(game)s: %(reason)s") % {"game": game, "reason": reason}
    else:
        text = _("Game %(game)s, hand %(hand)s: %(reason)s") % {
            "game": game,
            "hand": hand,
            "reason": reason,
        }
    return ServiceError(text, field="file")
