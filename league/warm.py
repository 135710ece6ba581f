"""A web server's start (league/gunicorn_conf.py): the work every process would otherwise do in its
first requests, done before any request, so that the first visitor of each page after a deploy
or a worker's restart waits for his page alone.

`compile_site`, once in the server's first process, before it starts its workers (each starts
with a copy of it): the URL patterns compiled for each language the site speaks (Django builds
them per language, on first use) and every template of the site compiled (the cached template
loader keeps them). `connect`, in each worker: its connections to the database and the caches
opened (connections are never shared between processes). Nothing is written; a database or a
cache that does not answer yet is connected by the first request, as without this."""

from __future__ import annotations

import logging
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.db import DatabaseError, connection
from django.template import engines
from django.urls import reverse
from django.utils import translation

logger = logging.getLogger(__name__)


def compile_site() -> None:
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            reverse("home")
    engine = engines["django"]
    for folder in engine.dirs:
        root = Path(folder)
        for path in sorted(root.rglob("*.html")):
            engine.get_template(path.relative_to(root).as_posix())


def connect() -> None:
    try:
        connection.ensure_connection()
    except DatabaseError as error:
        logger.warning("the database does not answer yet: %s", error)
    for alias in settings.CACHES:
        # a key nobody writes: the call connects; a cache that does not answer is a miss
        caches[alias].has_key("warm:connect")
