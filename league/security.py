"""Content security policy: only this site's own scripts, styles, images and connections.

Django 5.2 has no CSP setting of its own (it arrives in 6.0), so a small middleware sets the
header. No page may be framed by another site (frame-ancestors 'none', and X-Frame-Options
DENY), except a response its view marks `framable` (the embeds of league/api/embeds.py, made to
sit in a club's own site): frame-ancestors * for it alone. Scripts and styles come only from our static files (htmx included), never inline: no
template has a style attribute or element, and htmx is told not to add its indicator styles
(templates/base.html).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from league.core.views import FRAMABLE

DEFAULT_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
    "base-uri": "'self'",
    "object-src": "'none'",
}


def policy_header(policy: dict[str, str]) -> str:
    return "; ".join(f"{directive} {sources}" for directive, sources in policy.items())


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", DEFAULT_POLICY)
        self.header = policy_header(policy)
        self.framable_header = policy_header({**policy, "frame-ancestors": "*"})
        self.report_only = getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", False)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        name = (
            "Content-Security-Policy-Report-Only" if self.report_only else "Content-Security-Policy"
        )
        # The admin ships inline scripts of its own; it is staff-only and keeps Django's defaults.
        if not request.path.startswith("/admin/"):
            framable = getattr(response, FRAMABLE, False)
            response.headers.setdefault(name, self.framable_header if framable else self.header)
        return response
