from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = "League"

    def ready(self) -> None:
        from league import signals  # noqa: F401  (connects the page-version receivers)
