"""Phones that leave and phones that flood, against the real server (phones speak Flet's wire
protocol: tests/security/fletclient.py). Prints:

- the server's CPU time for one save (a deal deleted) with N phones that looked at the match and
  left, and with none;
- the server's memory (RSS) as batches of three phones open the match and leave;
- while one phone sends 10,000 resize events: how long another phone's tap waits, the worst wait of
  a page request meanwhile, and the server's CPU time.

CPU time is the server process's own (/proc), which a busy machine does not inflate; waits are wall
time and move with the machine's load. Run: python bench/sessions.py [--deals N] [--gone N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [
    str(ROOT),
    str(ROOT / "bench"),
    str(ROOT / "tests" / "e2e"),
    str(ROOT / "tests" / "security"),
]

from e2e_support import Server  # noqa: E402
from fletclient import CONTROL_EVENT, UPDATE_CONTROL_PROPS, Phone, frame  # noqa: E402
from replay import generate_match  # noqa: E402

from seep_scorer.matchfile import dumps_match  # noqa: E402


def cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024
    return 0


async def settled(pid: int) -> float:
    last = cpu(pid)
    while True:
        await asyncio.sleep(1)
        now = cpu(pid)
        if now - last < 0.03:
            return now
        last = now


def store_with_match(tmp: Path, deals: int) -> tuple[Path, str]:
    path, data = tmp / "match.json", tmp / "data"
    path.write_text(dumps_match(generate_match(random.Random(7), deals)))
    run = [sys.executable, "-m", "seep_scorer"]
    subprocess.run(
        run + ["import", str(path), "--data-dir", str(data)], check=True, capture_output=True
    )
    listed = subprocess.run(
        run + ["list", "--json", "--data-dir", str(data)],
        check=True,
        capture_output=True,
        text=True,
    )
    return data, json.loads(listed.stdout)[0]["id"]


async def scoreboard(port: int, match_id: str, deals: int) -> Phone:
    phone = await Phone(port, f"/match/{match_id}").open()
    await phone.until(lambda: phone.find(f"deal-{deals}") is not None, 600)
    return phone


async def save_cpu(srv: Server, match_id: str, number: int) -> float:
    saver = await Phone(srv.port, f"/match/{match_id}/deal/{number}").open()
    await saver.until(lambda: saver.find("delete-deal") is not None, 600)
    before = await settled(srv.proc.pid)
    await saver.tap("delete-deal")
    await saver.until(lambda: saver.find(f"deal-{number - 1}") is not None, 600)
    spent = await settled(srv.proc.pid) - before
    await saver.close()
    return spent


async def leaving(srv: Server, match_id: str, deals: int, gone: int) -> None:
    watcher = await scoreboard(srv.port, match_id, deals)
    alone = await save_cpu(srv, match_id, deals)
    for _ in range(gone):
        await (await scoreboard(srv.port, match_id, deals - 1)).close()
    await asyncio.sleep(3)
    with_gone = await save_cpu(srv, match_id, deals - 1)
    await watcher.close()
    # The goal (a unit test's threshold once, tests/security/test_sessions.py): phones that left
    # cost a save nothing, within the noise of one save.
    met = with_gone < 1.5 * alone + 0.3
    print(
        f"one save, {deals} deals: {alone:.2f} s CPU with no phone gone, "
        f"{with_gone:.2f} s with {gone} gone: ratio {with_gone / max(alone, 1e-9):.2f} "
        f"(goal: under 1.5 x + 0.3 s: {'met' if met else 'NOT met'})",
        flush=True,
    )
    for batch in range(1, 4):
        for _ in range(3):
            await (await scoreboard(srv.port, match_id, deals - 2)).close()
        await asyncio.sleep(4)
        print(
            f"  RSS after {3 * batch} more phones came and left: {rss_mb(srv.proc.pid)} MB",
            flush=True,
        )


async def flooding(srv: Server, count: int) -> None:
    bad = await Phone(srv.port, "/").open()
    await bad.until(lambda: bad.find("new-match") is not None, 600)
    other = await Phone(srv.port, "/").open()
    await other.until(lambda: other.find("nav-settings") is not None, 600)
    waits: list[float] = []
    done = asyncio.Event()

    async def probe() -> None:
        while not done.is_set():
            started = time.monotonic()
            reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
            writer.write(
                f"GET /manifest.json HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n"
                "Connection: close\r\n\r\n".encode()
            )
            await reader.read()
            writer.close()
            waits.append(time.monotonic() - started)
            await asyncio.sleep(0.05)

    probing = asyncio.ensure_future(probe())
    before = await settled(srv.proc.pid)
    started = time.monotonic()
    for i in range(count):
        size = {"width": 360 + i % 60, "height": 800}
        await bad.ws.send(frame(UPDATE_CONTROL_PROPS, {"id": bad.page_id, "props": size}))
        await bad.ws.send(
            frame(CONTROL_EVENT, {"target": bad.page_id, "name": "resize", "data": size})
        )
    patches = other.patches
    await other.tap("nav-settings")
    await other.until(lambda: other.patches > patches, 1800)
    answered = time.monotonic() - started
    spent = await settled(srv.proc.pid) - before
    done.set()
    await probing
    print(
        f"{count} resize events from one phone: another phone's tap answered after "
        f"{answered:.2f} s, worst page request {max(waits):.2f} s, server CPU {spent:.2f} s",
        flush=True,
    )
    await bad.close()
    await other.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--gone", type=int, default=10)
    parser.add_argument("--resizes", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data, match_id = store_with_match(Path(tmp), args.deals)
        srv = Server(data).start()
        try:
            asyncio.run(leaving(srv, match_id, args.deals, args.gone))
        finally:
            srv.stop()
        srv = Server(data).start()  # afresh: the sessions that left above expire meanwhile
        try:
            asyncio.run(flooding(srv, args.resizes))
        finally:
            srv.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
