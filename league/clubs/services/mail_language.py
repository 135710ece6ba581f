"""The language of a club's mail to an address: that of the account with the address, if one
chose a language, else the club's (league.core.languages.mail_language)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from league.clubs.models import Club
from league.core.languages import mail_language


def address_language(email: str, club: Club) -> str:
    chosen = (
        get_user_model()
        .objects.filter(email__iexact=email.strip())
        .exclude(reading_preferences__language="")
        .values_list("reading_preferences__language", flat=True)
        .first()
    )
    return mail_language(chosen, club.default_language)
