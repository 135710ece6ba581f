from allauth.account import views as allauth_views
from django.urls import include, path

from league.accounts import reading_views, views

urlpatterns = [
    # The short names the site's templates use, on allauth's views.
    path("accounts/login/", views.sign_in, name="login"),
    path("accounts/logout/", allauth_views.logout, name="logout"),
    path("accounts/delete/", views.delete_account, name="account-delete"),
    path("accounts/preferences/", reading_views.preferences, name="account-preferences"),
    path("accounts/", include("allauth.urls")),
    # The language menu at the foot of every page.
    path("language/", reading_views.choose_language, name="choose-language"),
    # The admin signs in through the site's sign-in and its limits.
    path("admin/login/", views.admin_sign_in, name="admin-sign-in"),
    # A player the organizer entered claims the record with a signed link.
    path("claim/<str:token>/", views.claim, name="player-claim"),
]
