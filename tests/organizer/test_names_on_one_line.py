"""Competition and season names are normalised as player names are (league.core.names): one
line, white space folded, the Unicode normal form; an invisible or control character is refused
next to its field. A calendar feed names a competition stored before on one line too."""

import pytest
from django.urls import reverse
from icalendar import Calendar

from league.clubs.models import Season
from league.competitions.formats.drafts import describe
from league.competitions.models import Competition
from league.competitions.schedule.services import set_match_time
from league.core.errors import ServiceError
from tests.factories import CompetitionFactory, MatchFactory, SeasonFactory
from tests.organizer.test_competition_new import post

pytestmark = pytest.mark.django_db
INVISIBLE = "invisible or control character"


def test_a_competition_and_a_new_season_typed_over_two_lines_are_named_on_one_line(client,
                                                                                   people):
    response = post(client, people, name="Spring\nKnockout ", season="",
                    new_season="Summer\r\n2025")
    assert response.status_code == 302
    competition = Competition.objects.get(season__club=people.club)
    assert (competition.name, competition.season.name) == ("Spring Knockout", "Summer 2025")


@pytest.mark.parametrize("field, value", [("name", "Spring\u202eKnockout"),
                                          ("new_season", "Sum\u200bmer")])
def test_a_name_with_an_invisible_character_is_refused_next_to_its_field(client, people, field,
                                                                         value):
    seasons = Season.objects.count()
    response = post(client, people, **{"season": "", "new_season": "Summer", field: value})
    assert response.status_code == 422 and INVISIBLE in response.content.decode()
    assert not Competition.objects.exists() and Season.objects.count() == seasons


def test_a_renamed_competition_is_named_in_its_normal_form(people):
    competition = CompetitionFactory(season=people.season)
    describe(competition.pk, actor=people.organizer, name="Ｓpring\tCup", description="")
    competition.refresh_from_db()
    assert competition.name == "Spring Cup"


def test_the_feed_of_a_competition_stored_with_line_breaks_in_its_names_has_a_one_line_name(
        client, people):
    season = SeasonFactory(club=people.club, name="2025\r\nAutumn")
    competition = CompetitionFactory(season=season, name="Spring\nCup\u200b")
    response = client.get(reverse("competition-fixtures-ics", args=[competition.pk]))
    assert response.status_code == 200
    assert Calendar.from_ical(response.content)["X-WR-CALNAME"] == "Spring Cup (2025 Autumn)"


def test_a_name_longer_than_its_field_once_in_normal_form_is_refused_next_to_it(client, people):
    response = post(client, people, name="\ufdfa" * 10)  # each is 18 letters in normal form
    assert response.status_code == 422 and "at most 120 characters" in response.content.decode()
    assert not Competition.objects.exists()


def test_a_table_typed_over_two_lines_is_named_on_one_line_and_an_invisible_one_refused(people):
    match = MatchFactory(competition=CompetitionFactory(season=people.season))
    set_match_time(match.pk, actor=people.organizer, at=None, table="Bar\n 2")
    match.refresh_from_db()
    assert match.table == "Bar 2"
    with pytest.raises(ServiceError, match=INVISIBLE):
        set_match_time(match.pk, actor=people.organizer, at=None, table="\u202e2")
    with pytest.raises(ServiceError, match="at most 20 characters"):
        set_match_time(match.pk, actor=people.organizer, at=None, table="\ufdfa" * 2)
