"""The one OpenAI-compatible chat-completions client: a pure request builder and response readers.

Shared by the search-grounded ``gateway`` provider and the optional model calls of verify and
discover, so both speak the same dialect: ``POST {base}/v1/chat/completions`` with a Bearer key,
``temperature: 0`` and a bounded ``max_tokens``; errors in the OpenAI shape
``{"error": {"message", "type", "code"}}``, which some gateways also send inside a 200. Nothing
here does I/O or reads the environment: the caller sends the request through the HTTP choke point
with the key it got from :class:`webquorum.config.Config`.
"""

from __future__ import annotations

import json
from typing import Any

from webquorum.errors import BadResponseError, ProviderError, RateLimitedError
from webquorum.wire import HttpRequest, HttpResponse

CHAT_PATH = "/v1/chat/completions"


def chat_url(base_url: str) -> str:
    """``base_url`` as given (``https://gw.example`` or ``https://gw.example/v1``) -> the completions URL."""
    base = base_url.rstrip("/")
    return base + ("/chat/completions" if base.endswith("/v1") else CHAT_PATH)


def chat_request(
    url: str,
    key: str | None,
    messages: list[dict[str, str]],
    *,
    model: str,
    max_tokens: int,
    json_schema: tuple[str, dict[str, Any]] | None = None,
) -> HttpRequest:
    """One completion request; ``json_schema`` (name, schema) asks for strict structured output."""
    body: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "max_tokens": max_tokens,
        "temperature": 0,
        "stream": False,
    }
    if json_schema is not None:
        name, schema = json_schema
        body["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": name, "strict": True, "schema": schema},
        }
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return HttpRequest("POST", url, headers=headers, json_body=body, secrets=(key,) if key else ())


def chat_body(provider: str, resp: HttpResponse) -> dict[str, Any]:
    """The decoded answer, or the error it carries (HTTP status or an OpenAI error object) raised."""
    try:
        data = json.loads(resp.body) if resp.body else None
    except ValueError:
        data = None
    error = data.get("error") if isinstance(data, dict) else None
    if isinstance(error, dict):
        raise_chat_error(provider, error, resp.status)
    if resp.status >= 400:
        raise ProviderError(
            f"{provider} endpoint answered HTTP {resp.status}",
            provider=provider,
            status=resp.status,
            transient=resp.status >= 500,
        )
    if not isinstance(data, dict):
        raise BadResponseError(
            f"{provider} answer is not a JSON object", provider=provider, status=resp.status
        )
    return data


def message_json(provider: str, data: dict[str, Any]) -> dict[str, Any]:
    """The first choice's content as the JSON object a structured-output request asked for."""
    try:
        content = data["choices"][0]["message"]["content"]
        parsed = json.loads(content) if isinstance(content, str) else content
    except (KeyError, IndexError, TypeError, ValueError):
        raise BadResponseError(
            f"{provider} answer has no readable message content", provider=provider
        ) from None
    if not isinstance(parsed, dict):
        raise BadResponseError(f"{provider} message content is not a JSON object", provider=provider)
    return parsed


def raise_chat_error(provider: str, error: dict[str, Any], status: int) -> None:
    message = str(error.get("message") or "unknown error").strip()
    kind = f"{error.get('type') or ''} {error.get('code') or ''}".lower().strip()
    if "rate" in kind or "quota" in kind or "429" in kind:
        raise RateLimitedError(f"{provider} rate limited: {message}", provider=provider, status=status)
    raise ProviderError(f"{provider} error ({kind or 'error'}): {message}", provider=provider, status=status)
