"""The organizer's pages of the API (outside /api/: they are the site's pages)."""

from django.urls import path

from . import key_views

urlpatterns = [
    path("clubs/<slug:slug>/manage/api-keys/", key_views.keys, name="api-keys"),
    path("clubs/<slug:slug>/manage/api-keys/make/", key_views.make, name="api-key-make"),
    path("api-keys/<int:pk>/revoke/", key_views.revoke, name="api-key-revoke"),
]
