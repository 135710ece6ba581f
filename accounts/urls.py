from django.urls import include, path

from accounts import views

urlpatterns = [
    path("accounts/login/", views.SignInView.as_view(), name="login"),  # failures limited
    path("accounts/", include("django.contrib.auth.urls")),
    # A player the organizer entered claims the record with a signed link.
    path("claim/<str:token>/", views.claim, name="player-claim"),
]
