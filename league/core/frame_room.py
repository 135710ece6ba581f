"""Room on the interpreter's frame stack for everything a long call makes, set aside in one piece.

CPython keeps the frames of running Python functions in chunks of 16 KiB, one after another. A
call that does not fit in what is left of the current chunk gets a new chunk, mapped fresh from
the system; its return, back into the chunk before, unmaps it again. A loop whose calls cross
that boundary maps and unmaps memory on every call, and pays a page fault for each page of it
it touches. Rendering a template nests calls deeply and loops at every depth: in a web worker,
a division's standings page crossed the boundary about 250 times, and spent some 2 ms of its
12 ms in the system doing it. (CPython's later maintenance releases of 3.13 and 3.14 keep one
chunk spare, which ends the churn; 3.11 and 3.12 do not.)

A frame that needs more room than a chunk holds gets a chunk of its own, sized for the frame
and 1,000 slots more, rounded up to a power of two. `with_room` calls its function from a frame
of ROOM_FRAME_SLOTS slots, which lands in a 256 KiB chunk with about 17,000 slots (136 KiB) to
spare: every call made under it, a whole page's rendering many times over, stays in that one
chunk, which lives as long as the call does. A web worker runs its whole loop under it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# 15,400 slots and the 1,000 added make just over 128 KiB, which rounds up to 256 KiB; the
# frame's own 15,400 of the chunk's 32,768 slots leave the rest to the calls under it.
ROOM_FRAME_SLOTS = 15_400


def _call(call, *args):
    return call(*args)


# The frame's size is its code's local variables (and its evaluation stack): the same function
# with ROOM_FRAME_SLOTS more locals, never assigned, so its frame reserves that many slots.
_names = _call.__code__.co_varnames + tuple(f"_room{slot}" for slot in range(ROOM_FRAME_SLOTS))
_call.__code__ = _call.__code__.replace(co_varnames=_names, co_nlocals=len(_names))
del _names


def with_room(call: Callable[..., T], *args) -> T:
    """call(*args), from a frame that sets aside a chunk of the frame stack for the calls under it."""
    return _call(call, *args)
