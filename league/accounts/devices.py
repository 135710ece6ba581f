"""Device cookies: a browser that has signed in to an account is trusted for that account's
sign-ins later (the lockout that follows OWASP's device cookies).

A successful sign-in gives the browser a signed cookie naming the login it signed in with and a
random id of its own. When a browser presents that cookie with the same login, its failures count
against that device alone (ACCOUNT_RATE_LIMITS["login_failed_device"]), not against its address or
the login: a club night behind one address, where someone sprayed wrong passwords at many names,
or someone locked a player's name with failures, does not keep out a phone that signed in before.
A browser without it (a new device, an attacker) keeps the limits per address and per login.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse

COOKIE = "gl_device"
SALT = "league.accounts.devices"
LIFETIME = 365 * 24 * 3600  # seconds: a device signed in within the year is trusted


def trusted_device(request: HttpRequest, login_key: str) -> str | None:
    """The device's id when the request carries a valid device cookie for this login (as
    allauth keys its failures), else None."""
    value = request.COOKIES.get(COOKIE)
    if not value:
        return None
    try:
        device = signing.loads(value, salt=SALT, max_age=LIFETIME)
    except signing.BadSignature:
        return None
    if not isinstance(device, dict) or device.get("login") != login_key:
        return None
    return device.get("id") or None


def trust_device(response: HttpResponse, login_key: str) -> None:
    """After a successful sign-in with this login: the device cookie for it, a new id."""
    value = signing.dumps({"login": login_key, "id": secrets.token_urlsafe(16)}, salt=SALT)
    response.set_cookie(COOKIE, value, max_age=LIFETIME, httponly=True, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)
