"""Run the periodic work of settings.CELERY_BEAT_SCHEDULE in this process (league.core.periodic)."""

import contextlib

from django.core.management.base import BaseCommand

from league.core.periodic import run_due, run_forever


class Command(BaseCommand):
    help = "Run the site's periodic work (rating periods, deadlines, the follow-up relay) here."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--once", action="store_true", help="Run every entry once and stop.")
        parser.add_argument("--tick", type=float, default=5.0, help="Seconds between checks.")

    def handle(self, *args, once: bool, tick: float, **options) -> None:
        if once:
            for name, result in run_due({}).items():
                self.stdout.write(f"{name}: {result}")
            return
        self.stdout.write("Running the periodic work; stop with Ctrl-C.")
        with contextlib.suppress(KeyboardInterrupt):
            run_forever(tick)
