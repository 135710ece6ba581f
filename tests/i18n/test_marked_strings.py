"""Every string a person reads is marked for translation: the text and the read attributes of
every template, and the labels, help texts, choices, form errors, messages, service errors and
mail and notification wording of the Python code (tests/i18n/unmarked_templates.py and
unmarked_python.py say what counts). The detectors are first shown to find an unmarked string
and to pass a marked one on small examples; then the whole tree is checked, a test per folder,
each failure listing its findings file by file."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n import unmarked_python, unmarked_templates

ROOT = Path(settings.BASE_DIR)
# Machine formats, whose words are a format's, not a reader's (a calendar's, a spreadsheet's).
MACHINE_SUFFIXES = {".ics", ".csv", ".json", ".xml", ".js"}


def _text(source: str) -> list[str]:
    return [finding.text for finding in unmarked_templates.findings(source)]


def _python(source: str) -> list[str]:
    return [finding.text for finding in unmarked_python.findings(source)]


# The template detector -------------------------------------------------------------------------


def test_a_translated_text_passes():
    assert _text('{% load i18n %}<p>{% translate "Standings" %}</p>') == []
    assert (
        _text(
            "{% load i18n %}<p>{% blocktranslate with n=count %}{{ n }} hands"
            "{% endblocktranslate %}</p>"
        )
        == []
    )


def test_a_text_not_translated_is_found():
    assert _text("<h1>Standings</h1><p>{{ name }} won</p>") == ["Standings", "{{}} won"]


def test_a_single_letter_is_a_word_too():
    assert _text("<td>{{ a }}</td><td>v</td><td>{{ b }}</td>") == ["v"]


def test_an_attribute_read_by_a_person_must_be_translated():
    found = _text(
        '<nav aria-label="Breadcrumb"><abbr title="Played">P</abbr>'
        '<input type="submit" value="Save"><img alt="Cards" src="x.png">'
        '<td data-label="Points"></td><input placeholder="Name"></nav>'
    )
    assert found == ["Breadcrumb", "Played", "P", "Save", "Cards", "Points", "Name"]


def test_a_translated_attribute_passes_and_a_machine_attribute_is_not_read():
    assert (
        _text(
            '{% load i18n %}<nav aria-label="{% translate \'Main\' %}" class="nav main" '
            'id="top"><input type="hidden" name="next" value="home">'
            '<a href="/rules/" title="{{ title }}"></a></nav>'
        )
        == []
    )


def test_variables_symbols_entities_and_the_sites_name_pass():
    assert (
        _text(
            "<title>{{ club }} · Gin League</title><p>{{ a }}–{{ b }} &nbsp;&middot; 3 × 2"
            " (&#x2014;) {{ total|floatformat:1 }}</p>"
        )
        == []
    )


def test_scripts_styles_comments_and_quoted_code_are_not_read():
    assert (
        _text(
            '<script type="application/ld+json">{"name": "Gin"}</script>'
            "<style>.a::after { content: 'x' }</style>{# a note #}"
            "{% comment %}Not shown{% endcomment %}<!-- -->"
            "<p><code>webhook-id</code> <kbd>Ctrl</kbd></p>"
        )
        == []
    )


def test_each_branch_of_a_tag_is_a_text_of_its_own():
    assert _text("<p>{% if a %}bye{% elif b %}not needed{% else %}{{ c }}{% endif %}</p>") == [
        "bye",
        "not needed",
    ]


def test_the_text_of_a_partial_and_of_a_cached_fragment_is_read_too():
    assert _text(
        "{% load partials cache %}{% partialdef a inline %}<p>Inline</p>{% endpartialdef %}"
        "{% partialdef b %}<p>Kept for later</p>{% endpartialdef %}"
        "{% cache 60 c %}<p>Cached</p>{% endcache %}"
    ) == ["Inline", "Kept for later", "Cached"]


def test_a_block_filling_a_class_and_the_names_no_language_changes_pass():
    assert _text(
        '{% extends "base.html" %}{% block body_class %}printable{% endblock %}'
        "{% block content %}<h1>Hollywood</h1><p>Glicko-2 or Elo</p>{% endblock %}"
    ) == ["Glicko-2 or Elo"]  # found for its "or", listed as written


def test_a_literal_a_variable_shows_is_found_and_one_in_a_class_is_not():
    found = _text(
        '<p class="x-{{ o|default:\'open\' }}">{{ name|default:"To be decided" }}</p>'
        '<p>{{ name|default:_("To be decided") }}</p>'
    )
    assert found == ["To be decided"]


def test_a_literal_passed_to_an_included_template_is_found_unless_marked():
    findings = unmarked_templates.findings(
        '{% include "includes/result_table.html" with caption="Latest results" '
        'extra_class="stacked" %}{% include "includes/result_table.html" with '
        'caption=_("Latest results") %}'
    )
    assert [(f.text, f.why) for f in findings] == [
        ("Latest results", "passed on as caption, not marked _(...)")
    ]


def test_pluralize_is_found_for_its_english_plurals():
    findings = unmarked_templates.findings("<p>{{ n }} hand{{ n|pluralize }}</p>")
    assert [f.text for f in findings] == ["n|pluralize", "{{}} hand{{}}"]


def test_a_finding_names_its_line():
    [finding] = unmarked_templates.findings(
        "{% load i18n %}\n<p>{% translate 'A' %}</p>\n<p>\n  Not marked\n</p>"
    )
    assert finding.line == 4


# The Python detector ---------------------------------------------------------------------------


def test_a_marked_label_passes_and_an_unmarked_one_is_found():
    source = """
from django import forms
from django.utils.translation import gettext_lazy as _
class F(forms.Form):
    a = forms.CharField(label=_("Name"), help_text=_("As the club knows you"))
    b = forms.CharField(label="Points", help_text="Bonuses included.")
    c = forms.ChoiceField(choices=[("a", _("All")), ("m", "Members only")])
    d = forms.CharField(widget=forms.TextInput(attrs={"placeholder": "Your name", "class": "x"}))
    e = forms.CharField(error_messages={"required": "Give a name."})
"""
    assert _python(source) == [
        "Points",
        "Bonuses included.",
        "Members only",
        "Your name",
        "Give a name.",
    ]


def test_errors_and_messages_for_the_user_must_be_marked():
    source = """
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from league.core.errors import ServiceError
class Refused(ServiceError):
    pass
def view(request, form, n):
    messages.success(request, _("Saved."))
    messages.success(request, f"Game {n} started.")
    messages.add_message(request, messages.INFO, "Done.")
    form.add_error("name", "Choose another name.")
    raise ValidationError("Too long.")
    raise ServiceError(_("%(n)s is too many.") % {"n": n})
    raise Refused("No such match.")
    raise ValueError("internal: not for a reader")
"""
    assert _python(source) == [
        "Game {} started.",
        "Done.",
        "Choose another name.",
        "Too long.",
        "No such match.",
    ]


def test_choices_need_a_marked_label():
    source = """
from django.db import models
from django.utils.translation import gettext_lazy as _
class Status(models.TextChoices):
    OPEN = "open", _("Open")
    DONE = "done", "Done"
    LATE_ONE = "late"
"""
    assert _python(source) == ["Done", "Late One"]


def test_mails_and_notifications_are_read_too():
    source = """
from django.core.mail import send_mail
def tell(user, club):
    send_mail(f"Your player at {club}", "Open the link.", None, [user.email])
    notify(user, text=f"You play {club}.", link="/x/")
"""
    assert _python(source) == ["Your player at {}", "Open the link.", "You play {}."]


def test_every_sentence_of_a_notification_module_is_read():
    source = '''
"""The wording of the notifications."""
import logging
logger = logging.getLogger(__name__)
def text(match):
    logger.info("told %s players", 2)
    key = f"ready:{match.pk}"
    day = date_format(match.day, "D j M Y")
    return f"Your match against {match} is ready."
'''
    found = unmarked_python.findings(source, "league/notifications/events.py")
    assert [f.text for f in found] == ["Your match against {} is ready."]
    assert unmarked_python.findings(source, "league/games/services/games.py") == []


def test_a_date_written_with_english_names_is_found():
    source = """
from django.utils.formats import date_format
def when(day, at):
    a = f"{day:%a %-d %b %Y}"
    b = at.strftime("%d %B, %H:%M")
    c = f"{day:%Y-%m-%d}", at.strftime("%H:%M"), date_format(day, "DATE_FORMAT")
"""
    assert _python(source) == ["{day:%a %-d %b %Y}", "at.strftime('%d %B, %H:%M')"]


def test_a_models_and_a_serializers_own_docs_are_left_to_the_admin_and_the_schema():
    source = """
from django.apps import AppConfig
from django.db import models
from rest_framework import serializers
class GamesConfig(AppConfig):
    verbose_name = "Games"
class Stamped(models.Model):
    class Meta:
        abstract = True
class Match(Stamped):
    key = models.CharField(max_length=20, help_text="The bracket slot, e.g. W1-3")
    outcome = models.CharField(max_length=9, choices=[("gin", "Gin")])
    class Meta:
        verbose_name_plural = "matches"
class RatingSerializer(serializers.Serializer):
    rd = serializers.FloatField(help_text="Glicko-2's rating deviation")
class Form:
    name = CharField(help_text="As the club knows you")
"""
    assert _python(source) == ["Gin", "As the club knows you"]


def test_docstrings_and_log_lines_are_not_read():
    source = '''
"""Which text the services raise."""
import logging
def f():
    """Raise nothing."""
    logging.getLogger(__name__).warning("Not for a reader at all")
'''
    assert _python(source) == []


# The whole tree --------------------------------------------------------------------------------


def _listing(found: dict[Path, list]) -> str:
    lines = [f"{sum(map(len, found.values()))} unmarked strings in {len(found)} files:"]
    for path, findings in sorted(found.items()):
        lines.append(f"{path.relative_to(ROOT)} ({len(findings)}):")
        lines.extend(f"    {finding}" for finding in findings)
    return "\n".join(lines)


def _template_files() -> list[Path]:
    folders = [ROOT / "templates", *sorted(ROOT.glob("league/*/templates"))]
    return sorted(
        path
        for folder in folders
        for path in folder.rglob("*")
        if path.is_file() and path.suffix not in MACHINE_SUFFIXES
    )


def _template_group(path: Path) -> str:
    inside = path.relative_to(ROOT).parts
    return inside[1] if inside[0] == "templates" and len(inside) > 2 else "/".join(inside[:2])


TEMPLATE_GROUPS = sorted({_template_group(path) for path in _template_files()})


@pytest.mark.parametrize("group", TEMPLATE_GROUPS)
def test_every_template_marks_the_text_a_person_reads(group):
    found = {}
    for path in _template_files():
        if _template_group(path) == group:
            findings = unmarked_templates.findings(path.read_text(encoding="utf-8"))
            if findings:
                found[path] = findings
    assert not found, _listing(found)


# Read on the command line only, by the maintainers: the management commands, and the self-play
# that only they call (seed_demo, simulate_competition).
COMMAND_LINE = ("league/games/services/selfplay.py",)


def _python_files() -> list[Path]:
    return sorted(
        path
        for path in (ROOT / "league").rglob("*.py")
        if not {"migrations", "management"} & set(path.parts)
        and path.relative_to(ROOT).as_posix() not in COMMAND_LINE
    )


@cache
def _classes() -> unmarked_python.Classes:
    return unmarked_python.known_classes(
        ast.parse(path.read_text(encoding="utf-8")) for path in _python_files()
    )


APPS = sorted(
    {
        path.relative_to(ROOT / "league").parts[0]
        for path in _python_files()
        if len(path.relative_to(ROOT / "league").parts) > 1
    }
)


@pytest.mark.parametrize("app", ["league", *APPS])
def test_every_python_string_a_person_reads_is_marked(app):
    found = {}
    for path in _python_files():
        inside = path.relative_to(ROOT / "league").parts
        if (inside[0] if len(inside) > 1 else "league") == app:
            findings = unmarked_python.findings(
                path.read_text(encoding="utf-8"),
                path.relative_to(ROOT).as_posix(),
                _classes(),
            )
            if findings:
                found[path] = findings
    assert not found, _listing(found)


def test_the_whole_tree_is_checked():
    """The checks above read every template and every module of the apps."""
    assert len(_template_files()) > 100
    assert {"competitions", "games", "pages", "notifications", "api", "stats"} <= set(APPS)
    assert {"ServiceError", "NotAllowed"} <= _classes().errors
    assert {"Competition", "Match", "CompetitionsConfig"} <= _classes().documented
