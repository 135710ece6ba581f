from django.apps import AppConfig


class GameplayConfig(AppConfig):
    name = "gameplay"
    verbose_name = "Gameplay"

    def ready(self) -> None:
        from gameplay import signals  # noqa: F401  (connects the page-cache receivers)
