"""A draft is edited in full or deleted; a running competition with no confirmed result goes
back to draft (its draw removed, audited); name and description change at any time."""

import pytest
from django.urls import reverse

from gameplay.engine import PRESETS
from league.competitions.formats.drafts import back_to_draft, delete_draft, describe, edit_draft
from league.competitions.formats.draws import start_competition
from league.competitions.forms.organizer import CompetitionForm, initial_of
from league.competitions.models import AuditEntry, Competition, CompetitionAudit, Match
from league.core.errors import NotAllowed, ServiceError
from tests.factories import EntryFactory, PlayerFactory

from .conftest import draft, sign_in

pytestmark = pytest.mark.django_db


def with_players(people, competition, n):
    for number in range(n):
        EntryFactory(competition=competition,
                     player=PlayerFactory(club=people.club, name=f"Entrant {number}", user=None))
    return competition


def swiss_of(people, rounds, players):
    competition = draft(people, format=Competition.Format.SWISS, swiss_rounds=rounds)
    return with_players(people, competition, players)


EDIT = {"format": "league", "preset": "oklahoma", "match_format": "first_to", "match_games": 2,
        "points_win": 3, "points_draw": 1, "points_loss": 0, "tiebreaks": [],
        "double_round_robin": True, "third_place_match": False, "bracket_reset": True,
        "swiss_rounds": None}


def test_a_draft_is_edited_in_full(people):
    competition = draft(people)
    edit_draft(competition.pk, actor=people.organizer, season=people.season, name="Spring League",
               description="Tuesdays.", house_rules={"gin_bonus": 30}, **EDIT)
    competition.refresh_from_db()
    assert (competition.name, competition.description, competition.points_win,
            competition.double_round_robin) == ("Spring League", "Tuesdays.", 3, True)
    assert competition.ruleset == PRESETS["oklahoma"].but(gin_bonus=30).to_dict()


def test_the_form_of_an_edited_draft_starts_from_its_settings(people):
    competition = draft(people, ruleset=PRESETS["oklahoma"].but(gin_bonus=30).to_dict(),
                        tiebreaks=["wins"], points_win=3)
    initial = initial_of(competition)
    assert initial["preset"] == "oklahoma" and initial["gin_bonus"] == 30
    assert initial["tiebreak_wins"] == 1 and initial["points_win"] == 3


def test_a_swiss_of_more_rounds_than_its_entries_allow_is_refused_at_once(people):
    competition = swiss_of(people, 3, 4)
    with pytest.raises(ServiceError) as refused:
        edit_draft(competition.pk, actor=people.organizer, season=people.season,
                   name=competition.name, **{**EDIT, "format": "swiss", "swiss_rounds": 9})
    assert refused.value.field == "swiss_rounds"
    assert "A Swiss of 4 players can have at most 3 rounds" in str(refused.value)


def test_the_start_checks_the_swiss_rounds_again_with_the_reason(people):
    competition = swiss_of(people, 9, 4)
    with pytest.raises(ServiceError, match="at most 3 rounds"):
        start_competition(competition.pk, actor=people.organizer)


def test_a_started_competition_is_not_edited_in_full_nor_deleted(people):
    competition = with_players(people, draft(people), 4)
    start_competition(competition.pk, actor=people.organizer)
    with pytest.raises(ServiceError, match="back to draft first"):
        edit_draft(competition.pk, actor=people.organizer, season=people.season,
                   name="New", **EDIT)
    with pytest.raises(ServiceError, match="back to draft first"):
        delete_draft(competition.pk, actor=people.organizer)
    describe(competition.pk, actor=people.organizer, name="Renamed Cup", description="Now.")
    assert Competition.objects.get(pk=competition.pk).name == "Renamed Cup"


def test_a_draft_is_deleted_with_its_entries(people):
    competition = with_players(people, draft(people), 2)
    delete_draft(competition.pk, actor=people.organizer)
    assert not Competition.objects.filter(pk=competition.pk).exists()


def test_back_to_draft_removes_the_draw_and_is_audited(people):
    competition = with_players(people, draft(people), 4)
    start_competition(competition.pk, actor=people.organizer)
    back_to_draft(competition.pk, actor=people.organizer, comment="Wrong format.")
    competition.refresh_from_db()
    assert competition.status == Competition.Status.DRAFT
    assert not competition.rounds.exists() and not Match.objects.filter(
        competition=competition).exists()
    assert competition.entries.count() == 4
    audit = CompetitionAudit.objects.get(competition=competition)
    assert audit.action == AuditEntry.Action.BACK_TO_DRAFT and audit.actor == people.organizer
    assert audit.before["matches"] == 6 and audit.comment == "Wrong format."


def test_back_to_draft_is_refused_after_a_confirmed_result(people):
    competition = with_players(people, draft(people), 4)
    start_competition(competition.pk, actor=people.organizer)
    Match.objects.filter(pk=competition.matches.first().pk).update(
        status=Match.Status.CONFIRMED)
    with pytest.raises(ServiceError, match="1 confirmed result"):
        back_to_draft(competition.pk, actor=people.organizer)
    assert Competition.objects.get(pk=competition.pk).status == Competition.Status.RUNNING


def test_a_draft_is_not_taken_back_to_draft(people):
    with pytest.raises(ServiceError, match="Only a running"):
        back_to_draft(draft(people).pk, actor=people.organizer)


def test_only_an_organizer_changes_a_competition(people):
    competition = draft(people)
    for change in (lambda: delete_draft(competition.pk, actor=people.player),
                   lambda: describe(competition.pk, actor=people.other_organizer, name="X",
                                    description=""),
                   lambda: back_to_draft(competition.pk, actor=people.player)):
        with pytest.raises(NotAllowed):
            change()


def test_a_name_the_season_has_is_refused_on_the_name(people):
    draft(people, name="Autumn Cup")
    competition = draft(people)
    with pytest.raises(ServiceError) as refused:
        describe(competition.pk, actor=people.organizer, name="autumn cup", description="")
    assert refused.value.field == "name"


# The pages ----------------------------------------------------------------------------------

def form_data(people, **changes):
    return {"name": "Spring League", "season": people.season.pk, "format": "league",
            "preset": "standard", "match_format": "first_to", "match_games": "1",
            "points_win": "2", "points_draw": "1", "points_loss": "0", **changes}


def test_the_edit_page_of_a_draft_is_the_full_form_filled_in(client, people):
    competition = draft(people, name="Winter Swiss", format="swiss", swiss_rounds=5)
    sign_in(client, people.organizer)
    html = client.get(reverse("competition-edit", args=[competition.pk])).content.decode()
    assert 'value="Winter Swiss"' in html and 'name="swiss_rounds"' in html
    assert 'value="5"' in html and "Save the changes" in html


def test_the_edit_page_saves_and_refuses_too_many_swiss_rounds(client, people):
    competition = swiss_of(people, 3, 4)
    sign_in(client, people.organizer)
    url = reverse("competition-edit", args=[competition.pk])
    response = client.post(url, form_data(people, format="swiss", swiss_rounds="9"))
    assert response.status_code == 422 and "at most 3 rounds" in response.content.decode()
    response = client.post(url, form_data(people, format="swiss", swiss_rounds="2"))
    assert response.status_code == 302
    assert Competition.objects.get(pk=competition.pk).swiss_rounds == 2


def test_a_running_competitions_edit_page_has_only_name_and_description(client, people):
    competition = with_players(people, draft(people), 4)
    start_competition(competition.pk, actor=people.organizer)
    sign_in(client, people.organizer)
    url = reverse("competition-edit", args=[competition.pk])
    html = client.get(url).content.decode()
    assert 'name="format"' not in html and "Back to draft" in html
    assert client.post(url, {"name": "", "description": ""}).status_code == 422
    assert client.post(url, {"name": "Cup", "description": "Fridays"}).status_code == 302
    assert Competition.objects.get(pk=competition.pk).description == "Fridays"


def test_deleting_a_draft_asks_first_naming_what_goes(client, people):
    sign_in(client, people.organizer)
    competition = with_players(people, draft(people, name="Spring Cup"), 3)
    url = reverse("competition-delete", args=[competition.pk])
    entries = client.get(reverse("competition-entries", args=[competition.pk])).content.decode()
    assert f'action="{url}"' in entries
    response = client.post(url)
    html = response.content.decode()
    assert response.status_code == 200 and Competition.objects.filter(pk=competition.pk).exists()
    assert "Delete Spring Cup?" in html and "its 3 entries" in html
    assert 'name="confirmed" value="yes"' in html
    assert client.post(url, {"confirmed": "yes"}).status_code == 302
    assert not Competition.objects.filter(pk=competition.pk).exists()


def test_the_pages_delete_a_draft_and_take_back_a_running_one(client, people):
    sign_in(client, people.organizer)
    competition = draft(people)
    response = client.post(reverse("competition-delete", args=[competition.pk]),
                           {"confirmed": "yes"})
    assert response.status_code == 302
    assert not Competition.objects.filter(pk=competition.pk).exists()
    running = with_players(people, draft(people), 3)
    start_competition(running.pk, actor=people.organizer)
    response = client.post(reverse("competition-delete", args=[running.pk]), {"confirmed": "yes"})
    assert response.status_code == 422 and "back to draft first" in response.content.decode()
    response = client.post(reverse("competition-back-to-draft", args=[running.pk]),
                           {"comment": "Oops"})
    assert response.status_code == 302
    assert Competition.objects.get(pk=running.pk).status == Competition.Status.DRAFT
    response = client.post(reverse("competition-back-to-draft", args=[running.pk]))
    assert response.status_code == 422 and "Only a running" in response.content.decode()


def test_the_new_form_groups_each_formats_options_under_its_name(people):
    from django.template.loader import render_to_string

    page = render_to_string("organizer/competition_new.html",
                            {"club": people.club, "form": CompetitionForm(club=people.club),
                             "preset": "Standard"})
    for format, label in Competition.Format.choices:
        assert f'data-format="{format}"' in page and f"<legend>{label}</legend>" in page
