"""A choice's label, as a model's `get_FOO_display()` gives it: Django builds a dict of the
field's choices on every such call (31 µs for a match's status), which a list drawn in Python
pays once per row; the choices' enum finds it by value, and the label in each language is
remembered (a translation looked up costs several times the rest)."""

from __future__ import annotations

from django.db.models import Choices

from league.core.words import for_each_language


@for_each_language(maxsize=4096)
def label(choices: type[Choices], value) -> str:
    """The label of `value` in the page's language; the value itself when it is no choice (as
    `get_FOO_display` does)."""
    try:
        return str(choices(value).label)
    except ValueError:
        return str(value)


def display(field: str, choices: type[Choices]):
    """A model's `get_FOO_display` for its choice field `field` whose choices are `choices`,
    found by value (Django keeps a method a model defines itself):
    `get_status_display = display("status", Status)`."""

    def get_display(self) -> str:
        return label(choices, getattr(self, field))

    get_display.__doc__ = f"The label of the {field}, in the page's language."
    return get_display
