from django import forms

from league.core.forms import ServiceErrorForm


class KeyForm(ServiceErrorForm):
    name = forms.CharField(max_length=80, label="What the key is for",
                           help_text="For example: the club's web site, or the county's results")
