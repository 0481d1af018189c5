"""The research_collect tool as MCP lists it: registered, and its description carries the two disclaimers."""

from __future__ import annotations

from webquorum.mcp.tools import RESEARCH_COLLECT, tool_specs


def test_the_tool_description_carries_the_two_disclaimers() -> None:
    assert "order is not credibility" in RESEARCH_COLLECT
    assert "no gaps is not proof" in RESEARCH_COLLECT
    assert "research_collect" in {spec.name for spec in tool_specs(enable_discovery=False)}
