"""Running actions really at once: threads, each with its own database connection, released
together by a barrier. Row locks only mean something on PostgreSQL; on SQLite these tests skip."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connections

from league.core.errors import ServiceError

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith("postgres")
postgres_only = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not ON_POSTGRES,
        reason="row locks and parallel transactions need PostgreSQL: set DATABASE_URL=postgres://…",
    ),
]
THREAD_TIMEOUT = 30  # seconds: a thread still running then is a deadlock, and the test fails


@dataclass(frozen=True)
class Outcome:
    """What one of the simultaneous actions got: its value, or the refusal it was given."""

    value: Any = None
    refusal: ServiceError | None = None
    crash: BaseException | None = None

    @property
    def took_effect(self) -> bool:
        return self.refusal is None and self.crash is None


def at_once(*actions: Callable[[], Any]) -> list[Outcome]:
    """Run the actions in parallel threads released by one barrier; each thread closes its
    connection at the end. A crash (anything but a ServiceError) is kept for the test to show."""
    barrier = threading.Barrier(len(actions))
    outcomes: list[Outcome | None] = [None] * len(actions)

    def run(index: int, action: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=THREAD_TIMEOUT)
            outcomes[index] = Outcome(value=action())
        except ServiceError as refusal:
            outcomes[index] = Outcome(refusal=refusal)
        except BaseException as crash:  # reported by the test below, not swallowed
            outcomes[index] = Outcome(crash=crash)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, a), daemon=True) for i, a in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=THREAD_TIMEOUT)
    assert not any(t.is_alive() for t in threads), "a thread is still waiting: a deadlock?"
    crashes = [o.crash for o in outcomes if o is not None and o.crash is not None]
    assert not crashes, f"an action crashed instead of being refused: {crashes[0]!r}"
    return [o for o in outcomes if o is not None]


def one_took_effect(outcomes: list[Outcome]) -> tuple[Outcome, Outcome]:
    """Exactly one action took effect and the other was refused: (winner, refused)."""
    done = [o for o in outcomes if o.took_effect]
    refused = [o for o in outcomes if not o.took_effect]
    assert len(done) == 1, f"{len(done)} of {len(outcomes)} simultaneous actions took effect"
    assert len(refused) == len(outcomes) - 1
    return done[0], refused[0]
