"""The committed catalogs hold exactly the strings the source marks: `make messages` run again on
a copy of the project adds no string (one marked since, never translated, would be shown in
English) and drops none (one no longer marked, whose translation is dead weight). With
test_catalogs.py (every string of the catalog translated), a string marked without its
translation fails here."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LOCALE = Path("league") / "locale"
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
# What `make messages` reads: the project's own code and templates (Makefile: MESSAGE_IGNORES).
COPIED = ["manage.py", "league", "templates", "static", "gameplay"]
LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", "staticfiles")

pytestmark = pytest.mark.skipif(
    shutil.which("xgettext") is None or shutil.which("msgmerge") is None,
    reason="GNU gettext is not installed (apt-get install gettext); `make messages` needs it",
)


def _ids(po: Path) -> set[tuple[str | None, str]]:
    with po.open("rb") as file:
        catalog = read_po(file)
    return {
        (message.context, message.id[0] if isinstance(message.id, tuple) else message.id)
        for message in catalog
        if message.id
    }


@pytest.fixture(scope="module")
def gathered_again(tmp_path_factory) -> Path:
    """A copy of the project whose catalogs `make messages` gathered again from its source."""
    copy = tmp_path_factory.mktemp("messages")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=LEFT_OUT)
        elif source.exists():
            shutil.copy2(source, copy / name)
    domains = sorted({po.stem for po in (ROOT / LOCALE).glob("*/LC_MESSAGES/*.po")})
    # The copy's own settings, whose catalogs are the copy's: nothing from this checkout on the
    # path before it.
    environment = {**os.environ, "DJANGO_DEBUG": "true"}
    environment.pop("PYTHONPATH", None)
    for domain in domains:
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "--all", "--no-location",
             "--domain", domain, "--ignore=staticfiles/*"],
            cwd=copy, env=environment, check=True, capture_output=True, timeout=300,
        )  # fmt: skip
    assert _ids(copy / LOCALE / "de" / "LC_MESSAGES" / "django.po")  # gathered in the copy
    return copy


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalog_holds_every_string_the_source_marks_and_no_other(gathered_again, code):
    for committed in sorted((ROOT / LOCALE / code / "LC_MESSAGES").glob("*.po")):
        fresh = gathered_again / LOCALE / code / "LC_MESSAGES" / committed.name
        marked, kept = _ids(fresh), _ids(committed)
        missing = sorted(marked - kept, key=str)
        stale = sorted(kept - marked, key=str)
        assert (missing, stale) == ([], []), (
            f"{committed.relative_to(ROOT)} is not the source's (run `make messages`, then "
            f"translate): {len(missing)} marked strings missing: {missing[:30]}; "
            f"{len(stale)} strings no longer marked: {stale[:30]}"
        )
