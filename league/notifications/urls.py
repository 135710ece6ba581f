from django.urls import path

from league.notifications import views

urlpatterns = [
    path("notifications/", views.notification_list, name="notifications"),
    path("notifications/read/", views.mark_read, name="notifications-read"),
    path("notifications/choices/", views.preferences, name="notification-preferences"),
    path("notifications/unsubscribe/<str:token>/", views.unsubscribe,
         name="notification-unsubscribe"),
]
