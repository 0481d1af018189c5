"""Issue 24, "bounded for everyone at once": a page costs CPU by what it can yield, ordinary pages keep a
slot,
and the extractor works inside whatever limits the process was started under.

An 891 KB page of 99,000 ``<option>`` tags once took a whole 15 s deadline and about 9.5 s of CPU, and
eight of them filled every extraction slot while a normal fetch waited. Real workers, real loopback pages.
"""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from tests.sim.hostile import many_options, worker_busy_then_sleep, worker_echo, worker_spin
from tests.sim.sites import SITE, article, bounded, site_config
from tests.sim.web import Reply, SimWeb

from webquorum import Client
from webquorum.errors import ExtractionFailedError
from webquorum.readers import sandbox
from webquorum.readers.bounds import MAX_OPTIONS, cap_tags
from webquorum.readers.sandbox import CPU_S_PER_MB, MIN_CPU_S, cpu_allowance, pool, run_bounded
from webquorum.readers.sandbox.slots import Slots

MB = 1024 * 1024
REPO = Path(__file__).resolve().parent.parent.parent


# -- options: dropped past the cap before any tree is built
# ----------------------------------------------------
def test_options_past_the_cap_are_dropped_and_their_text_and_the_article_kept() -> None:
    page = many_options(891_000)
    capped = cap_tags(page)
    assert capped.lower().count("<option") == MAX_OPTIONS
    assert "<article><h1>Ferry times</h1>" in capped and capped.count("1") >= page.count("1") - 5
    ordinary = "<select>" + "<option value=fr>France</option>" * 250 + "</select>"
    assert cap_tags(ordinary) == ordinary  # a country list is left alone


@bounded(30)
async def test_a_page_of_99000_options_reads_within_a_short_deadline(simweb: SimWeb) -> None:
    """At a 3 s deadline (so 3 s of CPU) the page reads: before, its parse alone needed most of a minute."""
    simweb.route("/form", Reply(body=many_options(891_000)), host=SITE)
    async with Client(site_config(simweb, fetch_deadline_s=3.0)) as wq:
        page = await wq.fetch(simweb.url("/form", host=SITE))
    assert "harbour ferry sails at nine" in page.text


# -- CPU scales with the body, not the deadline
# ------------------------------------------------------------------
def test_the_cpu_allowance_scales_with_the_body_and_never_passes_the_deadline() -> None:
    assert cpu_allowance(15.0, 891_000) == 3  # the option page: 3 s, not the deadline's 15
    assert cpu_allowance(15.0, 5 * MB) == int(
        MIN_CPU_S + 5 * CPU_S_PER_MB
    )  # a 5 MB article (about 1 s) keeps room
    assert cpu_allowance(2.0, 5 * MB) == 2 and cpu_allowance(15.0) == 15 and cpu_allowance(0.2, 0) == 1


@bounded(60)
async def test_a_small_body_that_spins_is_stopped_by_its_cpu_allowance_not_its_deadline() -> None:
    """The worker would spin for a minute; its 2 s of CPU stop it long before the deadline. The deadline is
    wide (40 s) so that a machine busy with other work, where 2 s of CPU take many seconds of wall time (a CI
    run beside benchmarks once took more than 10 s), still meets the CPU allowance first."""
    with pytest.raises(ExtractionFailedError) as caught:
        await run_bounded(
            worker_spin,
            60.0,
            source="http://x.test/spin",
            deadline_s=40.0,
            memory_bytes=256 * MB,
            body_bytes=0,
        )
    assert f"more than its {int(MIN_CPU_S)}s of CPU" in caught.value.message


# -- a slot kept for ordinary pages
# -------------------------------------------------------------------------------
async def test_a_reserved_slot_opens_only_while_every_running_document_is_heavy() -> None:
    slots = Slots(2, reserved=1)
    await slots.acquire()
    await slots.acquire()
    third = asyncio.ensure_future(slots.acquire())
    await asyncio.sleep(0)
    assert not third.done()  # two light documents: the reserve stays shut
    slots.mark_heavy()
    await asyncio.sleep(0)
    assert not third.done()  # one light document still running
    slots.mark_heavy()
    await asyncio.wait_for(third, 1)  # every running document is heavy: the reserved slot opens
    fourth = asyncio.ensure_future(slots.acquire())
    await asyncio.sleep(0)
    assert not fourth.done() and slots.running == 3  # never more than size + reserved
    slots.release(heavy=True)
    await asyncio.sleep(0)
    assert not fourth.done()  # one heavy gone, but a light one runs: at size, the reserve is shut again
    slots.release(heavy=False)  # the light one ends: the one heavy left is alone, a plain slot is free
    await asyncio.wait_for(fourth, 1)
    cancelled = asyncio.ensure_future(slots.acquire())
    await asyncio.sleep(0)
    cancelled.cancel()
    await asyncio.gather(cancelled, return_exceptions=True)
    slots.release(heavy=True)
    slots.release(heavy=False)
    assert (slots.running, slots.heavy) == (0, 0)


@bounded(60)
async def test_an_ordinary_document_runs_while_heavy_ones_hold_every_slot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two slots (the real eight cost eight workers), both held by heavy documents: an ordinary one still
    runs."""
    monkeypatch.setattr(pool, "MAX_CHILDREN", 2)
    sandbox._slots.clear()
    heavy = [
        asyncio.ensure_future(
            run_bounded(
                worker_busy_then_sleep, 0.4, 20.0, source=f"h{i}", deadline_s=30, memory_bytes=256 * MB
            )
        )
        for i in range(2)
    ]
    try:
        slots = sandbox._slot()
        while slots.heavy < 2:  # both hold their slot and were demoted as heavy (bounded by the test's 60 s)
            await asyncio.sleep(0.05)
        ordinary = await run_bounded(
            worker_echo, "read", source="ordinary", deadline_s=30, memory_bytes=256 * MB
        )
        assert ordinary == "read"
        assert not any(task.done() for task in heavy)  # it did not wait for a heavy one to end
    finally:
        for task in heavy:
            task.cancel()
        await asyncio.gather(*heavy, return_exceptions=True)


# -- inside the operator's limits
# -----------------------------------------------------------------------------------
def _tight_limits() -> None:
    """What ``ulimit -v 1500000; ulimit -t 600`` (or ``prlimit --as --cpu``) leaves: hard limits, lower than
    ours."""
    resource.setrlimit(resource.RLIMIT_AS, (1500 * MB, 1500 * MB))
    resource.setrlimit(resource.RLIMIT_CPU, (600, 600))


def test_a_page_reads_under_a_hard_address_space_and_cpu_limit(simweb: SimWeb, tmp_path: Path) -> None:
    """Setting the worker's limits above a hard one raised ValueError in every worker: every read failed."""
    simweb.route(
        "/ferry", Reply(body=article("Ferry", "The harbour ferry sails at nine every morning.")), host=SITE
    )
    config = tmp_path / "webquorum.yaml"
    config.write_text(yaml.safe_dump(site_config(simweb, fetch_deadline_s=20.0)), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO / "src"), "NO_COLOR": "1"}
    env.pop("WEBQUORUM_CONFIG", None)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "webquorum",
            "fetch",
            simweb.url("/ferry", host=SITE),
            "--config",
            str(config),
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=90,
        preexec_fn=_tight_limits,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "harbour ferry sails at nine" in run.stdout and "Traceback" not in run.stderr


def test_a_worker_that_dies_under_a_hard_limit_names_the_limit(tmp_path: Path) -> None:
    """Under ``ulimit -v`` a worker's death is most likely the limit: the error says which, in MB."""
    script = (
        "import asyncio\n"
        "from tests.sim.hostile import worker_abort\n"
        "from webquorum.errors import ExtractionFailedError\n"
        "from webquorum.readers.sandbox import run_bounded\n"
        "try:\n"
        "    asyncio.run(run_bounded(worker_abort, source='http://x.test/', deadline_s=20, memory_bytes=256 * 2**20))\n"
        "except ExtractionFailedError as exc:\n"
        "    print(exc.message)\n"
    )
    env = {**os.environ, "PYTHONPATH": f"{REPO / 'src'}:{REPO}"}
    run = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=90,
        preexec_fn=_tight_limits,
    )
    assert "crashed the extractor" in run.stdout and "address-space limit of 1500 MB" in run.stdout, (
        run.stderr[-2000:]
    )
