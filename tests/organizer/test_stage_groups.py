"""The organizer's page to deal a stage's players into groups by hand: a select per player, every
player in exactly one group, every group of two or more, sizes within one of each other unless
the organizer says otherwise; the first stage before the start, a later stage once its
qualifiers are known, and the stage drawn from the dealing."""

import pytest
from django.urls import reverse

from league.competitions.formats.draws import start_competition
from league.competitions.formats.stage_plans import StagePlan
from league.competitions.models import Competition, Match, Stage, StageEntry
from tests.formats.builders import Club, better_seed, win
from tests.formats.test_stages import GROUPS_THEN_KNOCKOUT, staged

from .conftest import sign_in
from .test_entries import SIGNED_IN

pytestmark = pytest.mark.django_db


def page_of(competition: Competition, order: int = 1) -> str:
    return reverse("stage-groups", args=[competition.pk, order])


def ids(competition: Competition) -> dict[str, int]:
    return {e.player.name: e.pk for e in competition.entries.select_related("player")}


def dealt(competition: Competition, order: int = 1) -> dict[str, str]:
    return {p.entry.player.name: p.group for p in StageEntry.objects.filter(
        stage__competition=competition, stage__order=order).select_related("entry__player")}


def deal(names: dict[str, int], groups: dict[str, str], **extra) -> dict:
    return {f"p{names[name]}": label for name, label in groups.items()} | extra


TWO_GROUPS = (StagePlan(Stage.Kind.GROUPS, groups=2), GROUPS_THEN_KNOCKOUT[1])
SIX = {"P01": "A", "P02": "A", "P03": "A", "P04": "B", "P05": "B", "P06": "B"}


def test_the_page_offers_a_group_for_each_player_suggested_in_snake_order(client):
    club = Club(8)
    competition = staged(club, TWO_GROUPS, start=False)
    sign_in(client, club.organizer)
    response = client.get(page_of(competition))
    html = response.content.decode()
    assert response.status_code == 200
    for name in ("P01", "P08"):
        assert f">{name}</label>" in html
    names = ids(competition)
    # Snake order by seed as the start: P01 and P04 in A, P02 and P03 in B.
    selected_a = html.split(f'name="p{names["P04"]}"')[1].split("</select>")[0]
    assert '<option value="A" selected>' in selected_a


def test_an_organizer_deals_the_groups_and_the_start_draws_them(client):
    club = Club(6)
    competition = staged(club, GROUPS_THEN_KNOCKOUT, start=False)
    sign_in(client, club.organizer)
    names = ids(competition)
    response = client.post(page_of(competition), deal(names, {
        "P01": "A", "P02": "A", "P03": "A", "P04": "B", "P05": "B", "P06": "B"}))
    assert response.status_code == 302
    stage = competition.stages.get(order=1)
    assert (stage.dealing, stage.groups) == (Stage.Dealing.BY_HAND, 2)
    start_competition(competition.pk, actor=club.organizer)
    assert dealt(competition) == SIX
    for match in competition.matches.filter(round__stage__order=1).exclude(kind=Match.Kind.BYE):
        groups = dealt(competition)
        assert groups[match.entry_a.player.name] == groups[match.entry_b.player.name]
    entries_page = client.get(reverse("competition-entries", args=[competition.pk]))
    assert page_of(competition) not in entries_page.content.decode()  # started: no more


@pytest.mark.parametrize(("groups", "extra", "error"), [
    ({"P01": "A", "P02": "A", "P03": "A", "P04": "B", "P05": "B"}, {}, "Choose P06"),
    ({"P01": "A", "P02": "A", "P03": "A", "P04": "A", "P05": "A", "P06": "B"}, {},
     "Group B has one player"),
    ({"P01": "A", "P02": "A", "P03": "A", "P04": "A", "P05": "B", "P06": "B"}, {},
     "differ by more than one"),
    ({"P01": "A", "P02": "A", "P03": "A", "P04": "B", "P05": "B", "P06": "Z"}, {},
     "Select a valid choice"),
])
def test_a_dealing_that_breaks_the_rules_is_refused_and_nothing_saved(client, groups, extra,
                                                                       error):
    club = Club(6)
    competition = staged(club, GROUPS_THEN_KNOCKOUT, start=False)
    sign_in(client, club.organizer)
    response = client.post(page_of(competition), deal(ids(competition), groups, **extra))
    assert response.status_code == 422
    assert error in response.content.decode()
    assert not StageEntry.objects.filter(stage__competition=competition).exists()
    assert competition.stages.get(order=1).dealing == Stage.Dealing.SNAKE


def test_groups_meant_to_differ_in_size_are_accepted_when_the_organizer_says_so(client):
    club = Club(6)
    competition = staged(club, GROUPS_THEN_KNOCKOUT, start=False)
    sign_in(client, club.organizer)
    uneven = {"P01": "A", "P02": "A", "P03": "A", "P04": "A", "P05": "B", "P06": "B"}
    response = client.post(page_of(competition), deal(ids(competition), uneven, uneven="on"))
    assert response.status_code == 302
    assert dealt(competition) == uneven
    html = client.get(page_of(competition)).content.decode()  # shown again as dealt
    p05 = html.split(f'name="p{ids(competition)["P05"]}"')[1].split("</select>")[0]
    assert '<option value="B" selected>' in p05


def test_a_started_first_stage_cannot_be_dealt_again(client):
    club = Club(6)
    competition = staged(club, TWO_GROUPS)
    sign_in(client, club.organizer)
    html = client.get(page_of(competition)).content.decode()
    assert "This stage is drawn: its groups are played as dealt." in html and "<select" not in html.split("<footer")[0]
    response = client.post(page_of(competition), deal(ids(competition), SIX))
    assert response.status_code == 422


def test_a_later_stage_is_dealt_from_its_qualifiers_then_drawn(client):
    club = Club(8)
    plans = (StagePlan(Stage.Kind.GROUPS, groups=2),
             StagePlan(Stage.Kind.GROUPS, groups=2, dealing=Stage.Dealing.BY_HAND,
                       qualify=Stage.Qualify.EACH_GROUP, qualifiers=2),
             StagePlan(Stage.Kind.SINGLE_ELIMINATION, qualify=Stage.Qualify.EACH_GROUP,
                       qualifiers=1))
    competition = staged(club, plans)
    for match in competition.matches.filter(round__stage__order=1).select_related(
            "entry_a", "entry_b"):
        win(match, better_seed(match))
    sign_in(client, club.organizer)
    matches_page = client.get(reverse("organizer-matches", args=[competition.pk]))
    assert page_of(competition, 2) in matches_page.content.decode()
    html = client.get(page_of(competition, 2)).content.decode()
    assert ">P04</label>" in html and ">P05</label>" not in html  # the qualifiers only
    response = client.post(page_of(competition, 2), deal(ids(competition), {
        "P01": "A", "P04": "A", "P02": "B", "P03": "B"}))
    assert response.status_code == 302
    assert dealt(competition, 2) == {"P01": "A", "P04": "A", "P02": "B", "P03": "B"}
    assert competition.matches.filter(round__stage__order=2).count() == 2
    public = client.get(reverse("competition", args=[competition.pk]) + "?stage=2")
    assert public.content.decode().count('class="group-table"') == 2


def test_the_page_answers_an_unknown_stage_with_not_found(client):
    club = Club(4)
    competition = staged(club, GROUPS_THEN_KNOCKOUT, start=False)
    sign_in(client, club.organizer)
    assert client.get(page_of(competition, 9)).status_code == 404


@pytest.mark.parametrize("players", [4, 12])
def test_the_dealing_page_runs_a_fixed_number_of_queries(client, django_assert_num_queries,
                                                          players):
    club = Club(players)
    competition = staged(club, TWO_GROUPS, start=False)
    sign_in(client, club.organizer)
    # Signed in, then the competition, is-organizer, the stage, whether it is drawn, the
    # entrants, their names, the groups dealt before: as many for 4 players as for 12.
    with django_assert_num_queries(SIGNED_IN + 7):
        html = client.get(page_of(competition)).content.decode()
    assert html.split("<footer")[0].count("<select") == players


def test_a_played_later_stage_the_qualifiers_changed_for_is_drawn_again_from_its_page(client):
    from tests.formats.test_many_stages import eight_into_two_stages_of_groups, flip_p04_p05

    club, competition = eight_into_two_stages_of_groups()
    first = competition.matches.filter(round__stage__order=2).exclude(
        kind=Match.Kind.BYE).select_related("entry_a", "entry_b").first()
    win(first, better_seed(first))
    flip_p04_p05(club, competition)
    sign_in(client, club.organizer)
    page = reverse("organizer-matches", args=[competition.pk])
    html = client.get(page).content.decode()
    assert "Draw the stage again from the corrected qualifiers" in html
    assert "P05 in, P04 out" in html
    response = client.post(reverse("match-decide", args=[first.pk]),
                           {f"d{first.pk}-decision": "reset"}, follow=True)
    assert "Stage 2: Round-robin groups is drawn again from the corrected qualifiers." in (
        response.content.decode())
    assert set(dealt(competition, 2)) == {"P01", "P02", "P03", "P05"}
