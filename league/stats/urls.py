from django.urls import path

from league.stats import series_views, views

urlpatterns = [
    path("players/<id:pk>/statistics/", views.player_stats, name="player-stats"),
    path("clubs/<slug:slug>/records/", views.records, name="club-records"),
]

urlpatterns += [
    path("seasons/<id:season_pk>/series/new/", series_views.new_series, name="series-new"),
    path("series/<id:pk>/", series_views.series, name="series"),
    path("series/<id:pk>/change/", series_views.change, name="series-change"),
    path("series/<id:pk>/print/", series_views.series_print, name="series-print"),
    path("series/<id:pk>/standings.csv", series_views.series_csv, name="series-csv"),
]
