"""The user's notifications, their choices per kind, and the unsubscribe link of the mails."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from league.core.errors import ServiceError
from league.core.numbers import ascii_ints
from league.core.views import UNPROCESSABLE
from league.notifications import services
from league.notifications.models import Channel, Kind
from league.notifications.selectors import latest_notifications


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    rows = latest_notifications(request.user)
    return render(request, "notifications/list.html", {
        "notifications": rows, "unread": sum(n.read_at is None and n.done_at is None for n in rows)})


@require_POST
@login_required
def mark_read(request: HttpRequest) -> HttpResponse:
    ids = ascii_ints(request.POST.getlist("id")) or None
    changed = services.mark_read(request.user, ids)
    messages.success(request, ngettext("Marked %(count)s read.", "Marked %(count)s read.", changed)
                     % {"count": changed} if changed else gettext("Nothing new to mark."))
    return redirect("notifications")


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest) -> HttpResponse:
    status = 200
    if request.method == "POST":
        chosen = {kind: request.POST.get(kind, "") for kind in Kind.values if kind in request.POST}
        try:
            services.set_preferences(request.user, chosen)
        except ServiceError as error:
            messages.error(request, error.message)
            status = 422
        else:
            messages.success(request, gettext("Your choices are saved."))
            return redirect("notification-preferences")
    current = services.preferences_of(request.user)
    rows = [(kind, label, current[kind]) for kind, label in Kind.choices]
    return render(request, "notifications/preferences.html",
                  {"rows": rows, "channels": Channel.choices}, status=status)


# The token is the authority (signed, naming its user and kind): the link works signed out, and
# a mail program's one-click POST (RFC 8058) carries no CSRF token.
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET asks (a link checker opening the mail must not unsubscribe anyone); POST stops the
    mail of the link's kind."""
    context: dict = {"token": token}
    try:
        if request.method == "POST":
            _, kind = services.unsubscribe(token)
            context["done"] = Kind(kind).label
        else:
            context["kind"] = Kind(services.kind_of_token(token)).label
    except ServiceError as error:
        context["problem"] = error.message
        return render(request, "notifications/unsubscribe.html", context, status=UNPROCESSABLE)
    return render(request, "notifications/unsubscribe.html", context)
