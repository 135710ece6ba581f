from django.urls import path

from . import views

urlpatterns = [
    path("matches/<id:pk>/record.json", views.download_record, name="match-record"),
    path("matches/<id:pk>/record/import/", views.import_record, name="match-record-import"),
    path("clubs/<slug:slug>/manage/archive.zip", views.download_archive, name="club-archive"),
]
