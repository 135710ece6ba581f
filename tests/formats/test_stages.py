"""Competitions in stages: groups (or a Swiss) into a knockout of those who qualify."""

import pytest

from league.competitions.formats.decide import choose_qualifiers, keep_match
from league.competitions.formats.decisions import pending_decisions
from league.competitions.formats.draws import start_competition
from league.competitions.formats.stage_dealing import deal_by_hand
from league.competitions.formats.stage_plans import StagePlan, plan_stages
from league.competitions.formats.stage_tables import group_standings
from league.competitions.models import AuditEntry, Competition, Match, Round, Stage, StageEntry
from league.competitions.results.services import correct_result
from league.core.errors import ServiceError
from tests.formats.builders import Club, better_seed, committed, play_out, win

pytestmark = pytest.mark.django_db

GROUPS_THEN_KNOCKOUT = (
    StagePlan(Stage.Kind.GROUPS, groups=4),
    StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP, qualifiers=2,
              seeding=Stage.Seeding.CROSS_GROUP),
)


def staged(club: Club, plans, *, start: bool = True, **settings) -> Competition:
    competition = club.competition(Competition.Format.LEAGUE, start=False, **settings)
    plan_stages(competition, plans, actor=club.organizer)
    if start:
        competition = start_competition(competition.pk, actor=club.organizer)
    return competition


def stage(competition: Competition, order: int) -> Stage:
    return competition.stages.get(order=order)


def stage_matches(competition: Competition, order: int):
    return competition.matches.filter(round__stage__order=order)


def group_of(competition: Competition) -> dict[str, str]:
    return {p.entry.player.name: p.group
            for p in StageEntry.objects.filter(stage__competition=competition, stage__order=1)
            .select_related("entry__player")}


def test_sixteen_players_are_dealt_into_four_groups_in_snake_order():
    competition = staged(Club(16), GROUPS_THEN_KNOCKOUT)
    groups = group_of(competition)
    assert [n for n in sorted(groups) if groups[n] == "A"] == ["P01", "P08", "P09", "P16"]
    assert [n for n in sorted(groups) if groups[n] == "D"] == ["P04", "P05", "P12", "P13"]
    # Each group of four plays three rounds of two matches, the groups side by side.
    rounds = Round.objects.filter(stage__competition=competition)
    assert rounds.count() == 3
    assert all(r.matches.count() == 8 for r in rounds)
    for match in stage_matches(competition, 1):
        assert groups[match.entry_a.player.name] == groups[match.entry_b.player.name]


def test_nobody_plays_twice_in_a_round_of_the_group_stage():
    competition = staged(Club(16), GROUPS_THEN_KNOCKOUT)
    for round_ in Round.objects.filter(stage__competition=competition):
        players = [e for m in round_.matches.all() for e in (m.entry_a_id, m.entry_b_id)]
        assert len(players) == len(set(players))


def test_the_knockout_is_drawn_when_the_last_group_match_is_confirmed():
    competition = staged(Club(16), GROUPS_THEN_KNOCKOUT)
    group_stage = list(stage_matches(competition, 1).select_related("entry_a", "entry_b"))
    for match in group_stage[:-1]:
        win(match, better_seed(match))
    assert not stage_matches(competition, 2).exists()
    win(group_stage[-1], better_seed(group_stage[-1]))
    knockout = stage(competition, 2)
    seeds = list(StageEntry.objects.filter(stage=knockout).order_by("seed")
                 .values_list("entry__player__name", flat=True))
    # Group winners first (A1 P01, B1 P02, C1 P03, D1 P04), then the runners-up crossed:
    # A1 meets B2, B1 meets A2, C1 meets D2, D1 meets C2.
    assert seeds[:4] == ["P01", "P02", "P03", "P04"]
    first_round = {(m.entry_a.player.name, m.entry_b.player.name)
                   for m in stage_matches(competition, 2).filter(round__number=1)
                   .select_related("entry_a__player", "entry_b__player")}
    assert first_round == {("P01", "P07"), ("P02", "P08"), ("P03", "P05"), ("P04", "P06")}
    competition.refresh_from_db()
    assert competition.status == Competition.Status.RUNNING


@pytest.mark.follow_ups
def test_a_groups_then_knockout_championship_finishes_with_its_champion():
    competition = staged(Club(16), GROUPS_THEN_KNOCKOUT)
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED
    final = stage_matches(competition, 2).get(key="W3-0")
    assert final.winner.player.name == "P01"


def test_groups_tables_rank_each_group_apart():
    competition = staged(Club(16), GROUPS_THEN_KNOCKOUT)
    for match in stage_matches(competition, 1).select_related("entry_a", "entry_b"):
        win(match, better_seed(match))
    tables = group_standings(competition, stage(competition, 1))
    assert [label for label, _ in tables] == ["A", "B", "C", "D"]
    assert [r.player.name for r in tables[0][1].rows] == ["P01", "P08", "P09", "P16"]
    assert [r.match_points for r in tables[0][1].rows] == [6, 4, 2, 0]


def cyclic_group_club():
    """Six players in two groups of three, the winner of each group into a final. In group A
    (P01, P04, P05) each beats one and loses to one by the same score: level on everything."""
    club = Club(6)
    plans = (StagePlan(Stage.Kind.GROUPS, groups=2),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP,
                       qualifiers=1, seeding=Stage.Seeding.STANDING))
    competition = staged(club, plans)
    beats = {("P01", "P04"), ("P04", "P05"), ("P05", "P01")}
    for match in stage_matches(competition, 1).exclude(kind=Match.Kind.BYE).select_related(
            "entry_a__player", "entry_b__player"):
        a, b = match.entry_a.player.name, match.entry_b.player.name
        if group_of(competition)[a] == "A":
            side = "A" if (a, b) in beats else "B"
        else:
            side = better_seed(match)
        win(match, side, points=(100, 0) if side == "A" else (0, 100))
    return club, competition


def test_a_tie_the_tiebreaks_cannot_break_at_the_cut_is_the_organizers_decision():
    club, competition = cyclic_group_club()
    assert not stage_matches(competition, 2).exists()
    (asked,) = pending_decisions(competition)
    assert asked.asked.action == AuditEntry.Action.NEEDS_DECISION
    assert "P01, P04, P05" in asked.comment
    competition.refresh_from_db()
    assert competition.status == Competition.Status.RUNNING
    p04 = competition.entries.get(player__name="P04")
    with committed():
        choose_qualifiers(asked.match.pk, [p04.pk], actor=club.organizer)
    final = stage_matches(competition, 2).get()
    assert {final.entry_a.player.name, final.entry_b.player.name} == {"P04", "P02"}
    assert not pending_decisions(competition)


def test_the_organizer_must_choose_among_the_tied_players():
    club, competition = cyclic_group_club()
    (asked,) = pending_decisions(competition)
    outsider = competition.entries.get(player__name="P02")
    with pytest.raises(ServiceError):
        choose_qualifiers(asked.match.pk, [outsider.pk], actor=club.organizer)
    with pytest.raises(ServiceError):
        keep_match(asked.match.pk, actor=club.organizer)


def correct(club, match: Match, winner: str) -> None:
    with committed():
        correct_result(match.pk, actor=club.organizer, winner=winner,
                       games_a=int(winner == "A"), games_b=int(winner == "B"),
                       comment="The scores were added up wrongly.", overrides_games=True)


def two_groups_into_a_final():
    """Four players, groups A (P01, P04) and B (P02, P03); each group's winner to the final."""
    club = Club(4)
    plans = (StagePlan(Stage.Kind.GROUPS, groups=2),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP,
                       qualifiers=1, seeding=Stage.Seeding.STANDING))
    competition = staged(club, plans)
    for match in stage_matches(competition, 1).select_related("entry_a", "entry_b"):
        win(match, better_seed(match))
    return club, competition


def test_a_correction_to_the_groups_seats_an_unplayed_knockout_again():
    club, competition = two_groups_into_a_final()
    final = stage_matches(competition, 2).get()
    assert {final.entry_a.player.name, final.entry_b.player.name} == {"P01", "P02"}
    group_a = stage_matches(competition, 1).get(entry_a__player__name__in=["P01", "P04"])
    loser_side = "B" if group_a.entry_a.player.name == "P01" else "A"
    correct(club, group_a, loser_side)
    final.refresh_from_db()
    assert {final.entry_a.player.name, final.entry_b.player.name} == {"P04", "P02"}
    assert final.status == Match.Status.SCHEDULED


def test_a_correction_to_the_groups_after_the_knockout_was_played_needs_a_decision():
    club, competition = two_groups_into_a_final()
    final = stage_matches(competition, 2).get()
    win(final, "A")
    group_a = stage_matches(competition, 1).get(entry_a__player__name__in=["P01", "P04"])
    loser_side = "B" if group_a.entry_a.player.name == "P01" else "A"
    correct(club, group_a, loser_side)
    final.refresh_from_db()
    assert final.status == Match.Status.CONFIRMED  # a played match is never changed
    (asked,) = pending_decisions(competition)
    assert asked.match.pk == final.pk
    competition.refresh_from_db()
    assert competition.status == Competition.Status.RUNNING


def test_groups_dealt_by_hand_are_played_as_dealt():
    club = Club(6)
    plans = (StagePlan(Stage.Kind.GROUPS, groups=2, dealing=Stage.Dealing.BY_HAND),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.OVERALL,
                       qualifiers=2, seeding=Stage.Seeding.STANDING))
    competition = staged(club, plans, start=False)
    ids = {e.player.name: e.pk for e in competition.entries.select_related("player")}
    deal_by_hand(stage(competition, 1).pk, [[ids["P01"], ids["P02"], ids["P03"]],
                                            [ids["P04"], ids["P05"], ids["P06"]]],
                 actor=club.organizer)
    start_competition(competition.pk, actor=club.organizer)
    groups = group_of(competition)
    assert {n for n, g in groups.items() if g == "A"} == {"P01", "P02", "P03"}


def test_a_swiss_with_a_top_cut_draws_the_knockout_after_its_last_round():
    club = Club(8)
    plans = (StagePlan(Stage.Kind.SWISS),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.OVERALL,
                       qualifiers=4, seeding=Stage.Seeding.STANDING))
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=3)
    plan_stages(competition, plans, actor=club.organizer)
    start_competition(competition.pk, actor=club.organizer)
    for _ in range(3):
        assert not stage_matches(competition, 2).exists()
        for match in competition.matches.filter(status=Match.Status.SCHEDULED).select_related(
                "entry_a", "entry_b"):
            win(match, better_seed(match))
    assert stage_matches(competition, 1).values("round").distinct().count() == 3
    semis = stage_matches(competition, 2).filter(round__number=1)
    assert semis.count() == 2
    play_out(competition, better_seed)
    competition.refresh_from_db()
    assert competition.status == Competition.Status.FINISHED


def test_stages_are_two_a_first_stage_then_a_knockout():
    club = Club(4)
    competition = club.competition(Competition.Format.LEAGUE, start=False)
    with pytest.raises(ServiceError):
        plan_stages(competition, [StagePlan(Stage.Kind.SINGLE_ELIMINATION),
                                  StagePlan(Stage.Kind.GROUPS, groups=2)], actor=club.organizer)
    with pytest.raises(ServiceError):
        plan_stages(competition, [StagePlan(Stage.Kind.SWISS),
                                  StagePlan(Stage.Kind.SINGLE_ELIMINATION,
                                            qualify=Stage.Qualify.OVERALL, qualifiers=2,
                                            seeding=Stage.Seeding.CROSS_GROUP)],
                    actor=club.organizer)


def test_a_reset_knockout_match_after_a_swiss_is_seated_again_from_the_new_seeds():
    from league.competitions.formats.decide import reset_match

    club = Club(4)
    plans = (StagePlan(Stage.Kind.SWISS),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.OVERALL,
                       qualifiers=2, seeding=Stage.Seeding.STANDING))
    competition = club.competition(Competition.Format.SWISS, start=False, swiss_rounds=1)
    plan_stages(competition, plans, actor=club.organizer)
    start_competition(competition.pk, actor=club.organizer)
    ids = {e.player.name: e.pk for e in competition.entries.select_related("player")}
    for match in stage_matches(competition, 1).select_related("entry_a", "entry_b"):
        win(match, better_seed(match))

    def decide_tie(order):
        (asked,) = pending_decisions(competition)
        with committed():
            choose_qualifiers(asked.match.pk, [ids[n] for n in order], actor=club.organizer)

    decide_tie(["P01", "P02"])  # level on everything for places 1 and 2
    final = stage_matches(competition, 2).get()
    win(final, "A")
    p02_match = stage_matches(competition, 1).get(entry_b__player__name="P04")
    correct(club, p02_match, "B")  # P04 beat P02 after all
    decide_tie(["P01", "P04"])
    (asked,) = pending_decisions(competition)
    assert asked.match.pk == final.pk
    with committed():
        reset_match(final.pk, actor=club.organizer)
    final.refresh_from_db()
    assert {final.entry_a_id, final.entry_b_id} == {ids["P01"], ids["P04"]}
    assert final.status == Match.Status.SCHEDULED
    assert stage_matches(competition, 1).values("round").distinct().count() == 1
