"""Who can run: a provider's or reader's spec, key, base URL and model, read from the config when asked.

Nothing here is cached: a key is read at the moment of the call (:meth:`Credentials.context`),
so a rotated variable takes effect on the next call, and the listing (:meth:`Credentials.provider_rows`)
says which variable or setting is missing, never a key's value.
"""

from __future__ import annotations

from typing import Any

from webquorum.config import Config, model_name
from webquorum.errors import BadRequestError, ConfigError, ConfiguredUnavailableError, CredentialMissingError
from webquorum.providers import PROVIDER_IDS, provider_module
from webquorum.readers import LOCAL_READER, SERVICE_IDS, reader_module
from webquorum.wire import ProviderSpec, RequestContext

__all__ = ["Credentials", "ProviderRow", "require_available"]

ProviderRow = dict[str, Any]  # one row of `webquorum providers`: id, kind, ready, needs, modality, ...


class Credentials:
    def __init__(self, config: Config) -> None:
        self.config = config

    # -- provider identity -----------------------------------------------------------------------
    def spec(self, provider_id: str) -> ProviderSpec:
        if provider_id not in PROVIDER_IDS:
            raise BadRequestError(f"unknown provider {provider_id!r}; known: {', '.join(PROVIDER_IDS)}")
        return provider_module(provider_id).SPEC

    def modality(self, provider_id: str) -> str:
        """``search+read`` for providers that also serve as a reader service (jina, exa, ...)."""
        return "search+read" if provider_id in SERVICE_IDS else self.spec(provider_id).modality

    def key_variable(self, provider_id: str, spec: ProviderSpec) -> str | None:
        return self.config.key_env(provider_id, spec.key_env)

    def context(self, provider_id: str, spec: ProviderSpec) -> RequestContext:
        """Key, base URL and options for one call, read now; raises when the provider cannot run."""
        override = self.config.override(provider_id)
        key = self.config.credential(provider_id, spec.key_env)
        if spec.key_required and key is None:
            variable = self.key_variable(provider_id, spec)
            raise CredentialMissingError(
                f"{provider_id} needs an API key: set {variable} (or overrides.{provider_id}.api_key_env)",
                provider=provider_id,
            )
        if spec.needs_base_url and not override.base_url:
            raise ConfigError(
                f"{provider_id} needs overrides.{provider_id}.base_url (the instance to query), e.g. https://searx.example.org",
                provider=provider_id,
            )
        options = {"model": model_name(spec.model_kind, override.model)} if spec.model_kind else {}
        return RequestContext(base_url=override.base_url, api_key=key, options=options)

    def unavailable_reason(self, provider_id: str) -> str | None:
        """Why a combo member would be skipped (missing key or base_url), else None."""
        spec = self.spec(provider_id)
        try:
            self.context(provider_id, spec)
        except (CredentialMissingError, ConfigError) as exc:
            return exc.message
        return None

    def timeout_s(self, provider_id: str) -> float:
        return self.config.override(provider_id).timeout_s or self.config.network.timeout_s

    def reader_key(self, reader_id: str) -> str | None:
        """A reader service's key, read now; CredentialMissingError (exit 2) naming the variable when it needs
        one."""
        spec = reader_module(reader_id).SPEC
        key = self.config.credential(reader_id, spec.key_env)
        if spec.key_required and key is None:
            raise CredentialMissingError(
                f"reader {reader_id} needs an API key: set {self.key_variable(reader_id, spec)}",
                provider=reader_id,
            )
        return key

    def provider_rows(self) -> list[ProviderRow]:
        """Every registered provider, combo and page reader: ready or not, what it needs (never a key's
        value), modality."""
        rows: list[ProviderRow] = []
        for pid in self.config.registered:
            spec = self.spec(pid)
            reason = self.unavailable_reason(pid)
            rows.append(
                {
                    "id": pid,
                    "kind": "provider",
                    "ready": reason is None,
                    "needs": reason and (self.key_variable(pid, spec) or f"overrides.{pid}.base_url"),
                    "credential_present": self.config.credential(pid, spec.key_env) is not None,
                    "modality": self.modality(pid),
                }
            )
        for combo in [self.config.combo("auto"), *self.config.combos]:
            assert combo is not None
            ready = [m for m in combo.members if self.unavailable_reason(m) is None]
            rows.append(
                {
                    "id": combo.id,
                    "kind": f"combo ({combo.merge})",
                    "ready": bool(ready),
                    "needs": None if ready else "a member's credential",
                    "credential_present": bool(ready),
                    "modality": "search",
                    "members": combo.members,
                    "ready_members": ready,
                }
            )
        rows.append(
            {
                "id": LOCAL_READER,
                "kind": "reader",
                "ready": True,
                "needs": None,
                "credential_present": False,
                "modality": "read",
            }
        )
        for rid in SERVICE_IDS:
            spec = reader_module(rid).SPEC
            present = self.config.credential(rid, spec.key_env) is not None
            missing = spec.key_required and not present
            rows.append(
                {
                    "id": rid,
                    "kind": "reader",
                    "ready": not missing,
                    "needs": self.key_variable(rid, spec) if missing else None,
                    "credential_present": present,
                    "modality": "read",
                }
            )
        return rows


def require_available(credentials: Credentials, provider_id: str) -> None:
    """A provider selected directly must be able to run: otherwise name the variable to set."""
    if provider_id not in credentials.config.registered:
        raise BadRequestError(
            f"provider {provider_id!r} is not registered; add it to `providers:` in the config",
            provider=provider_id,
        )
    reason = credentials.unavailable_reason(provider_id)
    if reason is not None:
        raise ConfiguredUnavailableError(
            f"{provider_id} is configured but unavailable: {reason}", provider=provider_id
        )
