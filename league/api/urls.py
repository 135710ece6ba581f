"""The read API, version 1: /api/v1/…, its OpenAPI 3 schema at /api/v1/schema/ and a page
to browse it at /api/v1/docs/ (Swagger UI, served from our own static files)."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import records, views

app_name = "api"

urlpatterns = [
    path("v1/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("v1/docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("v1/clubs/", views.ClubList.as_view(), name="clubs"),
    path("v1/clubs/<slug:slug>/", views.ClubDetail.as_view(), name="club"),
    path("v1/clubs/<slug:slug>/players/", views.PlayerList.as_view(), name="players"),
    path("v1/clubs/<slug:slug>/competitions/", views.CompetitionList.as_view(),
         name="competitions"),
    path("v1/clubs/<slug:slug>/nights/", views.NightList.as_view(), name="nights"),
    path("v1/players/<id:pk>/", views.PlayerDetail.as_view(), name="player"),
    path("v1/players/<id:pk>/ratings/", views.PlayerRatings.as_view(), name="player-ratings"),
    path("v1/competitions/<id:pk>/", views.CompetitionDetail.as_view(), name="competition"),
    path("v1/competitions/<id:pk>/standings/", views.Standings.as_view(), name="standings"),
    path("v1/competitions/<id:pk>/matches/", views.MatchList.as_view(), name="matches"),
    path("v1/matches/<id:pk>/", views.MatchDetail.as_view(), name="match"),
    path("v1/matches/<id:pk>/record/", records.MatchRecord.as_view(), name="match-record"),
    path("v1/nights/<id:pk>/", views.NightDetail.as_view(), name="night"),
    # Anything else under /api/ is a JSON 404, as an integrator's code expects.
    re_path(r"^(?P<rest>[\s\S]*)\Z", views.not_found, name="not-found"),
]
