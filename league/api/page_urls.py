"""The organizer's pages of the API and webhooks (outside /api/: they are the site's pages)."""

from django.urls import path

from . import embeds, key_views, webhook_views

urlpatterns = [
    path("clubs/<slug:slug>/manage/api-keys/", key_views.keys, name="api-keys"),
    path("clubs/<slug:slug>/manage/api-keys/make/", key_views.make, name="api-key-make"),
    path("api-keys/<int:pk>/revoke/", key_views.revoke, name="api-key-revoke"),
    path("clubs/<slug:slug>/manage/webhooks/", webhook_views.webhooks, name="webhooks"),
    path("clubs/<slug:slug>/manage/webhooks/add/", webhook_views.add, name="webhook-add"),
    path("webhooks/<int:pk>/resume/", webhook_views.resume, name="webhook-resume"),
    path("webhooks/<int:pk>/remove/", webhook_views.remove, name="webhook-remove"),
    path("clubs/<slug:slug>/manage/embeds/", key_views.embeds, name="embeds"),
    path("embed/competitions/<int:pk>/standings/", embeds.standings, name="embed-standings"),
    path("embed/competitions/<int:pk>/bracket/", embeds.bracket, name="embed-bracket"),
    path("embed/competitions/<int:pk>/pairings/", embeds.pairings, name="embed-pairings"),
]
