"""The one HTTP choke point. Every byte webquorum sends or receives goes through :class:`HttpClient`.

Two pools share one policy:

- ``send`` is for provider APIs (an operator-configured endpoint, so no address guard);
  it maps transport failures to the provider branch of the error tree. A request carries its
  key, so redirects are not followed: a 3xx is the provider's error naming where it pointed.
  A request marked ``follow_same_origin`` follows hops within its own origin (scheme, host and
  port unchanged) and never one to another origin, so a key cannot be sent anywhere but where
  it was configured to go.
- ``fetch`` is for pages named by search results or by a model, i.e. untrusted URLs. Its
  connections go through :class:`PinnedBackend` with the guard on: the host is resolved
  once, every address is checked, and the socket is opened to that checked literal, so a
  rebinding DNS cannot answer differently at connect time. TLS still verifies against the
  hostname (the transport, :mod:`webquorum.net.http1`, passes ``server_hostname`` separately).
  Redirects are followed by hand (at most ``max_redirects``), so each hop is re-validated and
  loops are named.

Through a proxy (``NetPolicy.proxy``, see :mod:`webquorum.net.proxy`) the socket goes to the proxy,
which is never checked (an intranet proxy is the normal case). The guard then checks the *target*
before anything is sent: its host is resolved here (pins first) and every address must be allowed,
so a forbidden page is refused before the proxy hears of it. The proxy resolves the name again on
its side; that second answer is the proxy's to trust. Hosts in ``NO_PROXY`` connect directly, pinned.

Every wait and size is bounded: connect and read timeouts, one total deadline per call
(a server dripping a byte a second cannot extend it), and a cap on the decompressed body,
enforced while inflating (:mod:`webquorum.net.decode`). Each response records the address it
came from, so a cache can later judge it under the policy in force then.

``check_public`` runs the same guard, resolution included, on a URL that is about to be handed
to a third party (a reader service) instead of fetched here.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import logging
import socket
import ssl
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any
from urllib.parse import urljoin, urlsplit

import anyio
import httpcore2
import httpx2

from webquorum.errors import (
    BadContentError,
    BadResponseError,
    BadUrlError,
    FetchError,
    FetchTimeoutError,
    ForbiddenAddressError,
    ProviderError,
    ProviderTimeoutError,
    ProviderUnreachableError,
    RedirectLoopError,
    TooLargeError,
    redact,
)
from webquorum.net.decode import ACCEPT_ENCODING, BodyDecoder, check_codings
from webquorum.net.guard import AddressPolicy, IPAddress, address_class, parse_ip_literal
from webquorum.net.http1 import Http1Transport
from webquorum.net.proxy import ProxyRoutes, shown
from webquorum.net.stream import connect_tcp
from webquorum.wire import HttpRequest, HttpResponse

USER_AGENT = "webquorum/0.1 (+https://github.com/webquorum/webquorum)"
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5"
REDIRECT_STATUSES = (301, 302, 303, 307, 308)
_JOIN_ON_LOOP_BYTES = 1 << 20  # a longer body's pieces are joined in a thread, off the event loop
PACE_AFTER_BYTES = 256 * 1024  # a body read past this yields the event loop at every PACE_EVERY_BYTES
PACE_EVERY_BYTES = 64 * 1024  # the transports' read size
PACE_PAUSE_S = 0.001
MAX_CONNECTIONS = 64  # per pool: open at once, and kept alive when idle


@dataclass(frozen=True)
class NetPolicy:
    address: AddressPolicy = field(default_factory=AddressPolicy)
    resolve: Mapping[str, str] = field(default_factory=dict)  # host -> IP, like curl --resolve
    max_body_bytes: int = 5_000_000
    connect_timeout_s: float = 5.0
    max_redirects: int = 5
    user_agent: str = USER_AGENT
    proxy: ProxyRoutes = field(default_factory=ProxyRoutes)


def _host_key(host: str) -> str:
    """``News-A.test.`` and ``news-a.test`` are one host: a pin must not fall through to DNS for either."""
    return host.lower().rstrip(".")


class _MaskedLog(logging.Filter):
    """httpx2 logs every request URL at INFO; a query-string key (Mojeek's ``api_key=``) must not reach a
    log."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = redact(message)
        if masked != message:
            record.msg, record.args = masked, ()
        return True


logging.getLogger("httpx2").addFilter(_MaskedLog())


async def resolve_host(
    pins: Mapping[str, str], host: str, port: int, timeout: float | None
) -> list[IPAddress]:
    """Every address ``host`` stands for: a pin, an IP literal in any spelling, else one DNS lookup."""
    pinned = pins.get(_host_key(host))
    if pinned is not None:
        return [ipaddress.ip_address(pinned)]
    literal = parse_ip_literal(host)
    if literal is not None:
        return [literal]
    try:
        with anyio.fail_after(timeout):
            infos = await anyio.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, TimeoutError) as exc:
        raise httpcore2.ConnectError(f"cannot resolve {host}: {exc}") from exc
    return list(dict.fromkeys(ipaddress.ip_address(info[4][0]) for info in infos))


def refuse_forbidden(guard: AddressPolicy, host: str, addresses: Iterable[IPAddress]) -> None:
    refused = [f"{ip} ({address_class(ip)})" for ip in addresses if not guard.permits(host, ip)]
    if refused:
        raise ForbiddenAddressError(
            f"refusing {host}: it resolves to non-public address {', '.join(refused)}"
        )


class PinnedBackend(httpcore2.AsyncNetworkBackend):
    """Resolve once, check every address (when guarded), connect to the checked literal.

    The connection is an asyncio transport (:mod:`webquorum.net.stream`), not httpcore's anyio stream.
    """

    def __init__(self, resolve: Mapping[str, str], guard: AddressPolicy | None) -> None:
        self._resolve = {_host_key(k): v for k, v in resolve.items()}
        self._guard = guard

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore2.AsyncNetworkStream:
        addresses = await resolve_host(self._resolve, host, port, timeout)
        if self._guard is not None:
            refuse_forbidden(self._guard, host, addresses)
        last: Exception | None = None
        for ip in addresses:
            try:
                return await connect_tcp(str(ip), port, timeout, local_address, socket_options)
            except (httpcore2.ConnectError, httpcore2.ConnectTimeout) as exc:
                last = exc
        raise last or httpcore2.ConnectError(f"no address for {host}")

    async def connect_unix_socket(self, *args: Any, **kwargs: Any) -> httpcore2.AsyncNetworkStream:
        raise ForbiddenAddressError("unix sockets are never used")

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


@functools.cache
def tls_context() -> ssl.SSLContext:
    """The system's CA store as every pool of this process verifies against, loaded once.

    Loading it takes about 20 ms of CPU, and each client has two pools or more: a CLI command, a
    worker's startup and every test client paid it two or three times.
    """
    context = httpx2.create_ssl_context(trust_env=False)
    context.set_alpn_protocols(["http/1.1"])  # what every pool speaks (httpcore2 set it on each connect)
    return context


def _client(policy: NetPolicy, guard: AddressPolicy | None, proxy: str | None = None) -> httpx2.AsyncClient:
    """A pool whose sockets are opened by :class:`PinnedBackend`; with ``proxy``, sockets go to the proxy.

    A direct pool is :class:`~webquorum.net.http1.Http1Transport` (HTTP/1.1 by hand: 1.5 ms of a brief's
    profiled client CPU where httpcore2, h11 and anyio took 10.7 ms); a proxied one keeps httpx2's
    transport, which speaks to proxies (CONNECT tunnels, TLS inside TLS) and is used far less.

    Every connection the pool may hold can be kept alive: with a limit under that, a server busy
    with more concurrent calls than the limit closed the surplus after each request and opened them
    again for the next (a TLS handshake each, against a provider).
    """
    backend = PinnedBackend(policy.resolve, guard)
    transport: httpx2.AsyncBaseTransport
    if proxy is None:
        transport = Http1Transport(backend, tls_context(), MAX_CONNECTIONS)
    else:
        transport = httpx2.AsyncHTTPTransport(
            verify=tls_context(),
            trust_env=False,
            limits=httpx2.Limits(max_connections=MAX_CONNECTIONS, max_keepalive_connections=MAX_CONNECTIONS),
            proxy=proxy,
        )
        # httpx2 has no public network_backend= argument; the pool attribute is stable across httpcore
        # 1.x/2.x (plain and proxy pools alike).
        transport._pool._network_backend = backend
    return httpx2.AsyncClient(
        transport=transport,
        follow_redirects=False,
        trust_env=False,
        headers={"accept-encoding": ACCEPT_ENCODING},
        cookies=_no_cookies(),
    )


def _no_cookies() -> CookieJar:
    """A jar that keeps nothing: a page's Set-Cookie is never sent back. A pool serves every caller of a
    process (an MCP server's many clients), so a cookie one fetch was given would follow another caller's
    fetch of that site: a session, a tracker or a consent state that is none of theirs."""
    return CookieJar(policy=DefaultCookiePolicy(allowed_domains=[]))


def origin_of(url: str) -> str:
    """``scheme://host:port`` with the default port filled in: what "same origin" compares."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port or {"http": 80, "https": 443}.get(scheme, 0)
    except ValueError:
        port = -1
    return f"{scheme}://{(parts.hostname or '').rstrip('.')}:{port}"


def _peer_address(response: httpx2.Response) -> str | None:
    """The IP address the response came from (the checked literal the socket was opened to).

    Read as soon as the headers are in: once the body is read, a server that closes the
    connection (``Connection: close``, common on the real web) has taken the socket with it, and
    a page recorded with no address is never served from the cache again.
    """
    stream = response.extensions.get("network_stream")
    try:
        peer = stream.get_extra_info("server_addr") if stream is not None else None
    except Exception:  # a transport without socket details; the caller treats None as unknown
        return None
    return str(peer[0]) if isinstance(peer, tuple) and peer else None


def _without_userinfo(url: str) -> str:
    """``url`` with any ``user:password@`` replaced by ``***@``, so a refusal never echoes a password."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return url
    authority, slash, tail = rest.partition("/")
    if "@" not in authority:
        return url
    return f"{scheme}://***@{authority.rsplit('@', 1)[1]}{slash}{tail}"


def check_url(url: str) -> None:
    """Refuse what the reader never fetches: other schemes, no host, userinfo."""
    shown = _without_userinfo(url)
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError as exc:
        raise BadUrlError(f"not a valid URL: {shown!r} ({exc})", url=shown) from exc
    if parts.scheme not in ("http", "https"):
        raise BadUrlError(f"only http and https URLs can be read, not {shown!r}", url=shown)
    if not parts.hostname:
        raise BadUrlError(f"URL has no host: {shown!r}", url=shown)
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        raise BadUrlError(f"URLs with credentials (user@host) are refused: {shown!r}", url=shown)


def _lower_headers(headers: httpx2.Headers) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}


async def _read_capped(response: httpx2.Response, max_bytes: int, url: str, *, decode: bool = True) -> bytes:
    """The decoded body, inflated layer by layer and never past ``max_bytes``.

    With ``decode=False`` the body stays encoded (its codings checked, its encoded size capped):
    the caller inflates it elsewhere with :func:`~webquorum.net.decode.decode_body`.
    """
    declared = response.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise TooLargeError(f"{url} declares {declared} bytes, over the {max_bytes}-byte limit", url=url)
    pace = _Pacer()
    if not decode:
        check_codings(response.headers.get("content-encoding"), url)
        pieces: list[bytes] = []
        size = 0
        async for piece in response.aiter_raw():
            size += len(piece)
            if size > max_bytes:
                raise TooLargeError(f"{url} is over the {max_bytes}-byte limit", url=url)
            pieces.append(piece)
            await pace.read(len(piece))
        if size > _JOIN_ON_LOOP_BYTES:  # bytes.join lets go of the GIL for large copies: 20 MB took 30 ms
            return await asyncio.to_thread(b"".join, pieces)
        return b"".join(pieces)

    decoder = BodyDecoder(response.headers.get("content-encoding"), max_bytes, url)
    chunks: list[bytes] = []
    async for raw in response.aiter_raw():
        chunks.append(decoder.feed(raw))
        await pace.read(len(raw) + len(chunks[-1]))  # inflating costs the loop by what comes out too
    decoder.finish()
    return b"".join(chunks)


class _Pacer:
    """Past :data:`PACE_AFTER_BYTES`, pause the body read for :data:`PACE_PAUSE_S` after every
    :data:`PACE_EVERY_BYTES`.

    Why: every piece of a body costs this event loop CPU (5 ms a megabyte measured through httpcore2
    and h11: buffer copies, httpx's streams). A body that arrives as fast as the loop can take it, as
    from a server next door or on loopback, never waits on the network, so its read runs a piece
    in every turn of the loop, and every step of every other call, each waiting its turn, waits
    behind a piece: a normal call beside a 5 MB read took twice its time. A pause leaves the
    loop idle, so the other calls' steps run as soon as they are ready. An article (under 256 KB)
    is never paused; a 25 MB body (the largest cap anyone sets) waits about 0.4 s in all, within
    any deadline; and a body that arrives over a real network slower than about 50 MB/s spends
    its pauses waiting for the network anyway. A count of bytes, not of pieces: a server that
    trickles tiny pieces is not paused once per piece.
    """

    def __init__(self) -> None:
        self.total = 0
        self.unpaused = 0
        self.pauses = 0

    async def read(self, size: int) -> None:
        """Count ``size`` more bytes read; pause when the rule says so."""
        self.total += size
        self.unpaused += size
        if self.total > PACE_AFTER_BYTES and self.unpaused >= PACE_EVERY_BYTES:
            self.unpaused = 0
            self.pauses += 1
            await asyncio.sleep(PACE_PAUSE_S)


def _page_request(
    client: httpx2.AsyncClient,
    url: str,
    pinned: str | None,
    headers: Mapping[str, str],
    timeout: httpx2.Timeout,
) -> httpx2.Request:
    """GET ``url``; through a proxy, to the address the guard checked (``pinned``), never to a name.

    DNS rebinding: the guard resolved the name once and checked every answer; a proxy given the
    name would resolve it again and may get another answer (an intranet address). So the proxy is
    given the checked address (``CONNECT 203.0.113.7:443``, or ``GET http://203.0.113.7/...``) and
    the site its name, in ``Host`` and in TLS (SNI; the certificate is verified against the name).
    """
    if pinned is None:
        return client.build_request("GET", url, headers=headers, timeout=timeout)
    target = httpx2.URL(url)
    name = target.raw_host.decode("ascii")
    if parse_ip_literal(name) is not None:
        return client.build_request("GET", url, headers=headers, timeout=timeout)
    extensions = {"sni_hostname": name} if target.scheme == "https" else {}
    return client.build_request(
        "GET",
        target.copy_with(host=pinned),
        headers={**headers, "host": target.netloc.decode("ascii")},
        timeout=timeout,
        extensions=extensions,
    )


def _via(proxy: str | None) -> str:
    return f" via proxy {shown(proxy)}" if proxy else ""


class HttpClient:
    def __init__(self, policy: NetPolicy | None = None) -> None:
        self.policy = policy or NetPolicy()
        self._api = _client(self.policy, None)
        self._web = _client(self.policy, self.policy.address)
        self._proxied: dict[str, httpx2.AsyncClient] = {}
        self._pins = {_host_key(k): v for k, v in self.policy.resolve.items()}

    async def aclose(self) -> None:
        for client in (self._api, self._web, *self._proxied.values()):
            await client.aclose()

    def _route(self, url: str, *, guarded: bool) -> tuple[httpx2.AsyncClient, str | None]:
        """The pool for ``url`` and the proxy it goes through (None: direct, pinned, guarded when asked)."""
        proxy = self.policy.proxy.proxy_for(url)
        if proxy is None:
            return (self._web if guarded else self._api), None
        client = self._proxied.get(proxy)
        if client is None:
            client = self._proxied[proxy] = _client(self.policy, None, proxy)
        return client, proxy

    async def _check_target(self, url: str, timeout: float) -> str | None:
        """Before a proxied page read: resolve the target here and refuse it if any address is forbidden.

        Returns the checked address: the proxy is sent there (:func:`_page_request`) and a cache
        records it for the page. None when the host is opened by name (``network.allow_hosts``,
        ``allow_private_addresses``): it is not resolved here and the proxy is trusted with its name.
        """
        parts = urlsplit(url)
        host = parts.hostname or ""
        if self.policy.address.opens_host(host):
            # allowed whatever it resolves to: no local lookup needed (the proxy may be the only resolver)
            return None
        try:
            addresses = await resolve_host(
                self._pins, host, parts.port or (443 if parts.scheme == "https" else 80), timeout
            )
        except httpcore2.ConnectError as exc:
            raise FetchError(
                f"{url}: {exc}; the address guard resolves a page's host before asking the proxy. Where only "
                "the proxy can resolve names, list trusted hosts in network.allow_hosts or set "
                "network.allow_private_addresses: true (the proxy then guards)",
                url=url,
                transient=True,
            ) from exc
        refuse_forbidden(self.policy.address, host, addresses)
        return str(addresses[0]) if addresses else None

    async def send(
        self, req: HttpRequest, *, provider: str, timeout_s: float, max_bytes: int = 10_000_000
    ) -> HttpResponse:
        """One provider API call under a total deadline; redirects only within its origin, when asked."""
        headers = {"user-agent": self.policy.user_agent, **req.headers}
        timeout = httpx2.Timeout(timeout_s, connect=min(timeout_s, self.policy.connect_timeout_s))
        url, method = req.url, req.method
        origin = origin_of(url)
        proxy: str | None = None
        try:
            async with asyncio.timeout(timeout_s):
                for _ in range(self.policy.max_redirects + 1):
                    client, proxy = self._route(url, guarded=False)
                    same_body = method == req.method
                    first_hop = url == req.url  # a Location carries its own query string
                    request = client.build_request(
                        method,
                        url,
                        headers=headers,
                        params=(dict(req.params) or None) if first_hop else None,
                        json=req.json_body if same_body else None,
                        data=dict(req.form) if req.form is not None and same_body else None,
                        timeout=timeout,
                    )
                    response = await client.send(request, stream=True)
                    peer = _peer_address(
                        response
                    )  # now: a server that closes the connection takes its socket with it
                    try:
                        location = response.headers.get("location")
                        if response.status_code in REDIRECT_STATUSES and location:
                            url = self._api_redirect(
                                req, provider, response.status_code, str(response.url), location, origin
                            )
                            if response.status_code in (301, 302, 303) and method == "POST":
                                method = "GET"  # what every client does; the body is not resent
                            continue
                        body = await _read_capped(response, max_bytes, url)
                    finally:
                        await response.aclose()
                    return HttpResponse(
                        response.status_code,
                        _lower_headers(response.headers),
                        body,
                        str(response.url),
                        address=peer,
                    )
                raise ProviderError(f"{provider} redirected too many times", provider=provider)
        except TooLargeError as exc:
            raise BadResponseError(f"{provider} response over {max_bytes} bytes", provider=provider) from exc
        except BadContentError as exc:
            raise BadResponseError(
                f"{provider} sent an undecodable body: {exc.message}", provider=provider
            ) from exc
        except (TimeoutError, httpx2.TimeoutException) as exc:
            raise ProviderTimeoutError(
                f"{provider} did not answer within {timeout_s:g}s", provider=provider, transient=False
            ) from exc
        except (httpx2.ConnectError, httpx2.ProxyError) as exc:
            raise ProviderUnreachableError(
                f"{provider} unreachable{_via(proxy)}: {type(exc).__name__}: {exc}",
                provider=provider,
                transient=True,
            ) from exc
        except httpx2.TransportError as exc:
            raise ProviderError(
                f"{provider} connection failed{_via(proxy)}: {type(exc).__name__}: {exc}",
                provider=provider,
                transient=True,
            ) from exc

    @staticmethod
    def _api_redirect(
        req: HttpRequest, provider: str, status: int, current: str, location: str, origin: str
    ) -> str:
        """The next hop of an API redirect, or the provider's error: the key never leaves its origin."""
        target = urljoin(current, location)
        where = origin_of(target)
        if not req.follow_same_origin:
            raise ProviderError(
                f"{provider} answered HTTP {status}, a redirect to {where}; API redirects are not followed, so the "
                f"request and its key stay with {origin}: point overrides.{provider}.base_url at the final address",
                provider=provider,
                status=status,
            )
        if where != origin:
            raise ProviderError(
                f"{provider} redirected from {origin} to another origin, {where}; the request and its key are never "
                f"sent to another origin: point overrides.{provider}.base_url at the final address",
                provider=provider,
                status=status,
            )
        return target

    async def check_public(self, url: str, *, reader: str, timeout_s: float = 5.0) -> None:
        """Refuse to hand ``url`` to a reader service unless the guard, resolution included, would fetch it.

        A third party must never be asked to read an internal address (cloud metadata, an intranet
        name): it would either reach it from its side or learn the name. A name that does not
        resolve here cannot be checked, so it is refused too.
        """
        check_url(url)
        guard = self.policy.address
        if guard.allow_private:
            return
        parts = urlsplit(url)
        host = parts.hostname or ""
        try:
            addresses = await resolve_host(self._pins, host, parts.port or 443, timeout_s)
        except httpcore2.ConnectError as exc:
            raise ForbiddenAddressError(
                f"refusing to hand {url} to {reader}: {host} does not resolve here, so it cannot be checked as public ({exc})",
                url=url,
                provider=reader,
            ) from None
        refused = [f"{ip} ({address_class(ip)})" for ip in addresses if not guard.permits(host, ip)]
        if refused:
            raise ForbiddenAddressError(
                f"refusing to hand {url} to {reader}: {host} is the non-public address {', '.join(refused)}",
                url=url,
                provider=reader,
            )

    async def fetch(
        self,
        url: str,
        *,
        deadline_s: float = 15.0,
        max_bytes: int | None = None,
        headers: Mapping[str, str] | None = None,
        decode: bool = True,
    ) -> HttpResponse:
        """GET an untrusted URL through the guard; returns the final response whatever its status.

        With ``decode=False`` the body comes back as sent (``Content-Encoding`` still applied, its
        header kept): the page reader inflates it in the extraction child, off the event loop.
        """
        limit = max_bytes or self.policy.max_body_bytes
        base_headers = {"user-agent": self.policy.user_agent, "accept": BROWSER_ACCEPT, **(headers or {})}
        timeout = httpx2.Timeout(deadline_s, connect=min(deadline_s, self.policy.connect_timeout_s))
        seen: list[str] = []
        current = url
        proxy: str | None = None
        try:
            async with asyncio.timeout(deadline_s):
                while True:
                    check_url(current)
                    host = urlsplit(current).hostname or ""
                    literal = parse_ip_literal(host)
                    if literal is not None and not self.policy.address.permits(host, literal):
                        raise ForbiddenAddressError(
                            f"refusing {current}: {literal} is not a public address", url=url
                        )
                    if current in seen:
                        raise RedirectLoopError(f"redirect loop at {current} (from {url})", url=url)
                    seen.append(current)
                    client, proxy = self._route(current, guarded=True)
                    checked: str | None = None
                    if proxy is not None:
                        checked = await self._check_target(
                            current, min(deadline_s, self.policy.connect_timeout_s)
                        )
                    request = _page_request(client, current, checked, base_headers, timeout)
                    response = await client.send(request, stream=True)
                    peer = _peer_address(
                        response
                    )  # now: a server that closes the connection takes its socket with it
                    try:
                        location = response.headers.get("location")
                        if response.status_code in REDIRECT_STATUSES and location:
                            if len(seen) > self.policy.max_redirects:
                                raise RedirectLoopError(
                                    f"{url} redirected more than {self.policy.max_redirects} times", url=url
                                )
                            current = urljoin(current, location)
                            continue
                        body = await _read_capped(response, limit, url, decode=decode)
                    finally:
                        await response.aclose()
                    return HttpResponse(
                        response.status_code,
                        _lower_headers(response.headers),
                        body,
                        current,
                        address=checked if proxy is not None else peer,  # the page's, not the proxy's
                    )
        except ForbiddenAddressError as exc:
            if url in exc.message:
                raise
            # refused at a redirect hop or at connect time: name the URL the caller asked for too
            raise ForbiddenAddressError(f"{exc.message} (reading {url})", url=url) from exc
        except FetchError:
            raise
        except (TimeoutError, httpx2.TimeoutException) as exc:
            raise FetchTimeoutError(f"{url} did not finish within {deadline_s:g}s", url=url) from exc
        except httpx2.TransportError as exc:
            raise FetchError(
                f"{url}: connection failed{_via(proxy)}: {type(exc).__name__}: {exc}", url=url, transient=True
            ) from exc
        except httpx2.InvalidURL as exc:
            raise BadUrlError(f"not a valid URL: {url!r} ({exc})", url=url) from exc
