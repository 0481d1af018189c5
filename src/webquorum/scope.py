"""Site scoping: the hosts a call may return, decided on the host of every URL that leaves it.

A *site* is a registrable domain or a host under one (Public Suffix List, private suffixes
included): ``bbc.co.uk`` covers ``news.bbc.co.uk`` and never ``evilbbc.co.uk``; ``www.bbc.co.uk``
covers that host and its subdomains only. A public suffix (``co.uk``, ``github.io``) names no
publisher, so it is refused; an IP address is its own site and matches only itself.

Providers are asked in their own documented form (see each module), but they leak, so the search
pipeline checks every fused result here and counts what it drops: this module is the one rule.
The host is read as a browser reads it (``\\`` is a path separator, userinfo is not the host,
IDN and full-width dots fold to punycode, the port and a trailing dot do not count), so a URL
cannot look in scope to us and lead elsewhere. A URL with no readable host is out of scope.
A named set from the config (``site_sets``) is written ``@name``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from webquorum.errors import BadRequestError, BadUrlError
from webquorum.sites import ip_literal
from webquorum.types import Scope
from webquorum.urls import host_of, registrable_domain_of

MAX_SITES = 100  # after sets are expanded: more than any provider takes, enough for a curated list


@dataclass(frozen=True)
class SiteScope:
    """Sites a call is limited to (none: any) and sites it must never return; lower-case punycode."""

    sites: tuple[str, ...] = ()
    exclude_sites: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.sites or self.exclude_sites)

    def admits(self, url: str) -> bool:
        """True when ``url``'s host is under an included site (or none is given) and under no excluded one."""
        try:
            host = host_of(url.replace("\\", "/"))
        except BadUrlError:
            return False
        if self.sites and not any(covers(site, host) for site in self.sites):
            return False
        return not any(covers(site, host) for site in self.exclude_sites)

    def report(self, dropped: int) -> Scope:
        """The scope as a result states it, with how many results were dropped for lying outside it."""
        return Scope(sites=list(self.sites), exclude_sites=list(self.exclude_sites), dropped=dropped)


def covers(site: str, host: str) -> bool:
    """``host`` is ``site`` or a subdomain of it (label-wise: ``evilbbc.co.uk`` is not under
    ``bbc.co.uk``)."""
    if host == site:
        return True
    return ip_literal(site) is None and host.endswith("." + site)


def parse_site(text: str, field: str = "sites") -> str:
    """One site as the canonical host (lower-case punycode), from a host, ``*.host`` or a URL.

    Raises :class:`BadRequestError` naming the field, the value and the fix.
    """
    raw = text.strip() if isinstance(text, str) else ""
    bare = raw.removeprefix("*.").removeprefix(".")
    try:
        host = host_of(bare if "://" in bare else f"http://{bare}")
    except BadUrlError:
        raise BadRequestError(
            f"{field}: {text!r} is not a site; write a domain such as bbc.co.uk or a host such as news.bbc.co.uk"
        ) from None
    rest = bare.partition("://")[2] if "://" in bare else bare
    if "/" in rest.strip("/"):
        raise BadRequestError(f"{field}: {text!r} has a path; a site is a whole domain, write {host!r}")
    if ip_literal(host) is None and registrable_domain_of(host) is None:
        raise BadRequestError(
            f"{field}: {text!r} is a public suffix (anyone can register under it), not a site; "
            "name a registrable domain such as nasa.gov, or list several in a site set (site_sets in the config)"
        )
    return host


def resolve_sites(
    given: Iterable[str] | None, site_sets: Mapping[str, Sequence[str]], field: str = "sites"
) -> tuple[str, ...]:
    """Sites from a call, ``@name`` expanded from the config's ``site_sets``; deduplicated, in order."""
    if isinstance(given, str):
        given = [given]
    found: dict[str, None] = {}
    for entry in given or ():
        if isinstance(entry, str) and entry.strip().startswith("@"):
            name = entry.strip()[1:]
            if name not in site_sets:
                known = ", ".join(f"@{n}" for n in sorted(site_sets)) or "none (add site_sets to the config)"
                raise BadRequestError(f"{field}: no site set named {entry.strip()!r}; defined: {known}")
            for member in site_sets[name]:
                found.setdefault(parse_site(member, f"site_sets.{name}"), None)
        else:
            found.setdefault(parse_site(entry, field), None)
    if len(found) > MAX_SITES:
        raise BadRequestError(
            f"{field}: {len(found)} sites; the limit is {MAX_SITES}, name fewer or a smaller set"
        )
    return tuple(found)


def site_scope(
    sites: Iterable[str] | None, exclude_sites: Iterable[str] | None, site_sets: Mapping[str, Sequence[str]]
) -> SiteScope:
    """The scope a call asked for; empty when it named none.

    An entry of ``sites`` written ``-x.org`` (or ``-@set``) excludes, as ``-site:x.org`` does in a
    query: no host name starts with ``-``, so the two never clash, and a tool schema needs one
    field, not two (the MCP tools' listing is read by the model on every turn).
    """
    given = [sites] if isinstance(sites, str) else list(sites or ())
    dashed = [s.strip()[1:] for s in given if isinstance(s, str) and s.strip().startswith("-")]
    included = [s for s in given if not (isinstance(s, str) and s.strip().startswith("-"))]
    excluded = resolve_sites(dashed, site_sets, "sites") + resolve_sites(
        exclude_sites, site_sets, "exclude_sites"
    )
    return SiteScope(resolve_sites(included, site_sets, "sites"), tuple(dict.fromkeys(excluded)))


def split_site_operators(query: str) -> tuple[str, list[str], list[str]]:
    """``site:x`` and ``-site:x`` words taken out of a query, as SearXNG users write them.

    Returns the query without them and the included and excluded sites, in order. ``OR`` left
    between two removed operators goes too (``site:a OR site:b``), and brackets around them.
    """
    words: list[str] = []
    sites: list[str] = []
    excluded: list[str] = []
    for word in query.split():
        bare = word.strip("()")
        lowered = bare.lower()
        if lowered.startswith("site:") and len(bare) > 5:
            sites.append(bare[5:])
        elif lowered.startswith("-site:") and len(bare) > 6:
            excluded.append(bare[6:])
        else:
            words.append(word)
            continue
        if words and words[-1] == "OR":
            words.pop()
    while words and words[0] == "OR":
        words.pop(0)
    return " ".join(words), sites, excluded
