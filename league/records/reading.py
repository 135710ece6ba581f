"""A record read from an uploaded file: its size, its JSON, its format and version checked
before anything else, each refusal a sentence the organizer reads on the page."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from league.core.errors import ServiceError

from .format import FORMAT, MAX_RECORD_BYTES, VERSION


def read_record(upload) -> dict:
    """The record in ``upload`` (an uploaded file, or bytes)."""
    size = upload.size if hasattr(upload, "size") else len(upload)
    if size > MAX_RECORD_BYTES:
        raise ServiceError(
            _("The file is too large: a match record is at most %(mb)s MB.")
            % {"mb": MAX_RECORD_BYTES // (1024 * 1024)},
            field="file",
        )
    raw = upload.read() if hasattr(upload, "read") else upload
    return parse_record(raw)


def parse_record(raw: bytes) -> dict:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ServiceError(
            _("The file is not JSON: choose the record file as it was downloaded (a .json file)."),
            field="file",
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ServiceError(_("The file is JSON, but not a Gin League match record."), field="file")
    if data.get("version") != VERSION:
        raise ServiceError(
            _(
                "This record is of version %(found)s of the format; this site "
                "reads version %(version)s."
            )
            % {"found": data.get("version"), "version": VERSION},
            field="file",
        )
    return data
