"""The phone-only app open in two tabs of one profile: what taking turns costs (phone/storage.py).

    python bench/publish_tabs.py [--matches 0] [--rounds 3]

Publishes the site, serves it with `python -m http.server`, opens it twice in one headless Chromium
context with `?profile` (so phone/storage.py logs each store call's turn and each flush), and, with
--matches N, first restores a backup of N finished matches in tab A (bench/history_store.py's
builder). Then, each round, tab A and then tab B start a match and save a deal, so every first call
after the other tab's save reads IndexedDB again. Prints, over those calls: how long a turn waited
for the lock and held it, how often and how long it read IndexedDB again, and each flush's token
write and files (the files are what a save cost before, with no lock and no re-read).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "tests" / "e2e"))

from e2e_support import (  # noqa: E402 (after the path set-up above)
    CHROMIUM_ARGS,
    VIEWPORT,
    chromium_path,
    enable_semantics,
    tap,
    wait_present,
    wait_text,
)
from test_published import BOOT_MS, WAIT, StaticServer, new_match, record_points, save  # noqa: E402

TURN = re.compile(r"\[profile\] turn wait ([\d.]+) hold ([\d.]+) reread (True|False) ([\d.]+)")
FLUSH = re.compile(r"\[profile\] flush token ([\d.]+) files ([\d.]+)")


def _open(ctx, url: str, log: list[str]):
    page = ctx.new_page()
    page.on("console", lambda msg: log.append(msg.text))
    page.goto(url)
    page.wait_for_function("document.getElementById('loading') === null", timeout=BOOT_MS)
    enable_semantics(page)
    first = '[flt-semantics-identifier="nav-matches"], [flt-semantics-identifier="record-deal"]'
    page.locator(first).first.wait_for(state="attached", timeout=BOOT_MS)
    return page


def _restore(page, backup: Path, count: int) -> None:
    tap(page, "nav-settings")
    wait_present(page, "backup-restore", timeout=WAIT)
    with page.expect_file_chooser(timeout=WAIT) as chooser:
        tap(page, "backup-restore")
    chooser.value.set_files(str(backup))
    wait_present(page, "restore-confirm", timeout=600_000)
    tap(page, "restore-confirm")
    wait_text(page, "notice", f"{count} matches added", timeout=600_000)
    tap(page, "nav-matches")


def _fig(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values):.1f} ms, max {max(values):.1f} ms (n={len(values)})"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        cli = [sys.executable, "-m", "seep_scorer"]
        subprocess.run(
            [*cli, "publish", "-o", str(tmp / "site")], check=True, capture_output=True, timeout=600
        )
        backup = None
        if args.matches:
            from history_store import build_history_store

            build_history_store(tmp / "store", args.matches)
            backup = tmp / "backup.jsonl"
            subprocess.run(
                [*cli, "backup", "-o", str(backup), "--data-dir", str(tmp / "store")],
                check=True,
                capture_output=True,
                timeout=600,
            )
        server = StaticServer(tmp / "site").start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                ctx = browser.new_context(viewport=VIEWPORT)
                log: list[str] = []
                tab_a = _open(ctx, server.url + "?profile", log)
                if backup is not None:
                    _restore(tab_a, backup, args.matches)
                tab_b = _open(ctx, server.url + "?profile", log)
                del log[:]
                for _ in range(args.rounds):
                    for tab in (tab_a, tab_b):
                        tab.bring_to_front()
                        tab.goto(server.url + "?profile#/")
                        tab.wait_for_function(
                            "document.getElementById('loading') === null", timeout=BOOT_MS
                        )
                        enable_semantics(tab)
                        new_match(tab)
                        record_points(tab, 70)
                        save(tab, 1)
                browser.close()
        finally:
            server.stop()
    turns = [m.groups() for m in map(TURN.search, log) if m]
    flushes = [m.groups() for m in map(FLUSH.search, log) if m]
    print(f"{args.matches} matches restored, {args.rounds} rounds of a save in tab A then tab B")
    rereads = sum(t[2] == "True" for t in turns)
    print(f"turns: {len(turns)}, of which read IndexedDB again: {rereads}")
    print(f"  waited for the lock: {_fig([float(t[0]) for t in turns])}")
    print(f"  held the lock:       {_fig([float(t[1]) for t in turns])}")
    print(f"  reading again:       {_fig([float(t[3]) for t in turns if t[2] == 'True'])}")
    print(f"flushes: {len(flushes)}; token {_fig([float(f[0]) for f in flushes])}")
    print(f"  files (a save's whole cost before): {_fig([float(f[1]) for f in flushes])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
