"""Creating a competition: name and season (or a new season), format, a ruleset preset with
house rules on top, match format, points, tiebreaks in order. Every refusal is shown next to
its field with what was typed kept, and nothing is half-saved."""

import pytest
from django.urls import reverse

from gameplay.engine import Ruleset
from league.clubs.models import Season
from league.competitions.models import Competition

from .conftest import sign_in

pytestmark = pytest.mark.django_db


def form_data(people, **changes) -> dict:
    data = {
        "name": "Spring Knockout", "season": people.season.pk, "new_season": "",
        "format": "single_elimination", "swiss_rounds": "", "preset": "standard",
        "match_format": "first_to", "match_games": "2", "points_win": "2", "points_draw": "1",
        "points_loss": "0",
    }
    data.update(changes)
    return data


def post(client, people, **changes):
    sign_in(client, people.organizer)
    return client.post(reverse("competition-new", args=[people.club.slug]),
                       form_data(people, **changes))


def test_the_form_offers_the_clubs_seasons_formats_presets_and_tiebreaks(client, people):
    sign_in(client, people.organizer)
    html = client.get(reverse("competition-new", args=[people.club.slug])).content.decode()
    assert f'<option value="{people.season.pk}" selected>2025</option>' in html
    for label in ("Single elimination", "Double elimination", "Swiss", "Oklahoma", "Classic",
                  "Head-to-head", "Buchholz cut-1", "Sonneborn-Berger"):
        assert label in html
    assert "standard 25 · classic 10 · oklahoma 25" in html  # the undercut bonus per preset
    assert 'placeholder="10"' in html  # the knock limit of the preset chosen


def test_a_knockout_with_house_rules_and_tiebreaks_in_order(client, people):
    response = post(client, people, knock_limit="8", big_gin="no", undercut_on_tie="no",
                    next_dealer="alternate", third_place_match="on",
                    tiebreak_wins="2", tiebreak_net_game_points="1")
    competition = Competition.objects.get(name="Spring Knockout")
    assert response.status_code == 302
    assert response.url == reverse("competition-entries", args=[competition.pk])
    assert competition.season == people.season
    assert competition.status == Competition.Status.DRAFT
    assert competition.rules() == Ruleset.preset("standard").but(
        knock_limit=8, big_gin_bonus=None, undercut_on_tie=False, next_dealer="alternate")
    assert competition.tiebreaks == ["net_game_points", "wins"]
    assert competition.third_place_match and competition.match_games == 2
    assert competition.swiss_rounds is None


def test_empty_house_rules_keep_the_presets_values(client, people):
    post(client, people, preset="oklahoma", format="league", double_round_robin="on")
    competition = Competition.objects.get(name="Spring Knockout")
    assert competition.rules() == Ruleset.preset("oklahoma")
    assert competition.double_round_robin and competition.tiebreaks == []


def test_a_swiss_in_a_new_season(client, people):
    post(client, people, format="swiss", swiss_rounds="5", season="", new_season="Summer 2025")
    competition = Competition.objects.get(name="Spring Knockout")
    assert competition.season.name == "Summer 2025" and competition.swiss_rounds == 5


def test_a_swiss_without_its_rounds_is_refused_next_to_the_rounds(client, people):
    response = post(client, people, format="swiss")
    assert response.status_code == 422
    assert "A Swiss needs its number of rounds." in response.content.decode()
    assert not Competition.objects.exists()


def test_the_engines_refusal_of_a_house_rule_is_shown_next_to_it_with_all_typed_kept(client, people):
    response = post(client, people, knock_limit="11", gin_bonus="30", name="Typed Name")
    html = response.content.decode()
    assert response.status_code == 422
    assert "Knock limit must be a whole number from 0 to 10, not 11" in html
    field = html[html.index('name="knock_limit"') - 300: html.index('name="knock_limit"') + 400]
    assert "Knock limit must be" in field  # next to its own input
    assert 'name="gin_bonus" value="30"' in html
    assert 'value="Typed Name"' in html
    assert "<details id=\"house-rules\" class=\"house-rules\" open>" in html
    assert not Competition.objects.exists()


def test_a_run_limit_below_three_is_refused(client, people):
    html = post(client, people, max_run_length="2").content.decode()
    assert "Longest run allowed must be a whole number from 3 to 13, not 2" in html


def test_two_tiebreaks_in_the_same_place_are_refused(client, people):
    html = post(client, people, tiebreak_wins="1", tiebreak_buchholz="1").content.decode()
    assert "Place 1 is taken by number of wins: give each tiebreak its own place." in html
    assert not Competition.objects.exists()


def test_a_season_is_needed(client, people):
    html = post(client, people, season="").content.decode()
    assert "Choose a season above, or name the new one here." in html


def test_a_name_taken_in_the_season_is_refused_and_no_new_season_is_left_behind(client, people):
    post(client, people)
    response = post(client, people, season="", new_season="2025")
    assert "already has a season called 2025: choose it above." in response.content.decode()
    response = post(client, people)
    assert response.status_code == 422
    assert "already has a competition called" in response.content.decode()
    Competition.objects.create(season=Season.objects.create(club=people.club, name="2026"),
                               name="Old", format="league")
    response = post(client, people, season="", new_season="2027", name="Spring Knockout")
    assert response.status_code == 302  # a new season, the same name in it is fine
    assert Competition.objects.filter(name="Spring Knockout").count() == 2


def test_a_refused_competition_in_a_new_season_saves_neither(client, people, monkeypatch):
    from league.competitions.formats import competitions

    def refuse(*args, **kwargs):
        raise competitions.ServiceError("No.", field="name")

    monkeypatch.setattr("league.competitions.formats.seasons.create_competition", refuse)
    response = post(client, people, season="", new_season="Ghost season")
    assert response.status_code == 422
    assert not Season.objects.filter(name="Ghost season").exists()


def test_choosing_a_preset_with_htmx_refreshes_the_house_rules_only(client, people):
    sign_in(client, people.organizer)
    response = client.get(reverse("competition-new", args=[people.club.slug]),
                          {"preset": "oklahoma", "gin_bonus": "33"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<details id="house-rules"')
    assert 'placeholder="150"' in html  # Oklahoma plays to 150
    assert 'value="33"' in html  # what was typed stays
    assert "As the preset: yes" in html  # oklahoma on


def test_a_league_of_hollywood_matches_keeps_its_columns_target_and_winner(client, people):
    post(client, people, format="league", match_format="hollywood", match_games="1",
         hollywood_columns="3", hollywood_target="150", hollywood_winner="most_columns")
    competition = Competition.objects.get(name="Spring Knockout")
    assert competition.match_format == Competition.MatchFormat.HOLLYWOOD
    assert competition.hollywood == {"columns": 3, "target": 150, "winner_by": "most_columns"}


def test_a_hollywood_of_too_many_columns_is_refused_next_to_its_field(client, people):
    response = post(client, people, format="league", match_format="hollywood",
                    hollywood_columns="12")
    assert response.status_code == 422
    assert not Competition.objects.filter(name="Spring Knockout").exists()


def test_a_ladder_keeps_its_reach_days_and_rematch_wait(client, people):
    post(client, people, format="ladder", ladder_reach="4", ladder_days="10",
         ladder_rematch_days="0")
    competition = Competition.objects.get(name="Spring Knockout")
    assert competition.format == Competition.Format.LADDER
    assert (competition.ladder_reach, competition.ladder_days,
            competition.ladder_rematch_days) == (4, 10, 0)


def test_a_win_worth_no_more_than_a_loss_is_refused_next_to_the_win(client, people):
    response = post(client, people, points_win="0", points_loss="5")
    assert response.status_code == 422
    form = response.context["form"]
    assert form.errors["points_win"] == [
        "A win must be worth more than a loss: here a win is worth 0 and a loss 5."]
    assert not Competition.objects.exists()


def test_a_win_and_a_loss_worth_the_same_are_refused(client, people):
    response = post(client, people, points_win="1", points_loss="1")
    assert response.status_code == 422 and "points_win" in response.context["form"].errors


def test_no_swiss_rounds_gives_one_clear_message(client, people):
    response = post(client, people, format="swiss", swiss_rounds="0")
    assert response.status_code == 422
    assert response.context["form"].errors["swiss_rounds"] == [
        "A Swiss plays at least one round: give its number of rounds."]
    assert "A Swiss needs its number of rounds." not in response.content.decode()
