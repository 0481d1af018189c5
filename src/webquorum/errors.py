"""One error tree, each class with a stable ``code`` that callers, the CLI and the MCP server match on.

::

    WebQuorumError                      WEB_ERROR                  (exit 1, HTTP 500)
    ├── BadRequestError                 WEB_BAD_REQUEST            (exit 2, HTTP 400)
    ├── ConfigError                     WEB_CONFIG_INVALID         (exit 2)
    │   └── UnknownNameError            WEB_BAD_REQUEST            (also a BadRequestError: HTTP 400)
    ├── AbortedError                    WEB_ABORTED                (exit 130, HTTP 504)
    ├── BudgetExhaustedError            WEB_BUDGET_EXHAUSTED
    ├── ServerBusyError                 WEB_MCP_BUSY               (HTTP 503)
    ├── StoreUnavailableError           WEB_STORE_UNAVAILABLE
    ├── RequestRefusedError             <refusal code> or WEB_BAD_REQUEST (exit 2, HTTP 400)
    ├── ProviderError                   WEB_PROVIDER_ERROR         (HTTP 502)
    │   ├── CredentialMissingError      WEB_PROVIDER_CREDENTIAL_MISSING      (exit 2, HTTP 503)
    │   ├── ConfiguredUnavailableError  WEB_PROVIDER_CONFIGURED_UNAVAILABLE  (exit 2, HTTP 503)
    │   ├── RateLimitedError            WEB_PROVIDER_RATE_LIMITED
    │   │   └── ChallengeError          WEB_PROVIDER_RATE_LIMITED  (a bot-challenge page; cools the engine
    down)
    │   ├── ProviderTimeoutError        WEB_PROVIDER_TIMEOUT
    │   ├── ProviderUnreachableError    WEB_PROVIDER_UNREACHABLE
    │   ├── BadResponseError            WEB_PROVIDER_BAD_RESPONSE
    │   └── CircuitOpenError            WEB_PROVIDER_CIRCUIT_OPEN
    └── FetchError                      WEB_FETCH_ERROR            (HTTP 502)
        ├── BadUrlError                 WEB_FETCH_BAD_URL          (exit 2, HTTP 400)
        ├── ForbiddenAddressError       WEB_FETCH_FORBIDDEN_ADDRESS (HTTP 403)
        ├── HttpStatusError             WEB_FETCH_HTTP_ERROR
        ├── BlockedError                WEB_FETCH_BLOCKED
        ├── FetchTimeoutError           WEB_FETCH_TIMEOUT
        ├── TooLargeError               WEB_FETCH_TOO_LARGE
        ├── UnsupportedContentError     WEB_FETCH_UNSUPPORTED_CONTENT
        ├── EmptyError                  WEB_FETCH_EMPTY
        ├── ContentChangedError         WEB_FETCH_CONTENT_CHANGED  (HTTP 409)
        ├── RedirectLoopError           WEB_FETCH_REDIRECT_LOOP
        ├── BadContentError             WEB_FETCH_BAD_CONTENT
        └── ExtractionFailedError       WEB_FETCH_EXTRACTION_FAILED

Each class carries its exit code (``exit_code``, the CLI's) beside its HTTP status
(``http_status``, what ``webquorum serve`` answers a script with); a class not marked above has its
parent's (so a ``ConfigError`` is HTTP 500: the server's own config is wrong, not the request).

Messages never contain credentials: anything built from a request goes through
:func:`redact` first, and no error stores headers.
"""

from __future__ import annotations

import base64
import functools
import json
import re
from typing import Any, ClassVar
from urllib.parse import quote, quote_plus

_SECRET_PARAM = re.compile(
    r"(?i)((?:api[_-]?key|apikey|key|token|access_token|auth|secret|password)=)[^&\s\"']+"
)
_BEARER = re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._\-~+/=]+")
MIN_FRAGMENT = 8  # a run this long of a key, in any case or encoding, is masked wherever it appears
_KNOWN_SECRETS: set[str] = set()


def remember_secret(value: str) -> None:
    """Register a key read from config or the environment, so every message and log line masks it."""
    if len(value) >= 4:
        _KNOWN_SECRETS.add(value)


def _base64_forms(secret: str) -> set[str]:
    """What the key becomes inside any base64 text (a Basic header ``user:key``, an echoed token), in both
    alphabets.

    Base64 encodes three bytes as four characters, so the key's characters depend on where it sits
    in the encoded text: at each of the three alignments, the characters made only of the key's own
    bits are the same whatever surrounds it. Those runs are the forms.
    """
    raw = secret.encode("utf-8", "surrogatepass")
    forms: set[str] = set()
    for pad in range(3):
        lead, end = (8 * pad + 5) // 6, (8 * (pad + len(raw))) // 6
        for encode in (base64.b64encode, base64.urlsafe_b64encode):
            stable = encode(bytes(pad) + raw).decode("ascii")[lead:end]
            if len(stable) >= MIN_FRAGMENT:
                forms.update((stable, quote(stable, safe="")))
    return forms


@functools.lru_cache(maxsize=256)
def _forms(secret: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The key as it may be echoed (verbatim, percent-encoded either way, ``repr``-escaped, inside
    base64 text, and that percent-encoded), lower-cased, each with its runs of ``MIN_FRAGMENT`` characters."""
    spellings = (
        secret,
        quote(secret, safe=""),
        quote_plus(secret),
        repr(secret)[1:-1],
        *_base64_forms(secret),
    )
    forms = {form.lower() for form in spellings}
    return tuple(
        (form, frozenset(form[i : i + MIN_FRAGMENT] for i in range(len(form) - MIN_FRAGMENT + 1)))
        for form in sorted(forms)
    )


def _secret_spans(low: str, secret: str) -> list[tuple[int, int]]:
    """Where ``secret`` or any run of ``MIN_FRAGMENT``+ of its characters occurs in ``low`` (lower-cased
    text)."""
    spans: list[tuple[int, int]] = []
    for form, windows in _forms(secret):
        if len(form) < MIN_FRAGMENT:
            start = low.find(form)
            while start >= 0:
                spans.append((start, start + len(form)))
                start = low.find(form, start + len(form))
            continue
        if not any(window in low for window in windows):  # the common case, at C speed
            continue
        i = 0
        while i <= len(low) - MIN_FRAGMENT:
            if low[i : i + MIN_FRAGMENT] in windows:
                end = i + MIN_FRAGMENT
                while end < len(low) and low[i : end + 1] in form:
                    end += 1
                # A fragment that reads as a name ("brave_web" inside key-brave_web-0123) is left alone:
                # masked are runs holding a digit, and runs of 12+ that are not plain words.
                run = low[i:end]
                if (
                    end - i == len(form)
                    or any(c.isdigit() for c in run)
                    or (len(run) >= 12 and not run.replace("_", "").replace("-", "").isalpha())
                ):
                    spans.append((i, end))
                    i = end
                else:
                    i += 1
            else:
                i += 1
    return spans


def mask_secrets(text: str, secrets: tuple[str, ...] = (), *, remembered: bool = True) -> str:
    """Mask ``secrets`` and every remembered key in ``text``, in any form; nothing else is touched.

    A secret is masked verbatim, percent-encoded, upper- or lower-cased, and as any run of
    ``MIN_FRAGMENT`` or more of its characters holding a digit, or of 12 or more that is not a
    plain word (an upstream that echoes a truncated key). Secrets shorter than that are masked only whole. For
    result text (URLs keep
    their ordinary ``?key=`` parameters); messages and logs go through :func:`redact`.
    ``remembered=False`` masks only ``secrets`` (a result needs only its own request's key).
    """
    candidates = {s for s in (*secrets, *(_KNOWN_SECRETS if remembered else ())) if s and len(s) >= 4}
    if not candidates:
        return text
    low = text.lower()
    spans = sorted(span for secret in candidates for span in _secret_spans(low, secret))
    if not spans:
        return text
    out, last = [], 0
    for start, end in spans:
        if start < last:
            last = max(last, end)
            continue
        out += [text[last:start], "***"]
        last = end
    return "".join(out) + text[last:]


def redact(text: str, secrets: tuple[str, ...] = ()) -> str:
    """For messages and logs: :func:`mask_secrets`, then key-looking query parameters and bearer tokens."""
    text = mask_secrets(text, secrets)
    text = _SECRET_PARAM.sub(r"\1***", text)
    return _BEARER.sub(r"\1***", text)


class WebQuorumError(Exception):
    """Base of every error webquorum raises on purpose."""

    code: ClassVar[str] = "WEB_ERROR"
    exit_code: ClassVar[int] = 1
    # The HTTP status a script can branch on (the body carries the stable code); not ``status``,
    # which is the upstream's status an error reports.
    http_status: ClassVar[int] = 500
    hint: ClassVar[str] = ""
    # (member, its error) for each member of a combo whose members all failed; empty otherwise
    causes: tuple[tuple[str, WebQuorumError], ...] = ()

    def __init__(
        self,
        message: str,
        *,
        provider: str | None = None,
        url: str | None = None,
        status: int | None = None,
        retry_after: float | None = None,
        hint: str | None = None,
        transient: bool = False,
    ) -> None:
        super().__init__(redact(message))
        self.transient = transient  # worth retrying: connect errors, 502/503/504, short Retry-After
        self.message = redact(message)
        self.provider = provider
        self.url = url
        self.status = status
        self.retry_after = retry_after
        if hint is not None:
            self.hint_text = hint
        else:
            self.hint_text = type(self).hint

    def scrub(self, secrets: tuple[str, ...]) -> WebQuorumError:
        """Remove literal secrets (a request's keys) that an upstream echoed into the message."""
        self.message = redact(self.message, secrets)
        self.args = (self.message,)
        return self

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        for key in ("provider", "url", "status", "retry_after"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.hint_text:
            out["hint"] = self.hint_text
        return out


class BadRequestError(WebQuorumError):
    code = "WEB_BAD_REQUEST"
    exit_code = 2
    http_status = 400
    hint = "fix the argument or option named above and run again"


class ConfigError(WebQuorumError):
    code = "WEB_CONFIG_INVALID"
    exit_code = 2
    hint = "fix the setting named above; docs/configuration.md lists every key and what it allows"


class UnknownNameError(BadRequestError, ConfigError):
    """A config naming a provider, combo member or merge strategy that does not exist.

    Both a bad request (the issue's WEB_BAD_REQUEST: unknown provider or merge, a combo naming
    an unknown member) and a config error, so callers catching either see it.
    """

    code = "WEB_BAD_REQUEST"
    exit_code = 2


class AbortedError(WebQuorumError):
    code = "WEB_ABORTED"
    exit_code = 130
    http_status = 504
    hint = "the work was interrupted or ran out of time; run it again, asking for less if it was the deadline"


class BudgetExhaustedError(WebQuorumError):
    code = "WEB_BUDGET_EXHAUSTED"
    hint = (
        "the run's budget is spent; ask for less, or raise budget.max_calls_per_run / budget.max_usd_per_run"
    )


class ServerBusyError(WebQuorumError):
    """The MCP server is at ``mcp.max_concurrent`` calls; refused at once rather than queued."""

    code = "WEB_MCP_BUSY"
    http_status = 503
    hint = "too many calls are running at once; retry in a few seconds"


class StoreUnavailableError(WebQuorumError):
    """The shared store (``store.url``, ``cache.url``) failed: down, frozen, locked, corrupt or full.

    A failure of our own plumbing, never of the page, the provider or the config: the page may be
    fine and the config right; the server or file behind the URL is what needs attention.
    """

    code = "WEB_STORE_UNAVAILABLE"
    hint = (
        "the shared store in store.url did not answer in time; check that the server is up, "
        "or set store.on_unavailable: local to fall back to per-process limits"
    )


class RequestRefusedError(WebQuorumError):
    """A collect, verify or discover request refused before anything is spent: what is wrong, how to fix it.

    One contract for the three evidence capabilities, raised (never returned as data) by each.
    ``to_dict`` is the refusal JSON the capability documents: collect answers ``{error, hint}``
    (``error`` is the problem in words, the code is ``WEB_BAD_REQUEST``); verify and discover
    answer ``{error, why, missing, suggested_correction}`` (``error`` is their refusal code).
    """

    exit_code = 2
    http_status = 400

    def __init__(
        self,
        error: str,
        why: str | None = None,
        *,
        hint: str | None = None,
        missing: list[str] | None = None,
        suggested_correction: dict[str, Any] | None = None,
    ) -> None:
        self.error = error
        self.why = why
        self.missing = missing or []
        self.suggested_correction = suggested_correction or {}
        super().__init__(why if why is not None else error, hint=hint or self._fix() or BadRequestError.hint)

    def _fix(self) -> str:
        """What to change, from the refusal's own fields: the missing parts and the suggested correction."""
        parts = [f"add: {', '.join(self.missing)}"] if self.missing else []
        if self.suggested_correction:
            parts.append(f"suggested correction: {json.dumps(self.suggested_correction, ensure_ascii=False)}")
        return "; ".join(parts)

    @property
    def code(self) -> str:  # type: ignore[override]
        return self.error if self.why is not None else BadRequestError.code

    def to_dict(self) -> dict[str, Any]:
        if self.why is None:
            return {"error": self.error, "hint": self.hint_text}
        return {
            "error": self.error,
            "why": self.why,
            "missing": self.missing,
            "suggested_correction": self.suggested_correction,
        }


BriefRefusedError = RequestRefusedError  # the 0.1 name, kept so existing callers keep working


class ProviderError(WebQuorumError):
    code = "WEB_PROVIDER_ERROR"
    http_status = 502
    hint = "the provider failed; retry later, or name another provider or combo"


class CredentialMissingError(ProviderError):
    code = "WEB_PROVIDER_CREDENTIAL_MISSING"
    exit_code = 2
    http_status = 503
    hint = "set the key variable named above where webquorum runs (an MCP server: in its environment, then restart it), or pick a ready provider (`webquorum providers`)"


class ConfiguredUnavailableError(ProviderError):
    code = "WEB_PROVIDER_CONFIGURED_UNAVAILABLE"
    exit_code = 2
    http_status = 503
    hint = "give the provider what the message names (a key variable or a base_url) where webquorum runs, or omit the provider to use the ready ones (`webquorum providers`)"


class RateLimitedError(ProviderError):
    code = "WEB_PROVIDER_RATE_LIMITED"
    hint = "the provider is limiting requests; wait before the next call (retry_after, when given, says how long) or name another provider"


CHALLENGE_COOLDOWN_S = 600.0  # how long an engine that served a challenge is left alone


class ChallengeError(RateLimitedError):
    """A keyless engine served its bot challenge (captcha, anomaly page) instead of results.

    Not results and not a malformed answer: the engine is blocking this client for a while, so
    the circuit breaker opens for ``retry_after`` seconds (``CHALLENGE_COOLDOWN_S`` by default)
    and ``auto`` asks the other engines meanwhile.
    """

    hint = "the engine is challenging automated clients; it is skipped for a while, the other engines still answer"

    def __init__(
        self, message: str, *, provider: str, status: int | None = None, retry_after: float | None = None
    ) -> None:
        cooldown = CHALLENGE_COOLDOWN_S if retry_after is None else retry_after
        super().__init__(message, provider=provider, status=status, retry_after=cooldown)


class ProviderTimeoutError(ProviderError):
    code = "WEB_PROVIDER_TIMEOUT"
    hint = "the provider did not answer in time; retry, name another provider, or raise network.timeout_s"


class ProviderUnreachableError(ProviderError):
    """DNS failure, connection refused or reset before any answer: the provider never answered."""

    code = "WEB_PROVIDER_UNREACHABLE"
    hint = (
        "check the network connection; behind a proxy, set HTTPS_PROXY (or network.proxy in the config); "
        "NO_PROXY lists hosts to reach directly"
    )


class BadResponseError(ProviderError):
    code = "WEB_PROVIDER_BAD_RESPONSE"
    hint = "the provider answered with something unreadable (often a challenge page); name another provider or retry later"


class CircuitOpenError(ProviderError):
    code = "WEB_PROVIDER_CIRCUIT_OPEN"
    hint = "the provider failed several times in a row and is paused briefly; name another provider or retry in a minute"


class FetchError(WebQuorumError):
    code = "WEB_FETCH_ERROR"
    http_status = 502
    hint = "try another URL from the search results"


class BadUrlError(FetchError):
    code = "WEB_FETCH_BAD_URL"
    exit_code = 2
    http_status = 400
    hint = "pass an absolute http(s) URL such as https://example.org/page"


class ForbiddenAddressError(FetchError):
    code = "WEB_FETCH_FORBIDDEN_ADDRESS"
    http_status = 403
    hint = "set network.allow_private_addresses: true or list the host in network.allow_hosts to read intranet pages"


class HttpStatusError(FetchError):
    code = "WEB_FETCH_HTTP_ERROR"
    hint = "the site answered with an error status; check the URL or try another source"


class BlockedError(FetchError):
    code = "WEB_FETCH_BLOCKED"
    hint = "the site refused an automated reader; try another source or a reader service (--reader jina)"


class FetchTimeoutError(FetchError):
    code = "WEB_FETCH_TIMEOUT"
    hint = "the site did not answer in time; retry once or try another source"


class TooLargeError(FetchError):
    code = "WEB_FETCH_TOO_LARGE"
    hint = "the page is larger than network.max_body_bytes allows; pick a smaller page or raise that limit"


class UnsupportedContentError(FetchError):
    code = "WEB_FETCH_UNSUPPORTED_CONTENT"
    hint = "only HTML, PDF and plain text can be read; try another URL"


class EmptyError(FetchError):
    code = "WEB_FETCH_EMPTY"
    hint = "the page has no readable text (it may need JavaScript); try a reader service (--reader jina) or another URL"


class ContentChangedError(FetchError):
    code = "WEB_FETCH_CONTENT_CHANGED"
    http_status = 409
    hint = "the page changed since the hash was taken; fetch again without expected_content_hash"


class RedirectLoopError(FetchError):
    code = "WEB_FETCH_REDIRECT_LOOP"
    hint = "the site redirects without end; try another URL for the same content"


class BadContentError(FetchError):
    """A body that cannot be decoded: corrupt, truncated, unknown or over-layered ``Content-Encoding``."""

    code = "WEB_FETCH_BAD_CONTENT"
    hint = "the server sent a damaged or hostile body; try another source"


class ExtractionFailedError(FetchError):
    """Extraction ran out of its time or memory budget, or its worker process died (a hostile page)."""

    code = "WEB_FETCH_EXTRACTION_FAILED"
    hint = "the page is too costly to read safely; try another source"
