from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "league.games"
    label = "gameplay"  # the tables and migrations keep the label they were made with
    verbose_name = "Games"

    def ready(self) -> None:
        from league.games import signals  # noqa: F401  (connects the page-cache receivers)
