"""Dates, times and numbers read as the reader's language writes them, through the format names
(league/formats/): a template that names a format instead of writing one is right in every
language."""

from datetime import date, datetime, time

import pytest
from django.template import Context, Template
from django.utils import translation
from django.utils.formats import date_format, number_format, time_format

DAY = date(2026, 12, 5)
EVENING = datetime(2026, 12, 5, 19, 30)


def _render(source: str, code: str, **values) -> str:
    with translation.override(code):
        return Template(source).render(Context(values))


@pytest.mark.parametrize(
    ("code", "written"),
    [("de", "5. Dezember 2026"), ("es", "5 de diciembre de 2026"), ("en", "5 December 2026")],
)
def test_a_date_reads_in_the_readers_language(code, written):
    with translation.override(code):
        assert date_format(DAY, "DATE_FORMAT") == written
    assert _render('{{ day|date:"DATE_FORMAT" }}', code, day=DAY) == written
    assert _render("{{ day }}", code, day=DAY) == written  # a date alone is written so too


@pytest.mark.parametrize(
    ("code", "written"), [("de", "05.12.2026"), ("es", "05/12/2026"), ("en", "5 Dec 2026")]
)
def test_a_short_date_reads_in_the_readers_language(code, written):
    assert _render('{{ day|date:"SHORT_DATE_FORMAT" }}', code, day=DAY) == written


@pytest.mark.parametrize(
    ("code", "written", "clock"),
    [
        ("de", "5. Dezember 2026, 19:30 Uhr", "19:30 Uhr"),
        ("es", "5 de diciembre de 2026, 19:30", "19:30"),
        ("en", "5 December 2026, 19:30", "19:30"),
    ],
)
def test_a_moment_and_a_time_read_in_the_readers_language(code, written, clock):
    with translation.override(code):
        assert date_format(EVENING, "DATETIME_FORMAT") == written
        assert time_format(time(19, 30)) == clock
    assert _render('{{ at|time:"TIME_FORMAT" }}', code, at=EVENING) == clock


@pytest.mark.parametrize(
    ("code", "day_and_month", "month"),
    [
        ("de", "5. Dezember", "Dezember 2026"),
        ("es", "5 de diciembre", "diciembre de 2026"),
        ("en", "5 December", "December 2026"),
    ],
)
def test_a_day_of_a_month_and_a_month_read_in_the_readers_language(code, day_and_month, month):
    with translation.override(code):
        assert date_format(DAY, "MONTH_DAY_FORMAT") == day_and_month
        assert date_format(DAY, "YEAR_MONTH_FORMAT") == month


@pytest.mark.parametrize(
    ("code", "decimal", "grouped"),
    [("de", "1234,5", "12.345,5"), ("es", "1234,5", "12\xa0345,5"), ("en", "1234.5", "12,345.5")],
)
def test_a_number_reads_with_the_readers_separators(code, decimal, grouped):
    assert _render("{{ value|floatformat:1 }}", code, value=1234.5) == decimal
    with translation.override(code):
        assert number_format(12345.5, 1, force_grouping=True) == grouped
