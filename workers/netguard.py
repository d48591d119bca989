"""Keeping webhooks and chat hooks from being turned against the service's own network (SSRF).

A hook URL must be ``https`` (plain ``http`` only where the operator allows it) and every
address its host resolves to must be a public unicast address: loopback, private, link-local,
multicast, unspecified, shared (CGNAT), documentation, benchmarking and other reserved ranges are
refused, for IPv4 and IPv6, including IPv4-mapped, IPv4-compatible, 6to4, Teredo and NAT64 forms
of a non-public IPv4 address. Numeric hosts in any spelling the resolver accepts (decimal
``2130706433``, octal ``0177.0.0.1``, hex ``0x7f.1``) are resolved first and checked as the
address they stand for.

The check runs when a seat subscribes and again at every delivery, where the connection goes to
the very address that was checked (:func:`resolve` then :class:`PinnedHTTPSConnection` /
:class:`PinnedHTTPConnection`), so a DNS answer that changes between the check and the connection
(rebinding) cannot redirect it; redirects are never followed (see :mod:`.notifiers`).

``CHRONICLE_WEBHOOK_ALLOW`` lists networks the operator allows anyway (development, tests) and
the word ``http`` to allow plain http, e.g. ``127.0.0.0/8,::1/128,http``. By default nothing is.
"""

from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlparse

from domain.common.i18n import N_, gettext

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

#: IPv6 prefixes that embed an IPv4 address, with where it sits.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
_SIX_TO_FOUR = ipaddress.ip_network("2002::/16")


class UnsafeUrl(ValueError):
    """A hook URL that may not be used; ``code`` is stable, the message a readable sentence."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Allowance:
    """What the operator allows beyond public https: networks, and plain http."""

    networks: tuple = ()
    http: bool = False

    def allows(self, address: IPAddress) -> bool:
        return any(address.version == net.version and address in net for net in self.networks)


def parse_allowance(text: str | None) -> Allowance:
    """``CHRONICLE_WEBHOOK_ALLOW``: comma-separated networks, plus ``http``."""
    networks, plain = [], False
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        if item.lower() == "http":
            plain = True
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(
                f"CHRONICLE_WEBHOOK_ALLOW: {item!r} is neither a network "
                "(like 127.0.0.0/8) nor the word http"
            ) from None
    return Allowance(tuple(networks), plain)


def _embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if address.ipv4_mapped:
        return address.ipv4_mapped
    if address.sixtofour:
        return address.sixtofour
    if address.teredo:
        return address.teredo[1]
    if address in _NAT64 or address in _NAT64_LOCAL:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if int(address) >> 32 == 0 and int(address) > 1:  # deprecated IPv4-compatible ::a.b.c.d
        return ipaddress.IPv4Address(int(address))
    return None


def why_not_public(address: IPAddress) -> str | None:
    """Why ``address`` is not a public unicast address, or None when it is."""
    if isinstance(address, ipaddress.IPv6Address):
        if address.scope_id:
            return "an IPv6 address with a zone"
        inner = _embedded_ipv4(address)
        if inner is not None:
            reason = why_not_public(inner)
            return (
                gettext("{reason}, inside the IPv6 address {address}").format(
                    reason=reason, address=address
                )
                if reason
                else None
            )
    checks = (
        ("is_unspecified", N_("an unspecified address")),
        ("is_loopback", N_("a loopback address")),
        ("is_link_local", N_("a link-local address")),
        ("is_multicast", N_("a multicast address")),
        ("is_private", N_("a private address")),
        ("is_reserved", N_("a reserved address")),
    )
    for attribute, reason in checks:
        if getattr(address, attribute):
            return gettext(reason)
    if not address.is_global:
        return gettext("not a public address")
    return None


def check_address(address: IPAddress, allowance: Allowance) -> None:
    if allowance.allows(address):
        return
    reason = why_not_public(address)
    if reason:
        raise UnsafeUrl(
            "webhook_address_not_allowed",
            gettext(
                "The hook's host resolves to {address} ({reason}): hooks may only reach public "
                "addresses."
            ).format(address=address, reason=reason),
        )


def check_url(url: str, allowance: Allowance) -> tuple[str, int]:
    """The host and port of ``url`` if its scheme may be used; raises :class:`UnsafeUrl`."""
    try:
        parsed = urlparse(url)
        port = parsed.port
    except ValueError:
        raise UnsafeUrl(
            "webhook_url_invalid", gettext("The hook URL is not a valid URL.")
        ) from None
    scheme = parsed.scheme.lower()
    if scheme == "http" and not allowance.http:
        raise UnsafeUrl(
            "webhook_url_not_https",
            gettext("Hook URLs must use https (plain http is not allowed on this service)."),
        )
    if scheme not in ("http", "https") or not parsed.hostname:
        raise UnsafeUrl(
            "webhook_url_invalid", gettext("The hook URL must be an https:// URL with a host.")
        )
    return parsed.hostname, port or (443 if scheme == "https" else 80)


def resolve(host: str, port: int, allowance: Allowance) -> list[tuple]:
    """Every ``getaddrinfo`` answer for ``host``, after checking each address; raises
    :class:`UnsafeUrl` if any is not allowed (a host with one private answer is refused whole)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as err:
        raise UnsafeUrl(
            "webhook_host_unknown",
            gettext("The hook's host {host} could not be resolved ({error}).").format(
                host=repr(host), error=err
            ),
        ) from None
    if not infos:
        raise UnsafeUrl(
            "webhook_host_unknown",
            gettext("The hook's host {host} has no address.").format(host=repr(host)),
        )
    for info in infos:
        check_address(ipaddress.ip_address(str(info[4][0]).split("%")[0]), allowance)
    return infos


def check_hook(url: str, allowance: Allowance) -> None:
    """Everything checked when a seat subscribes: the scheme, then every address the host
    resolves to now. A name that does not resolve yet is accepted: each delivery resolves and
    checks it again before connecting, which is the check that matters."""
    host, port = check_url(url, allowance)
    try:
        resolve(host, port, allowance)
    except UnsafeUrl as err:
        if err.code != "webhook_host_unknown":
            raise


class _Pinned:
    """Connects to an address fixed in advance, keeping ``host`` for Host/SNI/certificates."""

    pinned: tuple = ()
    timeout: float | None  # given by http.client's connection classes

    def _pinned_socket(self) -> socket.socket:
        family, kind, proto, _, sockaddr = self.pinned
        sock = socket.socket(family, kind, proto)
        sock.settimeout(self.timeout)
        try:
            sock.connect(sockaddr)
        except OSError:
            sock.close()
            raise
        return sock


class PinnedHTTPConnection(_Pinned, http.client.HTTPConnection):
    def connect(self) -> None:
        self.sock = self._pinned_socket()


class PinnedHTTPSConnection(_Pinned, http.client.HTTPSConnection):
    _context: ssl.SSLContext  # set by HTTPSConnection.__init__ (not in its stubs)

    def connect(self) -> None:
        sock = self._pinned_socket()
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def open_connection(
    url: str, allowance: Allowance, timeout: float, context: ssl.SSLContext | None = None
) -> http.client.HTTPConnection:
    """A connection for ``url`` pinned to its first checked address (raises :class:`UnsafeUrl`)."""
    host, port = check_url(url, allowance)
    info = resolve(host, port, allowance)[0]
    conn: PinnedHTTPConnection | PinnedHTTPSConnection
    if urlparse(url).scheme.lower() == "https":
        conn = PinnedHTTPSConnection(host, port, timeout=timeout, context=context)
    else:
        conn = PinnedHTTPConnection(host, port, timeout=timeout)
    conn.pinned = info
    return conn
