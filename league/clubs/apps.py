from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "league.clubs"
    label = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        from league.clubs import signals  # noqa: F401  (connects the receivers)
