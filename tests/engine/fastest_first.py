"""A pytest plugin for mutant runs: the tests that cover a mutant run fastest first.

mutmut runs a mutant's tests with `-x`, so a mutant is done at its first failing test; it passes
them in no fixed order. Run fastest first (by the times mutmut measured on the clean code), a
mutant that one quick test kills costs that test, not the slow property tests listed before it.
Outside a mutmut run (no times known) the order is left as collected.
"""

from __future__ import annotations

import pytest


def _measured() -> dict[str, float]:
    try:
        from mutmut.state import state
    except ImportError:  # pragma: no cover - the plugin is named only by [tool.mutmut]
        return {}
    return dict(state().duration_by_test)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    measured = _measured()
    if measured:
        items.sort(key=lambda item: measured.get(item.nodeid, 0.0))
