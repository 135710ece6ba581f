from django.apps import AppConfig


class CompetitionsConfig(AppConfig):
    name = "league.competitions"
    label = "competitions"
    verbose_name = "Competitions"

    def ready(self) -> None:
        # Connect the page-cache receivers and those that keep the history of deleted accounts.
        from league.competitions import history_receivers, signals, tasks  # noqa: F401
        from league.competitions.base import outbox
        from league.competitions.models import FollowUp

        outbox.register(FollowUp.Kind.PROGRESS, tasks.result_confirmed)
