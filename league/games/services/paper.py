"""Games entered by an organizer from a paper scoresheet.

- A game that kept only its final totals and how many hands it took: the engine checks the
  totals could be reached under the ruleset; the game is then finished, with no hands of its
  own. (A paper scoresheet that kept each hand is entered hand by hand on the game's
  scoresheet, like a game at the table.)
- A Hollywood match, from its hands in order (each hand's winner, how it ended and its points):
  entered in one go as hands of the match's Hollywood game, each checked by the engine as on the
  scoresheet, the columns derived by the engine's Hollywood scoring; or, when the paper kept only
  totals, from each column's points and hands won per player and the match's number of hands,
  the engine checking each column could have been reached.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from gameplay import engine
from league.competitions.base.locks import locked_match
from league.competitions.base.permissions import require_deciding_organizer
from league.competitions.models import Competition, Match
from league.core.errors import ServiceError
from league.games.engine_words import engine_sentence
from league.games.models import Game

from .games import HandEntry, _require_open, match_decided, record_hand, start_game
from .match_points import keep_match_points
from .scoring import from_engine_seat

HOLLYWOOD_BY_COLUMNS = gettext_lazy("A Hollywood match is entered from its hands, or from each "
                                    "column's totals, not from one game's totals.")
NOT_HOLLYWOOD = gettext_lazy("This match is not a Hollywood match: enter each game by itself.")


def _open_match(match_id: int, actor) -> tuple[Match, list[Game]]:
    match = locked_match(match_id)
    require_deciding_organizer(actor, match, "enter it from paper")
    _require_open(match)
    if match.entry_a is None or match.entry_b is None:
        raise ServiceError(gettext("Both players must be known before a game can be entered."))
    games = list(match.games.all())
    if any(not g.is_finished for g in games):
        raise ServiceError(gettext("A game of this match is in progress: finish its scoresheet "
                                   "first."))
    if match_decided(match, games):
        raise ServiceError(gettext("The match is already decided: record its result."))
    return match, games


def _is_hollywood(match: Match) -> bool:
    return match.competition.match_format == Competition.MatchFormat.HOLLYWOOD


def _in_progress(match: Match) -> None:
    if match.status == Match.Status.SCHEDULED:
        match.status = Match.Status.IN_PROGRESS
        match.save(update_fields=["status"])


def enter_game_totals(match_id: int, *, actor, total_a: int, total_b: int, hands: int) -> Game:
    """The next game of the match, finished, from its final hand-point totals and hand count."""
    with transaction.atomic():
        match, games = _open_match(match_id, actor)
        if _is_hollywood(match):
            raise ServiceError(HOLLYWOOD_BY_COLUMNS)
        rules = match.competition.rules()
        problem = engine.totals_problem(rules, (total_a, total_b), hands)
        if problem is not None:
            raise ServiceError(engine_sentence(problem), field="total_a")
        game = Game.objects.create(
            match=match, number=len(games) + 1, ruleset=rules.to_dict(),
            target_score=rules.target_score, first_dealer="A" if len(games) % 2 == 0 else "B",
            status=Game.Status.FINISHED, winner="A" if total_a > total_b else "B",
            total_a=total_a, total_b=total_b, hands_played=hands,
        )
        keep_match_points(match.pk)
        _in_progress(match)
        return game


def enter_hollywood_hands(match_id: int, *, actor, hands: Sequence[HandEntry]) -> Game:
    """The match's next Hollywood game from the paper's hands in order, all or none: each hand
    checked by the engine as on the scoresheet (a refusal names the hand), the columns it is
    entered in derived. Hands that do not close every column leave the game in progress, to go
    on with on its scoresheet; a hand after the last column closed is refused."""
    if not hands:
        raise ServiceError(gettext("Enter the hands, one per line, in the order they were "
                                   "played."),
                           field="hands")
    with transaction.atomic():
        match, _ = _open_match(match_id, actor)
        if not _is_hollywood(match):
            raise ServiceError(NOT_HOLLYWOOD)
        game = start_game(match_id, actor=actor)
        for number, entry in enumerate(hands, start=1):
            game.refresh_from_db(fields=["status"])
            if game.is_finished:
                raise ServiceError(gettext("Hand %(number)s: the match was over after hand "
                                           "%(before)s, when its last column closed.")
                                   % {"number": number, "before": number - 1},
                                   field=f"hand_{number}")
            try:
                record_hand(game.pk, entry, actor=actor)
            except ServiceError as error:
                raise ServiceError(gettext("Hand %(number)s: %(problem)s")
                                   % {"number": number, "problem": error.message},
                                   field=f"hand_{number}") from None
        game.refresh_from_db()
        return game


def enter_hollywood_columns(match_id: int, *, actor, columns: Sequence[engine.ColumnTotals],
                            hands: int) -> Game:
    """The match's next Hollywood game, finished, from each column's points and hands won per
    player and the match's number of hands, checked by the engine (see
    engine.hollywood_totals_problem); the totals over the columns and the winner follow from
    the columns' final accounts, as at the table."""
    with transaction.atomic():
        match, games = _open_match(match_id, actor)
        if not _is_hollywood(match):
            raise ServiceError(NOT_HOLLYWOOD)
        competition = match.competition
        format, rules = competition.hollywood_format(), competition.rules()
        try:
            match_score = engine.hollywood_from_totals(format, rules, columns, hands)
        except engine.InvalidHand as error:
            raise ServiceError(engine_sentence(str(error)), field="columns") from None
        column_rules = format.rules_for(rules)
        game = Game.objects.create(
            match=match, number=len(games) + 1, ruleset=column_rules.to_dict(),
            target_score=column_rules.target_score,
            first_dealer="A" if len(games) % 2 == 0 else "B", status=Game.Status.FINISHED,
            winner=from_engine_seat(match_score.winner),
            total_a=match_score.totals[engine.Seat.A], total_b=match_score.totals[engine.Seat.B],
            hands_played=hands, is_hollywood=True, hollywood=format.to_dict(),
            columns_a=match_score.columns_won[engine.Seat.A],
            columns_b=match_score.columns_won[engine.Seat.B],
            paper_columns=[{"points": list(c.points), "boxes": list(c.boxes),
                            "totals": list(account.totals)}
                           for c, account in zip(columns, match_score.accounts, strict=True)],
        )
        keep_match_points(match.pk)
        _in_progress(match)
        return game
