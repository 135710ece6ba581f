"""Standings from confirmed results only, in three queries whatever the competition's size (one
on the competition page, which has read the entries and shows no hands won). A league's or a
Swiss's table is kept after its results (`keep_standings`) and shown while nothing it was
counted from has changed (league.competitions.standings.kept).

- Match points from the competition's points_win / draw / loss. A bye scores nothing in a league
  (it is only the round a player sits out) and a win in a Swiss (FIDE: a pairing-allocated bye
  scores as a win; in Buchholz it counts as a game against an opponent with the player's own
  score).
- Game points are hand points: the sum of the points of every hand won in the match's finished
  games (the games' running totals, kept on the match; box and game bonuses are not counted),
  for and against.
  Walkovers, forfeits and byes have no game points and no hands.
- Tiebreaks in the competition's order (`competition.tiebreaks`, names of
  league.competitions.algorithms.tiebreaks.Tiebreak), by default: league: head-to-head, net game points,
  number of wins; Swiss: Buchholz cut-1, Buchholz, Sonneborn-Berger; knockout: number of wins,
  net game points. Each row names the tiebreak that put it below the row above ("head-to-head");
  the table carries each tiebreak's one-sentence definition and the rule it follows.
- In the standings a bye counts once its round is complete: a bye scored at the pairing, while
  the round's other matches are still played, would rank its player above the round's winners
  in mid-round. (The pairings read every bye given: confirmed_results.)
- A withdrawn entry's rounds after its last match, in which it was not paired, are results of
  their own (`ResultKind.WITHDRAWN`): FIDE's tiebreaks count them as zero-point byes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from django.db.models import Exists, OuterRef, QuerySet

from league.competitions.algorithms.standings import (
    WON_WITHOUT_PLAY,
    MatchResult,
    PointsSystem,
    ResultKind,
    Row,
    league_table,
)
from league.competitions.algorithms.tiebreaks import Tiebreak
from league.competitions.models import Competition, Entry, Match, Round, Seat, Stage
from league.competitions.standings import kept as kept_tables
from league.competitions.standings.shown import (
    PARTIAL_HEAD_TO_HEAD_NOTE,
    TIEBREAK_LABELS,
    StandingsTable,
    notes_of,
    row_shown,
    tiebreak_definition,
)
from league.core.written_reads import fetched, table

# The tiebreaks that count hands: a table ordered by one of them counts the hands won.
HAND_TIEBREAKS = (Tiebreak.HAND_WIN_PCT, Tiebreak.OPPONENTS_HAND_WIN_PCT)
DEFAULT_TIEBREAKS = {
    Competition.Format.LEAGUE: (Tiebreak.HEAD_TO_HEAD, Tiebreak.NET_GAME_POINTS, Tiebreak.WINS),
    Competition.Format.SWISS: (Tiebreak.BUCHHOLZ_CUT1, Tiebreak.BUCHHOLZ,
                               Tiebreak.SONNEBORN_BERGER),
}
KNOCKOUT_TIEBREAKS = (Tiebreak.WINS, Tiebreak.NET_GAME_POINTS)
KINDS = {
    Match.Kind.PLAYED: ResultKind.PLAYED, Match.Kind.WALKOVER: ResultKind.WALKOVER,
    Match.Kind.FORFEIT: ResultKind.FORFEIT, Match.Kind.NO_SHOW: ResultKind.FORFEIT,
    Match.Kind.DOUBLE_FORFEIT: ResultKind.DOUBLE_FORFEIT, Match.Kind.BYE: ResultKind.BYE,
}


def points_of(competition: Competition) -> PointsSystem:
    bye = 0 if competition.format == Competition.Format.LEAGUE else None
    return PointsSystem(win=competition.points_win, draw=competition.points_draw,
                        loss=competition.points_loss, bye=bye)


def tiebreaks_of(competition: Competition) -> tuple[Tiebreak, ...]:
    chosen = tuple(dict.fromkeys(Tiebreak(t) for t in competition.tiebreaks or ()
                                 if t in Tiebreak._value2member_map_))
    return chosen or DEFAULT_TIEBREAKS.get(competition.format, KNOCKOUT_TIEBREAKS)


def as_match_result(match: Match, game_points: tuple[int, int] = (0, 0),
                    hands: tuple[int, int] = (0, 0), round: int | None = None
                    ) -> MatchResult | None:
    """A confirmed match as the algorithms' result (entry ids as players); None when it has no
    player on one side and is not a bye (a knockout walkover with nobody opposite)."""
    kind = KINDS[match.kind]
    if match.entry_a_id is None or (match.entry_b_id is None) != (kind is ResultKind.BYE):
        return None
    if kind is ResultKind.BYE:
        return MatchResult(match.entry_a_id, None, None, ResultKind.BYE, round=round)
    winner = match.winner_id
    if kind in WON_WITHOUT_PLAY and winner is None:
        kind = ResultKind.DOUBLE_FORFEIT
    if kind is ResultKind.DOUBLE_FORFEIT:
        winner = None
    if kind is not ResultKind.PLAYED:
        game_points, hands = (0, 0), (0, 0)
    return MatchResult(match.entry_a_id, match.entry_b_id, winner, kind,
                       game_points[0], game_points[1], hands[0], hands[1], round)


def competition_standings(competition: Competition, *, hands: bool = True,
                          entries: Sequence[Entry] | None = None,
                          kept: tuple[str, object] | None = None,
                          counted: str | None = None) -> StandingsTable:
    """The table of a league or a Swiss: three queries, or two without `hands` (the hands each
    player won, counted only where a chosen tiebreak needs them; the rows' `hands_won` is then
    None), one fewer given the competition's `entries` with their players. `kept`: the digest
    and rows of its kept table (KeptStandings, read with the competition), shown when they were
    counted from the inputs as they are now (league.competitions.standings.kept), with the
    digest's query in place of the matches'; one more query when they were not. `counted`:
    what that digest reads of the matches (kept.counted_text), when read already. The
    competition's page, which has read its entries, its kept table and that text, asks without
    hands: no query while the kept table is current."""
    entries = in_seed_order(competition, entries)
    hands = hands or counts_hands(competition)
    won = hands_won(competition) if hands else {}
    rows = None if kept is None else kept_tables.kept_rows(
        kept, _digest(competition, entries, won, hands, counted))
    if rows is None:
        rows = _count(competition, entries, won)
    return _table(competition, entries, rows, hands)


# The formats whose table is kept: a league or a Swiss, in one stage, once started.
KEEPS_TABLE = (Competition.Format.LEAGUE, Competition.Format.SWISS)


def tables_kept() -> QuerySet[Competition]:
    """The competitions that keep a table, as `keep_standings` decides for one."""
    staged = Stage.objects.filter(competition=OuterRef("pk"))
    return (Competition.objects.filter(format__in=KEEPS_TABLE)
            .exclude(status=Competition.Status.DRAFT).exclude(Exists(staged)))


def keep_standings(competition: Competition) -> None:
    """The competition's table counted afresh and kept (KeptStandings) for its page: a league or
    a Swiss in one stage, once started (`tables_kept`). Four queries and one write."""
    if (competition.format not in KEEPS_TABLE or competition.status == Competition.Status.DRAFT
            or competition.stages.exists()):
        return
    entries = in_seed_order(competition, None)
    hands = counts_hands(competition)
    won = hands_won(competition) if hands else {}
    # The digest's inputs are read before the matches the rows are counted from: a result
    # confirmed in between changes the inputs, and the page counts afresh rather than show
    # rows that the digest does not describe.
    digest = _digest(competition, entries, won, hands)
    kept_tables.keep(competition.pk, digest, _count(competition, entries, won))


def counts_hands(competition: Competition) -> bool:
    """Whether one of the competition's tiebreaks counts hands: its table counts the hands won
    even when asked without them (as its page asks)."""
    return any(t in HAND_TIEBREAKS for t in tiebreaks_of(competition))


def in_seed_order(competition: Competition, entries: Sequence[Entry] | None) -> list[Entry]:
    """The entries (read with their players when not given) in seed order, entries without a
    seed last, then by id: the order ranks players the tiebreaks leave level."""
    if entries is None:
        entries = Entry.objects.filter(competition=competition).select_related("player")
    return sorted(entries, key=lambda e: (e.seed is None, e.seed or 0, e.pk))


def _digest(competition: Competition, entries: list[Entry], won: dict, hands: bool,
            counted: str | None = None) -> str:
    """The digest of what the table is counted from: one query, what the table counts of the
    matches (kept.counted_text; none when `counted` is that text, read already)."""
    if counted is None:
        counted = kept_tables.counted_text(competition.pk)
    return kept_tables.digest_of(
        counted, won,
        [(e.pk, e.seed, e.withdrawn_at is not None) for e in entries], points_of(competition),
        tiebreaks_of(competition), hands)


def _count(competition: Competition, entries: list[Entry], won: dict) -> tuple[Row, ...]:
    """The table's rows counted from the confirmed matches: one query."""
    matches, totals = match_facts(competition)
    withdrawn = [e.pk for e in entries if e.withdrawn_at is not None]
    results = results_of(matches, totals, won, withdrawn, byes_of_rounds_played=False)
    return league_table([e.pk for e in entries], results, points=points_of(competition),
                        tiebreaks=tiebreaks_of(competition))


def table_of_entries(competition: Competition, entries: Sequence[Entry],
                     results: Sequence[MatchResult], *, hands: bool = True) -> StandingsTable:
    """The table of these entries (a group of a stage, say) from these results."""
    rows = league_table([e.pk for e in entries], results, points=points_of(competition),
                        tiebreaks=tiebreaks_of(competition))
    return _table(competition, entries, rows, hands)


def _table(competition: Competition, entries: Sequence[Entry], table: tuple[Row, ...],
           hands: bool) -> StandingsTable:
    order = tiebreaks_of(competition)
    by_id = {e.pk: e for e in entries}
    rows = tuple(row_shown(r, by_id[r.player], hands) for r in table)
    labels = tuple((t, TIEBREAK_LABELS[t]) for t in order)
    notes = notes_of(competition)
    if any(r.head_to_head_partial for r in table):
        notes += (PARTIAL_HEAD_TO_HEAD_NOTE,)
    return StandingsTable(competition, rows, labels, points_of(competition), notes,
                          tuple(tiebreak_definition(t) for t in order))


class MatchFacts(NamedTuple):
    """What the standings read of a match: its columns as `as_match_result` reads a Match, and
    its round's number and bracket. Read as plain rows, not model instances."""

    pk: int
    entry_a_id: int | None
    entry_b_id: int | None
    winner_id: int | None
    kind: str
    status: str
    round_id: int
    round_number: int
    round_bracket: str


# The facts of every match of a competition (or of one of its stages), in round order, with its
# points (kept on the match: league.games.services.match_points). Written out, as the competition
# page's other reads are (league.competitions.formats.selectors.competition_page): read as plain
# rows. The rounds are named by their competition too, so that its few rounds are read at once
# rather than one per match.
FACTS = """
SELECT m.id, m.entry_a_id, m.entry_b_id, m.winner_id, m.kind, m.status, m.round_id,
       r.number, r.bracket, m.points_a, m.points_b
FROM {match} m
JOIN {round} r ON r.id = m.round_id AND r.competition_id = %s
WHERE m.competition_id = %s{of_stage}
ORDER BY r.number, m.id
"""


def match_facts(competition: Competition, stage=None) -> tuple[list[MatchFacts], dict]:
    """Every match of the competition (of `stage` if given) in round order, and the points
    (a, b) of its finished games by match id, (0, 0) without any: one query."""
    sql = FACTS.format(match=table(Match), round=table(Round),
                       of_stage=" AND r.stage_id = %s" if stage is not None else "")
    params = [competition.pk, competition.pk, *([stage.pk] if stage is not None else [])]
    matches, totals = [], {}
    for *facts, a, b in fetched(sql, params):
        matches.append(MatchFacts._make(facts))
        totals[facts[0]] = (a, b)
    return matches, totals


def confirmed_results(competition: Competition, withdrawn: Sequence[int] = (),
                      stage=None, *, byes_of_rounds_played: bool = True,
                      hands: bool = True) -> list[MatchResult]:
    """Every confirmed match (of `stage` if given) as a result with its round number, game points
    and hands won (without `hands`, none counted), and for each entry in `withdrawn` the rounds
    after its last match, up to the latest round with a match, in which it was not paired.
    Without `byes_of_rounds_played`, a bye waits for the rest of its round (every other match
    confirmed or void). Two queries, one without `hands`."""
    matches, totals = match_facts(competition, stage)
    won = hands_won(competition, stage) if hands else {}
    return results_of(matches, totals, won, withdrawn,
                      byes_of_rounds_played=byes_of_rounds_played)


# The hands won in each confirmed match's finished games, by side: read from two indexes alone
# (the games' game_points_of_match and the hands' hand_winner_in_game), not the hands' rows.
# The games and their hands are reached by the match's relation to them, as the ORM reaches
# them.
HANDS_WON = """SELECT g.match_id, h.winner, COUNT(*) FROM {match} m
JOIN {game} g ON g.match_id = m.id AND g.winner IN (%s, %s)
JOIN {hand} h ON h.game_id = g.id AND h.winner IN (%s, %s){of_stage}
WHERE m.competition_id = %s AND m.status = %s
GROUP BY g.match_id, h.winner"""


def games_and_hands() -> dict[str, str]:
    """The tables of the matches, of their games and of the games' hands, by name, for a query
    written out: the games and hands reached by the match's relation to them (the games app
    stands above this one)."""
    game = Match._meta.get_field("games").related_model
    hand = game._meta.get_field("hands").related_model
    return {"match": table(Match), "game": table(game), "hand": table(hand)}


@cache
def _hands_won_sql(of_stage: bool) -> str:
    stage_join = f"\nJOIN {table(Round)} r ON r.id = m.round_id AND r.stage_id = %s"
    return HANDS_WON.format(**games_and_hands(), of_stage=stage_join if of_stage else "")


def hands_won(competition: Competition, stage=None) -> dict[int, tuple[int, int]]:
    """The hands each side won in each confirmed match's finished games (of `stage` if given),
    by match id; a won hand is one with a winner (a dead hand has none). One query."""
    seats = list(Seat.values)
    params = [*seats, *seats, *([stage.pk] if stage is not None else []), competition.pk,
              Match.Status.CONFIRMED]
    won: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for match_id, winner, count in fetched(_hands_won_sql(stage is not None), params):
        won[match_id]["AB".index(winner)] = count
    return {pk: (a, b) for pk, (a, b) in sorted(won.items())}


def results_of(matches: Sequence[MatchFacts], totals: dict, won: dict,
               withdrawn: Sequence[int] = (), *, byes_of_rounds_played: bool = True
               ) -> list[MatchResult]:
    """The results `confirmed_results` gives, from the facts it read."""
    playing = set() if byes_of_rounds_played else {
        m.round_id for m in matches if m.kind != Match.Kind.BYE
        and m.status not in (Match.Status.CONFIRMED, Match.Status.VOID)}
    found = (as_match_result(m, totals.get(m.pk, (0, 0)), won.get(m.pk, (0, 0)),
                             round=m.round_number)
             for m in matches if m.status == Match.Status.CONFIRMED
             and not (m.kind == Match.Kind.BYE and m.round_id in playing))
    return [r for r in found if r is not None] + rounds_after_withdrawing(matches, withdrawn)


def rounds_after_withdrawing(matches: Sequence[MatchFacts], withdrawn: Sequence[int]
                             ) -> list[MatchResult]:
    """The rounds a withdrawn entry was not paired in after its last match (FIDE C.07: zero-point
    byes), up to the latest round with a match; main-bracket rounds only."""
    main = [m for m in matches if m.round_bracket == Round.Bracket.MAIN]
    if not main:
        return []
    latest = max(m.round_number for m in main)
    results = []
    for entry in withdrawn:
        rounds = [m.round_number for m in main if entry in (m.entry_a_id, m.entry_b_id)]
        after = max(rounds, default=0)
        results += [MatchResult(entry, None, None, ResultKind.WITHDRAWN, round=n)
                    for n in range(after + 1, latest + 1)]
    return results


# Knockout placings ---------------------------------------------------------------------------
