from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "league.notifications"
    label = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # The lower apps send their signals (model saves, league.clubs.signals.organizer_invited);
        # the receivers here turn them into notifications after the commit.
        from league.notifications import receivers  # noqa: F401
