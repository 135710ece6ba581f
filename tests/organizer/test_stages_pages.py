"""A championship in stages on the site: the organizer creates groups then a knockout, the
competition page shows each stage as a tab (links that work without JavaScript), and a tie at
the cut line is decided on the organizer's matches page."""

import re

import pytest
from django.urls import reverse

from league.competitions.formats.decisions import pending_decisions
from league.competitions.forms.organizer import initial_of
from league.competitions.models import Competition, Stage
from tests.formats.builders import Club, better_seed, play_out, win
from tests.formats.test_stages import (
    GROUPS_THEN_KNOCKOUT,
    cyclic_group_club,
    stage_matches,
    staged,
)

from .conftest import sign_in
from .test_competition_new import form_data, post

pytestmark = pytest.mark.django_db


def test_an_organizer_creates_a_groups_then_knockout_championship(client, people):
    response = post(client, people, name="Club Championship", format="single_elimination",
                    stages="groups_knockout", stage_groups="4", stage_qualify="each_group",
                    stage_qualifiers="2", stage_seeding="cross_group")
    competition = Competition.objects.get(name="Club Championship")
    assert response.status_code == 302
    assert competition.format == Competition.Format.LEAGUE
    groups, knockout = competition.stages.order_by("order")
    assert (groups.kind, groups.groups) == (Stage.Kind.GROUPS, 4)
    assert (knockout.kind, knockout.qualify, knockout.qualifiers, knockout.seeding) == (
        Stage.Kind.SINGLE_ELIMINATION, Stage.Qualify.EACH_GROUP, 2, Stage.Seeding.CROSS_GROUP)


def test_cross_group_seeding_of_a_swiss_is_refused_next_to_its_field(client, people):
    response = post(client, people, name="Big Swiss", format="swiss", swiss_rounds="3",
                    stages="swiss_knockout", stage_qualify="overall", stage_qualifiers="8",
                    stage_seeding="cross_group")
    assert response.status_code == 422
    assert "Cross-group seeding needs the top K of each group." in response.content.decode()
    assert not Competition.objects.filter(name="Big Swiss").exists()


def test_the_page_shows_the_groups_side_by_side_then_the_bracket_on_its_tab(client):
    club = Club(16)
    competition = staged(club, GROUPS_THEN_KNOCKOUT)
    page = reverse("competition", args=[competition.pk])
    html = client.get(page).content.decode()
    assert f'href="{page}?stage=2#standings-h"' in html
    assert html.count('class="group-table"') == 4
    assert "Group D" in html
    assert "In 2 stages: Round-robin groups, then Single elimination" in html
    for match in stage_matches(competition, 1).select_related("entry_a", "entry_b"):
        win(match, better_seed(match))
    html = client.get(page).content.decode()  # the latest stage drawn by default
    assert 'id="stage-2" href' in html and 'aria-current="page">Stage 2' in html
    assert "Quarter-finals" in html and 'class="group-table"' not in html
    html = client.get(page + "?stage=1").content.decode()
    assert html.count('class="group-table"') == 4


def test_the_organizer_decides_a_tie_at_the_cut_on_the_matches_page(client):
    club, competition = cyclic_group_club()
    sign_in(client, club.organizer)
    page = reverse("organizer-matches", args=[competition.pk])
    html = client.get(page).content.decode()
    assert "Who goes through" in html and "P01, P04, P05" in html
    (asked,) = pending_decisions(competition)
    p05 = competition.entries.get(player__name="P05")
    url = reverse("stage-qualifiers", args=[asked.match.pk])
    refused = client.post(url, {f"q{asked.match.pk}-place_1": ""})
    assert refused.status_code == 422
    response = client.post(url, {f"q{asked.match.pk}-place_1": str(p05.pk)})
    assert response.status_code == 302
    final = stage_matches(competition, 2).get()
    assert {final.entry_a.player.name, final.entry_b.player.name} == {"P05", "P02"}


def test_a_finished_championship_shows_the_final_placings_over_all_stages(client):
    competition = staged(Club(16), GROUPS_THEN_KNOCKOUT)
    play_out(competition, better_seed)
    html = client.get(reverse("competition", args=[competition.pk])).content.decode()
    assert "Final placings over all stages" in html
    placings = html.split('id="final-placings-h"')[1].split("</ol>")[0]
    assert placings.count("<li>") == 16
    assert placings.index("P01") < placings.index("P16")


def test_an_organizer_creates_groups_then_groups_then_a_knockout(client, people):
    response = post(client, people, name="Grand Prix", format="single_elimination",
                    stages="groups_knockout", stage_groups="4", stage_dealing="snake",
                    middle_1_groups="2", middle_1_dealing="by_hand",
                    middle_1_qualify="each_group", middle_1_qualifiers="2",
                    middle_1_seeding="standing", stage_qualify="each_group",
                    stage_qualifiers="2", stage_seeding="cross_group")
    assert response.status_code == 302
    competition = Competition.objects.get(name="Grand Prix")
    first, second, knockout = competition.stages.order_by("order")
    assert (first.kind, first.groups) == (Stage.Kind.GROUPS, 4)
    assert (second.kind, second.groups, second.dealing, second.qualify, second.qualifiers) == (
        Stage.Kind.GROUPS, 2, Stage.Dealing.BY_HAND, Stage.Qualify.EACH_GROUP, 2)
    assert knockout.kind == Stage.Kind.SINGLE_ELIMINATION


def test_a_group_stage_in_between_needs_its_qualifiers(client, people):
    response = post(client, people, name="Grand Prix", format="single_elimination",
                    stages="groups_knockout", stage_groups="4", middle_1_groups="2",
                    stage_qualify="each_group", stage_qualifiers="2",
                    stage_seeding="cross_group")
    assert response.status_code == 422
    assert "Say how many go through to this group stage." in response.content.decode()
    assert not Competition.objects.filter(name="Grand Prix").exists()


def test_editing_a_draft_in_three_stages_keeps_them_and_can_add_one(client, people):
    post(client, people, name="Grand Prix", format="single_elimination",
         stages="groups_knockout", stage_groups="4", middle_1_groups="2",
         middle_1_qualify="each_group", middle_1_qualifiers="2", middle_1_seeding="standing",
         stage_qualify="each_group", stage_qualifiers="2", stage_seeding="cross_group")
    competition = Competition.objects.get(name="Grand Prix")
    edit = reverse("competition-edit", args=[competition.pk])
    html = client.get(edit).content.decode()
    assert 'name="middle_1_groups" value="2"' in html
    data = {k: v for k, v in initial_of(competition).items() if v is not None}
    data |= {"middle_2_groups": 1, "middle_2_qualify": "overall", "middle_2_qualifiers": 4,
             "middle_2_seeding": "standing"}
    fields = {k: ("on" if v else "") if isinstance(v, bool) else str(v) for k, v in data.items()}
    response = client.post(edit, form_data(people, **fields))
    assert response.status_code == 302
    kinds = [(s.kind, s.groups, s.qualifiers) for s in competition.stages.order_by("order")]
    assert kinds == [(Stage.Kind.GROUPS, 4, 0), (Stage.Kind.GROUPS, 2, 2),
                     (Stage.Kind.GROUPS, 1, 4), (Stage.Kind.SINGLE_ELIMINATION, 0, 2)]


def test_the_organizer_asks_for_more_group_stages_and_keeps_what_was_typed(client, people):
    url = reverse("competition-new", args=[people.club.slug])
    sign_in(client, people.organizer)
    assert 'name="middle_1_groups"' not in client.get(url).content.decode()
    data = form_data(people, name="Long Cup", format="league", stages="groups_knockout",
                     stage_groups="8", middle_count="3", middle_1_groups="4",
                     middle_1_qualifiers="2", stage_qualifiers="2", show_stages="1")
    response = client.post(url, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="middle_3_groups"' in html and 'name="middle_4_groups"' not in html
    assert 'name="name" value="Long Cup"' in html and 'name="middle_1_groups" value="4"' in html
    assert "The last stage (stage 5)" in html
    assert "errorlist" not in html
    assert not Competition.objects.filter(name="Long Cup").exists()


def test_an_organizer_creates_four_group_stages_then_a_double_elimination(client, people):
    middle = {}
    for n, groups in enumerate((4, 2, 2, 1), start=1):
        middle |= {f"middle_{n}_groups": str(groups), f"middle_{n}_qualify": "each_group",
                   f"middle_{n}_qualifiers": "2", f"middle_{n}_seeding": "standing"}
    response = post(client, people, name="Marathon", format="league", stages="groups_knockout",
                    stage_groups="8", middle_count="4", final_kind="double_elimination",
                    stage_qualify="overall", stage_qualifiers="2", stage_seeding="standing",
                    **middle)
    assert response.status_code == 302
    competition = Competition.objects.get(name="Marathon")
    kinds = [(s.kind, s.groups) for s in competition.stages.order_by("order")]
    assert kinds == [(Stage.Kind.GROUPS, 8), (Stage.Kind.GROUPS, 4), (Stage.Kind.GROUPS, 2),
                     (Stage.Kind.GROUPS, 2), (Stage.Kind.GROUPS, 1),
                     (Stage.Kind.DOUBLE_ELIMINATION, 0)]
    edit = client.get(reverse("competition-edit", args=[competition.pk])).content.decode()
    assert 'name="middle_4_groups" value="1"' in edit
    assert re.search(r'value="double_elimination"[^>]* checked', edit)


def test_a_swiss_may_end_in_a_final_group(client, people):
    response = post(client, people, name="Swiss Final", format="swiss", swiss_rounds="5",
                    stages="swiss_knockout", final_kind="groups", final_groups="1",
                    stage_qualify="overall", stage_qualifiers="4", stage_seeding="standing")
    assert response.status_code == 302
    first, final = Competition.objects.get(name="Swiss Final").stages.order_by("order")
    assert (final.kind, final.groups, final.qualifiers) == (Stage.Kind.GROUPS, 1, 4)
    assert first.kind == Stage.Kind.SWISS


def test_a_final_group_is_not_seeded_across_groups(client, people):
    response = post(client, people, name="Odd Final", format="league", stages="groups_knockout",
                    stage_groups="2", final_kind="groups", stage_qualify="each_group",
                    stage_qualifiers="2", stage_seeding="cross_group")
    assert response.status_code == 422
    assert "Cross-group seeding is a knockout&#x27;s" in response.content.decode()
    assert not Competition.objects.filter(name="Odd Final").exists()
