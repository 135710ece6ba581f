"""A choice's label read from its enum is what the model's get_FOO_display gives, in the page's
language, and a value that is no choice is shown as itself."""

import pytest
from django.utils import translation

from league.competitions.models import Competition, Match
from league.core.choices import label


@pytest.mark.parametrize("code", ["en", "es", "de"])
def test_every_label_is_the_models_display(code):
    with translation.override(code):
        for status in Match.Status:
            assert label(Match.Status, status.value) == Match(status=status).get_status_display()
        for kind in Match.Kind:
            assert label(Match.Kind, kind) == Match(kind=kind).get_kind_display()
        for format_ in Competition.Format:
            assert label(Competition.Format, format_) == (
                Competition(format=format_).get_format_display())


def test_a_value_that_is_no_choice_is_shown_as_itself():
    assert label(Match.Status, "lost in the post") == "lost in the post"
    assert Match(status="lost in the post").get_status_display() == "lost in the post"
