from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path

from league.views.accounts import SignInView


def healthz(request: HttpRequest) -> HttpResponse:
    """The process answers: no database, no template (load balancers; the load test's baseline)."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/login/", SignInView.as_view(), name="login"),  # failures limited
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("gameplay.urls")),
    path("", include("league.urls")),
]
