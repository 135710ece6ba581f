"""How many examples a property test tries: `@settings(max_examples=examples(300))` names the
test's full count.

Under CI (the environment variable CI set, as CI services do; .ci/run sets EXAMPLES_SCALE=1)
and in `make test`'s property lane (EXAMPLES_SCALE=1 unless set) every property test tries its
full count. A run of pytest on a developer's machine otherwise tries a fifth of it (at least
ten), new ones each run, so that running some tests stays quick. EXAMPLES_SCALE sets the
fraction anywhere: 3 searches three times as far.
"""

from __future__ import annotations

import math
import os

QUICK = 0.2
FLOOR = 10


def scale() -> float:
    given = os.environ.get("EXAMPLES_SCALE", "").strip()
    if given:
        return float(given)
    return 1.0 if os.environ.get("CI") else QUICK


def examples(full: int) -> int:
    """The examples to try, of a test whose full count is `full`."""
    wanted = math.ceil(full * scale())
    return wanted if wanted >= full else max(wanted, min(full, FLOOR))
