"""A kept table (KeptStandings): the statistics follow-up of a result keeps its competition's
table, and the competition page shows the kept rows only while they were counted from the
competition's facts as they are now; after any change the table is counted afresh."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.competitions.algorithms.standings import MatchResult, league_table
from league.competitions.algorithms.tiebreaks import Tiebreak
from league.competitions.entries.withdrawals import withdraw_entry
from league.competitions.formats.selectors import (
    competition_of,
    competition_page,
    competition_page_reads,
)
from league.competitions.models import Competition, FollowUp, KeptStandings, Match, Round
from league.competitions.results.services import report_result
from league.competitions.standings import kept
from league.competitions.standings.services import (
    competition_standings,
    confirmed_results,
    keep_standings,
    points_of,
    tiebreaks_of,
)
from league.competitions.standings.upkeep import keep_tables_of_other_code
from league.core.written_reads import answered, answered_together
from league.games.models import Game
from league.games.services import start_game
from league.stats.summaries import refresh_competition, refresh_results
from tests.factories import game_played
from tests.formats.builders import Club, committed, scheduled, win

pytestmark = [pytest.mark.django_db, pytest.mark.follow_ups]

LEAGUE, SWISS = Competition.Format.LEAGUE, Competition.Format.SWISS


def on_its_page(pk: int):
    """The table as the competition page reads it: with the kept table read with the
    competition."""
    competition = competition_page(pk)
    return competition_standings(competition, hands=False, entries=competition.entry_list,
                                 kept=competition.kept_table)


def shown(table) -> list[tuple]:
    return [(r.rank, r.player.name, r.match_points, r.game_points_net, r.separated_by,
             [v.shown for v in r.tiebreaks]) for r in table.rows]


def counted_afresh(pk: int) -> list[tuple]:
    competition = competition_page(pk)
    return shown(competition_standings(competition, hands=False,
                                       entries=competition.entry_list))


def a_league_half_played() -> tuple[Club, Competition]:
    club = Club(6)
    league = club.competition(LEAGUE)
    for number, match in enumerate(scheduled(league)[:8]):
        win(match, "AB"[number % 3 == 0], points=(104, 20 + number) if number % 3 else
            (30 + number, 110))
    return club, league


def tampered(competition: Competition) -> None:
    """The kept rows put in reverse order, under the digest they were kept with: a page that
    shows them shows this order."""
    row = KeptStandings.objects.get(competition=competition)
    rows = kept.decoded(row.rows)[::-1]
    row.rows = kept.encoded(tuple(r.__class__(**{**_fields(r), "rank": rank})
                                  for rank, r in enumerate(rows, start=1)))
    row.save(update_fields=["rows"])


def _fields(row) -> dict:
    return {name: getattr(row, name) for name in row.__dataclass_fields__}


def test_the_follow_up_of_a_result_keeps_the_table_the_page_would_count():
    _, league = a_league_half_played()
    row = KeptStandings.objects.get(competition=league)
    assert shown(on_its_page(league.pk)) == counted_afresh(league.pk)
    assert kept.decoded(row.rows) == league_table(
        [e.pk for e in sorted(league.entries.all(), key=lambda e: (e.seed, e.pk))],
        _results(league), points=points_of(league), tiebreaks=tiebreaks_of(league))


def _results(league: Competition) -> list[MatchResult]:
    return confirmed_results(league, hands=False, byes_of_rounds_played=False)


def test_the_page_shows_the_kept_rows_while_nothing_changed():
    _, league = a_league_half_played()
    counted = [r.entry_id for r in on_its_page(league.pk).rows]
    tampered(league)
    assert [r.entry_id for r in on_its_page(league.pk).rows] == counted[::-1]


@pytest.mark.parametrize("change", ["result", "withdrawal", "tiebreaks", "points", "round"])
def test_a_change_the_follow_up_has_not_counted_yet_is_shown_at_once(change, monkeypatch):
    club, league = a_league_half_played()
    tampered(league)
    # The follow-up has not kept the table since (it is waiting, or was lost).
    monkeypatch.setattr("league.stats.summaries.keep_standings", lambda competition: None)
    if change == "result":
        win(scheduled(league)[0], "B")
    elif change == "withdrawal":
        entry = league.entries.order_by("pk").first()
        with committed():
            withdraw_entry(entry.pk, actor=club.organizer)
    elif change == "tiebreaks":
        Competition.objects.filter(pk=league.pk).update(
            tiebreaks=["wins", "net_game_points", "head_to_head"])
    elif change == "points":
        Competition.objects.filter(pk=league.pk).update(points_win=5)
    else:  # a round renumbered: the table counts rounds in their order
        Round.objects.filter(pk=league.rounds.order_by("number").first().pk).update(number=99)
    assert shown(on_its_page(league.pk)) == counted_afresh(league.pk)


def test_a_table_counted_by_other_code_is_not_read(monkeypatch):
    _, league = a_league_half_played()
    tampered(league)
    monkeypatch.setattr(kept, "_counting_code", lambda: b"another release")
    assert shown(on_its_page(league.pk)) == counted_afresh(league.pk)


def test_a_swiss_keeps_its_table_with_its_byes():
    club = Club(5)
    swiss = club.competition(SWISS, swiss_rounds=3)
    for match in scheduled(swiss):
        win(match, "A")
    assert KeptStandings.objects.filter(competition=swiss).exists()
    counted = [r.entry_id for r in on_its_page(swiss.pk).rows]
    assert shown(on_its_page(swiss.pk)) == counted_afresh(swiss.pk)
    tampered(swiss)
    assert [r.entry_id for r in on_its_page(swiss.pk).rows] == counted[::-1]


def test_a_knockout_or_a_draft_keeps_no_table():
    club = Club(4)
    knockout = club.competition(Competition.Format.SINGLE_ELIMINATION)
    draft = club.competition(LEAGUE, start=False, name="Next season")
    keep_standings(knockout)
    keep_standings(draft)
    assert not KeptStandings.objects.exists()


def test_the_page_reads_its_kept_table_with_the_competition(django_assert_num_queries):
    _, league = a_league_half_played()
    with django_assert_num_queries(3):  # the competition (and its kept table), entries, rounds
        competition = competition_page(league.pk)
    assert competition.kept_table is not None
    with django_assert_num_queries(1):  # what the table counts of the matches, for the digest
        competition_standings(competition, hands=False, entries=competition.entry_list,
                              kept=competition.kept_table)


def test_the_digests_text_read_with_the_competition_leaves_a_current_table_no_query(
        django_assert_num_queries):
    club, league = a_league_half_played()
    competition = competition_page(league.pk)
    read = kept.counted_text_read(league.pk)
    with django_assert_num_queries(1):
        text = answered(read)
    assert text == kept.counted_text(league.pk)
    with django_assert_num_queries(0):
        table = competition_standings(competition, hands=False, entries=competition.entry_list,
                                      kept=competition.kept_table, counted=text)
    assert shown(table) == counted_afresh(league.pk)
    # a competition that keeps no table has no text to read: no match is read for it
    knockout = club.competition(Competition.Format.SINGLE_ELIMINATION, name="Cup")
    assert answered(kept.counted_text_read(knockout.pk)) is None


def test_a_kept_table_older_than_the_text_read_with_it_is_counted_afresh(monkeypatch):
    _, league = a_league_half_played()
    monkeypatch.setattr("league.stats.summaries.keep_standings", lambda competition: None)
    win(scheduled(league)[0], "B")  # the kept table is now older than the matches
    *page, text = answered_together(*competition_page_reads(league.pk),
                                    kept.counted_text_read(league.pk))
    competition = competition_of(*page)
    assert competition.kept_table is not None and text is not None
    table = competition_standings(competition, hands=False, entries=competition.entry_list,
                                  kept=competition.kept_table, counted=text)
    assert shown(table) == counted_afresh(league.pk)
    stale = kept.decoded(competition.kept_table[1])  # what was kept before the result
    assert ([(r.player, r.match_points) for r in stale]
            != [(r.entry_id, r.match_points) for r in table.rows])


def test_a_stale_kept_table_costs_the_page_one_query_more_to_count_afresh(
        django_assert_num_queries, monkeypatch):
    _, league = a_league_half_played()
    monkeypatch.setattr("league.stats.summaries.keep_standings", lambda competition: None)
    win(scheduled(league)[0], "B")
    competition = competition_page(league.pk)
    with django_assert_num_queries(2):  # the digest's text, then the matches to count
        table = competition_standings(competition, hands=False, entries=competition.entry_list,
                                      kept=competition.kept_table)
    assert shown(table) == counted_afresh(league.pk)


def test_the_digest_reads_what_the_table_counts_of_each_match_then_of_each_round():
    _, league = a_league_half_played()
    open_match = scheduled(league)[0]
    Match.objects.filter(pk=open_match.pk).update(status=Match.Status.IN_PROGRESS)
    voided = scheduled(league)[1]
    Match.objects.filter(pk=voided.pk).update(status=Match.Status.VOID)
    expected = []
    for m in league.matches.order_by("pk"):
        place = (f"{m.pk},{m.entry_a_id or ''},{m.entry_b_id or ''},{m.round_id},{m.kind}")
        if m.status == Match.Status.CONFIRMED:
            expected.append(f"{place},c,{m.winner_id or ''},{m.points_a},{m.points_b}")
        else:
            expected.append(f"{place},{'v' if m.status == Match.Status.VOID else 'o'}")
    expected += [f"r{r.pk},{r.number},{r.bracket}" for r in league.rounds.order_by("pk")]
    assert kept.counted_text(league.pk).split(";") == expected
    assert any(line.endswith(",o") for line in expected)
    assert any(line.endswith(",v") for line in expected)
    assert sum(",c," in line for line in expected) == 8
    assert sum(line.startswith("r") for line in expected) == league.rounds.count() > 1


results = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from("ABD"),
                             st.integers(0, 200), st.integers(0, 200)), max_size=30)


@settings(max_examples=60, deadline=None)
@given(results)
def test_kept_rows_read_back_as_they_were_counted(drawn):
    found = [MatchResult(a, b, None if side == "D" else (a if side == "A" else b),
                         game_points_a=x, game_points_b=y, round=n)
             for n, (a, b, side, x, y) in enumerate(drawn, start=1) if a != b]
    for order in [(Tiebreak.HEAD_TO_HEAD, Tiebreak.NET_GAME_POINTS, Tiebreak.WINS),
                  (Tiebreak.BUCHHOLZ_CUT1, Tiebreak.OPPONENTS_MATCH_WIN_PCT,
                   Tiebreak.SONNEBORN_BERGER)]:
        rows = league_table(range(6), found, tiebreaks=order)
        assert kept.decoded(kept.encoded(rows)) == rows
        assert all(isinstance(v, Fraction | None) for r in kept.decoded(kept.encoded(rows))
                   for _, v in r.tiebreaks)


def waiting_follow_up(league: Competition, match=None) -> FollowUp:
    return FollowUp.objects.create(kind=FollowUp.Kind.STATISTICS, competition=league,
                                   match=match)


def is_kept_current(league: Competition) -> bool:
    """Whether the page shows the kept table: it shows the kept rows, tampered, only when they
    were counted from the facts as they are."""
    counted = [r.entry_id for r in on_its_page(league.pk).rows]
    tampered(league)
    return [r.entry_id for r in on_its_page(league.pk).rows] == counted[::-1]


def test_a_burst_keeps_the_table_once_with_the_follow_up_of_its_last_result():
    _, league = a_league_half_played()
    KeptStandings.objects.all().delete()
    first, second = [waiting_follow_up(league, m) for m in
                     league.matches.filter(status=Match.Status.CONFIRMED).order_by("pk")[:2]]
    # The competition's recount is waiting too, which a result's follow-up does not take over.
    waiting_follow_up(league)
    refresh_results(first.match_id, first.pk)
    assert FollowUp.objects.filter(pk=second.pk, done_at__isnull=False).exists()  # taken over
    assert not KeptStandings.objects.exists()  # the recount, still to come, keeps it
    refresh_competition(league.pk)
    assert is_kept_current(league)


def test_the_last_follow_up_of_a_burst_keeps_the_table():
    _, league = a_league_half_played()
    KeptStandings.objects.all().delete()
    first, second = [waiting_follow_up(league, m) for m in
                     league.matches.filter(status=Match.Status.CONFIRMED).order_by("pk")[:2]]
    refresh_results(first.match_id, first.pk)
    assert not FollowUp.objects.filter(pk=second.pk, done_at__isnull=True).exists()
    assert is_kept_current(league)


def test_a_game_started_or_a_result_reported_leaves_the_kept_table_current():
    _, league = a_league_half_played()
    starting, reporting = scheduled(league)[:2]
    start_game(starting.pk, actor=starting.entry_a.player.user)
    game_played(match=reporting, number=1, ruleset=league.ruleset, target_score=100,
                status=Game.Status.FINISHED, winner="A", total_a=104, total_b=12)
    Match.objects.filter(pk=reporting.pk).update(status=Match.Status.IN_PROGRESS)
    report_result(reporting.pk, actor=reporting.entry_a.player.user)
    assert is_kept_current(league)


def test_tables_kept_by_other_code_are_kept_anew_by_the_periodic_run():
    _, league = a_league_half_played()
    KeptStandings.objects.filter(competition=league).update(code="an older release",
                                                            digest="0" * 32)
    assert keep_tables_of_other_code() == 1
    assert KeptStandings.objects.get(competition=league).code == kept.counting_code()
    assert is_kept_current(league)
    assert keep_tables_of_other_code() == 0  # nothing left: the run only reads


def test_a_league_that_never_kept_a_table_keeps_one_and_a_knockout_or_a_draft_none():
    club, league = a_league_half_played()
    club.competition(Competition.Format.SINGLE_ELIMINATION, name="Cup")
    club.competition(LEAGUE, start=False, name="Next season")
    KeptStandings.objects.all().delete()
    assert keep_tables_of_other_code() == 1
    assert list(KeptStandings.objects.values_list("competition_id", flat=True)) == [league.pk]
    assert is_kept_current(league)
    assert keep_tables_of_other_code() == 0


def test_the_periodic_run_keeps_a_batch_at_a_time():
    club, first = a_league_half_played()
    second = club.competition(LEAGUE, name="Second division")
    KeptStandings.objects.all().delete()
    assert keep_tables_of_other_code(batch=1) == 1
    assert list(KeptStandings.objects.values_list("competition_id", flat=True)) == [first.pk]
    assert keep_tables_of_other_code(batch=1) == 1
    assert KeptStandings.objects.filter(competition=second).exists()
    assert keep_tables_of_other_code(batch=1) == 0
