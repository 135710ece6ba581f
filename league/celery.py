"""The Celery app. Without CELERY_BROKER_URL, tasks run in-process (see settings).

A worker keeps its database connections from one task to the next, as a web process keeps them
from one request to the next (CONN_MAX_AGE, CONN_HEALTH_CHECKS): before and after each task,
Django's `close_old_connections` closes a connection that is too old, broken by an error, or
left outside autocommit, and the next query checks that the connection is alive. Celery's own
Django fixup would otherwise close every connection before and after every task, and each task
would open a new one (a few milliseconds, and the queries prepared on it lost): a burst of a
thousand results sends three thousand tasks, most of which find their work done by another
(CELERY_DB_REUSE_MAX in the settings lets the fixup reconnect only rarely).
"""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

app = Celery("ginleague")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def keep_connections_as_requests_do(sender=None, **kwargs) -> None:
    # A task run in-process (eager) runs inside the caller's request or transaction, whose
    # connection must stay as it is.
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()
