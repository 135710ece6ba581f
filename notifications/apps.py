from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # The lower apps send their signals (model saves, clubs.signals.organizer_invited);
        # the receivers here turn them into notifications after the commit.
        from notifications import receivers  # noqa: F401
