"""gunicorn's settings, given as `-c python:league.gunicorn_conf` (README, Dockerfile, the
benchmarks). The site is loaded and its URLs and templates compiled once, before the workers start
(each a copy of that process); each worker then opens its own connections (league/warm.py).

What is loaded by then lives as long as the process: it is frozen out of the garbage collector
(gc.freeze, as the Python documentation advises before a fork). A worker's full collections
then walk only what its requests made, not the whole site's objects each time (on a competition
page, one full collection in about 30 requests: 65 ms unfrozen, 27 ms frozen), and
they no longer write to the pages the workers share with the first process."""

import gc

preload_app = True


def when_ready(server) -> None:
    from league.warm import compile_site

    compile_site()
    gc.freeze()


def post_worker_init(worker) -> None:
    from league.warm import connect

    connect()
