"""The record format's name, version and limits, and its JSON Schema
(docs/schema/match-record-v1.json) checking a record read from a file."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django.conf import settings
from jsonschema import Draft202012Validator

FORMAT = "gin-league-match"
VERSION = 1
ARCHIVE_FORMAT = "gin-league-club-archive"
ARCHIVE_VERSION = 1
# A long match of many games with every event log is well under this.
MAX_RECORD_BYTES = 2 * 1024 * 1024
SCHEMA_FILE = Path(settings.BASE_DIR) / "docs" / "schema" / "match-record-v1.json"


@cache
def validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def schema_problems(record: object, limit: int = 3) -> list[str]:
    """The first few places where ``record`` breaks the schema, each as `path: message`."""
    errors = sorted(validator().iter_errors(record), key=lambda e: list(e.absolute_path))
    return [
        f"{'/'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}"
        for e in errors[:limit]
    ]
