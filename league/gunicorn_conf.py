"""gunicorn's settings, given as `-c python:league.gunicorn_conf` (README, Dockerfile, the
benchmarks). The site is loaded and its URLs and templates compiled once, before the workers start
(each a copy of that process); each worker then opens its own connections (league/warm.py).

What is loaded by then lives as long as the process: it is frozen out of the garbage collector
(gc.freeze, as the Python documentation advises before a fork). A worker's full collections
then walk only what its requests made, not the whole site's objects each time (on a competition
page, one full collection in about 30 requests: 65 ms unfrozen, 27 ms frozen), and
they no longer write to the pages the workers share with the first process.

Each worker runs its request loop under `with_room` (league/core/frame_room.py): the frames of
every request then stay in one chunk of the interpreter's frame stack, instead of mapping and
unmapping a chunk each time a template's loop calls across a chunk's end (a division's cold
standings page in a worker: 12.2 ms with about 280 page faults, 9.7 ms with none)."""

import gc

from gunicorn.workers.sync import SyncWorker

from league.core.frame_room import with_room

preload_app = True


class RoomyWorker(SyncWorker):
    """gunicorn's sync worker, its whole request loop run with room on the frame stack."""

    def run(self) -> None:
        with_room(super().run)


worker_class = RoomyWorker


def when_ready(server) -> None:
    from league.warm import compile_site

    compile_site()
    gc.freeze()


def post_worker_init(worker) -> None:
    from league.warm import connect

    connect()
