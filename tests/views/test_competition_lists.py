"""The lists of competitions' pages as their template tags draw them: the entries with their
seeds and withdrawals, the rounds as options and as links (the round shown, the round being
played, a later bracket's round), the ruleset's settings, a club's competitions; names escaped,
words in the page's language. Each is checked against the markup the page's template drew item
by item."""

from datetime import UTC, datetime

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from league.clubs.models import Player, Season
from league.competitions.models import Competition, Entry, Round
from league.competitions.templatetags.competition_lists import (
    competition_items,
    entry_items,
    round_label,
    round_links,
    round_options,
    running_items,
    setting_rows,
)
from league.competitions.views.ruleset_summary import Setting

pytestmark = pytest.mark.django_db

# The markup the template drew for each item, kept here as the reference the tags must match.
ENTRY_ITEM = Template(
    "{% load i18n links %}{% for entry in entries %}<li><a href=\"{% link 'player' "
    "entry.player_id %}\">{{ entry.player.name }}</a>{% if entry.seed %} <span class=\"muted\">"
    "{% blocktranslate with seed=entry.seed %}seed {{ seed }}{% endblocktranslate %}</span>"
    "{% endif %}{% if entry.withdrawn_at %} <span class=\"muted\">{% translate \"withdrawn\" %}"
    "</span>{% endif %}</li>{% endfor %}")
ROUND_OPTION = Template(
    "{% load i18n %}{% for round in rounds %}<option value=\"{{ round.pk }}\"{% if shown == round"
    " %} selected{% endif %}>{% if not round.name and round.bracket != \"main\" %}"
    "{{ round.get_bracket_display }}: {% endif %}{{ round }}{% if round == current %} "
    "{% translate \"(being played)\" %}{% endif %}</option>{% endfor %}")
ROUND_LINK = Template(
    "{% load i18n links %}{% for round in rounds %}<a id=\"round-{{ round.pk }}\" href=\"{% link "
    "'competition' pk %}?round={{ round.pk }}#fixtures-h\" hx-get=\"{% link 'competition' pk %}"
    "?round={{ round.pk }}\" hx-target=\"#fixtures\" hx-swap=\"outerHTML\" hx-push-url=\"true\""
    "{% if shown == round %} aria-current=\"page\"{% endif %}>{% if not round.name and "
    "round.bracket != \"main\" %}{{ round.get_bracket_display }}: {% endif %}{{ round }}"
    "{% if round == current %} <span class=\"now\">{% translate \"now\" %}</span>{% endif %}</a>"
    "{% endfor %}")


def entries():
    return [
        Entry(pk=1, player=Player(pk=11, name="Ann <Smith>"), seed=1),
        Entry(pk=2, player=Player(pk=12, name="Bo & Co"), seed=None),
        Entry(pk=3, player=Player(pk=13, name="Cy"), seed=2,
              withdrawn_at=datetime(2026, 3, 1, tzinfo=UTC)),
    ]


def rounds():
    return [
        Round(pk=21, number=1, bracket=Round.Bracket.MAIN),
        Round(pk=22, number=2, bracket=Round.Bracket.WINNERS, name="Semi-finals"),
        Round(pk=23, number=2, bracket=Round.Bracket.LOSERS),
        Round(pk=24, number=3, bracket=Round.Bracket.FINALS, name="Final"),
    ]


def test_each_entry_links_its_player_and_says_his_seed_and_withdrawal():
    html = entry_items(entries())
    assert html.startswith(f'<li><a href="{reverse("player", args=[11])}">Ann &lt;Smith&gt;</a>'
                           ' <span class="muted">seed 1</span></li>')
    assert '>Bo &amp; Co</a></li>' in html  # no seed: nothing said
    assert '>Cy</a> <span class="muted">seed 2</span> <span class="muted">withdrawn</span>' in html


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_the_entries_are_drawn_as_the_template_drew_them(language):
    with translation.override(language):
        assert entry_items(entries()) == ENTRY_ITEM.render(Context({"entries": entries()}))


@pytest.mark.parametrize("language", ["en", "es", "de"])
@pytest.mark.parametrize(("shown", "current"), [(0, 0), (2, 0), (None, 3), (None, None)])
def test_the_rounds_are_drawn_as_the_template_drew_them(language, shown, current):
    listed = rounds()
    shown = listed[shown] if shown is not None else None
    current = listed[current] if current is not None else None
    context = Context({"rounds": listed, "shown": shown, "current": current, "pk": 7})
    with translation.override(language):
        assert round_options(listed, shown, current) == ROUND_OPTION.render(context)
        assert round_links(listed, 7, shown, current) == ROUND_LINK.render(context)


def test_the_round_shown_is_selected_and_the_round_being_played_is_said():
    listed = rounds()
    options = round_options(listed, listed[1], listed[0])
    assert '<option value="21">Round 1 (being played)</option>' in options
    assert '<option value="22" selected>Semi-finals</option>' in options
    links = round_links(listed, 7, listed[1], listed[0])
    assert 'id="round-22"' in links and links.count('aria-current="page"') == 1
    assert 'Round 1 <span class="now">now</span></a>' in links


def test_a_later_brackets_round_without_a_name_says_its_bracket():
    assert round_label(rounds()[2]) == "Losers' bracket: Round 2"
    assert round_label(rounds()[1]) == "Semi-finals"
    with translation.override("es"):
        assert round_label(rounds()[0]) == str(rounds()[0])


def test_each_setting_links_its_section_of_the_rules():
    rows = setting_rows([Setting("knock limit", "10", "10"),
                         Setting("gin bonus", "<25>", "25")])
    rules = reverse("gameplay:rules")
    assert rows == (f'<tr><td><a href="{rules}#setting-knock-limit">Knock limit</a></td>'
                    '<td>10</td></tr>'
                    f'<tr><td><a href="{rules}#setting-gin-bonus">Gin bonus</a></td>'
                    '<td>&lt;25&gt;</td></tr>')


COMPETITION_ITEM = Template(
    "{% load links %}{% for competition in competitions %}<li class=\"row-between\"><span><a "
    "href=\"{% link 'competition' competition.pk %}\">{{ competition.name }}</a> <span "
    "class=\"muted\">{{ competition.get_format_display }}</span></span> <span class=\"badge "
    "status-{{ competition.status }}\">{{ competition.get_status_display }}</span></li>"
    "{% endfor %}")


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_a_clubs_competitions_are_drawn_as_the_template_drew_them(language):
    competitions = [Competition(pk=n, name=name, format=format_, status=status)
                    for n, (name, format_, status) in enumerate([
                        ("Winter <Cup>", Competition.Format.SINGLE_ELIMINATION,
                         Competition.Status.FINISHED),
                        ("Thursday League", Competition.Format.LEAGUE, Competition.Status.RUNNING),
                        ("Swiss & Co", Competition.Format.SWISS, Competition.Status.DRAFT)],
                        start=1)]
    with translation.override(language):
        drawn = competition_items(competitions)
        assert drawn == COMPETITION_ITEM.render(Context({"competitions": competitions}))
    assert drawn.count("<li ") == 3 and "Winter &lt;Cup&gt;" in drawn


RUNNING_ITEM = Template(
    "{% load links %}{% for competition in competitions %}<li><a href=\"{% link 'competition' "
    "competition.pk %}\">{{ competition.name }}</a> <span class=\"muted\">"
    "{{ competition.season.name }} · {{ competition.get_format_display }}</span></li>"
    "{% endfor %}")


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_a_clubs_running_competitions_are_drawn_as_the_home_page_drew_them(language):
    season = Season(pk=1, name="2026 <Autumn>")
    competitions = [Competition(pk=n, name=name, format=format_, season=season)
                    for n, (name, format_) in enumerate([
                        ("Thursday League", Competition.Format.LEAGUE),
                        ("Swiss & Co", Competition.Format.SWISS)], start=1)]
    with translation.override(language):
        drawn = running_items(competitions)
        assert drawn == RUNNING_ITEM.render(Context({"competitions": competitions}))
    assert drawn.count("<li>") == 2 and "2026 &lt;Autumn&gt; · " in drawn


ROUND_HEADING = Template(
    "{% for round in rounds %}<h3>{% if not round.name and round.bracket != \"main\" %}"
    "{{ round.get_bracket_display }}: {% endif %}{{ round }}</h3>{% endfor %}")
ROUND_LABEL = Template(
    "{% load competition_lists %}{% for round in rounds %}<h3>{{ round|round_label }}</h3>"
    "{% endfor %}")


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_a_rounds_heading_names_it_as_the_template_did(language):
    context = Context({"rounds": rounds()})
    with translation.override(language):
        drawn = ROUND_LABEL.render(context)
        assert drawn == ROUND_HEADING.render(context)
    assert drawn.count("<h3>") == 4
