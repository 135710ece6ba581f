"""The site's own templates (the project's folder and each app's), for tests that read every one."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings


def site_templates() -> list[Path]:
    folders = [Path(folder) for engine in settings.TEMPLATES for folder in engine["DIRS"]]
    folders += Path(settings.BASE_DIR, "league").glob("*/templates")
    return sorted(path for folder in folders for path in folder.rglob("*.html"))
