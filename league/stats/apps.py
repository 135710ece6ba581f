from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "league.stats"
    label = "stats"
    verbose_name = "Statistics"

    def ready(self) -> None:
        from league.stats import receivers  # noqa: F401  (connects the receivers)
