from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        from clubs import signals  # noqa: F401  (connects the receivers)
