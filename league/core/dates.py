"""Dates and times the site accepts: years 1900 to 2100, and nothing outside them.

A date far from now is never a club's fixture, and at the edges of what Python and the database
hold it breaks things for good: 9999-12-31 23:00 in a zone west of UTC is year 10000 in UTC,
which PostgreSQL stores and Python cannot read back; the day after 9999-12-31 does not exist.
Every form field that takes a date or a time is a BoundedDateField or a BoundedDateTimeField,
which refuse such a value next to the field, and every service that stores one checks it again
with `require_in_bounds`. Code that reads a date stored before uses `in_bounds` to leave it out
rather than fail.
"""

from __future__ import annotations

from datetime import date, datetime

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from league.core.errors import ServiceError

FIRST_YEAR, LAST_YEAR = 1900, 2100
FIRST_DAY, LAST_DAY = date(FIRST_YEAR, 1, 1), date(LAST_YEAR, 12, 31)


OUT_OF_BOUNDS = f"Give a date between {FIRST_YEAR} and {LAST_YEAR}."


def out_of_bounds() -> str:
    """OUT_OF_BOUNDS in the reader's language."""
    return gettext("Give a date between %(first)s and %(last)s.") % {"first": FIRST_YEAR,
                                                                      "last": LAST_YEAR}


def in_bounds(value: date | datetime | None) -> bool:
    """Whether a date or time (in its own zone) falls in the years the site accepts; None is
    no date, and in bounds."""
    return value is None or FIRST_YEAR <= value.year <= LAST_YEAR


def require_in_bounds(value: date | datetime | None, *, field: str | None = None) -> None:
    """A service's check of a date or time it is given: a ServiceError about `field` when the
    value is outside the years the site accepts."""
    if not in_bounds(value):
        raise ServiceError(out_of_bounds(), field=field)


def _validate(value: date | datetime | None) -> None:
    if not in_bounds(value):
        raise ValidationError(out_of_bounds(), code="out_of_bounds")


class BoundedDateField(forms.DateField):
    """A date between 1900-01-01 and 2100-12-31; a date input offers only those."""

    default_validators = [_validate]

    def widget_attrs(self, widget) -> dict:
        return {**super().widget_attrs(widget), "min": FIRST_DAY.isoformat(),
                "max": LAST_DAY.isoformat()}


class BoundedDateTimeField(forms.DateTimeField):
    """A time in the years 1900 to 2100, read in the active (the club's) time zone; a
    datetime-local input offers only those."""

    default_validators = [_validate]

    def widget_attrs(self, widget) -> dict:
        return {**super().widget_attrs(widget), "min": f"{FIRST_DAY.isoformat()}T00:00",
                "max": f"{LAST_DAY.isoformat()}T23:59"}
