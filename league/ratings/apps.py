from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "league.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from league.competitions.base import outbox
        from league.competitions.models import FollowUp
        from league.ratings import receivers, tasks  # noqa: F401  (connects the receivers)

        # A confirmed or corrected result is rated; removed results rate the club again.
        outbox.register(FollowUp.Kind.RATE, tasks.rate_confirmed_result)
        outbox.register(FollowUp.Kind.RATE_AGAIN, tasks.rate_again_from)
