"""A backup streams: it never holds the store lock while its reader is slow, and its memory stays
flat."""

import fcntl
import io
import json
import os
import subprocess
import sys
import termios
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from seep_scorer.cli import main
from seep_scorer.store.backup.file import end_line, header_line, read_backup, record_line
from seep_scorer.store.registry import close_all, open_repository
from seep_scorer.store.repository import StoredMatch

from .conftest import open_match, with_deals

ROOT = Path(__file__).resolve().parents[2]


def _pipe_bytes(fd: int) -> int:
    return int.from_bytes(fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"), sys.byteorder)


def _wait_until_stalled(fd: int) -> None:
    """Until the writer has written and then made no progress for half a second: it is blocked on
    a full pipe."""
    deadline = time.monotonic() + 30
    last, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        now_bytes = _pipe_bytes(fd)
        if now_bytes != last:
            last, since = now_bytes, time.monotonic()
        elif now_bytes > 0 and time.monotonic() - since > 0.5:
            return
        time.sleep(0.05)
    raise AssertionError("the backup never filled the pipe")


@pytest.mark.skipif(not hasattr(fcntl, "F_SETPIPE_SZ"), reason="needs Linux pipes")
def test_a_backup_stalled_on_a_pipe_nobody_reads_does_not_stop_a_save(data_dir):
    repo = open_repository(data_dir, fresh=True)
    stored = [repo.create(with_deals(open_match((f"Team {n}", "Rivals")), 20)) for n in range(12)]
    repo.backup_now()  # not due in the child: it goes straight to the backup
    read_fd, write_fd = os.pipe()
    fcntl.fcntl(write_fd, fcntl.F_SETPIPE_SZ, 4096)  # the child fills it with a match or two
    child = subprocess.Popen(
        [sys.executable, "-m", "seep_scorer", "backup", "--data-dir", str(data_dir)],
        stdout=write_fd,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
    )
    os.close(write_fd)
    saved = {}
    try:
        _wait_until_stalled(read_fd)
        assert child.poll() is None, "the backup ended: it did not fill the pipe"

        def save():
            target = stored[-1]
            saved["match"] = repo.save(
                target.id, with_deals(open_match(("Team 11", "Rivals")), 21), target.revision
            )

        saver = threading.Thread(target=save, daemon=True)
        started = time.perf_counter()
        saver.start()
        saver.join(5)
        took = time.perf_counter() - started
        assert not saver.is_alive(), "the save waited for the stalled backup"
        assert took < 2 and saved["match"].revision == 2
    finally:
        child.kill()
        child.wait(10)
        os.close(read_fd)


def test_a_match_saved_or_deleted_during_a_backup_is_in_it_as_it_is_then(repo):
    a, b, c = (repo.create(with_deals(open_match((name, "Rivals")), 1)) for name in ("A", "B", "C"))
    changed = {}

    class Meanwhile(io.BytesIO):
        def write(self, line):
            if not changed:  # after the listing, before any match is read
                changed["b"] = repo.save(
                    b.id, with_deals(open_match(("B", "Rivals")), 2), b.revision
                )
                repo.delete(c.id)
            return super().write(line)

    out = Meanwhile()
    repo.write_backup(out)
    out.seek(0)
    _, records = read_backup(out)
    got = {r.id: r for r in records}
    assert set(got) == {a.id, b.id}
    assert got[b.id].revision == 2 and len(got[b.id].match.deals) == 2


def _backup_peak(data_dir, target) -> int:
    """Peak Python memory of `seep-scorer backup -o target`, the store being open already (as the
    app has it)."""
    close_all()
    repo = open_repository(data_dir)
    for shard in range(
        256
    ):  # a long-running app has every index shard open: a fixed cost, not the command's
        repo._shard(f"{shard:02x}").table("matches")
    tracemalloc.start()
    try:
        assert main(["backup", "-o", str(target), "--data-dir", str(data_dir)]) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        close_all()


@pytest.mark.slow
def test_backup_memory_stays_flat_as_the_store_grows(tmp_path, capsys):
    small, large = tmp_path / "small", tmp_path / "large"
    for folder, count in ((small, 20), (large, 500)):
        repo = open_repository(folder, fresh=True)
        repo.import_bytes(_backup_of(count))
        repo.backup_now()  # the daily one, so that the command's open does not take it
    _backup_peak(
        small, tmp_path / "warm-up.jsonl"
    )  # modules imported on first use are not the backup's
    small_peak = _backup_peak(small, tmp_path / "small.jsonl")
    large_peak = _backup_peak(large, tmp_path / "large.jsonl")
    grown = (tmp_path / "large.jsonl").stat().st_size - (tmp_path / "small.jsonl").stat().st_size
    # Each file read costs a fixed few MB (its size limit) and each index shard a little (256 at
    # most); what must not grow is the rest with the backup.
    assert large_peak - small_peak < grown / 8, (
        f"{small_peak:,} -> {large_peak:,} bytes for {grown:,} bytes more"
    )
    lines = (tmp_path / "large.jsonl").read_bytes().splitlines()
    assert len(lines) == 502 and json.loads(lines[-1]) == {"end": True, "matches": 500}


def _backup_of(count: int) -> bytes:
    stamp = "2026-01-01T00:00:00Z"
    records = [
        record_line(
            StoredMatch(
                f"{n:08x}",
                with_deals(open_match((f"Team {n}", "Rivals")), 40),
                1,
                stamp,
                stamp,
                False,
            )
        )
        for n in range(count)
    ]
    return header_line(stamp, 2, {}) + b"".join(records) + end_line(count)
