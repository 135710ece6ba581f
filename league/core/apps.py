from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "league.core"
    label = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from league.core import checks  # noqa: F401  (registers the deployment checks)
