from django.urls import path

from . import rules_page, views
from .rulings import views as rulings_views

app_name = "gameplay"
urlpatterns = [
    path("games/<int:pk>/", views.scoresheet, name="scoresheet"),
    path("games/<int:pk>/hands/", views.add_hand, name="add-hand"),
    path("games/<int:pk>/undo/", views.undo_hand, name="undo-hand"),
    path("rules/", rules_page.rules, name="rules"),
    # The rulings assistant
    path("rulings/", rulings_views.rulings, name="rulings"),
    path("rulings/<slug:key>/", rulings_views.ruling, name="ruling"),
    path("rulings/<slug:key>/record/", rulings_views.record, name="ruling-record"),
]
