"""Competitions in three stages or more: groups into groups into a knockout, a Swiss into groups
into a knockout; the qualifiers of each stage proposed when its last result is confirmed, and
corrections to an earlier stage after a later one was drawn."""

import pytest

from league.competitions.formats.decide import keep_match, reset_match
from league.competitions.formats.decisions import pending_decisions
from league.competitions.formats.draws import start_competition
from league.competitions.formats.stage_dealing import deal_by_hand
from league.competitions.formats.stage_plans import StagePlan, awaits_dealing, plan_stages
from league.competitions.formats.stage_tables import final_placings
from league.competitions.models import (
    AuditEntry,
    Competition,
    CompetitionAudit,
    Match,
    Stage,
    StageEntry,
)
from league.competitions.results.services import correct_result
from league.core.errors import ServiceError
from tests.formats.builders import Club, better_seed, committed, play_out, win

pytestmark = pytest.mark.django_db

GROUPS_GROUPS_KNOCKOUT = (
    StagePlan(Stage.Kind.GROUPS, groups=4),
    StagePlan(Stage.Kind.GROUPS, groups=2, qualify=Stage.Qualify.EACH_GROUP, qualifiers=2,
              seeding=Stage.Seeding.STANDING),
    StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP, qualifiers=2,
              seeding=Stage.Seeding.CROSS_GROUP),
)


def staged(club: Club, plans, *, format=Competition.Format.LEAGUE, start=True, **settings):
    competition = club.competition(format, start=False, **settings)
    plan_stages(competition, plans, actor=club.organizer)
    if start:
        competition = start_competition(competition.pk, actor=club.organizer)
    return competition


def matches_of(competition: Competition, order: int):
    return (competition.matches.filter(round__stage__order=order)
            .select_related("entry_a__player", "entry_b__player"))


def players_of(competition: Competition, order: int) -> dict[str, str]:
    return {p.entry.player.name: p.group for p in StageEntry.objects.filter(
        stage__competition=competition, stage__order=order).select_related("entry__player")}


def play_stage(competition: Competition, order: int, choose=better_seed) -> None:
    for match in matches_of(competition, order).filter(status=Match.Status.SCHEDULED):
        win(match, choose(match))


def names(competition: Competition) -> dict[str, int]:
    return {e.player.name: e.pk for e in competition.entries.select_related("player")}


def test_groups_then_groups_then_a_knockout_is_played_to_its_champion():
    competition = staged(Club(16), GROUPS_GROUPS_KNOCKOUT)
    assert not matches_of(competition, 2).exists()
    play_stage(competition, 1)
    # The top two of each group of four go through: P01..P08, dealt in snake order by their
    # standing (group winners P01..P04 first, then the runners-up P05..P08).
    second = players_of(competition, 2)
    assert sorted(second) == [f"P{i:02}" for i in range(1, 9)]
    assert {n for n, g in second.items() if g == "A"} == {"P01", "P04", "P05", "P08"}
    assert not matches_of(competition, 3).exists()
    for match in matches_of(competition, 2).exclude(kind=Match.Kind.BYE):
        assert second[match.entry_a.player.name] == second[match.entry_b.player.name]
        assert match.key.startswith("S2/")
    play_stage(competition, 2)
    assert sorted(players_of(competition, 3)) == ["P01", "P02", "P03", "P04"]
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    placings = final_placings(competition)
    assert sorted(p.entry for p in placings) == sorted(names(competition).values())
    by_entry = {p.entry: p for p in placings}
    ids = names(competition)
    assert by_entry[ids["P01"]].rank == 1 and by_entry[ids["P01"]].stage == 3
    # Out in the second stage ranks above every player out in the first.
    assert max(by_entry[ids[n]].rank for n in ("P05", "P06", "P07", "P08")) < min(
        by_entry[ids[f"P{i:02}"]].rank for i in range(9, 17))
    assert {by_entry[ids[n]].stage for n in ("P05", "P06", "P07", "P08")} == {2}


def test_a_swiss_then_groups_then_a_final():
    club = Club(8)
    plans = (StagePlan(Stage.Kind.SWISS),
             StagePlan(Stage.Kind.GROUPS, groups=1, qualify=Stage.Qualify.OVERALL, qualifiers=4,
                       seeding=Stage.Seeding.STANDING),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.OVERALL,
                       qualifiers=2, seeding=Stage.Seeding.STANDING))
    competition = staged(club, plans, format=Competition.Format.SWISS, swiss_rounds=3)
    for _ in range(3):
        assert not matches_of(competition, 2).exists()
        play_stage(competition, 1)
    assert len(players_of(competition, 2)) == 4
    assert matches_of(competition, 2).count() == 6  # the four play each other once
    play_stage(competition, 2)
    assert matches_of(competition, 3).count() == 1
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    assert final_placings(competition)[0].entry == names(competition)["P01"]


def eight_into_two_stages_of_groups(*, dealing=Stage.Dealing.SNAKE):
    """Groups A (P01, P04, P05, P08) and B (P02, P03, P06, P07); the top two of each into one
    group of four; its top two into a final."""
    club = Club(8)
    plans = (StagePlan(Stage.Kind.GROUPS, groups=2),
             StagePlan(Stage.Kind.GROUPS, groups=1, dealing=dealing,
                       qualify=Stage.Qualify.EACH_GROUP, qualifiers=2,
                       seeding=Stage.Seeding.STANDING),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.OVERALL,
                       qualifiers=2, seeding=Stage.Seeding.STANDING))
    competition = staged(club, plans)
    play_stage(competition, 1)
    return club, competition


def flip_p04_p05(club: Club, competition: Competition) -> None:
    """P05 beat P04 after all: P05 second in group A instead of P04."""
    match = matches_of(competition, 1).get(entry_a__player__name__in=["P04", "P05"],
                                           entry_b__player__name__in=["P04", "P05"])
    side = "A" if match.entry_a.player.name == "P05" else "B"
    with committed():
        correct_result(match.pk, actor=club.organizer, winner=side,
                       games_a=int(side == "A"), games_b=int(side == "B"),
                       comment="The scores were added up wrongly.", overrides_games=True)


def test_a_correction_to_the_first_stage_draws_an_unplayed_second_stage_again():
    club, competition = eight_into_two_stages_of_groups()
    assert set(players_of(competition, 2)) == {"P01", "P02", "P03", "P04"}
    flip_p04_p05(club, competition)
    assert set(players_of(competition, 2)) == {"P01", "P02", "P03", "P05"}
    in_play = {m.entry_a.player.name for m in matches_of(competition, 2)} | {
        m.entry_b.player.name for m in matches_of(competition, 2)}
    assert in_play == {"P01", "P02", "P03", "P05"}
    assert CompetitionAudit.objects.filter(competition=competition,
                                           action=AuditEntry.Action.RESET).exists()
    assert not pending_decisions(competition)


def test_a_correction_after_the_second_stage_was_played_in_is_the_organizers_decision():
    club, competition = eight_into_two_stages_of_groups()
    first = matches_of(competition, 2).exclude(kind=Match.Kind.BYE).first()
    win(first, better_seed(first))
    flip_p04_p05(club, competition)
    assert set(players_of(competition, 2)) == {"P01", "P02", "P03", "P04"}  # unchanged
    (asked,) = pending_decisions(competition)
    assert asked.match.round.stage.order == 2
    assert "P05 in, P04 out" in asked.comment
    # Kept: the stage stands as drawn, and is not asked about again.
    with committed():
        keep_match(asked.match.pk, actor=club.organizer)
    assert not pending_decisions(competition)
    play_stage(competition, 2)
    assert not pending_decisions(competition)
    assert matches_of(competition, 3).count() == 1


def test_the_organizer_can_have_a_played_later_stage_drawn_again():
    club, competition = eight_into_two_stages_of_groups()
    first = matches_of(competition, 2).exclude(kind=Match.Kind.BYE).first()
    win(first, better_seed(first))
    flip_p04_p05(club, competition)
    (asked,) = pending_decisions(competition)
    with committed():
        reset_match(asked.match.pk, actor=club.organizer)
    assert set(players_of(competition, 2)) == {"P01", "P02", "P03", "P05"}
    assert not matches_of(competition, 2).filter(status=Match.Status.CONFIRMED).exists()
    assert not pending_decisions(competition)


def dealt_by_hand_in_between(*, groups: int = 2, final: str = Stage.Qualify.EACH_GROUP,
                             finalists: int = 1) -> tuple[StagePlan, ...]:
    """Two groups, then `groups` groups of the top two of each that the organizer deals by
    hand, then a knockout of `finalists` of each group (or overall)."""
    return (StagePlan(Stage.Kind.GROUPS, groups=2),
            StagePlan(Stage.Kind.GROUPS, groups=groups, dealing=Stage.Dealing.BY_HAND,
                      qualify=Stage.Qualify.EACH_GROUP, qualifiers=2),
            StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=final, qualifiers=finalists))


def test_a_later_stage_dealt_by_hand_waits_for_the_organizers_groups():
    club = Club(8)
    competition = staged(club, dealt_by_hand_in_between())
    play_stage(competition, 1)
    second = competition.stages.get(order=2)
    assert awaits_dealing(second)
    assert not matches_of(competition, 2).exists()
    ids = names(competition)
    with pytest.raises(ServiceError):  # P05 did not qualify
        deal_by_hand(second.pk, [[ids["P01"], ids["P05"]], [ids["P02"], ids["P03"]]],
                     actor=club.organizer)
    with committed():
        deal_by_hand(second.pk, [[ids["P01"], ids["P02"]], [ids["P03"], ids["P04"]]],
                     actor=club.organizer)
    assert not awaits_dealing(second)
    groups = players_of(competition, 2)
    assert groups == {"P01": "A", "P02": "A", "P03": "B", "P04": "B"}
    assert matches_of(competition, 2).count() == 2
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED


def test_a_knockout_is_the_last_stage_and_a_swiss_the_first():
    club = Club(8)
    competition = club.competition(Competition.Format.LEAGUE, start=False)
    knockout = StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.OVERALL,
                         qualifiers=4)
    groups = StagePlan(Stage.Kind.GROUPS, groups=1, qualify=Stage.Qualify.OVERALL, qualifiers=2)
    with pytest.raises(ServiceError, match="last stage"):
        plan_stages(competition, [StagePlan(Stage.Kind.GROUPS, groups=2), knockout, groups],
                    actor=club.organizer)
    with pytest.raises(ServiceError, match="first stage"):
        plan_stages(competition, [StagePlan(Stage.Kind.GROUPS, groups=2),
                                  StagePlan(Stage.Kind.SWISS, qualify=Stage.Qualify.OVERALL,
                                            qualifiers=4), knockout], actor=club.organizer)
    with pytest.raises(ServiceError, match="Cross-group"):
        plan_stages(competition, [StagePlan(Stage.Kind.GROUPS, groups=2),
                                  StagePlan(Stage.Kind.GROUPS, groups=2,
                                            qualify=Stage.Qualify.EACH_GROUP, qualifiers=2,
                                            seeding=Stage.Seeding.CROSS_GROUP), knockout],
                    actor=club.organizer)
    four = plan_stages(competition, [StagePlan(Stage.Kind.GROUPS, groups=2), groups, groups,
                                     knockout], actor=club.organizer)
    assert [s.order for s in four] == [1, 2, 3, 4]


def test_a_tie_at_the_cut_of_a_middle_stage_is_the_organizers_decision():
    """Six players, two groups of three into two groups of three, each group's winner into a
    final. In the second stage's group A each beats one and loses to one by the same score."""
    from league.competitions.formats.decide import choose_qualifiers

    club = Club(6)
    plans = (StagePlan(Stage.Kind.GROUPS, groups=2),
             StagePlan(Stage.Kind.GROUPS, groups=2, qualify=Stage.Qualify.EACH_GROUP,
                       qualifiers=3),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP,
                       qualifiers=1))
    competition = staged(club, plans)
    play_stage(competition, 1)
    group_a = [p.entry_id for p in StageEntry.objects.filter(
        stage__competition=competition, stage__order=2, group="A").order_by("seed")]
    beats = {(group_a[0], group_a[1]), (group_a[1], group_a[2]), (group_a[2], group_a[0])}
    for match in matches_of(competition, 2).exclude(kind=Match.Kind.BYE):
        a, b = match.entry_a_id, match.entry_b_id
        if a in group_a:
            side = "A" if (a, b) in beats else "B"
            win(match, side, points=(100, 0) if side == "A" else (0, 100))
        else:
            win(match, better_seed(match))
    assert not matches_of(competition, 3).exists()
    (asked,) = pending_decisions(competition)
    assert asked.asked.after["from_stage"] == competition.stages.get(order=2).pk
    with committed():
        choose_qualifiers(asked.match.pk, [group_a[2]], actor=club.organizer)
    final = matches_of(competition, 3).get()
    assert group_a[2] in {final.entry_a_id, final.entry_b_id}
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED


def test_a_competition_may_end_in_a_final_group():
    """Eight players in two groups; the top two of each play a final group of four, whose table
    is the top of the final placings."""
    club = Club(8)
    plans = (StagePlan(Stage.Kind.GROUPS, groups=2),
             StagePlan(Stage.Kind.GROUPS, groups=1, qualify=Stage.Qualify.EACH_GROUP,
                       qualifiers=2))
    competition = staged(club, plans)
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    ids = {pk: name for name, pk in names(competition).items()}
    placings = [(p.rank, ids[p.entry], p.stage) for p in final_placings(competition)]
    assert placings[:4] == [(1, "P01", 2), (2, "P02", 2), (3, "P03", 2), (4, "P04", 2)]
    assert {stage for _, _, stage in placings[4:]} == {1}
