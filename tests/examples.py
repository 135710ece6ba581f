"""How many examples a property test tries: `@settings(max_examples=examples(300))` names the
test's full count.

Under CI (the environment variable CI set, as CI services do; .ci/run sets EXAMPLES_SCALE=1)
every property test tries its full count. On a developer's `make test` each tries a fifth of it
(at least ten), new ones each run, so that the whole suite stays quick; over many runs the
search covers as much. EXAMPLES_SCALE sets the fraction anywhere: `EXAMPLES_SCALE=1 make test`
runs the full counts, 3 searches three times as far.
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
