from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "league.stats"
    label = "stats"
    verbose_name = "Statistics"

    def ready(self) -> None:
        from league.competitions.base import outbox
        from league.competitions.models import FollowUp
        from league.stats import receivers, tasks  # noqa: F401  (connects the receivers)

        # A confirmed or corrected result, a hand corrected: the players' summary rows counted
        # again through the outbox (league.stats.summaries).
        outbox.register(FollowUp.Kind.STATISTICS, tasks.count_statistics)
