from django import forms
from django.utils.translation import gettext_lazy as _

from league.api.models import WebhookEvent
from league.core.forms import ServiceErrorForm


class KeyForm(ServiceErrorForm):
    name = forms.CharField(max_length=80, label=_("What the key is for"),
                           help_text=_("For example: the club's web site, or the county's results"))


class WebhookForm(ServiceErrorForm):
    url = forms.CharField(max_length=500, label=_("Address (URL)"),
                          help_text=_("Where each event is posted: https://…"),
                          widget=forms.URLInput(attrs={"placeholder": "https://"}))
    events = forms.MultipleChoiceField(
        choices=WebhookEvent.choices, widget=forms.CheckboxSelectMultiple,
        initial=list(WebhookEvent.values), label=_("Events to send"))
