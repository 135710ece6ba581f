"""Games entered by an organizer from a paper scoresheet that kept only each game's final totals
and how many hands it took. The engine checks the totals could be reached under the ruleset; the
game is then finished, with no hands of its own. (A paper scoresheet that kept each hand is
entered hand by hand on the game's scoresheet, like a game at the table.)"""

from __future__ import annotations

from django.db import transaction

from clubs.permissions import require_organizer
from competitions.models import Match
from competitions.services.results import locked_match
from core.errors import ServiceError
from gameplay import engine
from gameplay.models import Game

from .games import _require_open, match_decided


def enter_game_totals(match_id: int, *, actor, total_a: int, total_b: int, hands: int) -> Game:
    """The next game of the match, finished, from its final hand-point totals and hand count."""
    with transaction.atomic():
        match = locked_match(match_id)
        require_organizer(actor, match.competition.season.club)
        _require_open(match)
        if match.entry_a is None or match.entry_b is None:
            raise ServiceError("Both players must be known before a game can be entered.")
        games = list(match.games.all())
        if any(not g.is_finished for g in games):
            raise ServiceError("A game of this match is in progress: finish its scoresheet first.")
        if match_decided(match, games):
            raise ServiceError("The match is already decided: record its result.")
        rules = match.competition.rules()
        problem = engine.totals_problem(rules, (total_a, total_b), hands)
        if problem is not None:
            raise ServiceError(f"{problem[:1].upper()}{problem[1:]}.", field="total_a")
        game = Game.objects.create(
            match=match, number=len(games) + 1, ruleset=rules.to_dict(),
            target_score=rules.target_score, first_dealer="A" if len(games) % 2 == 0 else "B",
            status=Game.Status.FINISHED, winner="A" if total_a > total_b else "B",
            total_a=total_a, total_b=total_b, hands_played=hands,
        )
        if match.status == Match.Status.SCHEDULED:
            match.status = Match.Status.IN_PROGRESS
            match.save(update_fields=["status"])
        return game
