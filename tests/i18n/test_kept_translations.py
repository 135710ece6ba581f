"""`{% translate %}` of fixed text is looked up once per language and written out again: every
render reads as Django's own tag would render it, in the reader's language, escaped as Django
escapes it; a message in a variable is looked up each time. Every template of the site loads
that tag (`{% load translations %}`), none Django's own."""

import re
from unittest import mock

import pytest
from django.template import Context, Engine, engines
from django.utils import autoreload, translation

from tests.site_templates import site_templates

SOURCE = (
    '{% load translations %}'
    '<h1>{% translate "Standings" %}</h1>'
    '<p>{% translate "Played" context "standings column" %}</p>'
    '<p>{% translate "Sign out" as leave %}[{{ leave }}]</p>'
    '<p>{% translate "Knock" noop %}</p>'
    '<p>{% translate message %}</p>'
    '<p>{% translate "Tom & Jerry\'s <club>" %}</p>'
)


def django_engine() -> Engine:
    """An engine whose `translations` is Django's own i18n library."""
    return Engine(libraries={"translations": "django.templatetags.i18n"})


def rendered(template, language: str, autoescape: bool = True, **values) -> str:
    with translation.override(language):
        return template.render(Context(values, autoescape=autoescape))


def site_template(source: str = SOURCE):
    return engines["django"].from_string(source).template


@pytest.mark.parametrize("autoescape", [True, False])
def test_every_language_reads_as_djangos_tag_renders_it(autoescape):
    site, django = site_template(), django_engine().from_string(SOURCE)
    for language in ("en", "de", "es", "de", "en", "es"):
        for message in ("Rulings", "Tom & Jerry <3"):
            ours = rendered(site, language, autoescape, message=message)
            assert ours == rendered(django, language, autoescape, message=message)


def test_the_reader_reads_his_language_after_another_was_kept():
    site = site_template('{% load translations %}{% translate "Standings" %}')
    with translation.override("de"):
        german = translation.gettext("Standings")
    assert german != "Standings"
    assert rendered(site, "en") == "Standings"
    assert rendered(site, "de") == german
    assert rendered(site, "en") == "Standings"


def test_a_message_in_a_variable_is_looked_up_on_each_render():
    site = site_template('{% load translations %}{% translate message %}')
    assert rendered(site, "en", message="Standings") == "Standings"
    assert rendered(site, "en", message="Rulings") == "Rulings"


def test_fixed_text_is_looked_up_once_per_language():
    site = site_template('{% load translations %}{% translate "Standings" %}')
    with mock.patch.object(translation._trans, "gettext", side_effect=lambda text: text) as looked:
        for _ in range(3):
            rendered(site, "en")
            rendered(site, "de")
    assert looked.call_count == 2


def test_a_reloaded_catalog_is_read_again():
    site = site_template('{% load translations %}{% translate "Standings" %}')
    assert rendered(site, "en") == "Standings"
    with mock.patch.object(translation._trans, "gettext", side_effect=lambda text: "Tabelle"):
        assert rendered(site, "en") == "Standings"
        autoreload.file_changed.send(sender=None, file_path=mock.MagicMock(suffix=".mo"))
        assert rendered(site, "en") == "Tabelle"


def test_every_template_of_the_site_loads_the_kept_translations():
    loads_djangos = [
        str(path) for path in site_templates()
        if any(re.search(r"\bi18n\b", load)
               for load in re.findall(r"{%\s*load\s[^%]*%}", path.read_text()))]
    assert len(site_templates()) > 100
    assert loads_djangos == []
