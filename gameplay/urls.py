from django.urls import path

from . import views, views_rulings

app_name = "gameplay"
urlpatterns = [
    path("games/<int:pk>/", views.scoresheet, name="scoresheet"),
    path("games/<int:pk>/hands/", views.add_hand, name="add-hand"),
    path("games/<int:pk>/undo/", views.undo_hand, name="undo-hand"),
    # The rulings assistant (issue 7)
    path("rulings/", views_rulings.rulings, name="rulings"),
    path("rulings/<slug:key>/", views_rulings.ruling, name="ruling"),
    path("rulings/<slug:key>/record/", views_rulings.record, name="ruling-record"),
]
