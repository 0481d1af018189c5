"""No import cycle in the package: every module can be read knowing only the modules below it.

Layers (tests/test_layers.py) forbid a cycle between two layers; this forbids one inside a layer
too, such as the one ``readers/preload`` and ``readers/sandbox`` once made.
"""

from __future__ import annotations

import pytest


def test_no_module_imports_itself_through_others() -> None:
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("webquorum")
    modules = sorted(graph.modules)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []
    for root in modules:  # Tarjan's strongly connected components, iteratively
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
    assert cycles == [], cycles
