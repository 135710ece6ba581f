"""System checks of the deployment (`manage.py check --deploy`)."""

from __future__ import annotations

from django.conf import settings
from django.core import checks

IN_PROCESS = ("django.core.cache.backends.locmem.LocMemCache",
              "django.core.cache.backends.dummy.DummyCache")


@checks.register(checks.Tags.caches, deploy=True)
def shared_cache(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """Production runs several processes: the default cache must be one they share, or a result
    confirmed in one would leave the others serving the competition page as it was, and the
    sign-in limit would count per process."""
    if settings.CACHES["default"]["BACKEND"] not in IN_PROCESS:
        return []
    return [checks.Warning(
        "The default cache lives in each process's memory: competition pages cached by one web "
        "process are not refreshed by a result entered in another, and sign-in limits are "
        "counted per process.",
        hint="Set REDIS_URL (e.g. redis://127.0.0.1:6379/1) to share the cache.",
        id="ginleague.W001",
    )]
