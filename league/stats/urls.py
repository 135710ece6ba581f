from django.urls import path

from league.stats import views

urlpatterns = [
    path("players/<int:pk>/statistics/", views.player_stats, name="player-stats"),
    path("clubs/<slug:slug>/records/", views.records, name="club-records"),
]
