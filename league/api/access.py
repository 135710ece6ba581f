"""Who is asking the API, and how often: a club's key (`Authorization: Bearer gl_…`) or nobody
(the public clubs only); limits per key, and per address for requests without a key, counted in
the cache."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.throttling import SimpleRateThrottle

from . import selectors

REFUSED = "This API key is not valid: it was revoked, or never issued."


class ApiKeyAuthentication(BaseAuthentication):
    """A request with a key reads what the public reads and its own club; a key that is not
    in use refuses the request (401) rather than reading as nobody."""

    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != b"bearer":
            return None
        if len(parts) != 2:
            raise AuthenticationFailed("Give the key as `Authorization: Bearer <key>`.")
        try:
            presented = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise AuthenticationFailed(REFUSED) from None
        key = selectors.key_of(presented)
        if key is None:
            raise AuthenticationFailed(REFUSED)
        return (None, key)

    def authenticate_header(self, request) -> str:
        return 'Bearer realm="api"'


class ApiKeyScheme(OpenApiAuthenticationExtension):
    target_class = ApiKeyAuthentication
    name = "clubKey"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer",
                "description": "A club's read-only key, made on the organizer's page of the club. "
                               "Without one, only public clubs are read."}


class _Limit(SimpleRateThrottle):
    """Rates from settings.API_RATE_LIMITS, read on each request."""

    def get_rate(self) -> str | None:
        return settings.API_RATE_LIMITS.get(self.scope)


class PerKey(_Limit):
    scope = "key"

    def get_cache_key(self, request, view) -> str | None:
        if request.auth is None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.pk}


class PerAddress(_Limit):
    scope = "address"

    def get_cache_key(self, request, view) -> str | None:
        if request.auth is not None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
