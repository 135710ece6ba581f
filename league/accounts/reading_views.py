"""The language menu at the foot of every page, and a signed-in person's reading preferences."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from league.accounts import reading
from league.accounts.selectors import reading_preferences


class LanguageForm(forms.Form):
    language = forms.ChoiceField(label=gettext_lazy("Language"), choices=settings.LANGUAGES)


class PreferencesForm(LanguageForm):
    larger_text = forms.BooleanField(
        label=gettext_lazy("Larger text on every page"), required=False,
        help_text=gettext_lazy("Your browser's own text size still applies on top of this."))


def _back(request: HttpRequest) -> str:
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return reverse("home")


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The footer's menu: read the site in this language from now on, and come back."""
    form = LanguageForm(request.POST)
    response = redirect(_back(request))
    if not form.is_valid():
        messages.error(request, _("That language is not offered: the page stays as it was."))
        return response
    language = form.cleaned_data["language"]
    reading.remember(request, response, language=language)
    if request.user.is_authenticated:
        reading.keep_preferences(request.user, language=language)
    return response


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    kept = reading_preferences(request.user)
    initial = {"language": (kept.language if kept and kept.language
                            else translation.get_language()),
               "larger_text": bool(kept and kept.larger_text)}
    form = PreferencesForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        language, larger = form.cleaned_data["language"], form.cleaned_data["larger_text"]
        reading.keep_preferences(request.user, language=language, larger_text=larger)
        request.session[reading.LARGER_TEXT_KEY] = larger
        translation.activate(language)  # the message below in the language just chosen
        messages.success(request, _("Your reading preferences are saved."))
        response = redirect("account-preferences")
        reading.remember(request, response, language=language)
        return response
    status = 422 if form.is_bound else 200
    return render(request, "account/preferences.html", {"form": form}, status=status)
