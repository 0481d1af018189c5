"""The size bound every MCP result and ``serve``'s ``/fetch`` answer are kept under (pure): clip long
strings, then drop list items.

Whatever is shortened is named in the result's ``cut`` field, because a silently shortened result
reads as a complete one. Identifiers are never clipped, and the brief is never clipped: it is
already bounded by its pipeline, so what repeats it is cut instead.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

MIN_CLIP = 160  # strings are never clipped below this many characters; whole items go instead
CUT_LIST = 12  # at most this many individual cuts are named, then one summary line
# -- the size bound (pure) ---------------------------------------------------------------------
# Keys never clipped: identifiers must stay exact, and the brief is the product itself (it is
# already bounded by the brief pipeline; what repeats it is cut instead).
_WHOLE = ("url", "hash", "id", "code", "error", "query", "brief")


def json_size(data: Any) -> int:
    return len(json.dumps(data, ensure_ascii=False))


def _clippable(node: Any, path: str = "") -> list[tuple[dict[str, Any] | list[Any], str | int, str]]:
    """Every string leaf long enough to clip, as (container, key, path); exact fields excluded."""
    found: list[tuple[dict[str, Any] | list[Any], str | int, str]] = []
    items: list[tuple[str | int, Any]] = (
        list(node.items()) if isinstance(node, dict) else list(enumerate(node))
    )
    for key, value in items:
        here = f"{path}.{key}" if isinstance(key, str) else f"{path}[{key}]"
        if isinstance(value, str):
            if len(value) > MIN_CLIP and not (isinstance(key, str) and key.endswith(_WHOLE)):
                found.append((node, key, here.lstrip(".")))
        elif isinstance(value, dict | list):
            found.extend(_clippable(value, here))
    return found


def _lists(node: Any, path: str = "") -> list[tuple[list[Any], str]]:
    found: list[tuple[list[Any], str]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_lists(value, f"{path}.{key}"))
    elif isinstance(node, list):
        found.append((node, path.lstrip(".")))
        for i, value in enumerate(node):
            found.extend(_lists(value, f"{path}[{i}]"))
    return found


def _containers(node: Any) -> list[Any]:
    if not isinstance(node, dict | list):
        return []
    children = node.values() if isinstance(node, dict) else node
    return [node, *(c for child in children for c in _containers(child))]


def bound(data: dict[str, Any], max_chars: int) -> list[str]:
    """Fit ``data`` and add its ``cut`` list, so the whole, cut list included, is at most ``max_chars``.

    The cut list takes room of its own, so the content is fitted again, from the original,
    into what that list leaves free; two passes settle it in practice.
    """
    reserve = json_size({"cut": []})
    if json_size(data) + reserve <= max_chars:
        data["cut"] = []
        return []
    original = copy.deepcopy(data)
    while True:
        trial = copy.deepcopy(original)
        trial["cut"] = fit(trial, max_chars - reserve)
        if json_size(trial) <= max_chars or reserve >= max_chars // 2:
            break
        reserve += json_size(trial) - max_chars
    data.clear()
    data.update(trial)
    cut: list[str] = trial["cut"]
    return cut


def fit(data: dict[str, Any], max_chars: int) -> list[str]:
    """Shrink ``data`` in place until its JSON is at most ``max_chars``; say what was cut.

    Long strings are clipped first, all to one common length (so no single source loses
    everything), and never below ``MIN_CLIP``; then whole items go from the end of the
    longest list. URLs, hashes and ids are never clipped, since a clipped URL is a wrong one.
    """
    if json_size(data) <= max_chars:
        return []
    leaves = _clippable(data)
    original = [len(container[key]) for container, key, _ in leaves]  # type: ignore[index]
    cap = _common_cap(sorted(original, reverse=True), json_size(data) - max_chars)
    while True:
        for container, key, _ in leaves:
            value: str = container[key]  # type: ignore[index]
            if len(value) > cap:
                container[key] = value[: cap - 1] + "…"  # type: ignore[index]
        if json_size(data) <= max_chars or cap <= MIN_CLIP:
            break
        cap = max(MIN_CLIP, int(cap * 0.9))  # JSON escaping made the estimate short
    dropped: dict[int, tuple[str, int, list[Any]]] = {}
    while json_size(data) > max_chars:
        lists = [(lst, path) for lst, path in _lists(data) if lst]
        if not lists:
            break
        longest, path = max(lists, key=lambda pair: json_size(pair[0]))
        dropped.setdefault(id(longest), (path, len(longest), longest))
        while longest and json_size(data) > max_chars:
            longest.pop()
    kept = {id(node) for node in _containers(data)}  # a clip inside a dropped item is not news
    clips: dict[str, list[tuple[str, int, int]]] = {}  # results[*].title -> (path, before, after)
    for (container, key, path), before in zip(leaves, original, strict=True):
        after = len(container[key])  # type: ignore[index]
        if id(container) in kept and after < before:
            clips.setdefault(re.sub(r"\[\d+\]", "[*]", path), []).append((path, before, after))
    cut = [
        f"{same[0][0]}: clipped from {same[0][1]} to {same[0][2]} characters"
        if len(same) == 1
        else f"{pattern}: {len(same)} clipped to at most {max(a for _, _, a in same)} characters (longest was {max(b for _, b, _ in same)})"
        for pattern, same in clips.items()
    ]
    cut += [f"{path}: kept {len(lst)} of {before} items" for path, before, lst in dropped.values()]
    if len(cut) > CUT_LIST:
        cut = [*cut[:CUT_LIST], f"and {len(cut) - CUT_LIST} more cut the same way"]
    return cut


def _common_cap(lengths: list[int], excess: int) -> int:
    """The largest length that, applied to every string in ``lengths`` (longest first), removes ``excess``."""
    for i in range(len(lengths)):
        floor = max(lengths[i + 1] if i + 1 < len(lengths) else MIN_CLIP, MIN_CLIP)
        removable = sum(n - floor for n in lengths[: i + 1])
        if removable >= excess:
            return max(MIN_CLIP, floor + (removable - excess) // (i + 1))
    return MIN_CLIP
