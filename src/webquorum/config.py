"""Typed settings: the only place config files and environment variables are read.

Search order for the file: ``--config PATH``, ``$WEBQUORUM_CONFIG``, ``./webquorum.yaml``,
``~/.config/webquorum/config.yaml``, else built-in defaults. Validation errors name the
key path, the bad value and what is allowed. Keys are read from the environment at each
call (:meth:`Config.credential`), so a key exported after start-up is used by the next search.
"""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import unicodedata
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    AllowInfNan,
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    Strict,
    ValidationError,
    field_validator,
    model_validator,
)

from webquorum.errors import BadRequestError, ConfigError, UnknownNameError, remember_secret
from webquorum.net.proxy import DIRECT, ProxyRoutes, ProxySettingError, check_proxy_url, proxy_routes
from webquorum.providers import PROVIDER_IDS
from webquorum.ranges import MAX_BRIEF_SOURCES, MAX_RESULTS
from webquorum.readers import READER_IDS
from webquorum.scope import resolve_sites
from webquorum.types import MergeStrategy
from webquorum.types.core import MERGE_STRATEGIES
from webquorum.types.invalid import field_path, is_unknown_field, reason, shown_value

AUTO = "auto"
SECRET_KEYS = frozenset(
    {"api_key", "auth_token", "proxy", "api_key_env"}
)  # a proxy URL may hold a password; api_key_env may hold a pasted key
log = logging.getLogger("webquorum.config")
_SET_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")


def secret_value(name: str, value: str, *, keep_blank: bool = False) -> str | None:
    """A key as read from ``name``: surrounding whitespace stripped (with a warning), control characters
    refused.

    A Windows ``.env`` leaves a ``\r`` on every value; sent as a header it makes the HTTP library
    print the whole key in its error. Messages name the variable, never the value. The value is
    remembered so every later message and log line masks it in any form.
    """
    stripped = value.strip()
    if stripped != value:
        log.warning("%s has whitespace or a line end around it (a Windows .env?); it was stripped", name)
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in stripped):
        raise ConfigError(f"{name} contains control characters; set it again with the key alone")
    if stripped:
        remember_secret(stripped)
    return stripped if stripped or keep_blank else None


def check_variable_name(value: str) -> str:
    """An ``api_key_env`` value must name a variable; one that looks like a key is refused without echoing
    it."""
    if not _VARIABLE.fullmatch(value) or _looks_like_key(value):
        raise ValueError(
            "must be the NAME of an environment variable (such as BRAVE_API_KEY), and this value looks like a key "
            "itself: export the key in a variable and name that variable here"
        )
    return value


def _looks_like_key(value: str) -> bool:
    """Variable names are words; keys are long runs mixing cases and digits."""
    mixed = (
        any(c.islower() for c in value)
        and any(c.isupper() for c in value)
        and any(c.isdigit() for c in value)
    )
    return len(value) >= 16 and (mixed or ("_" not in value and any(c.isdigit() for c in value)))


DEFAULT_AGENT_MODEL = "anthropic/claude-sonnet-5"
DEFAULT_VERIFICATION_MODEL = "openai/gpt-5.4-mini"
DEFAULT_QUERY_MODEL = "perplexity/sonar"
MAX_CONFIG_BYTES = 1_000_000  # a config file is a few kilobytes; anything near this is not one
# Strict scalars: lax validation would read `retries: true` as 1 and `enabled: 1` as true.
Int = Annotated[int, Strict()]
Num = Annotated[float, Strict(), AllowInfNan(False)]
Bool = Annotated[bool, Strict()]
_HOST_NAME = re.compile(
    r"^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$",
    re.I,
)
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_ORIGIN = re.compile(r"^https?://[^/\s?#]+$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _http_url(v: str | None) -> str | None:
    if v is not None and not re.match(r"^https?://[^/\s]+", v):
        raise ValueError("must be an http(s) URL such as https://searx.example.org")
    return v


def _store_url(v: str | None, key: str) -> str | None:
    """``store.url`` and ``cache.url``: a URL the one scheme table opens (imported here only when one is set).

    The message names the key and the value, its password masked (a Redis URL may carry one).
    """
    from webquorum.resilience.backends import fits, not_a_store_url

    if v is not None and not fits(v):
        raise ValueError(not_a_store_url(v, key))
    return v


def _env_name(v: str | None) -> str | None:
    if v is not None and not _ENV_NAME.match(v):
        raise ValueError("must be an environment variable name such as BRAVE_API_KEY (letters, digits, _)")
    return v


def _allowed_host(entry: str) -> str:
    """One ``network.allow_hosts`` entry: a host name, an IP address or a CIDR range, nothing else."""
    text = entry.strip()
    try:
        ipaddress.ip_network(text, strict=False)
        return entry
    except ValueError:
        pass
    if "://" in text:
        raise ValueError("is a URL; list the bare host name, e.g. intranet.local (no scheme, port or path)")
    if "/" in text or (text[:1].isdigit() and text.replace(".", "").replace("/", "").isdigit()):
        raise ValueError(
            "is not a valid IP address or CIDR range (e.g. 10.0.0.0/8: four numbers 0-255, a prefix 0-32)"
        )
    if not _HOST_NAME.match(text):
        raise ValueError(
            "must be a host name (e.g. intranet.local), an IP address or a CIDR range such as 10.0.0.0/8"
        )
    return entry


class ProviderOverride(_Strict):
    base_url: str | None = None
    api_key_env: str | None = None
    api_key: SecretStr | None = None
    timeout_s: Num | None = Field(default=None, gt=0, le=300)
    rate_limit: str | None = None
    model: str | None = None

    _http_url = field_validator("base_url")(lambda cls, v: _http_url(v))
    _env_name = field_validator("api_key_env")(lambda cls, v: _env_name(v))

    @field_validator("api_key_env")
    @classmethod
    def _variable(cls, v: str | None) -> str | None:
        return None if v is None else check_variable_name(v)

    @field_validator("rate_limit")
    @classmethod
    def _rate(cls, v: str | None) -> str | None:
        if v is not None:
            from webquorum.resilience.ratelimit import (
                parse_rate,  # the limiter's own parser: config and limiter agree
            )

            try:
                parse_rate(v)
            except ConfigError:
                raise ValueError(
                    'must look like "20/minute" or "30 per 5 minutes" (units: second, minute, hour, day)'
                ) from None
        return v


class Combo(_Strict):
    id: str = Field(min_length=1, max_length=64)
    members: list[str] = Field(min_length=1)
    merge: MergeStrategy = "consensus"
    concurrent: Bool = True
    stop_after_results: Int | None = Field(default=None, ge=1, le=100)
    snippet_budget: Int = Field(default=600, ge=80, le=4000)
    quorum: Int | None = Field(
        default=None, ge=1, le=64
    )  # answers before stragglers get a bounded wait; None = all but one
    straggler_wait_s: Num = Field(
        default=2.0, ge=0, le=120
    )  # most extra wait for the rest once a quorum answered


class WebSettings(_Strict):
    search_provider: str = AUTO
    fetch_provider: str = "http"
    max_results: Int = Field(default=10, ge=1, le=MAX_RESULTS)


class NetworkSettings(_Strict):
    timeout_s: Num = Field(default=10.0, gt=0, le=120)
    allow_private_addresses: Bool = False
    allow_hosts: list[str] = []
    resolve: dict[str, str] = {}  # host -> IP pin, like curl --resolve (tests, split-horizon DNS)
    max_body_bytes: Int = Field(default=5_000_000, ge=10_000, le=100_000_000)
    fetch_deadline_s: Num = Field(default=15.0, gt=0, le=120)
    max_redirects: Int = Field(default=5, ge=0, le=10)
    retries: Int = Field(default=2, ge=0, le=5)
    retry_waits: Bool = True
    user_agent: str | None = Field(default=None, min_length=1, max_length=300)
    # "http://proxy:3128", "none" (ignore HTTPS_PROXY/HTTP_PROXY), null: the environment
    proxy: str | None = None
    no_proxy: list[str] = []  # hosts reached directly, added to $NO_PROXY

    @field_validator("proxy")
    @classmethod
    def _proxy_url(cls, v: str | None) -> str | None:
        if v is not None and v.strip().lower() != DIRECT:
            try:
                check_proxy_url(v, "proxy")
            except ProxySettingError as exc:
                raise ValueError(str(exc).removeprefix("proxy: ")) from None
        return v

    @field_validator("allow_hosts")
    @classmethod
    def _hosts(cls, v: list[str]) -> list[str]:
        for i, entry in enumerate(v):
            try:
                _allowed_host(entry)
            except ValueError as exc:
                raise ValueError(f"network.allow_hosts[{i}]: {entry!r} {exc}") from None
        return v

    @field_validator("user_agent")
    @classmethod
    def _printable(cls, v: str | None) -> str | None:
        if v is not None and not v.isprintable():
            raise ValueError("must be one printable line (no newlines or control characters)")
        return v

    @field_validator("resolve")
    @classmethod
    def _ip_values(cls, v: dict[str, str]) -> dict[str, str]:
        for host, ip in v.items():
            try:
                ipaddress.ip_address(ip)
            except ValueError:
                raise ValueError(f"{host!r} must map to an IP address like 127.0.0.1, not {ip!r}") from None
        return v


class CacheSettings(_Strict):
    enabled: Bool = True
    path: str | None = Field(default=None, min_length=1)
    url: str | None = None  # redis://host:6379/0 shares documents across workers; else path (SQLite)
    ttl_s: Num = Field(default=3600.0, ge=0)
    max_entries: Int = Field(default=20_000, ge=1, le=10_000_000)
    max_entry_bytes: Int = Field(default=2_000_000, ge=1_000, le=100_000_000)

    _store_url = field_validator("url")(lambda cls, v: _store_url(v, "cache.url"))


class StoreSettings(_Strict):
    url: str = "memory://"  # rate-limit and breaker state: memory://, sqlite:///path.db, redis://host:6379/0
    _store_url = field_validator("url")(lambda cls, v: _store_url(v, "store.url"))
    timeout_s: Num = Field(default=0.5, gt=0, le=10)  # bound on each store operation
    on_unavailable: Literal["fail", "local"] = "fail"  # when the store is down: refuse, or per-process limits
    rate_margin_s: Num = Field(default=0.1, ge=0, le=10)  # grants spaced by window + margin (transit)


class BriefSettings(_Strict):
    sources: Int = Field(default=4, ge=1, le=MAX_BRIEF_SOURCES)
    candidates: Int = Field(default=12, ge=1, le=30)
    read_deadline_s: Num = Field(default=10.0, gt=0, le=60)
    max_chars: Int = Field(default=4000, ge=500, le=4000)


class CollectSettings(_Strict):
    max_sources_default: Int = Field(default=5, ge=1, le=50)
    max_sources_cap: Int = Field(default=10, ge=1, le=50)
    excerpts_per_source: Int = Field(default=3, ge=1, le=20)
    excerpt_chars: Int = Field(default=600, ge=100, le=5000)
    total_chars: Int = Field(default=12000, ge=1000, le=200000)


class BudgetSettings(_Strict):
    max_calls_per_run: Int = Field(default=2, ge=1, le=50)
    max_usd_per_call: Num = Field(default=0.05, ge=0)
    max_usd_per_run: Num = Field(default=0.20, ge=0)


class ModelSettings(_Strict):
    base_url: str | None = None
    api_key_env: str = "AI_GATEWAY_API_KEY"
    timeout_s: Num = Field(default=30.0, gt=0, le=300)

    _http_url = field_validator("base_url")(lambda cls, v: _http_url(v))
    _env_name = field_validator("api_key_env")(lambda cls, v: _env_name(v))

    @field_validator("api_key_env")
    @classmethod
    def _variable(cls, v: str) -> str:
        return check_variable_name(v)


class McpSettings(_Strict):
    enable_discovery: Bool = False
    profile: Literal["full", "small"] = "full"  # small: web_search and web_fetch only, for 0.8B-class models
    auth_token: SecretStr | None = None  # else $WEBQUORUM_MCP_TOKEN (see mcp_token)
    max_concurrent: Int = Field(default=16, ge=1, le=1024)
    call_deadline_s: Num = Field(default=60.0, gt=0, le=600)
    allowed_origins: list[str] = []
    queue_wait_s: Num = Field(
        default=2.0, ge=0, le=60
    )  # a call over max_concurrent waits this long for a slot
    max_queued: Int = Field(default=256, ge=0, le=100_000)  # waiters past this are told WEB_MCP_BUSY at once
    max_sessions: Int = Field(default=1000, ge=1, le=100_000)  # open HTTP sessions; past it new ones get 503
    session_idle_s: Num = Field(default=300.0, gt=0, le=86_400)  # an HTTP session idle this long is closed
    shutdown_grace_s: Num = Field(
        default=5.0, ge=0, le=120
    )  # on SIGTERM, then in-flight calls get WEB_ABORTED
    # publish check_answer (off: the default tools/list stays under 8,000 characters)
    enable_check: Bool = False

    @field_validator("allowed_origins")
    @classmethod
    def _origins(cls, v: list[str]) -> list[str]:
        for i, origin in enumerate(v):
            if not _ORIGIN.match(origin):
                raise ValueError(
                    f"mcp.allowed_origins[{i}]: {origin!r} must be an origin like https://app.example.org or http://localhost:*"
                )
        return v


class Config(_Strict):
    providers: list[str] | None = None  # registered backends; None = every backend
    overrides: dict[str, ProviderOverride] = {}
    combos: list[Combo] = []
    web: WebSettings = WebSettings()
    network: NetworkSettings = NetworkSettings()
    cache: CacheSettings = CacheSettings()
    store: StoreSettings = StoreSettings()
    brief: BriefSettings = BriefSettings()
    collect: CollectSettings = CollectSettings()
    budget: BudgetSettings = BudgetSettings()
    models: ModelSettings = ModelSettings()
    mcp: McpSettings = McpSettings()
    site_sets: dict[str, list[str]] = {}  # named lists of sites a call names as @name (docs/sites.md)

    @field_validator("site_sets")
    @classmethod
    def _site_sets(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        """Each set canonical (lower-case punycode, deduplicated) and checked once, at load, not per call."""
        checked: dict[str, list[str]] = {}
        for name, members in v.items():
            if not _SET_NAME.fullmatch(name):
                raise ValueError(
                    f"site_sets: {name!r} is not a set name; use letters, digits, '-' or '_' (e.g. gov)"
                )
            if not members:
                raise ValueError(f"site_sets.{name}: empty; list at least one site such as nasa.gov")
            try:
                checked[name] = list(resolve_sites(members, {}, f"site_sets.{name}"))
            except BadRequestError as exc:
                raise ValueError(exc.message) from None
        return checked

    @model_validator(mode="after")
    def _references(self) -> Config:
        if self.providers == []:
            raise ValueError(
                "providers: [] registers no search backend at all; omit the key to register every backend, "
                f"or list at least one of: {', '.join(PROVIDER_IDS)}"
            )
        for i, pid in enumerate(self.providers or []):
            if pid not in PROVIDER_IDS:
                raise ValueError(
                    f"providers[{i}]: unknown provider {pid!r}; known: {', '.join(PROVIDER_IDS)}"
                )
        for key in self.overrides:
            if key not in PROVIDER_IDS:
                raise ValueError(
                    f"overrides.{key}: unknown provider {key!r}; known: {', '.join(PROVIDER_IDS)}"
                )
        seen: set[str] = set()
        for i, combo in enumerate(self.combos):
            if combo.id in PROVIDER_IDS or combo.id == AUTO:
                raise ValueError(
                    f"combos[{i}].id: {combo.id!r} would shadow a provider id; choose another id"
                )
            if combo.id in seen:
                raise ValueError(f"combos[{i}].id: duplicate combo id {combo.id!r}")
            seen.add(combo.id)
            for j, member in enumerate(combo.members):
                if member not in PROVIDER_IDS:
                    raise ValueError(
                        f"combos[{i}].members[{j}]: unknown provider {member!r}; known: {', '.join(PROVIDER_IDS)}"
                    )
        selectable = {AUTO, *PROVIDER_IDS, *seen}
        if self.web.search_provider not in selectable:
            raise ValueError(
                f"web.search_provider: {self.web.search_provider!r} is neither a provider nor a combo; "
                f"allowed: {', '.join(sorted(selectable))}"
            )
        if self.web.fetch_provider not in READER_IDS:
            raise ValueError(
                f"web.fetch_provider: {self.web.fetch_provider!r}; allowed: {', '.join(READER_IDS)}"
            )
        if self.collect.max_sources_default > self.collect.max_sources_cap:
            raise ValueError("collect.max_sources_default: must not exceed collect.max_sources_cap")
        return self

    # -- derived views ---------------------------------------------------------------------------
    @property
    def registered(self) -> tuple[str, ...]:
        return tuple(self.providers) if self.providers is not None else PROVIDER_IDS

    def override(self, provider: str) -> ProviderOverride:
        return self.overrides.get(provider, ProviderOverride())

    def combo(self, combo_id: str) -> Combo | None:
        if combo_id == AUTO:
            return Combo(id=AUTO, members=list(self.registered), merge="consensus")
        return next((c for c in self.combos if c.id == combo_id), None)

    def key_env(self, provider: str, default_env: str | None) -> str | None:
        return self.override(provider).api_key_env or default_env

    def proxy_routes(self) -> ProxyRoutes:
        """Where requests go: ``network.proxy``/``network.no_proxy`` and HTTPS_PROXY/HTTP_PROXY/NO_PROXY, read
        now."""
        try:
            return proxy_routes(self.network.proxy, tuple(self.network.no_proxy), os.environ)
        except ProxySettingError as exc:
            raise ConfigError(f"{exc} (or set network.proxy in the config)") from None

    def model_key(self) -> str | None:
        """The model endpoint's key from ``models.api_key_env``, read now (same stripping and checks as
        provider keys)."""
        value = os.environ.get(self.models.api_key_env)
        return secret_value(self.models.api_key_env, value) if value else None

    def credential(self, provider: str, default_env: str | None) -> str | None:
        """The provider's key, read now (never cached): a literal override, else its variable."""
        override = self.override(provider)
        if override.api_key is not None:
            return secret_value(f"overrides.{provider}.api_key", override.api_key.get_secret_value())
        env = self.key_env(provider, default_env)
        value = os.environ.get(env) if env else None
        return secret_value(env, value) if env and value else None


def mcp_token(settings: McpSettings) -> str | None:
    """The MCP bearer token: ``mcp.auth_token``, else ``$WEBQUORUM_MCP_TOKEN``; None when neither is set.

    A value that is set but empty or only whitespace comes back as given, so the server refuses
    it at start-up instead of silently running without a token.
    """
    if settings.auth_token is not None:
        return settings.auth_token.get_secret_value()
    value = os.environ.get("WEBQUORUM_MCP_TOKEN")
    return (
        None if value is None or value == "" else secret_value("WEBQUORUM_MCP_TOKEN", value, keep_blank=True)
    )


LOG_LEVELS = ("debug", "info", "warning", "error")


def log_level_setting() -> str | None:
    """``$WEBQUORUM_LOG`` (debug, info, warning or error), or None when unset; anything else is a
    ConfigError."""
    value = os.environ.get("WEBQUORUM_LOG", "").strip().lower()
    if not value:
        return None
    if value not in LOG_LEVELS:
        raise ConfigError(f"WEBQUORUM_LOG: {value!r} is not a log level; use one of {', '.join(LOG_LEVELS)}")
    return value


def model_name(kind: Literal["agent", "verification", "query"], configured: str | None = None) -> str:
    """Model ids come from the environment so they can change without code changes."""
    if configured:
        return configured
    env, default = {
        "agent": ("SEARCH_AGENT_MODEL", DEFAULT_AGENT_MODEL),
        "verification": ("SEARCH_VERIFICATION_MODEL", DEFAULT_VERIFICATION_MODEL),
        "query": ("SEARCH_QUERY_MODEL", DEFAULT_QUERY_MODEL),
    }[kind]
    return os.environ.get(env) or default


# What each type error asks for, in the config file's own words rather than pydantic's.
_WANTED = {
    "int_type": "must be a whole number (not true/false, not text)",
    "float_type": "must be a number (not true/false, not text)",
    "finite_number": "must be a finite number",
    "bool_type": "must be true or false",
    "string_type": "must be text",
    "list_type": "must be a list",
    "dict_type": "must be a mapping of keys to values",
    "model_type": "must be a mapping of keys to values",
}


def _describe(error: dict[str, Any]) -> str:
    path = field_path(error, "(top level)")
    message = reason(error)
    if is_unknown_field(error):
        return f"{path}: unknown key; remove it or check the spelling (docs/configuration.md lists every key)"
    if path == "(top level)" or message.split(":")[0].count(".") > 0:
        return message if ":" in message else f"{path}: {message}"
    message = _WANTED.get(str(error.get("type")), message)
    value = error.get("input")
    if any(part in SECRET_KEYS for part in error.get("loc", ())):
        return f"{path}: the value is not allowed: {message}"  # never echo a secret, even a mistyped one
    shown = "a list" if isinstance(value, list) else shown_value(value)
    return f"{path}: {shown} is not allowed: {message}"


def parse_config(data: Any, *, source: str = "config") -> Config:
    """A validated Config from parsed YAML or a dict; any mistake is a ConfigError naming key, value and
    fix."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(
            f"{source}: the top level must be a mapping of settings, not {type(data).__name__}",
            hint="start the file with keys such as `providers:` or `web:` (docs/configuration.md lists every key)",
        )
    try:
        return Config.model_validate(data)
    except ValidationError as exc:
        lines = [_describe(dict(e)) for e in exc.errors()]
        unknown = any(_names_unknown(dict(e)) for e in exc.errors())
        error = UnknownNameError if unknown else ConfigError
        more = f" (and {len(lines) - 5} more)" if len(lines) > 5 else ""
        raise error(
            f"{source}: " + "; ".join(lines[:5]) + more,
            hint=f"fix the key named above in {source}; docs/configuration.md lists every key",
        ) from None
    except RecursionError:
        raise ConfigError(f"{source}: nested too deeply (or refers to itself through a YAML alias)") from None


def _names_unknown(error: dict[str, Any]) -> bool:
    """An unknown provider, combo member, selected provider or merge strategy (WEB_BAD_REQUEST)."""
    message = str(error.get("msg", ""))
    loc = error.get("loc", ())
    return (
        "unknown provider" in message
        or "neither a provider nor a combo" in message
        or (error.get("type") == "literal_error" and bool(loc) and loc[-1] == "merge")
    )


def config_path(explicit: str | Path | None = None, *, argument: str = "config") -> Path | None:
    """The config file that applies, following the documented search order; None for built-in defaults.

    ``argument`` is what the caller called the path (``--config`` on the command line, the
    ``config`` argument in the API), so the message speaks the caller's language.
    """
    if explicit is not None and str(explicit) != "":
        return _existing_file(Path(explicit).expanduser(), argument)
    env = os.environ.get("WEBQUORUM_CONFIG")
    if env:
        return _existing_file(Path(env).expanduser(), "WEBQUORUM_CONFIG")
    for candidate in (Path("webquorum.yaml"), Path("~/.config/webquorum/config.yaml").expanduser()):
        if candidate.is_file():
            return candidate
    return None


def _existing_file(path: Path, argument: str) -> Path:
    fix = (
        "unset it or point it at a YAML file"
        if argument == "WEBQUORUM_CONFIG"
        else "pass the path of a YAML file"
    )
    if path.is_dir():
        raise ConfigError(f"{argument}: {str(path)!r} is a directory, not a config file; {fix}")
    if not path.exists():
        raise ConfigError(f"{argument}: {str(path)!r} does not exist; {fix}")
    if not path.is_file():
        raise ConfigError(f"{argument}: {str(path)!r} is not a regular file; {fix}")
    return path


def read_config_file(path: Path) -> Config:
    """Parse one YAML file: unreadable, oversized, non-UTF-8 and invalid YAML are ConfigErrors too."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read ({exc.strerror or exc}); check its permissions") from None
    if len(raw) > MAX_CONFIG_BYTES:
        raise ConfigError(
            f"{path}: larger than {MAX_CONFIG_BYTES:,} bytes, which no config file needs; is it the right file?"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            f"{path}: not UTF-8 text (byte {raw[exc.start]:#04x} at offset {exc.start}); save the file as UTF-8"
        ) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(
            f"{path}: not valid YAML: {' '.join(str(exc).split())}",
            hint="fix the YAML at the line and column named above",
        ) from None
    except RecursionError:
        raise ConfigError(f"{path}: nested too deeply to be a config file") from None
    return parse_config(data, source=str(path))


def load_config(
    explicit: str | Path | Config | dict[str, Any] | None = None, *, argument: str = "config"
) -> Config:
    """A validated Config from a path, a dict, a Config, or the documented search order (None).

    Anything else, and any invalid content, is a :class:`ConfigError` (code WEB_CONFIG_INVALID,
    or WEB_BAD_REQUEST for an unknown provider name) that names the key, the value and the fix.
    """
    if isinstance(explicit, Config):
        return explicit
    if isinstance(explicit, dict):
        return parse_config(explicit, source=argument)
    if explicit is not None and not isinstance(explicit, str | Path):
        raise ConfigError(
            f"{argument}: expected a file path, a dict or a Config, not {type(explicit).__name__}"
        )
    path = config_path(explicit, argument=argument)
    return Config() if path is None else read_config_file(path)


__all__ = ["MERGE_STRATEGIES", "Combo", "Config", "ProviderOverride", "load_config", "parse_config"]
