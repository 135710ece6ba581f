"""The competition algorithms take plain values: importing them must not import Django."""

import subprocess
import sys

MODULES = ["elimination", "elimination_advance", "groups", "ladder", "qualification", "round_robin",
           "seeding", "standings", "swiss", "tiebreaks"]


def test_competition_algorithms_import_nothing_from_django():
    code = (
        "import sys, importlib\n"
        f"for name in {MODULES!r}:\n"
        "    importlib.import_module('competitions.algorithms.' + name)\n"
        "print(','.join(n for n in sys.modules if n == 'django' or n.startswith('django.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
