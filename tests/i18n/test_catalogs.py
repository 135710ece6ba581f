"""The shipped translations: every language of the settings has a catalog in which every string
is translated (none left empty or marked fuzzy), with the same placeholders as the English,
and the compiled catalog Django reads says the same as the one people edit."""

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "league" / "locale"
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")


def _catalog(code: str):
    with open(LOCALE / code / "LC_MESSAGES" / "django.po", "rb") as po:
        return read_po(po, locale=code)


def _entries(code: str):
    return [message for message in _catalog(code) if message.id]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_string_is_translated(code):
    def translated(message) -> bool:
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        return all(forms)

    untranslated = [m.id for m in _entries(code) if not translated(m)]
    assert untranslated == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_is_left_fuzzy(code):
    assert [m.id for m in _entries(code) if m.fuzzy] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_keeps_the_placeholders_of_the_english(code):
    wrong = []
    for message in _entries(code):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = sorted(PLACEHOLDER.findall(ids[-1]))
        wrong.extend((ids[0], s) for s in strings if sorted(PLACEHOLDER.findall(s)) != wanted)
    assert wrong == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_says_what_the_catalog_says(code):
    with open(LOCALE / code / "LC_MESSAGES" / "django.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for message in _entries(code):
        if isinstance(message.id, tuple):
            for n, string in enumerate(message.string):
                count = 1 if n == 0 else (1_000_000 if code == "es" and n == 1 else 5)
                assert compiled.ngettext(*message.id, count) == string, message.id
        elif message.context:
            assert compiled.pgettext(message.context, message.id) == message.string, message.id
        else:
            assert compiled.gettext(message.id) == message.string, message.id


def test_every_language_offered_has_its_catalog():
    assert {path.name for path in LOCALE.iterdir() if path.is_dir()} == set(TRANSLATED)
