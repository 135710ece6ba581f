"""Forms of the accounts: the sign-in, and a new account made while claiming a player."""

from __future__ import annotations

import unicodedata

from allauth.account.forms import LoginForm
from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.utils.translation import gettext_lazy as _

from league.accounts.selectors import username_taken
from league.core.errors import ServiceError
from league.core.names import BadName, normalise_name


class SignInForm(LoginForm):
    """allauth's sign-in with the login in NFKC, so that its failure limit counts a name typed
    in fullwidth letters as the name itself (the form the account's user name has)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Username or email")
        if "remember" in self.fields:
            self.fields["remember"].label = _("Keep me signed in on this device")

    def clean_login(self) -> str:
        return unicodedata.normalize("NFKC", super().clean_login()).strip()


class ClaimSignUpForm(forms.Form):
    """Username and password of a new account (the password checked by the site's validators)."""

    username = forms.CharField(
        label=_("Username"), max_length=150,
        help_text=_("Letters, digits and @ . + - _ only. You sign in with it."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    password1 = forms.CharField(
        label=_("Password"), strip=False,
        help_text=_("At least 8 characters, not only digits, not a common password."),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("The password again"), strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean_username(self) -> str:
        try:
            username = normalise_name(self.cleaned_data["username"])
        except BadName as error:
            raise forms.ValidationError(str(error)) from None
        User = get_user_model()
        User.username_validator(username)
        if username_taken(username):
            raise forms.ValidationError(_("That username is taken: choose another, or sign in."))
        return username

    def clean(self) -> dict:
        data = super().clean()
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ: type the same one twice."))
        elif first:
            user = get_user_model()(username=data.get("username", ""))
            try:
                password_validation.validate_password(first, user)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data

    def add_service_error(self, error: ServiceError) -> None:
        self.add_error(error.field if error.field in self.fields else None, error.message)


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"), strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def add_service_error(self, error: ServiceError) -> None:
        self.add_error(error.field if error.field in self.fields else None, error.message)
