from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "League"

    def ready(self) -> None:
        from league import checks, signals  # noqa: F401  (registers the checks, connects the receivers)
