"""A player's lists as their template tags draw them: his next matches with where and when each
is played (time and table, or the day to play by) in the club's time zone (on the home page,
matches of several clubs: each in its own club's zone, named), and the opponents to pick from;
checked against the markup the pages' templates drew item by item, in every shipped
language."""

from datetime import UTC, date, datetime
from types import SimpleNamespace

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

from league.clubs.models import Club, Player, Season
from league.competitions.models import Competition, Entry, Match, Round
from league.pages.templatetags.player_lists import next_match_items, opponent_options

pytestmark = pytest.mark.django_db

NEXT_MATCH = Template(
    "{% load i18n match_lines %}{% for match in matches %}<li>{% match_line match %}"
    "<p class=\"muted small\">{{ match.competition.name }}, {{ match.round }}{% if "
    "match.scheduled_at %} · {{ match.scheduled_at|date:\"D j M, H:i\" }}{% if match.table %}, "
    "{% blocktranslate with table=match.table %}table {{ table }}{% endblocktranslate %}"
    "{% endif %}{% elif match.round.play_by %} · {% blocktranslate with day=match.round.play_by"
    "|date:\"D j M\" %}play by {{ day }}{% endblocktranslate %}{% endif %}</p></li>{% endfor %}")
# The home page's matches to play, of all his clubs, as its template drew them.
TO_PLAY = Template(
    "{% load i18n tz match_lines %}{% for match in matches %}<li>{% match_line match %}"
    "<p class=\"muted small\">{{ match.competition.name }}, {{ match.round }}{% with "
    "zone=match.competition.season.club.time_zone %}{% if match.scheduled_at %} · {% timezone "
    "zone %}{{ match.scheduled_at|date:\"D j M, H:i\" }}{% endtimezone %} ({{ zone }}){% if "
    "match.table %}, {% blocktranslate with table=match.table %}table {{ table }}"
    "{% endblocktranslate %}{% endif %}{% elif match.round.play_by %} · {% blocktranslate with "
    "day=match.round.play_by|date:\"D j M\" %}play by {{ day }}{% endblocktranslate %}{% endif %}"
    "{% endwith %}</p></li>{% endfor %}")
OPPONENT = Template(
    "{% for opponent in opponents %}<option value=\"{{ opponent.pk }}\"{% if chosen == "
    "opponent.pk|stringformat:\"s\" %} selected{% endif %}>{{ opponent.name }}</option>"
    "{% endfor %}")


def matches(zone: str = "UTC"):
    club = Club(pk=5, name="Club", time_zone=zone)
    competition = Competition(pk=3, name="Winter <League>", season=Season(pk=4, club=club))
    ann = Entry(pk=1, player=Player(pk=11, name="Ann"))
    bo = Entry(pk=2, player=Player(pk=12, name="Bo & Co"))
    found = []
    for pk, (at, table, play_by) in enumerate([
            (datetime(2026, 12, 7, 18, 30, tzinfo=UTC), "4", None),
            (datetime(2026, 12, 31, 23, 30, tzinfo=UTC), "", date(2027, 1, 3)),
            (None, "", date(2027, 1, 10)),
            (None, "2", None)], start=1):
        round_ = Round(pk=pk, number=pk, bracket=Round.Bracket.MAIN, play_by=play_by)
        match = Match(pk=pk, competition=competition, round=round_, entry_a=ann, entry_b=bo,
                      scheduled_at=at, table=table, status=Match.Status.SCHEDULED)
        found.append(match)
    return found


@pytest.mark.parametrize("language", ["en", "es", "de"])
@pytest.mark.parametrize("zone", ["UTC", "Europe/Madrid", "America/New_York"])
def test_the_next_matches_are_drawn_as_the_template_drew_them(language, zone):
    with translation.override(language), timezone.override(zone):
        drawn = next_match_items(matches())
        assert drawn == NEXT_MATCH.render(Context({"matches": matches()}))


def test_a_next_match_says_its_time_and_table_or_the_day_to_play_by():
    with timezone.override("Europe/Madrid"):
        drawn = next_match_items(matches())
    assert "Winter &lt;League&gt;, Round 1 · Mon 7 Dec, 19:30, table 4</p>" in drawn
    assert "Round 2 · Fri 1 Jan, 00:30</p>" in drawn  # the time, not the day to play by
    assert "Round 3 · play by Sun 10 Jan</p>" in drawn
    assert "Round 4</p>" in drawn  # a table without a time says nothing


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_the_matches_to_play_of_several_clubs_are_drawn_as_the_home_page_drew_them(language):
    # Two clubs' matches, the page's own zone a third: each time in its own club's zone.
    several = matches("Europe/Madrid") + matches("America/New_York")
    with translation.override(language), timezone.override("Asia/Tokyo"):
        drawn = next_match_items(several, zoned=True)
        assert drawn == TO_PLAY.render(Context({"matches": several}))


def test_a_match_to_play_says_its_time_in_its_club_s_zone_and_names_the_zone():
    drawn = next_match_items(matches("America/New_York"), zoned=True)
    assert "Round 1 · Mon 7 Dec, 13:30 (America/New_York), table 4</p>" in drawn
    assert "Round 3 · play by Sun 10 Jan</p>" in drawn


@pytest.mark.parametrize("chosen", ["", "12", " 12", "99"])
def test_the_opponents_are_drawn_as_the_template_drew_them_with_the_chosen_one_selected(chosen):
    opponents = [SimpleNamespace(pk=11, name="Ann"), SimpleNamespace(pk=12, name="<Bo>")]
    drawn = opponent_options(opponents, chosen)
    assert drawn == OPPONENT.render(Context({"opponents": opponents, "chosen": chosen}))
    assert drawn.count(" selected") == (chosen == "12")
