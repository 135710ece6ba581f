"""What every form of the site shares: a comment field, and a service's refusal shown next to
the field it names (forms check what was typed; the services decide what is allowed)."""

from __future__ import annotations

from html import escape

from django import forms
from django.utils.safestring import mark_safe

from league.core.errors import ServiceError

COMMENT_MAX = 2000


def comment_field(label: str, *, help_text: str = "") -> forms.CharField:
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=False,  # the services say when a comment is needed, and why
        max_length=COMMENT_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class LongSelect(forms.Select):
    """A select of hundreds of plain options (the time zones, say), without groups or options'
    own attributes, written in one piece: Django's Select renders a template per option, which
    for 400 options costs a page some 50 ms."""

    template_name = "core/widgets/long_select.html"

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        options = (option for _, group, _ in context["widget"]["optgroups"] for option in group)
        context["widget"]["options"] = mark_safe("\n".join(map(_option, options)))
        return context


def _option(option: dict) -> str:
    selected = " selected" if option["selected"] else ""
    return (f'<option value="{escape(str(option["value"]))}"{selected}>'
            f'{escape(str(option["label"]))}</option>')


class ServiceErrorForm(forms.Form):
    """A form that shows a service's refusal next to the field it names."""

    def shows(self, field: str | None) -> bool:
        """Whether a refusal about `field` is shown next to one of this form's fields."""
        return field in self.fields

    def add_service_error(self, error: ServiceError) -> None:
        field = error.field if self.shows(error.field) else None
        self.add_error(field, error.message)
