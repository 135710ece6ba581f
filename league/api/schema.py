"""The schema's shared parts: every operation's refusals (a bad filter, a key not in use, a
page or object not found, too many requests) with the error body they carry, and a 304 for an
If-None-Match that still matches; every read's ETag."""

from __future__ import annotations

ERROR = {
    "type": "object",
    "description": "`detail` says what is wrong; a bad filter names each field instead.",
    "properties": {"detail": {"type": "string"}},
    "additionalProperties": True,
}
REFUSALS = {
    "304": "Not modified: the ETag given in If-None-Match still matches",
    "400": "A filter's value is not valid",
    "401": "The key given is not in use (revoked, or never issued)",
    "404": "Not found, or not readable with this key",
    "429": "Too many requests: try again after Retry-After seconds",
}


def add_refusals(result, generator, request, public):
    """drf-spectacular postprocessing hook."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR
    for path in result.get("paths", {}).values():
        for operation in path.values():
            responses = operation.setdefault("responses", {})
            if "200" in responses:
                responses["200"].setdefault("headers", {})["ETag"] = {
                    "description": "Give it back in If-None-Match: an unchanged read is a 304",
                    "schema": {"type": "string"}, "required": True}
            for status, description in REFUSALS.items():
                if status == "304":
                    responses.setdefault(status, {"description": description})
                    continue
                responses.setdefault(status, {
                    "description": description,
                    "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Error"}}},
                })
    return result
