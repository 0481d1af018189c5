"""The ``check_answer`` tool: a draft checked against its sources before the model answers.

Kept apart from :mod:`webquorum.mcp.tools` so it adds one self-contained entry: it is off by
default (``mcp.enable_check: true`` turns it on), because the default tools/list is kept under
8,000 characters and this tool's description and schema would push it over. Its schema takes the
sources as plain objects (the web_search or research_collect result as received), so publishing it
costs a few hundred characters, not the result models' schemas.
"""

from __future__ import annotations

from typing import Any

from webquorum.api import Client
from webquorum.mcp.tools import ToolSpec, with_cut
from webquorum.types.check import CheckRequest, CheckResult

CHECK_ANSWER = """Before answering, check your draft against the sources you used: pass the draft as `answer` and the web_search result as `brief` (or the research_collect result as `collect`, or source `urls`). Each figure, date, name and cited URL is backed, contradicted (a source gives another value: use it) or in no source (remove it). The text lists only the lines to fix; no line means send the answer. Reads no page except `urls`."""


def check_spec() -> ToolSpec:
    return ToolSpec(
        "check_answer", "Check an answer", CHECK_ANSWER, CheckRequest, with_cut(CheckResult), 20_000
    )


async def call_check(wq: Client, args: Any, *_: Any) -> CheckResult:
    return await wq.check_answer(args)
