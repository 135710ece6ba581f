"""The rulings assistant in the reader's language: every fixed text the engine's catalogue and
the assistant show is marked for the translations word for word, and every ruling the answers
can lead to, names included, is said in Spanish and German."""

from __future__ import annotations

from itertools import product

import pytest
from django.utils import translation

from gameplay.assistant import WrongAnswer, advise, questions
from gameplay.engine.rulings import CATALOGUE
from league.games.rulings.texts import TEXTS
from league.games.rulings.words import say

NAMES = ("Ada", "Dot")


def _answers(key: str):
    """Every combination of answers to the irregularity's questions (a card where one is asked)."""
    asks = questions(key, NAMES)
    options = [[value for value, _ in ask.choices] + ([] if ask.required else [""])
               if ask.choices else ["7H"] for ask in asks]
    for values in product(*options):
        yield dict(zip((ask.field for ask in asks), values, strict=True))


def _rulings() -> set[str]:
    said = set()
    for item in CATALOGUE:
        for answers in _answers(item.key):
            try:
                said.add(advise(item.key, answers, NAMES).ruling)
            except WrongAnswer as wrong:
                said.add(wrong.message)
    return said


def test_every_fixed_text_of_the_catalogue_is_marked():
    shown = set()
    for item in CATALOGUE:
        shown |= {item.title, item.source, item.ruling}
        for ask in questions(item.key, NAMES):
            shown.add(ask.text)
            shown |= {label for value, label in ask.choices if value not in ("A", "B")}
    assert shown - set(TEXTS) == set()


@pytest.mark.parametrize("language", ["es", "de"])
def test_every_ruling_the_answers_lead_to_is_said_in_the_readers_language(language):
    rulings = _rulings()
    assert len(rulings) > 20
    with translation.override(language):
        untranslated = [text for text in rulings if say(text) == text]
    assert untranslated == []


def test_a_ruling_keeps_the_players_names():
    text = advise("looking_through_discards", {"offender": "A", "agreed": "no"}, NAMES).ruling
    with translation.override("es"):
        assert say(text) == "Ada pierde su siguiente turno: Dot juega dos turnos seguidos."
    with translation.override("de"):
        assert say(text) == "Ada verliert seine nächste Runde: Dot spielt zwei Runden hintereinander."
