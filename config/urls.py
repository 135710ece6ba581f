from django.contrib import admin
from django.urls import include, path

from league.views.accounts import SignInView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", SignInView.as_view(), name="login"),  # failures limited
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("gameplay.urls")),
    path("", include("league.urls")),
]
