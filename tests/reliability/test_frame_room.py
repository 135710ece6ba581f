"""Room on the frame stack (league/core/frame_room.py): calls made under `with_room` stay in one
chunk of the interpreter's frame stack, however deep they nest, and a web worker serves every
request under it."""

import resource
import traceback

from gunicorn.config import Config
from gunicorn.workers.sync import SyncWorker

from league import gunicorn_conf
from league.core import frame_room

# Nested calls at every depth to 600: about 8,000 slots of frames at the deepest, four of the
# 16 KiB chunks the interpreter otherwise stacks them in, so the sweep crosses a chunk's end
# at several depths, 50 times at each.
DEEPEST = 600
TIMES = 50


def _nested(depth: int) -> int:
    return 0 if depth == 0 else _nested(depth - 1) + 1


def _page_faults_of_a_sweep() -> int:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for depth in range(DEEPEST):
        for _ in range(TIMES):
            assert _nested(depth) == depth
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def test_calls_under_the_room_touch_no_fresh_memory_at_any_depth():
    # Crossing a chunk's end maps a fresh chunk and faults its pages in, then unmaps it on
    # return: where the interpreter does that, a sweep outside the room costs 170,000 faults.
    # Under the room the frames stay in memory already touched once.
    frame_room.with_room(_page_faults_of_a_sweep)  # the room's own chunk touched once
    assert frame_room.with_room(_page_faults_of_a_sweep) < 200


def test_the_room_is_a_frame_of_its_size():
    code = frame_room._call.__code__
    assert code.co_nlocals >= frame_room.ROOM_FRAME_SLOTS
    assert frame_room.with_room(divmod, 17, 5) == (3, 2)


def test_a_web_worker_runs_its_request_loop_under_the_room(monkeypatch):
    loops = []
    monkeypatch.setattr(SyncWorker, "run",
                        lambda worker: loops.append([f.name for f in traceback.extract_stack()]))
    worker = gunicorn_conf.RoomyWorker.__new__(gunicorn_conf.RoomyWorker)
    worker.run()
    assert len(loops) == 1
    assert "_call" in loops[0] and loops[0].index("_call") > loops[0].index("run")


def test_gunicorn_takes_the_roomy_worker_from_the_settings():
    config = Config()
    config.set("worker_class", gunicorn_conf.worker_class)
    assert config.worker_class is gunicorn_conf.RoomyWorker
    assert issubclass(config.worker_class, SyncWorker)
