"""Run every benchmark module (``bench_*.py``) in name order, or those named on the command line.

    python -m benchmarks            # all
    python -m benchmarks engine     # benchmarks/bench_engine.py only
"""

import importlib
import pkgutil
import sys
import time
from pathlib import Path


def main(names: list[str]) -> int:
    here = Path(__file__).parent
    modules = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if names:
        modules = [m for m in modules if m.removeprefix("bench_") in names]
    failed = []
    for name in modules:
        print(f"\n=== {name.removeprefix('bench_')} ===", flush=True)
        started = time.perf_counter()
        module = importlib.import_module(f"benchmarks.{name}")
        if module.run() is False:
            failed.append(name)
        print(f"({time.perf_counter() - started:.1f} s)", flush=True)
    if failed:
        print(f"\nbelow target: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
