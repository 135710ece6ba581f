"""gunicorn's settings, given as `-c python:league.gunicorn_conf` (README, Dockerfile, the
benchmarks). The site is loaded and its URLs and templates compiled once, before the workers start
(each a copy of that process); each worker then opens its own connections (league/warm.py)."""

preload_app = True


def when_ready(server) -> None:
    from league.warm import compile_site

    compile_site()


def post_worker_init(worker) -> None:
    from league.warm import connect

    connect()
