"""Issue 8, item 12: a shell command never freezes the table. While `seep-scorer backup` writes to a
pipe that nobody reads (stalled mid-way), a phone can still open the app and record a deal."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

from e2e_support import VIEWPORT, WAIT_MS, Server, open_app, sel, tap, wait_present, wait_text

from seep_scorer.rules import Deal, Match, Team


def fill_store(data_dir, matches: int = 150) -> None:
    """Enough matches that a backup is many times a pipe's buffer (64 KiB), so it stalls."""
    from seep_scorer.store.registry import close_all, open_repository

    repo = open_repository(data_dir)
    try:
        for i in range(matches):
            deals = tuple(Deal(points=(40 + (i + k) % 20, 60 - (i + k) % 20)) for k in range(8))
            repo.create(
                Match(
                    teams=(
                        Team(f"Team {i}", (f"Asha {i}", f"Chitra {i}")),
                        Team(f"Other {i}", (f"Bilal {i}", f"Dev {i}")),
                    ),
                    deals=deals,
                )
            )
    finally:
        close_all()


def test_a_phone_records_a_deal_while_a_backup_is_stalled_on_a_pipe(chromium, tmp_path):
    data = tmp_path / "data"
    fill_store(data)
    server = Server(data).start()
    backup = None
    ctx = None
    try:
        # stdout is a pipe this test does not read until the end: the backup stalls once it is full
        backup = subprocess.Popen(
            [sys.executable, "-m", "seep_scorer", "backup", "--data-dir", str(data)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        time.sleep(3)
        assert backup.poll() is None, (
            "the backup finished: it never stalled, so this test proves nothing"
        )

        ctx = chromium.new_context(viewport=VIEWPORT)
        page = ctx.new_page()
        open_app(page, server.url)
        tap(page, "new-match")
        wait_present(page, "start-match")
        tap(page, "start-match")
        wait_present(page, "record-deal")
        tap(page, "record-deal")
        wait_present(page, "save-deal")
        tap(page, "card-KS")
        wait_text(page, "card-KS", "Team B")  # Save is on once something is entered (issue 19)
        tap(page, "save-deal")
        wait_present(page, "deal-1", timeout=WAIT_MS)
        assert backup.poll() is None, "the backup was no longer stalled while the phone recorded"

        out, err = backup.communicate(timeout=120)  # now read it: the backup completes
        assert backup.returncode == 0, err.decode(errors="replace")
        assert len(out) > 64 * 1024 and out.count(b"\n") > 150
    finally:
        if ctx is not None:
            ctx.close()
        if backup is not None and backup.poll() is None:
            backup.kill()
            backup.communicate()
        server.stop()


HOLD_LOCK = """
import fcntl, sys
with open(sys.argv[1], "a+b") as fh:
    fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
    print("locked", flush=True)
    sys.stdin.read()  # held until the test closes our stdin
"""


def test_while_the_store_is_locked_elsewhere_other_phones_keep_working(chromium, tmp_path):
    """Whatever holds the store (another process's lock), the server's one event loop stays free: a
    phone waiting on a save does not freeze the card taps of another phone."""
    data = tmp_path / "data"
    server = Server(data).start()
    holder = None
    contexts = []
    try:

        def phone():
            ctx = chromium.new_context(viewport=VIEWPORT)
            contexts.append(ctx)
            page = ctx.new_page()
            open_app(page, server.url)
            return page

        a = phone()
        tap(a, "new-match")
        wait_present(a, "start-match")
        tap(a, "start-match")
        wait_present(a, "record-deal")
        match_url = a.url
        tap(a, "record-deal")
        wait_present(a, "save-deal")
        tap(a, "card-AC")  # Save is on once something is entered (issue 19)
        wait_text(a, "card-AC", "Team B")
        b = phone()
        open_app(b, match_url.rstrip("/") + "/deal")
        wait_present(b, "card-KS")

        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD_LOCK, str(data / ".lock")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        # a bounded wait for its line (a bare readline waits for ever if the lock is never had)
        assert select.select([holder.stdout], [], [], 60)[0], (
            "the other process did not take the lock within 60 s"
        )
        assert holder.stdout.readline().strip() == b"locked"
        tap(a, "save-deal")  # waits for the store (off the loop)
        time.sleep(1)
        for code in ("KS", "QS"):
            tap(b, f"card-{code}")
            wait_text(b, f"card-{code}", "Team B", timeout=10_000)
        wait_text(b, "deal-total-1", "Team B: 25", timeout=10_000)
        assert a.locator(sel("deal-1")).count() == 0  # a's save is still waiting for the store

        holder.stdin.close()  # the other process lets go: a's save goes through
        holder.wait(10)
        wait_present(a, "deal-1")
    finally:
        for ctx in contexts:
            ctx.close()
        if holder is not None and holder.poll() is None:
            holder.kill()
        server.stop()
