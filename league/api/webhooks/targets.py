"""Where a webhook may post: https (plain http only on a development machine, DEBUG), to a
name whose every address is a public one: never private, loopback, link-local, multicast or
reserved. Checked when the URL is saved and again at every request: the name is resolved, every
address it gives is checked, and the connection is made to the checked address itself (its
name still sent for TLS and in Host), so a name that changes its answer between the check and
the connection cannot lead it inside."""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from urllib.parse import SplitResult, urlsplit

from django.conf import settings
from django.utils.translation import gettext

RESPONSE_LIMIT = 64 * 1024


class Refused(Exception):
    """The URL is not one a webhook may post to; the message says why."""


def checked_url(url: str) -> SplitResult:
    parts = urlsplit(url)
    allowed = ("https", "http") if settings.DEBUG else ("https",)
    if parts.scheme not in allowed:
        raise Refused(gettext("A webhook's address starts with https://."))
    if not parts.hostname:
        raise Refused(gettext("Give the full address, with its host name."))
    if parts.username or parts.password:
        raise Refused(gettext("A webhook's address carries no user name or password."))
    try:
        parts.port  # noqa: B018  (a port out of range raises)
    except ValueError:
        raise Refused(gettext("The address's port is not a valid port.")) from None
    return parts


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    if ip.version == 6 and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def public_addresses(host: str, port: int) -> list[str]:
    """Every address `host` resolves to, each checked public; Refused otherwise."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise Refused(gettext("The name %(host)s is not found.") % {"host": host}) from None
    addresses = list(dict.fromkeys(info[4][0] for info in found))
    if not addresses:
        raise Refused(gettext("The name %(host)s is not found.") % {"host": host})
    for address in addresses:
        if not is_public(address):
            raise Refused(gettext("%(host)s is at %(address)s, a private, loopback or link-local "
                                  "address: a webhook posts only to the public internet.")
                          % {"host": host, "address": address})
    return addresses


def port_of(parts: SplitResult) -> int:
    return parts.port or (443 if parts.scheme == "https" else 80)


def check(url: str) -> tuple[SplitResult, str]:
    """The URL's parts and the checked address to connect to."""
    parts = checked_url(url)
    return parts, public_addresses(parts.hostname, port_of(parts))[0]


def post(url: str, body: str, headers: dict[str, str], *, timeout: float) -> int:
    """POST the body to the URL, checked now; the response's status code. Refused before any
    connection when the URL is not allowed; OSError (and http.client's errors) when it does not
    answer."""
    parts, address = check(url)
    return send_request(parts, address, body, headers, timeout=timeout)


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def connection(parts: SplitResult, address: str, *, timeout: float) -> http.client.HTTPConnection:
    kind = _PinnedHTTPS if parts.scheme == "https" else _PinnedHTTP
    return kind(parts.hostname, port_of(parts), address, timeout)


def send_request(parts: SplitResult, address: str, body: str, headers: dict[str, str], *,
                 timeout: float) -> int:
    target = parts.path or "/"
    if parts.query:
        target += f"?{parts.query}"
    link = connection(parts, address, timeout=timeout)
    try:
        link.request("POST", target, body=body.encode(), headers=headers)
        response = link.getresponse()
        response.read(RESPONSE_LIMIT)  # not kept; redirects are not followed
        return response.status
    finally:
        link.close()
