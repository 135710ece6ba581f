"""The organizer deals a championship's groups by hand, on a laptop and on a phone: a select per
player, a refusal when a group is left with one player, then the groups the start draws."""

from __future__ import annotations

import pytest

from league.competitions.formats.competitions import create_competition, register_players
from league.competitions.formats.stage_plans import StagePlan, plan_stages
from league.competitions.models import Competition, Stage, StageEntry

from .club import riverside
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)


def championship(size: int = 8) -> tuple[Competition, list[str]]:
    setup = riverside(size)
    competition = create_competition(setup.club.seasons.get(), actor=setup.organizer,
                                     name="Club Championship", format=Competition.Format.LEAGUE)
    plan_stages(competition, [
        StagePlan(Stage.Kind.GROUPS, groups=2),
        StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP,
                  qualifiers=2, seeding=Stage.Seeding.CROSS_GROUP),
    ], actor=setup.organizer)
    register_players(competition, setup.players.values(), actor=setup.organizer)
    return competition, list(setup.players)


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_an_organizer_deals_the_groups_by_hand(site, phone):
    competition, players = championship()
    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    olga.goto(f"/competitions/{competition.pk}/entries/")
    olga.get_by_role("link", name="Deal the groups by hand").click()
    expect(olga.get_by_role("heading", level=1)).to_contain_text("Deal the groups")
    size = "phone" if phone else "laptop"
    screenshot(olga, f"stage-dealing-{size}")
    # Everyone in group A but one: refused, the reason at the top.
    for name in players[:-1]:
        olga.get_by_label(name, exact=True).select_option("A")
    olga.get_by_label(players[-1], exact=True).select_option("B")
    olga.get_by_role("button", name="Save the groups").click()
    expect(olga.locator(".form-errors")).to_contain_text("Group B has one player")
    screenshot(olga, f"stage-dealing-refused-{size}")
    first, second = players[: len(players) // 2], players[len(players) // 2:]
    for name in second:
        olga.get_by_label(name, exact=True).select_option("B")
    olga.get_by_role("button", name="Save the groups").click()
    expect(olga.get_by_role("heading", level=1)).to_contain_text("Entries: Club Championship")
    olga.get_by_role("button", name="Start Club Championship").click()
    expect(olga.locator(".group-table")).to_have_count(2)
    groups = dict(StageEntry.objects.filter(stage__competition=competition, stage__order=1)
                  .values_list("entry__player__name", "group"))
    assert {n for n, g in groups.items() if g == "A"} == set(first)
