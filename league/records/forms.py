from django import forms
from django.utils.translation import gettext_lazy as _


class RecordUploadForm(forms.Form):
    file = forms.FileField(label=_("The match's record (a .json file)"))
