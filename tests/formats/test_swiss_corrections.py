"""A Swiss result corrected after the next round was paired from it: the round is paired again
from the corrected results if nothing of it has started; otherwise an organizer decides (reset:
paired again, later rounds deleted; keep: it stands), and until then no round is paired."""

from collections import Counter

import pytest

from league.competitions.algorithms.swiss import pair_next_round
from league.competitions.formats.decide import keep_match, reset_match
from league.competitions.formats.decisions import pending_decisions
from league.competitions.models import AuditEntry, Competition, Match
from league.competitions.results.services import correct_result
from league.competitions.standings.services import as_match_result, points_of
from league.core.errors import NotAllowed
from league.games.models import Game
from tests.formats.builders import Club, better_seed, committed, play_out, scheduled, win
from tests.formats.test_idempotence import rows, run_twice

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club(4)


@pytest.fixture
def swiss(club):
    """Four players, round 1 won by side A at both tables; round 2 paired from it (the two
    winners meet, and the two losers), not started. Whoever wins round 1, the winners meet: a
    correction of a round 1 result changes round 2."""
    return started_swiss(club)


def started_swiss(club: Club) -> Competition:
    competition = club.competition(Competition.Format.SWISS, swiss_rounds=3)
    for match in scheduled(competition):
        win(match, "A")
    assert competition.rounds.count() == 2
    return competition


def pairs(competition: Competition, number: int) -> set[frozenset]:
    matches = competition.matches.filter(round__number=number)
    return {frozenset(p) - {None} for p in matches.values_list("entry_a", "entry_b")}


def paired_from_results(competition: Competition, number: int) -> set[frozenset]:
    """What the Swiss pairing gives for round `number` from the stored results before it."""
    earlier = competition.matches.filter(status=Match.Status.CONFIRMED, round__number__lt=number)
    results = [as_match_result(m) for m in earlier]
    seeds = list(competition.entries.filter(withdrawn_at=None).order_by("seed")
                 .values_list("pk", flat=True))
    dealt = Counter(m.entry_a_id for m in earlier if m.entry_b_id is not None)
    drawn = pair_next_round(seeds, results, points=points_of(competition), dealt_first=dealt)
    return {frozenset(p) for p in drawn.pairings} | ({frozenset({drawn.bye})} if drawn.bye else set())


def correct(club: Club, match: Match, winner: str) -> None:
    with committed():
        correct_result(match.pk, actor=club.organizer, winner=winner,
                       games_a=int(winner == "A"), games_b=int(winner == "B"),
                       comment="The wrong player was entered as the winner.", overrides_games=True)


def first_table(competition: Competition) -> Match:
    return competition.matches.get(key="R1-0")


def test_a_round_not_started_is_paired_again_from_the_corrected_result(club, swiss):
    before = pairs(swiss, 2)
    correct(club, first_table(swiss), "B")
    assert pairs(swiss, 2) != before
    assert pairs(swiss, 2) == paired_from_results(swiss, 2)
    assert swiss.matches.filter(round__number=2, status=Match.Status.SCHEDULED).count() == 2
    repaired = AuditEntry.objects.filter(action="re-paired", match__round__number=2)
    assert repaired.exists() and all(a.actor is None for a in repaired)
    assert "after the corrected result of R1-0. It was " in repaired.first().comment
    assert pending_decisions(swiss) == []
    play_out(swiss, better_seed)
    swiss.refresh_from_db()
    assert swiss.status == Competition.Status.FINISHED
    met = [p for n in (1, 2, 3) for p in pairs(swiss, n)]
    assert len(met) == len(set(met)) == 6  # no rematch


def test_a_correction_that_changes_no_pairing_changes_no_round(club, swiss):
    before = rows(swiss)["matches"]
    with committed():
        correct_result(first_table(swiss).pk, actor=club.organizer, winner="A", games_a=1,
                       games_b=0, comment="The tally re-entered.", overrides_games=True)
    after = rows(swiss)["matches"]
    assert [m for m in after if m["round_id"] != before[0]["round_id"]] == [
        m for m in before if m["round_id"] != before[0]["round_id"]]
    assert not AuditEntry.objects.filter(action__in=("re-paired", "needs decision")).exists()


def test_a_started_round_is_left_alone_and_the_organizer_is_asked_once(club, swiss):
    before = pairs(swiss, 2)
    started = scheduled(swiss)[0]
    win(started, "A")
    correct(club, first_table(swiss), "B")
    correct(club, first_table(swiss), "B")  # corrected again, the same way: asked once only
    assert pairs(swiss, 2) == before
    [decision] = pending_decisions(swiss)
    assert decision.match.round.number == 2 and decision.match.key == "R2-0"
    assert decision.comment.startswith("Round 2 was paired before the corrected result of R1-0")
    assert decision.depends_on == ()
    assert "It has started, so an organizer decides" in decision.comment
    for match in scheduled(swiss):
        win(match, "A")
    swiss.refresh_from_db()
    assert swiss.rounds.count() == 2  # round 3 waits for the decision
    assert swiss.status == Competition.Status.RUNNING


def test_keep_lets_the_round_stand_and_the_swiss_goes_on(club, swiss):
    win(scheduled(swiss)[0], "A")
    correct(club, first_table(swiss), "B")
    for match in scheduled(swiss):
        win(match, "A")
    [decision] = pending_decisions(swiss)
    with committed():
        keep_match(decision.match.pk, actor=club.organizer, comment="Played in good faith.")
    assert pending_decisions(swiss) == [] and swiss.rounds.count() == 3
    correct(club, swiss.matches.get(key="R1-1"), "B")  # kept: not asked again
    assert pending_decisions(swiss) == []
    play_out(swiss, better_seed)
    swiss.refresh_from_db()
    assert swiss.status == Competition.Status.FINISHED


def test_reset_pairs_the_round_again_and_deletes_the_rounds_paired_from_it(club, swiss):
    for match in scheduled(swiss):
        win(match, "A")
    round_three = pairs(swiss, 3)
    correct(club, first_table(swiss), "B")
    [decision] = pending_decisions(swiss)
    assert decision.depends_on == ("Round 3",)
    with committed():
        reset_match(decision.match.pk, actor=club.organizer)
    assert swiss.rounds.count() == 2  # round 3 was paired from the old round 2: deleted
    assert pairs(swiss, 2) == paired_from_results(swiss, 2)
    reset = AuditEntry.objects.get(action="decision: reset")
    assert {frozenset((m["entry_a"], m["entry_b"])) for m in reset.before["deleted"]} == (
        round_three)
    assert len(reset.before["round"]) == 2
    assert not Game.objects.filter(match__round__number=2, match__competition=swiss).exists()
    assert pending_decisions(swiss) == []
    play_out(swiss, better_seed)
    swiss.refresh_from_db()
    assert swiss.status == Competition.Status.FINISHED and swiss.rounds.count() == 3
    met = [p for n in (1, 2, 3) for p in pairs(swiss, n)]
    assert len(met) == len(set(met))


def test_reset_keeps_the_matches_whose_players_meet_again_as_they_are():
    """Eight players: round 1 is 1-5, 2-6, 3-7, 4-8 and the seeds 1 to 4 win; round 2 pairs
    each group's halves: 1-3, 2-4 and 5-7, 6-8. P08 in fact beat P04: the groups become
    {1, 2, 3, 8} and {4, 5, 6, 7}, paired 1-3, 2-8 and 4-6, 5-7."""
    club = Club(8)
    swiss = started_swiss(club)
    top = swiss.matches.get(round__number=2, key="R2-0")
    win(top, "A")
    correct(club, swiss.matches.get(round__number=1, entry_b__player__name="P08"), "B")
    [decision] = pending_decisions(swiss)
    before = {frozenset((m.entry_a_id, m.entry_b_id)): (m.pk, m.status)
              for m in swiss.matches.filter(round__number=2)}
    with committed():
        reset_match(decision.match.pk, actor=club.organizer)
    assert pairs(swiss, 2) == paired_from_results(swiss, 2)
    names = {frozenset(swiss.entries.filter(pk__in=p).values_list("player__name", flat=True))
             for p in pairs(swiss, 2)}
    assert names == {frozenset(p) for p in (("P01", "P03"), ("P02", "P08"), ("P04", "P06"),
                                            ("P05", "P07"))}
    for match in swiss.matches.filter(round__number=2):
        pair = frozenset((match.entry_a_id, match.entry_b_id))
        if pair in before:  # met again: the same row, as it was (P01 v P03 played, P05 v P07 not)
            assert (match.pk, match.status) == before[pair]
            assert not match.audit.filter(action="re-paired").exists()
        else:
            assert match.status == Match.Status.SCHEDULED and not match.games.exists()
            assert match.audit.filter(action="re-paired").exists()
    top.refresh_from_db()
    assert top.status == Match.Status.CONFIRMED and top.games.count() == 1


def test_a_second_correction_that_puts_the_results_back_needs_no_decision(club, swiss):
    win(scheduled(swiss)[0], "A")
    correct(club, first_table(swiss), "B")
    assert len(pending_decisions(swiss)) == 1
    correct(club, first_table(swiss), "A")
    assert pending_decisions(swiss) == []
    assert AuditEntry.objects.filter(action="decision: not needed").count() == 1
    play_out(swiss, better_seed)
    swiss.refresh_from_db()
    assert swiss.status == Competition.Status.FINISHED


def test_only_an_organizer_decides_and_a_refusal_changes_nothing(club, swiss):
    win(scheduled(swiss)[0], "A")
    correct(club, first_table(swiss), "B")
    [decision] = pending_decisions(swiss)
    before = rows(swiss)
    player = decision.match.entry_a.player.user
    for decide in (reset_match, keep_match):
        with pytest.raises(NotAllowed):
            decide(decision.match.pk, actor=player)
    assert rows(swiss) == before and Game.objects.filter(match__competition=swiss).exists()


def test_the_follow_up_of_a_correction_run_again_changes_nothing(club, swiss):
    corrected = first_table(swiss)
    correct(club, corrected, "B")
    run_twice(swiss, corrected)
    win(scheduled(swiss)[0], "A")
    other = swiss.matches.get(key="R1-1")
    correct(club, other, "B")
    run_twice(swiss, other)
