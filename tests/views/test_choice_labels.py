"""A choice's label read from its enum is what Django's own get_FOO_display gives (the models'
lists show it on every row, so they define theirs), in the page's language, and a value that is
no choice is shown as itself."""

import pytest
from django.utils import translation

from league.competitions.models import Competition, Match
from league.core.choices import label


def djangos(instance, name: str) -> str:
    """What Django's generated get_FOO_display gives."""
    return instance._get_FIELD_display(instance._meta.get_field(name))


FIELDS = [(Match, "status"), (Match, "kind"), (Competition, "format"), (Competition, "status")]


@pytest.mark.parametrize("code", ["en", "es", "de"])
@pytest.mark.parametrize(("model", "name"), FIELDS)
def test_every_label_is_djangos_display(code, model, name):
    choices = model._meta.get_field(name).choices
    with translation.override(code):
        for value, _ in choices:
            instance = model(**{name: value})
            shown = getattr(instance, f"get_{name}_display")()
            assert shown == djangos(instance, name) == label(_enum(model, name), value)
            assert not isinstance(shown, type(translation.gettext_lazy("x")))


def _enum(model, name):
    """The field's choices enum: Match.Status, Competition.Format..."""
    return getattr(model, name.capitalize())


@pytest.mark.parametrize(("model", "name"), FIELDS)
def test_a_value_that_is_no_choice_is_shown_as_itself(model, name):
    instance = model(**{name: "lost in the post"})
    assert getattr(instance, f"get_{name}_display")() == "lost in the post"
    assert djangos(instance, name) == "lost in the post"
