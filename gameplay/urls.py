from django.urls import path

from . import views

app_name = "gameplay"
urlpatterns = [
    path("games/<int:pk>/", views.scoresheet, name="scoresheet"),
    path("games/<int:pk>/hands/", views.add_hand, name="add-hand"),
    path("games/<int:pk>/undo/", views.undo_hand, name="undo-hand"),
]
