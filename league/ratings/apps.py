from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "league.ratings"
    label = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from league.competitions.models import FollowUp
        from league.competitions.services import follow_ups
        from league.ratings import receivers, tasks  # noqa: F401  (connects the receivers)

        # A confirmed or corrected result is rated; removed results rate the club again.
        follow_ups.register(FollowUp.Kind.RATE, tasks.rate_confirmed_result)
        follow_ups.register(FollowUp.Kind.RATE_AGAIN, tasks.rate_again_from)
