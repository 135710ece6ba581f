"""What the webhook tests share: names resolved as the test says (no network), posts captured
instead of sent, and an independent implementation of the Standard Webhooks check."""

from __future__ import annotations

import base64
import hashlib
import hmac
import socket
import time

from league.api.webhooks import targets

PUBLIC = "93.184.215.14"


class Network:
    """socket.getaddrinfo answering from `names`, and every post captured with the address it
    was sent to; `answer` is the status each post gets (or an exception to raise)."""

    def __init__(self, monkeypatch, names: dict[str, list[str]]) -> None:
        self.names = names
        self.posts: list[dict] = []
        self.answer: int | Exception = 200
        monkeypatch.setattr(socket, "getaddrinfo", self.getaddrinfo)
        monkeypatch.setattr(targets, "send_request", self.send_request)

    def getaddrinfo(self, host, port, *args, **kwargs):
        if host not in self.names:
            try:
                import ipaddress

                ipaddress.ip_address(host.strip("[]"))
                addresses = [host.strip("[]")]
            except ValueError:
                raise socket.gaierror("not found") from None
        else:
            addresses = self.names[host]
        return [(socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "",
                 (a, port)) for a in addresses]

    def send_request(self, parts, address, body, headers, *, timeout):
        self.posts.append({"host": parts.hostname, "address": address, "body": body,
                           "headers": dict(headers)})
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def standard_webhooks_verify(secret: str, headers: dict[str, str], body: str,
                             tolerance: int = 300) -> bool:
    """The receiver's check, written from the specification alone: the secret's bytes are the
    base64 after "whsec_"; the signed content is "{id}.{timestamp}.{body}"; the header holds
    space-separated "version,signature" pairs, any "v1" one matching (in constant time) passes;
    a timestamp further than `tolerance` seconds from now fails."""
    message_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    if abs(time.time() - int(timestamp)) > tolerance:
        return False
    key = base64.b64decode(secret.split("_", 1)[1])
    content = b".".join([message_id.encode(), timestamp.encode(), body.encode()])
    expected = base64.b64encode(hmac.new(key, content, hashlib.sha256).digest())
    for pair in headers["webhook-signature"].split(" "):
        version, _, given = pair.partition(",")
        if version == "v1" and hmac.compare_digest(given.encode(), expected):
            return True
    return False
