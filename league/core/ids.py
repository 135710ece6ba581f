"""An object's id in a page's address: `<id:pk>`. Digits that fit the tables' 64-bit keys;
any other number is no object's, and its address is not found (404) before any query is made:
SQLite refuses to compare such a number, and no row can have it."""

from __future__ import annotations

from django.urls.converters import IntConverter

MOST = 2 ** 63 - 1  # the largest key a table holds (BigAutoField)


class Id(IntConverter):
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MOST:
            raise ValueError(f"{value} is no object's id")  # the address matches no pattern
        return number
