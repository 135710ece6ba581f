"""The periodic work run inside the site's own processes, without a broker or `celery beat`: the
entries of settings.CELERY_BEAT_SCHEDULE (the same ones production's beat sends), each run
in-process by its Celery task when celery's own schedule says it is due.

`make run` starts `manage.py run_periodic` beside the development server; production keeps
`celery beat` and its workers.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import datetime

from celery import current_app
from celery.schedules import maybe_schedule
from django.conf import settings
from django.utils import timezone

log = logging.getLogger(__name__)


def due(last_runs: dict[str, datetime], now: datetime) -> list[str]:
    """The entries due at now: never run yet, or their interval passed since their last run."""
    names = []
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        last = last_runs.get(name)
        if last is None:
            names.append(name)
            continue
        remaining = maybe_schedule(entry["schedule"]).remaining_estimate(last)
        if last + remaining <= now:
            names.append(name)
    return names


def run_due(last_runs: dict[str, datetime], now: datetime | None = None) -> dict[str, object]:
    """Run each due entry's task here and now; last_runs is updated. A task that fails is
    logged and tried again at its next interval, as beat would."""
    now = now or timezone.now()
    done: dict[str, object] = {}
    for name in due(last_runs, now):
        entry = settings.CELERY_BEAT_SCHEDULE[name]
        task = registered_task(entry["task"])
        last_runs[name] = now
        try:
            done[name] = task.apply(args=entry.get("args", ()),
                                    kwargs=entry.get("kwargs", {}), throw=True).get()
        except Exception:
            log.exception("periodic: %s failed", name)
            continue
        log.info("periodic: %s: %s", name, done[name])
    return done


def registered_task(name: str):
    """The task registered under its name (each task pins its name), the apps' tasks modules
    imported first where this process has not imported them yet."""
    if name not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[name]


def run_forever(tick: float = 5.0, *, stop: Callable[[], bool] = lambda: False) -> None:
    last_runs: dict[str, datetime] = {}
    while not stop():
        run_due(last_runs)
        time.sleep(tick)
