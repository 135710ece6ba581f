"""A web worker's start (league/warm.py, run by league/gunicorn_conf.py): every template of the site
compiles, and the connections open, or are left to the first request when nothing answers."""

import gc

import pytest
from django.db import connection
from django.template import engines

from league import gunicorn_conf
from league.warm import compile_site, connect


def test_every_template_is_compiled_before_the_first_request(monkeypatch):
    engine = engines["django"]
    compiled = []
    get_template = engine.get_template
    monkeypatch.setattr(engine, "get_template",
                        lambda name: compiled.append(name) or get_template(name))
    compile_site()
    assert {"base.html", "pages/home.html", "pages/home_parts.html", "pages/club.html"} <= set(
        compiled)
    assert len(compiled) == len(set(compiled)) > 100


@pytest.mark.django_db
def test_a_worker_starts_connected_to_the_database():
    connection.close()
    connect()
    assert connection.connection is not None


def test_what_the_workers_share_is_frozen_out_of_the_collector_before_they_start():
    gc.unfreeze()
    try:
        gunicorn_conf.when_ready(server=None)
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
