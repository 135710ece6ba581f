"""A stage drawn again: the results removed with it are rated again, and the stages after it,
drawn from its old qualifiers, are removed (unplayed) or asked about (played)."""

import pytest

from league.competitions.base import outbox
from league.competitions.formats.decide import keep_match, reset_match
from league.competitions.formats.decisions import pending_decisions
from league.competitions.formats.stage_dealing import deal_by_hand
from league.competitions.formats.stage_plans import StagePlan, awaits_dealing
from league.competitions.models import (
    AuditEntry,
    Competition,
    CompetitionAudit,
    FollowUp,
    Match,
    Stage,
)
from league.ratings.models import PlayerRating
from league.ratings.services import recompute_ratings
from tests.formats.builders import Club, better_seed, committed, win
from tests.formats.test_many_stages import (
    dealt_by_hand_in_between,
    flip_p04_p05,
    matches_of,
    play_stage,
    players_of,
    staged,
)

pytestmark = pytest.mark.django_db


def groups_groups_semi_finals() -> tuple[Club, object]:
    """Groups A (P01, P04, P05, P08) and B (P02, P03, P06, P07); the top two of each into one
    group of four; all four of it into semi-finals and a final."""
    club = Club(8)
    plans = (StagePlan(Stage.Kind.GROUPS, groups=2),
             StagePlan(Stage.Kind.GROUPS, groups=1, qualify=Stage.Qualify.EACH_GROUP,
                       qualifiers=2, seeding=Stage.Seeding.STANDING),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.OVERALL,
                       qualifiers=4, seeding=Stage.Seeding.STANDING))
    competition = staged(club, plans)
    play_stage(competition, 1)
    return club, competition


def ratings_now() -> list[tuple]:
    return list(PlayerRating.objects.order_by("player", "starts_on")
                .values_list("player", "starts_on", "rating", "rd", "games", "total_games"))


def first_played(competition, order: int) -> Match:
    return (matches_of(competition, order).exclude(kind=Match.Kind.BYE)
            .filter(status=Match.Status.SCHEDULED).order_by("pk").first())


def redraw_second_stage(club: Club, competition) -> None:
    """A correction to stage 1 changes the second stage's players; the organizer has the played
    second stage drawn again."""
    flip_p04_p05(club, competition)
    (asked,) = [d for d in pending_decisions(competition)
                if d.match.round.stage.order == 2]
    with committed():
        reset_match(asked.match.pk, actor=club.organizer)


@pytest.mark.follow_ups
def test_the_results_of_a_stage_drawn_again_no_longer_count_in_the_ratings():
    club, competition = groups_groups_semi_finals()
    played = first_played(competition, 2)
    win(played, better_seed(played))
    rated_with_it = ratings_now()
    redraw_second_stage(club, competition)
    assert not Match.objects.filter(pk=played.pk).exists()
    (row,) = FollowUp.objects.filter(competition=competition, kind=FollowUp.Kind.RATE_AGAIN)
    assert row.done_at is not None and row.match_id is None
    after = ratings_now()
    assert after != rated_with_it
    # As if the removed match had never been played: the same as rated from scratch.
    recompute_ratings(club.club)
    assert ratings_now() == after


@pytest.mark.follow_ups
def test_rating_again_after_a_redraw_twice_changes_nothing():
    club, competition = groups_groups_semi_finals()
    played = first_played(competition, 2)
    win(played, better_seed(played))
    redraw_second_stage(club, competition)
    once = ratings_now()
    row = FollowUp.objects.get(competition=competition, kind=FollowUp.Kind.RATE_AGAIN)
    with committed():
        outbox.send(row)  # the relay's sending again, or a redelivery
    assert ratings_now() == once


def test_an_unplayed_stage_drawn_again_asks_for_no_rating():
    club, competition = groups_groups_semi_finals()
    flip_p04_p05(club, competition)  # stage 2 not played in: drawn again at once
    assert set(players_of(competition, 2)) == {"P01", "P02", "P03", "P05"}
    assert not FollowUp.objects.filter(kind=FollowUp.Kind.RATE_AGAIN).exists()


def test_an_unplayed_later_stage_is_removed_and_waits_for_the_stage_drawn_again():
    club, competition = groups_groups_semi_finals()
    play_stage(competition, 2)  # P01..P04 in the semi-finals, none of them played
    assert matches_of(competition, 3).exists()
    flip_p04_p05(club, competition)
    (asked,) = pending_decisions(competition)
    with committed():
        reset_match(asked.match.pk, actor=club.organizer)
    assert not matches_of(competition, 3).exists()
    assert players_of(competition, 3) == {}
    removed = CompetitionAudit.objects.filter(competition=competition,
                                              action=AuditEntry.Action.RESET,
                                              before__stage=3)
    assert removed.count() == 1
    # The second stage played again, with P05: the semi-finals are drawn from it.
    play_stage(competition, 2)
    assert set(players_of(competition, 3)) == {"P01", "P02", "P03", "P05"}
    assert matches_of(competition, 3).filter(status=Match.Status.SCHEDULED).count() == 2


@pytest.mark.follow_ups
def test_a_played_later_stage_is_the_organizers_decision_when_a_stage_is_drawn_again():
    club, competition = groups_groups_semi_finals()
    play_stage(competition, 2)
    semi = first_played(competition, 3)
    win(semi, better_seed(semi))
    flip_p04_p05(club, competition)
    (asked,) = pending_decisions(competition)
    assert asked.match.round.stage.order == 2
    with committed():
        reset_match(asked.match.pk, actor=club.organizer)
    (later,) = pending_decisions(competition)
    assert later.match.round.stage.order == 3
    assert "Stage 2" in later.comment or "stage 2" in later.comment.lower()
    assert matches_of(competition, 3).filter(pk=semi.pk).exists()  # still as drawn
    # Drawn again: the semi-finals removed, waiting for the second stage.
    with committed():
        reset_match(later.match.pk, actor=club.organizer)
    assert not matches_of(competition, 3).exists()
    assert not pending_decisions(competition)
    assert FollowUp.objects.filter(competition=competition,
                                   kind=FollowUp.Kind.RATE_AGAIN).count() == 2
    play_stage(competition, 2)
    assert set(players_of(competition, 3)) == {"P01", "P02", "P03", "P05"}


def test_a_played_later_stage_kept_goes_on_while_the_stage_before_is_played_again():
    club, competition = groups_groups_semi_finals()
    play_stage(competition, 2)
    semi = first_played(competition, 3)
    win(semi, better_seed(semi))
    flip_p04_p05(club, competition)
    (asked,) = pending_decisions(competition)
    with committed():
        reset_match(asked.match.pk, actor=club.organizer)
    (later,) = pending_decisions(competition)
    with committed():
        keep_match(later.match.pk, actor=club.organizer)
    assert not pending_decisions(competition)
    # The kept semi-finals go on: the other semi-final's winner reaches the final.
    other = first_played(competition, 3)
    win(other, better_seed(other))
    final = matches_of(competition, 3).filter(status=Match.Status.SCHEDULED).get()
    assert final.entry_a_id and final.entry_b_id


def test_a_stage_drawn_again_by_hand_waits_for_its_dealing_and_its_final_with_it():
    club = Club(8)
    competition = staged(club, dealt_by_hand_in_between(
        groups=1, final=Stage.Qualify.OVERALL, finalists=2))
    play_stage(competition, 1)
    ids = {e.player.name: e.pk for e in competition.entries.select_related("player")}
    with committed():
        deal_by_hand(competition.stages.get(order=2).pk,
                     [[ids["P01"], ids["P02"], ids["P03"], ids["P04"]]], actor=club.organizer)
    play_stage(competition, 2)
    final = first_played(competition, 3)
    flip_p04_p05(club, competition)
    (asked,) = pending_decisions(competition)
    with committed():
        reset_match(asked.match.pk, actor=club.organizer)  # stage 2 waits for its dealing
    assert awaits_dealing(competition.stages.get(order=2))
    assert not pending_decisions(competition)  # the final was not played: removed, not asked
    assert not matches_of(competition, 3).filter(pk=final.pk).exists()
    competition.refresh_from_db()
    assert competition.status == Competition.Status.RUNNING
