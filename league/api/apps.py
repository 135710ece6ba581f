from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "league.api"
    label = "api"
    verbose_name = "Read API and webhooks"

    def ready(self) -> None:
        from league.api import receivers, tasks  # noqa: F401  (connects the receivers)
        from league.api.models import WebhookEvent
        from league.api.webhooks.deliveries import wanted_for
        from league.competitions.base import outbox
        from league.competitions.models import FollowUp

        # A confirmed or corrected result is told to the club's webhooks that want it, through
        # the outbox; a club without such a webhook records no row.
        told = (WebhookEvent.RESULT_CONFIRMED, WebhookEvent.STANDINGS_CHANGED)
        outbox.register(FollowUp.Kind.WEBHOOKS, tasks.result_webhooks,
                        wanted=lambda match: wanted_for(match.competition_id, told))
