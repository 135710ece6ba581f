"""A choice's label, as a model's `get_FOO_display()` gives it: Django builds a dict of the
field's choices on every such call (31 µs for a match's status), which a list drawn in Python
pays once per row; the choices' enum finds it by value."""

from __future__ import annotations

from django.db.models import Choices


def label(choices: type[Choices], value) -> str:
    """The label of `value` in the page's language; the value itself when it is no choice (as
    `get_FOO_display` does)."""
    try:
        return str(choices(value).label)
    except ValueError:
        return str(value)
