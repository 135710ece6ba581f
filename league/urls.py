from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def healthz(request: HttpRequest) -> HttpResponse:
    """The process answers: no database, no template (load balancers; the load test's baseline)."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("", include("league.accounts.urls")),  # before the admin: it takes the admin's sign-in
    path("admin/", admin.site.urls),
    path("api/", include("league.api.urls")),
    path("", include("league.api.page_urls")),
    path("", include("league.pages.urls")),
    path("", include("league.stats.urls")),
    path("", include("league.records.urls")),
    path("", include("league.notifications.urls")),
    path("", include("league.competitions.urls")),
    path("", include("league.games.urls")),
]
