"""The real server, phones speaking Flet's wire protocol over sockets (fletclient.py):

- a phone's session lasts a Wi-Fi blip, not an hour; back within it, it finds its screen again
  (that a phone away is sent and built nothing is tests/ui/test_presence.py; what a save costs
  with phones gone, in CPU, is bench/sessions.py);
- a phone flooding its connection with resize or other events neither holds up another phone nor
  gets more than its share of the loop (server/limits.py, app/shell/app.py).

Costs are measured as the server process's CPU time, which a busy machine does not inflate.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from e2e_support import Server  # noqa: E402
from replay import generate_match  # noqa: E402

from seep_scorer.app.shell.app import SESSION_TIMEOUT_SECONDS  # noqa: F401  # noqa: E402
from seep_scorer.app.shell.widgets import MAX_WIDTH  # noqa: E402
from seep_scorer.matchfile import dumps_match  # noqa: E402

from .fletclient import CONTROL_EVENT, UPDATE_CONTROL_PROPS, Phone, frame  # noqa: E402

DEALS = 1000


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def settled_cpu(pid: int, limit: float = 240) -> float:
    """The server's CPU time once it has been idle for a second (waiting `limit` s at most)."""
    deadline = time.monotonic() + limit
    last = cpu_seconds(pid)
    while time.monotonic() < deadline:
        await asyncio.sleep(1)
        now = cpu_seconds(pid)
        if now - last < 0.03:
            return now
        last = now
    raise TimeoutError("the server never went idle")


@pytest.fixture()
def table(tmp_path):
    """A server whose store holds one match of DEALS deals: (server, match id)."""
    path = tmp_path / "match.json"
    path.write_text(dumps_match(generate_match(random.Random(7), DEALS)))
    data = tmp_path / "data"
    run = [sys.executable, "-m", "seep_scorer"]
    subprocess.run(
        run + ["import", str(path), "--data-dir", str(data)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    listed = subprocess.run(
        run + ["list", "--json", "--data-dir", str(data)],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    srv = Server(data).start()
    try:
        yield srv, json.loads(listed.stdout)[0]["id"]
    finally:
        srv.stop()
        assert "Traceback" not in srv.log.read_text(errors="replace")


async def on_scoreboard(port: int, match_id: str, deals: int = DEALS) -> Phone:
    phone = await Phone(port, f"/match/{match_id}").open()
    await phone.until(lambda: phone.find(f"deal-{deals}") is not None, 240)
    return phone


async def delete_last_deal(srv: Server, match_id: str, number: int) -> float:
    """A phone deletes deal `number` (a save, told to the table): the server's CPU for it and
    for all it set off."""
    saver = await Phone(srv.port, f"/match/{match_id}/deal/{number}").open()
    await saver.until(lambda: saver.find("delete-deal") is not None, 240)
    before = await settled_cpu(srv.proc.pid)
    await saver.tap("delete-deal")
    await saver.until(lambda: saver.find(f"deal-{number - 1}") is not None, 240)  # the scoreboard
    spent = await settled_cpu(srv.proc.pid) - before
    await saver.close()
    return spent


def test_a_phone_back_within_the_blip_finds_its_session_and_later_a_new_one(table):
    """Flet kept a gone phone's session for an hour; now SESSION_TIMEOUT_SECONDS (Flet evicts
    every 10 s). Back in time, the phone gets its session and its screen, with what another phone
    saved meanwhile."""
    srv, match_id = table

    async def run():
        phone = await on_scoreboard(srv.port, match_id)
        first = phone.session_id
        await phone.close()
        await asyncio.sleep(3)
        await delete_last_deal(srv, match_id, DEALS)  # saved while the phone was away
        again = await Phone(srv.port, f"/match/{match_id}").open(session_id=first)
        assert again.session_id == first
        await again.until(lambda: again.find(f"deal-{DEALS - 1}") is not None, 240)
        assert again.find(f"deal-{DEALS}") is None
        await again.close()
        await asyncio.sleep(SESSION_TIMEOUT_SECONDS + 12)
        late = await Phone(srv.port, f"/match/{match_id}").open(session_id=first)
        assert late.session_id != first  # expired: a new session, the screen built afresh
        await late.until(lambda: late.find(f"deal-{DEALS - 1}") is not None, 240)
        await late.close()

    assert SESSION_TIMEOUT_SECONDS <= 120
    asyncio.run(asyncio.wait_for(run(), 900))


async def flood(phone: Phone, frames: list[bytes]) -> None:
    for data in frames:
        await phone.ws.send(data)


def resizes(phone: Phone, count: int, last_width: float) -> list[bytes]:
    frames = []
    for i in range(count):
        width = 360 + i % 60 if i < count - 1 else last_width
        frames.append(
            frame(
                UPDATE_CONTROL_PROPS,
                {"id": phone.page_id, "props": {"width": width, "height": 800}},
            )
        )
        frames.append(
            frame(
                CONTROL_EVENT,
                {
                    "target": phone.page_id,
                    "name": "resize",
                    "data": {"width": width, "height": 800},
                },
            )
        )
    return frames


def test_a_flood_of_resize_events_holds_up_no_one_and_the_last_size_counts(table):
    """10,000 resize events from one phone; another phone taps. Before, the loop handled each one,
    redrawing a 1,000-deal scoreboard: minutes of CPU, the other phone waiting all along."""
    srv, match_id = table

    async def run():
        bad = await on_scoreboard(srv.port, match_id)
        other = await Phone(srv.port, "/").open()
        await other.until(lambda: other.find("nav-settings") is not None, 240)
        before = await settled_cpu(srv.proc.pid)
        started = time.monotonic()
        await flood(bad, resizes(bad, 10_000, 1200))  # the last: wide, the screens get a column
        patches = other.patches
        await other.tap("nav-settings")
        await other.until(lambda: other.patches > patches, 240)
        answered = time.monotonic() - started
        await bad.until(lambda: ("width", MAX_WIDTH) in bad.props_set, 120)
        spent = await settled_cpu(srv.proc.pid) - before
        await bad.close()
        await other.close()
        return answered, spent

    answered, spent = asyncio.run(asyncio.wait_for(run(), 900))
    print(
        f"10,000 resizes: the other phone's tap answered after {answered:.2f} s, "
        f"server CPU {spent:.2f} s"
    )
    assert spent < 3.0, spent


COUNT = 20_000


def test_a_flood_of_taps_is_read_no_faster_than_the_budget(table):
    """A phone pushes 20,000 events of 4 kB, compressed on the wire as browsers do. Before, the
    server read them all as fast as they came, a task each, and another phone's tap waited about
    40 s; now the app takes EVENTS_PER_SECOND, and with QUEUE_LIMIT waiting the server stops
    reading."""
    srv, _ = table

    async def run():
        bad = await Phone(srv.port, "/", compression="deflate").open()
        await bad.until(lambda: bad.find("nav-settings") is not None, 240)
        other = await Phone(srv.port, "/").open()
        await other.until(lambda: other.find("nav-settings") is not None, 240)
        before = await settled_cpu(srv.proc.pid)
        sent = 0

        async def push():
            nonlocal sent
            for i in range(COUNT):
                await bad.ws.send(
                    frame(CONTROL_EVENT, {"target": 10**6 + i, "name": "click", "data": "x" * 4000})
                )
                sent += 1

        pushing = asyncio.ensure_future(push())
        await asyncio.sleep(20)
        spent = cpu_seconds(srv.proc.pid) - before
        mine = other.patches
        started = time.monotonic()
        await other.tap("nav-settings")
        await other.until(lambda: other.patches > mine, 240)
        answered = time.monotonic() - started
        pushing.cancel()
        bad.ws.transport.abort()
        await other.close()
        return sent, spent, answered

    sent, spent, answered = asyncio.run(asyncio.wait_for(run(), 600))
    print(
        f"{COUNT} events of 4 kB: {sent} sent in 20 s, server CPU {spent:.1f} s; "
        f"the other phone answered in {answered:.2f} s"
    )
    assert spent < 8 and answered < 15, (spent, answered)
