"""Three reads of every competition page and table are answered from indexes alone, never from
the rows of the site's largest tables:

- what a kept table's digest reads of each match, in id order (match_counted_lines: the
  competition and the match's id, with its sides, round, kind, status, winner and points);
- each round's open matches and when its latest result was confirmed (match_rounds_counted: the
  competition and the round, with the status and the confirmation time beside them);
- the hands each side won in a match's finished games (game_points_of_match with the game's id,
  then hand_winner_in_game: the game and the hand's winner).

The tables are vacuumed first: rewritten at the size of the rows they hold, then their pages
marked as holding no row PostgreSQL must look at, as a site's tables are. PostgreSQL then reads
a query's rows from an index alone where one holds all they need, and from an index and the
rows where none does. At a test's size it would rather read the few rows from end to end;
sequential scans are turned off (and bitmap scans, which read the rows) so that the plan shows
which index answers the query."""

from __future__ import annotations

import json

import pytest
from django.db import connection, transaction

from league.competitions.formats.selectors import ROUND_COUNTS, competition_page
from league.competitions.models import Competition, Match, Round
from league.competitions.standings.kept import _COUNTED_TEXT, _LINE, _ROUND_LINE, counted_text
from league.competitions.standings.services import _hands_won_sql, hands_won
from league.games.models import Game, Hand
from tests.factories import game_played
from tests.formats.builders import Club, scheduled, win
from tests.reliability.conftest import ON_POSTGRES

pytestmark = [
    pytest.mark.django_db(transaction=True), pytest.mark.postgres,
    pytest.mark.skipif(not ON_POSTGRES, reason="plans are PostgreSQL's: set DATABASE_URL=postgres://…"),
]


def plan_nodes(plan: dict):
    yield plan
    for child in plan.get("Plans", ()):
        yield from plan_nodes(child)


def reads(sql: str, params: list, tables: set[str]) -> list[tuple[str, str, str | None]]:
    """(table, node type, index) of each read of these tables in the query's plan, the tables
    vacuumed first."""
    with connection.cursor() as cursor:
        for name in sorted(tables):
            # rewritten at the size of what it holds (another test's rows rolled back leave its
            # pages and its indexes' behind), then its pages marked as holding only visible rows
            cursor.execute(f"VACUUM (FULL) {connection.ops.quote_name(name)}")
            cursor.execute(f"VACUUM (ANALYZE) {connection.ops.quote_name(name)}")
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_bitmapscan = off")
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql, params)
        explained = cursor.fetchone()[0]
    plan = (json.loads(explained) if isinstance(explained, str) else explained)[0]["Plan"]
    return sorted((node["Relation Name"], node["Node Type"], node.get("Index Name"))
                  for node in plan_nodes(plan) if node.get("Relation Name") in tables)


def test_what_the_digest_counts_of_each_match_is_read_from_the_index_alone():
    league = Club(6).competition(Competition.Format.LEAGUE)
    matches = scheduled(league)
    win(matches[0], "A", points=(120, 35))
    sql = _COUNTED_TEXT.format(aggregate="string_agg", line=_LINE, round_line=_ROUND_LINE,
                               match=Match._meta.db_table, round=Round._meta.db_table)
    params = [Match.Status.CONFIRMED, Match.Status.VOID, league.pk, league.pk]
    assert reads(sql, params, {Match._meta.db_table}) == [
        (Match._meta.db_table, "Index Only Scan", "match_counted_lines")]

    # read from the index, the lines still say what each match is, in id order
    first, *rest = counted_text(league.pk).split(";")
    won = Match.objects.get(pk=matches[0].pk)
    assert first == (f"{won.pk},{won.entry_a_id},{won.entry_b_id},{won.round_id},{won.kind},"
                     f"c,{won.entry_a_id},{won.points_a},{won.points_b}")
    assert [line.split(",")[0] for line in rest[:len(matches) - 1]] == [
        str(m.pk) for m in sorted(matches[1:], key=lambda m: m.pk)]


def test_each_rounds_open_matches_are_counted_from_the_index_alone():
    league = Club(6).competition(Competition.Format.LEAGUE)
    matches = scheduled(league)
    for match in matches[:4]:
        win(match, "A")
    params = [Match.Status.CONFIRMED, Match.Status.VOID, league.pk]
    assert reads(ROUND_COUNTS, params, {Match._meta.db_table}) == [
        (Match._meta.db_table, "Index Only Scan", "match_rounds_counted")]

    # what it counts is what the page shows: the four results, each in its round
    rounds = competition_page(league.pk).round_list
    assert sum(r.open_matches for r in rounds) == len(matches) - 4
    assert ({r.pk for r in rounds if r.last_confirmed is not None}
            == {match.round_id for match in matches[:4]})


def test_the_hands_won_are_counted_from_the_games_and_hands_indexes_alone():
    league = Club(4).competition(Competition.Format.LEAGUE)
    played = scheduled(league)[0]
    game = game_played(match=played, number=1, ruleset=league.ruleset, target_score=100,
                       status=Game.Status.FINISHED, winner="A", total_a=110, total_b=40)
    for number, winner in enumerate(["A", "B", "A", ""], start=1):
        Hand.objects.create(game=game, number=number, dealer="A",
                            outcome="knock" if winner else "dead_hand", knocker=winner,
                            winner=winner, points=30 if winner else 0)
    win(played, "A", points=(110, 40))
    params = ["A", "B", "A", "B", league.pk, Match.Status.CONFIRMED]
    tables = {Game._meta.db_table, Hand._meta.db_table}
    assert reads(_hands_won_sql(False), params, tables) == [
        (Game._meta.db_table, "Index Only Scan", "game_points_of_match"),
        (Hand._meta.db_table, "Index Only Scan", "hand_winner_in_game")]
    assert hands_won(league) == {played.pk: (2, 1)}  # the dead hand is nobody's
