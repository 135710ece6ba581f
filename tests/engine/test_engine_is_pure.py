"""The engine is a library: importing it must not import Django (or anything doing I/O)."""

import subprocess
import sys


def test_engine_imports_nothing_from_django():
    code = (
        "import sys, gameplay.engine, pkgutil, importlib\n"
        "for m in pkgutil.walk_packages(gameplay.engine.__path__, 'gameplay.engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n == 'django' or n.startswith('django.'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
