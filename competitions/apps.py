from django.apps import AppConfig


class CompetitionsConfig(AppConfig):
    name = "competitions"
    verbose_name = "Competitions"

    def ready(self) -> None:
        from competitions import signals  # noqa: F401  (connects the page-cache receivers)
