"""`make bench`: every module ``benchmarks/bench_*.py`` has a ``run()`` that prints its figures."""
