from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "league.notifications"
    label = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # The lower apps send their signals (model saves, league.clubs.signals.organizer_invited);
        # the receivers here turn them into notifications after the commit.
        from league.core.fills import fills
        from league.notifications import receivers  # noqa: F401
        from league.notifications.services import UNREAD_KEY, unread_filling

        fills(UNREAD_KEY, unread_filling)  # read with the page's other missing keys
