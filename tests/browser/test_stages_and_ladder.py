"""A championship in stages created by the organizer through the pages (groups, then a knockout
of the best of each group), and a player challenging on the club's ladder on a phone."""

from __future__ import annotations

import re

import pytest

from league.competitions.models import Competition, LadderChallenge

from .club import knockout_club, riverside
from .conftest import screenshot
from .steps import expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_organizer_creates_a_groups_then_knockout_championship(site):
    setup = riverside()
    olga = site.open()
    site.sign_in(olga, "olga")
    olga.goto("/clubs/riverside/manage/")
    olga.get_by_role("link", name="New competition").first.click()
    olga.get_by_label("Name", exact=True).fill("Club Championship")
    olga.get_by_label("Season", exact=True).select_option(label="2026")
    olga.locator("label.choice").filter(
        has_text=re.compile("^Round-robin groups first$")).click()
    olga.get_by_label("Groups", exact=True).fill("2")
    olga.get_by_label("Who goes through").select_option(label="The top K of each group")
    olga.get_by_label("K (players going through)").fill("2")
    olga.get_by_label("The last stage is seeded").select_option(value="cross_group")
    olga.get_by_role("button", name="Create the competition").click()
    expect(olga.get_by_role("heading", level=1)).to_contain_text("Entries: Club Championship")
    for player in setup.players:
        olga.get_by_role("checkbox", name=player, exact=True).check()
    olga.get_by_role("button", name="Enter the ticked players").click()
    olga.get_by_role("button", name="Start Club Championship").click()
    expect(olga.get_by_role("heading", level=1)).to_contain_text("Club Championship")
    expect(olga.locator(".group-table")).to_have_count(2)
    expect(olga.get_by_role("heading", name="Group A")).to_be_visible()
    screenshot(olga, "stages-0-groups-side-by-side")
    olga.get_by_role("link", name=re.compile("^Stage 2")).click()
    expect(olga.locator("#standings")).to_contain_text("drawn when the stage before it is complete")
    competition = Competition.objects.get(name="Club Championship")
    assert competition.stages.count() == 2
    assert competition.matches.filter(round__stage__order=1).count() == 2 * 6


def test_a_player_challenges_on_the_ladder_on_a_phone(site):
    setup = knockout_club(format=Competition.Format.LADDER, name="Season Ladder")
    ladder = setup.competition
    eve = site.open(phone=True)
    site.sign_in(eve, "eve")
    eve.goto(ladder.get_absolute_url())
    eve.get_by_role("link", name=re.compile("The ladder")).click()
    rung = eve.locator(".ladder-rung").filter(has_text="Cy")
    expect(rung.get_by_role("button", name="Challenge")).to_be_visible()
    expect(eve.locator(".ladder-rung").filter(has_text="Ada").get_by_role(
        "button", name="Challenge")).to_have_count(0)  # four places up: out of reach
    screenshot(eve, "ladder-0-positions-on-a-phone")
    rung.get_by_role("button", name="Challenge").click()
    expect(eve.get_by_text("You challenged Cy")).to_be_visible()
    expect(eve.locator("#challenges-h + ul")).to_contain_text("Eve challenged Cy")
    screenshot(eve, "ladder-1-challenge-made")
    made = LadderChallenge.objects.get(competition=ladder)
    assert (made.challenger.player.name, made.challenged.player.name) == ("Eve", "Cy")


@pytest.mark.parametrize("phone", [False, True], ids=["laptop", "phone"])
def test_an_organizer_creates_three_stages_and_the_page_shows_them_as_tabs(site, phone):
    from tests.formats.builders import better_seed, play_out

    setup = riverside()
    size = "phone" if phone else "laptop"
    olga = site.open(phone=phone)
    site.sign_in(olga, "olga")
    olga.goto("/clubs/riverside/competitions/new/")
    olga.get_by_label("Name", exact=True).fill("Grand Prix")
    olga.get_by_label("Season", exact=True).select_option(label="2026")
    olga.locator("label.choice").filter(
        has_text=re.compile("^Round-robin groups first$")).click()
    olga.get_by_label("Groups", exact=True).fill("2")
    olga.get_by_label("How many").fill("1")
    olga.get_by_role("button", name="Show them").click()  # the form again, as typed
    expect(olga.get_by_label("Name", exact=True)).to_have_value("Grand Prix")
    second = olga.locator("#stage-2")
    second.get_by_label("Groups (empty: no such stage)").fill("1")
    second.get_by_label("Qualifying for this stage").select_option(label="The top K of each group")
    second.get_by_label("K (qualifiers for this stage)").fill("2")
    olga.get_by_label("Who goes through").select_option(label="The top K overall")
    olga.get_by_label("K (players going through)").fill("2")
    olga.get_by_label("The last stage is seeded").select_option(value="standing")
    olga.locator("fieldset.stage-options").first.scroll_into_view_if_needed()
    screenshot(olga, f"stages-three-form-{size}")
    olga.get_by_role("button", name="Create the competition").click()
    expect(olga.get_by_role("heading", level=1)).to_contain_text("Entries: Grand Prix")
    for player in setup.players:
        olga.get_by_role("checkbox", name=player, exact=True).check()
    olga.get_by_role("button", name="Enter the ticked players").click()
    olga.get_by_role("button", name="Start Grand Prix").click()
    expect(olga.locator(".group-table")).to_have_count(2)
    competition = Competition.objects.get(name="Grand Prix")
    assert competition.stages.count() == 3
    play_out(competition, better_seed)
    olga.reload()
    expect(olga.locator("#final-placings-h")).to_be_visible()
    expect(olga.locator(".stage-tabs a")).to_have_count(3)
    screenshot(olga, f"stages-three-finished-{size}")
    olga.get_by_role("link", name="Stage 2: Round-robin groups").click()
    expect(olga.locator(".group-table")).to_have_count(1)
