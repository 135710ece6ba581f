"""Standard Webhooks signatures: `webhook-id`, `webhook-timestamp` (Unix seconds) and
`webhook-signature`, "v1," and the base64 of the HMAC-SHA256 of "id.timestamp.body" keyed with
the secret's bytes (the secret is "whsec_" and their base64)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

PREFIX = "whsec_"


def new_secret() -> str:
    return PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def signature(secret: str, message_id: str, timestamp: int, body: str) -> str:
    key = base64.b64decode(secret.removeprefix(PREFIX))
    signed = f"{message_id}.{timestamp}.{body}".encode()
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def headers(secret: str, message_id: str, timestamp: int, body: str) -> dict[str, str]:
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature(secret, message_id, timestamp, body),
        "Content-Type": "application/json",
        "User-Agent": "GinLeague-Webhooks/1",
    }
