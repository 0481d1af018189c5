"""Importing a module never changes the process: every module of the package, imported in a fresh
interpreter, leaves its priority where it was and starts no thread and no child process.

Before, importing ``readers/preload`` lowered the importing process to nice 10 and ran an extraction
warm-up; it now happens only when the fork server calls it (``readers/sandbox/server_start``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]

_SCRIPT = """
import importlib, json, os, pkgutil, threading
import webquorum
before = os.getpriority(os.PRIO_PROCESS, 0)
names = sorted(m.name for m in pkgutil.walk_packages(webquorum.__path__, "webquorum.") if not m.name.endswith("__main__"))
for name in names:
    importlib.import_module(name)
print(json.dumps({
    "modules": len(names), "entry": "webquorum.readers.sandbox.server_start" in names, "before": before, "after": os.getpriority(os.PRIO_PROCESS, 0),
    "threads": [t.name for t in threading.enumerate()],
    "children": open(f"/proc/{os.getpid()}/task/{os.getpid()}/children").read().split(),
}))
"""


def test_importing_every_module_leaves_the_process_as_it_was() -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    run = subprocess.run(
        [sys.executable, "-c", _SCRIPT], capture_output=True, text=True, env=env, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    seen = json.loads(run.stdout)
    assert seen["modules"] > 100 and seen["entry"]
    assert seen["after"] == seen["before"], seen
    assert seen["threads"] == ["MainThread"], seen
    assert seen["children"] == [], seen
