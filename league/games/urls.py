from django.urls import path

from . import count_views, hand_views, offline, rules_page, views
from .rulings import table_views
from .rulings import views as rulings_views

app_name = "gameplay"
urlpatterns = [
    path("sw.js", offline.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("games/<id:pk>/", views.scoresheet, name="scoresheet"),
    path("games/<id:pk>/hands/", views.add_hand, name="add-hand"),
    path("games/<id:pk>/hands/preview/", count_views.preview_hand, name="preview-hand"),
    path("games/<id:pk>/undo/", views.undo_hand, name="undo-hand"),
    path("games/<id:pk>/hands/<int:number>/edit/", hand_views.edit_hand, name="edit-hand"),
    path("games/<id:pk>/hands/<int:number>/flag/", hand_views.flag, name="flag-hand"),
    path("flags/<id:pk>/dismiss/", hand_views.dismiss, name="dismiss-flag"),
    path("rules/", rules_page.rules, name="rules"),
    # Rulings at the table
    path("games/<id:pk>/hands/<int:number>/rulings/", table_views.hand_rulings,
         name="table-rulings"),
    path("games/<id:pk>/hands/<int:number>/rulings/<slug:key>/", table_views.table_ruling,
         name="table-ruling"),
    path("games/<id:pk>/table-rulings/<id:ruling_id>/", table_views.answer,
         name="answer-ruling"),
    # The rulings assistant
    path("rulings/", rulings_views.rulings, name="rulings"),
    path("rulings/<slug:key>/", rulings_views.ruling, name="ruling"),
    path("rulings/<slug:key>/record/", rulings_views.record, name="ruling-record"),
]
