"""Words remembered for each language (league.core.words): a function that writes words runs
once for each language and arguments, and answers in the language active when it is asked."""

from __future__ import annotations

from django.utils.translation import gettext, override

from league.competitions.models import Round
from league.core.words import for_each_language


def test_words_are_written_once_per_language_and_in_the_active_one():
    written = []

    @for_each_language()
    def round_named(number: int) -> str:
        written.append(number)
        return gettext("Round %(number)s") % {"number": number}

    with override("es"):
        assert round_named(3) == round_named(3) == "Ronda 3"
    with override("de"):
        assert round_named(3) == "Runde 3"
    with override("es"):
        assert round_named(4) == "Ronda 4"
        assert round_named(3) == "Ronda 3"
    assert written == [3, 3, 4]  # Spanish 3, German 3, Spanish 4: each once


def test_a_round_is_named_in_each_readers_language_in_turn():
    final, third = Round(number=3, name="Final"), Round(number=3)
    shown = {}
    for language in ("es", "de", "es", "en"):
        with override(language):
            shown[language] = (str(final), str(third))
    assert shown == {"es": ("Final", "Ronda 3"), "de": ("Finale", "Runde 3"),
                     "en": ("Final", "Round 3")}


def test_words_asked_in_a_language_read_once_are_in_that_language_whichever_is_active():
    @for_each_language()
    def round_named(number: int) -> str:
        return gettext("Round %(number)s") % {"number": number}

    with override("es"):
        assert round_named.in_language("es", 2) == "Ronda 2"
        assert round_named.in_language("de", 2) == "Runde 2"  # not the active Spanish
        assert round_named(2) == "Ronda 2"
    with override("de"):
        assert round_named(2) == "Runde 2"


def test_a_writer_of_rows_reads_the_language_once_and_writes_every_row_in_it(monkeypatch):
    from league.core import words

    looked_up = []
    real = words.get_language
    monkeypatch.setattr(words, "get_language", lambda: looked_up.append(1) or real())

    @for_each_language()
    def round_named(number: int) -> str:
        return gettext("Round %(number)s") % {"number": number}

    @words.in_one_language
    def rows(numbers):
        return [round_named(number) for number in numbers]

    with override("de"):
        round_named(1), round_named(2)  # remembered in German
        looked_up.clear()
        assert rows([1, 2, 1]) == ["Runde 1", "Runde 2", "Runde 1"]
        assert len(looked_up) == 1
    with override("es"):
        assert rows([1]) == ["Ronda 1"]  # read anew at each writer's call
    assert words.active_language() == real()  # and let go after it
