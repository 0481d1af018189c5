"""Optional model calls for verify and discover: an OpenAI-compatible chat endpoint, JSON schema out.

Models are never required. Without ``models.base_url`` and the key variable (``AI_GATEWAY_API_KEY``
by default) nothing here runs and both capabilities stay deterministic. With them, a model may
extract candidate organisations (``SEARCH_AGENT_MODEL``) and judge a claim the rules left
unverified (``SEARCH_VERIFICATION_MODEL``); ids come from :func:`webquorum.config.model_name`,
so they change without code changes.

What a model says is checked, not trusted: page text reaches it only inside the untrusted fence
(:mod:`webquorum.pipelines.budgeted.fence`); every item must cite an evidence id the run's ledger issued and a
quote
found word for word in that excerpt, or the item is dropped and audited. A model never authors a
URL, id or date: fields outside the schema (a ``url``, say) are ignored and audited, and results
take identifying fields from the ledger only.

Calls go through the one HTTP choke point (``rt.http.send``) under a breaker of their own
(profile ``"model"``): a slow model endpoint must not open the circuit on search, nor the reverse.
Failures are audited and the run carries on deterministically.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from webquorum.config import model_name
from webquorum.errors import ProviderError, WebQuorumError
from webquorum.net.chat import chat_body, chat_request, chat_url, message_json
from webquorum.pipelines.budgeted.context import RunContext
from webquorum.pipelines.budgeted.fence import fence_all, quote_found
from webquorum.text.fold import fold
from webquorum.types.research import Evidence, Verdict

_CANDIDATES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["candidates"],
    "properties": {
        "candidates": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["name", "geography", "evidence_id", "quote"],
                "properties": {
                    "name": {"type": "string"},
                    "geography": {"type": ["string", "null"]},
                    "evidence_id": {"type": "string"},
                    "quote": {"type": "string"},
                },
            },
        }
    },
}
_VERDICT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["verdict", "evidence_id", "quote"],
    "properties": {
        "verdict": {"enum": ["supported", "contradicted", "unverified"]},
        "evidence_id": {"type": "string"},
        "quote": {"type": "string"},
    },
}


@dataclass(frozen=True)
class ModelCandidate:
    name: str
    geography: str | None
    evidence: Evidence


MAX_TOKENS = 1500  # one answer: a verdict or a short candidate list


class ModelClient:
    def __init__(self, run: RunContext) -> None:
        self.run = run
        self.settings = run.rt.config.models

    @property
    def available(self) -> bool:
        return bool(self.settings.base_url) and self._key() is not None

    def _key(self) -> str | None:
        return self.run.rt.config.model_key()

    async def _complete(
        self, kind: Literal["agent", "verification"], purpose: str, prompt: str, schema: dict[str, Any]
    ) -> dict[str, Any] | None:
        key = self._key()
        if not self.settings.base_url or key is None or not self.run.take_model_call(purpose):
            return None
        model = model_name(kind)
        messages = [
            {"role": "system", "content": "Answer only with JSON matching the schema."},
            {"role": "user", "content": prompt},
        ]
        request = chat_request(
            chat_url(self.settings.base_url),
            key,
            messages,
            model=model,
            max_tokens=MAX_TOKENS,
            json_schema=(purpose, schema),
        )
        try:
            async with self.run.rt.breakers.get("model", "model").guard():
                resp = await self.run.rt.http.send(
                    request, provider="model", timeout_s=self.settings.timeout_s
                )
                if resp.status >= 500:  # a fault of the endpoint: counts against its breaker
                    raise ProviderError(
                        f"model endpoint answered HTTP {resp.status}", provider="model", status=resp.status
                    )
            data = message_json("model", chat_body("model", resp))
        except WebQuorumError as exc:
            self.run.record(
                "model_call", f"{purpose} failed: {exc.code}; continuing without the model", provider=model
            )
            return None
        self.run.record("model_call", f"{purpose} answered", provider=model)
        return data

    def _checked(self, item: dict[str, Any], allowed: set[str], keys: tuple[str, ...]) -> Evidence | None:
        """The cited ledger entry when the item's id was issued here and its quote is literal; else audit and
        None."""
        for extra in sorted(set(item) - set(keys)):
            self.run.record(
                "drop", f"model-authored field {extra!r} ignored: identifying fields come from the ledger"
            )
        evidence_id, quote = str(item.get("evidence_id", "")), str(item.get("quote", ""))
        entry = self.run.ledger.get(evidence_id) if evidence_id in allowed else None
        if entry is None:
            self.run.record(
                "drop", "model item cites an evidence id this run never issued; dropped", ref=evidence_id[:40]
            )
            return None
        if not quote_found(quote, entry.text):
            self.run.record(
                "drop", "model quote not found literally in the cited excerpt; dropped", ref=evidence_id
            )
            return None
        return entry

    async def extract_candidates(self, excerpts: list[Evidence]) -> list[ModelCandidate]:
        """Organisations the excerpts name as behind a market event, each checked against its quote."""
        prompt = (
            "List organisations (companies, not people) that the excerpts say are behind a market event "
            "(a new plant, an expansion, a tender, a hiring wave). For each give the name as written, the "
            "geography as written or null, the id of the excerpt, and a word-for-word quote naming it.\n\n"
            + fence_all([(e.id, e.domain, e.text) for e in excerpts])
        )
        data = await self._complete("agent", "extract_candidates", prompt, _CANDIDATES_SCHEMA)
        items = data.get("candidates") if data else None
        out: list[ModelCandidate] = []
        allowed = {e.id for e in excerpts}
        for item in items if isinstance(items, list) else []:
            if not isinstance(item, dict):
                continue
            entry = self._checked(item, allowed, ("name", "geography", "evidence_id", "quote"))
            name = " ".join(str(item.get("name", "")).split())
            if entry is None:
                continue
            if not name or fold(name) not in fold(str(item.get("quote", ""))):
                self.run.record("drop", "model candidate name is not in its own quote; dropped", ref=entry.id)
                continue
            geography = item.get("geography")
            place = (
                str(geography) if isinstance(geography, str) and fold(geography) in fold(entry.text) else None
            )
            out.append(ModelCandidate(name, place, entry))
        return out

    async def judge_claim(
        self, claim: str, entities: list[str], excerpts: list[Evidence]
    ) -> tuple[Verdict, Evidence] | None:
        """A verdict the rules could not reach, accepted only with a literal quote naming an entity."""
        prompt = (
            f"Claim about {', '.join(entities)}: {claim}\nDecide whether the excerpts support it, contradict it "
            "(another value for the same quantity) or neither. Cite one excerpt id and quote it word for word.\n\n"
            + fence_all([(e.id, e.domain, e.text) for e in excerpts])
        )
        data = await self._complete("verification", "judge_claim", prompt, _VERDICT_SCHEMA)
        if not data:
            return None
        entry = self._checked(data, {e.id for e in excerpts}, ("verdict", "evidence_id", "quote"))
        verdict: Verdict = "supported" if data.get("verdict") == "supported" else "contradicted"
        if entry is None or data.get("verdict") not in ("supported", "contradicted"):
            return None
        if not any(fold(e) in fold(str(data.get("quote", ""))) for e in entities):
            self.run.record("drop", "model quote does not name the entity; verdict dropped", ref=entry.id)
            return None
        return verdict, entry
