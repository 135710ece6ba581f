"""The competition page: overview, standings or bracket, and the fixtures and results by round
(a round filter whose links work without JavaScript; htmx swaps only the fixtures)."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse

from league import selectors
from league.models import Competition, Match, Round
from league.services.draws import bracket_view
from league.services.permissions import is_organizer
from league.services.standings import competition_standings, knockout_placings

from .bracket_layout import layout
from .common import render_page
from .ruleset_summary import summarize

TEMPLATE = "league/competition.html"


def competition(request: HttpRequest, pk: int) -> HttpResponse:
    competition = selectors.competition_page(pk)
    rounds = competition.round_list
    shown = _round_asked(request.GET.get("round", ""), rounds)
    context = {
        "competition": competition,
        "rules": summarize(competition.ruleset),
        "match_format": match_format(competition),
        "rounds": rounds,
        "current_round": current_round(rounds),
        "shown_round": shown,
        "shown_rounds": [shown] if shown else rounds,
        "round_problem": "" if shown or not request.GET.get("round") else NO_SUCH_ROUND,
        "may_organize": _may_organize(request.user, competition),
        **_bracket(competition),
        **_standings(competition),
    }
    return render_page(request, TEMPLATE, context, partial="fixtures")


@dataclass(frozen=True, slots=True)
class TableLine:
    """A row of the standings, and the tiebreak that put it ahead of the next row, if any."""

    row: object  # league.services.standings.StandingsRow
    ahead_of: str = ""
    ahead_on: str = ""


def table_lines(rows) -> list[TableLine]:
    lines = []
    for row, below in zip(rows, (*rows[1:], None), strict=True):
        separated = below is not None and below.separated_by
        lines.append(TableLine(row, below.player.name, below.separated_by) if separated
                     else TableLine(row))
    return lines


def _standings(competition: Competition) -> dict:
    """A league's or Swiss's table, once it has started."""
    if not competition.round_list or competition.is_knockout:
        return {}
    table = competition_standings(competition)
    return {"table": table, "lines": table_lines(table.rows)}


def _bracket(competition: Competition) -> dict:
    """A knockout's bracket, drawn once the competition has started; the placings once it has
    a champion."""
    if not competition.is_knockout or not competition.round_list:
        return {}
    view = bracket_view(competition)
    seeds = {e.player_id: e.seed for e in competition.entry_list if e.seed}
    placings = knockout_placings(competition) if view.champion else []
    sections = layout(view)
    return {"bracket": view, "sections": sections, "seeds": seeds, "placings": placings,
            "round_heading": "h4" if len(sections) > 1 else "h3"}


def _may_organize(user, competition: Competition) -> bool:
    """Whether to link the organizer's pages (they check again); no query for a visitor."""
    return user.is_authenticated and is_organizer(user, competition.season.club)


NO_SUCH_ROUND = "There is no such round in this competition: all rounds are shown."


def _round_asked(value: str, rounds: list[Round]) -> Round | None:
    return next((r for r in rounds if str(r.pk) == value.strip()), None)


def current_round(rounds: list[Round]) -> Round | None:
    """The first round (in playing order) with a match still to be played or confirmed."""
    done = (Match.Status.CONFIRMED, Match.Status.VOID)
    return next(
        (r for r in rounds if any(m.status not in done for m in r.match_list)), None
    )


def match_format(competition: Competition) -> str:
    games = competition.match_games
    plural = "game" if games == 1 else "games"
    if competition.match_format == Competition.MatchFormat.FIRST_TO:
        return f"First to {games} {plural}"
    return f"{games} {plural}"
