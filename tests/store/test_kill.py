"""A child process saving in a loop is killed with SIGKILL at random moments; every acknowledged
save survives.

A second child imports backups in a loop and is killed the same way: after each
kill, the open finds every import whole or absent, never in part.

The child saves deals (and now and then creates a match or changes a setting)
and acknowledges each write on a pipe only after the store returned. After each
kill the store is opened as a new start of the app would: it must report no
damage, leave no temp file, hold every acknowledged write, and every match it
holds must read back whole (deal n's note is "dn", revision = deals + 1).
"""

import os
import random
import select
import signal
import time

import pytest

from seep_scorer.store.backup.file import end_line, header_line, record_line
from seep_scorer.store.registry import close_all, open_repository
from seep_scorer.store.repository import StoredMatch

from .conftest import level_deal, open_match, with_deals

KILLS = 200
DEALS_PER_MATCH = 40  # then the child starts a new match: files stay small, the test stays quick


def _child(data_dir, ack_fd: int, seed: int) -> None:
    rng = random.Random(seed)
    repo = open_repository(data_dir, fresh=True)
    current = next((s for s in repo.list_matches() if s.deals < DEALS_PER_MATCH), None)
    stored = repo.get(current.id) if current else None
    setting = repo.get_setting("counter", 0)
    while True:
        roll = rng.random()
        if stored is None or len(stored.match.deals) >= DEALS_PER_MATCH or roll < 0.03:
            stored = repo.create(open_match())
            os.write(ack_fd, f"create {stored.id}\n".encode())
        elif roll < 0.08:
            setting += 1
            repo.set_setting("counter", setting)
            os.write(ack_fd, f"setting {setting}\n".encode())
        else:
            n = len(stored.match.deals) + 1
            stored = repo.save(
                stored.id,
                stored.match.with_deals(stored.match.deals + (level_deal(n),)),
                stored.revision,
            )
            os.write(ack_fd, f"save {stored.id} {stored.revision}\n".encode())


class _Pace:
    """How long one write takes on this machine right now (moving average of the gaps between
    acks)."""

    def __init__(self):
        self.seconds = 0.005

    def saw(self, gap: float) -> None:
        self.seconds = 0.8 * self.seconds + 0.2 * min(gap, 0.2)


def _run_and_kill(data_dir, seed: int, rng: random.Random, pace: _Pace) -> list[list[str]]:
    """Let the child make a random number of acknowledged writes (0-6), then kill it a random
    part of a write later."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            _child(data_dir, write_fd, seed)
        finally:
            os._exit(1)
    os.close(write_fd)
    wanted, received, last = rng.randint(0, 6), b"", time.perf_counter()
    deadline = last + 5
    while received.count(b"\n") < wanted and time.perf_counter() < deadline:
        if select.select([read_fd], [], [], 0.05)[0]:
            received += os.read(read_fd, 65536)
            now = time.perf_counter()
            pace.saw(now - last)
            last = now
    time.sleep(rng.uniform(0, 1.5 * pace.seconds))
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
        "the child ended on its own"
    )
    while chunk := os.read(read_fd, 65536):
        received += chunk
    os.close(read_fd)
    return [line.split() for line in received.decode().splitlines()]


def _assert_whole(stored) -> None:
    assert stored.revision == len(stored.match.deals) + 1
    assert [d.note for d in stored.match.deals] == [
        f"d{n}" for n in range(1, len(stored.match.deals) + 1)
    ]


@pytest.mark.slow
def test_acknowledged_saves_survive_sigkill_at_random_moments(data_dir):
    rng = random.Random(20260101)
    acked_revision: dict[str, int] = {}
    acked_setting = 0
    total_acks = 0
    pace = _Pace()
    caught_mid_save = 0  # kills after a save reached the disk but before its ack
    for kill in range(KILLS):
        close_all()  # the child must not share the parent's open files or lock
        acks = _run_and_kill(data_dir, rng.randrange(2**32), rng, pace)
        total_acks += len(acks)

        repo = open_repository(data_dir, fresh=True)
        assert repo.notices == [], f"kill {kill}: {repo.notices}"
        leftovers = [p for p in data_dir.rglob(".tmp-*")]
        assert leftovers == [], f"kill {kill}: temp files survived the open"

        touched = set()
        for ack in acks:
            if ack[0] == "create":
                acked_revision.setdefault(ack[1], 1)
                touched.add(ack[1])
            elif ack[0] == "save":
                acked_revision[ack[1]] = max(acked_revision.get(ack[1], 1), int(ack[2]))
                touched.add(ack[1])
            else:
                acked_setting = int(ack[1])
        summaries = {s.id: s for s in repo.list_matches()}
        for mid, revision in acked_revision.items():
            assert mid in summaries, f"kill {kill}: acknowledged match {mid} is gone"
            # At most one save beyond the last acknowledged one (made, but killed before the ack).
            assert summaries[mid].revision in (revision, revision + 1), f"kill {kill}: {mid}"
            caught_mid_save += summaries[mid].revision == revision + 1
        for mid in touched | set(summaries) - set(acked_revision):
            stored = repo.get(mid)  # reads and checks the whole file
            _assert_whole(stored)
            assert (
                stored.revision == summaries[mid].revision
                and len(stored.match.deals) == summaries[mid].deals
            )
        assert repo.get_setting("counter", 0) in (acked_setting, acked_setting + 1)
        acked_setting = repo.get_setting("counter", 0)
        for mid, summary in summaries.items():
            acked_revision[mid] = (
                summary.revision
            )  # what is there now is the baseline for the next round
    assert total_acks > KILLS, "the child barely ran: the kills did not land amid writes"
    assert caught_mid_save > 0, "no kill landed inside a save"


# ----- imports: whole or not at all -----

IMPORT_KILLS = 120
IMPORT_MATCHES = 5  # matches in each backup the child imports


def _backup_of(tag: str) -> bytes:
    """A backup of IMPORT_MATCHES matches whose first team is `tag`: each import is told apart by
    it."""
    stamp = "2026-01-01T00:00:00Z"
    lines = [header_line(stamp, 2, {})]
    for k in range(IMPORT_MATCHES):
        match = with_deals(open_match((tag, f"m{k}")), 3)
        lines.append(record_line(StoredMatch(f"0000000{k}", match, 1, stamp, stamp, False)))
    lines.append(end_line(IMPORT_MATCHES))
    return b"".join(lines)


def _import_child(data_dir, ack_fd: int, seed: int) -> None:
    repo = open_repository(data_dir, fresh=True)
    path = data_dir.parent / f"backup-{os.getpid()}.jsonl"
    n = 0
    while True:
        tag = f"t{seed:x}-{n}"
        path.write_bytes(_backup_of(tag))
        os.write(ack_fd, f"begin {tag}\n".encode())
        repo.import_file_ids(path)
        os.write(ack_fd, f"done {tag}\n".encode())
        n += 1


def _import_and_kill(data_dir, seed: int, rng: random.Random, pace: _Pace) -> list[list[str]]:
    """Let the child finish 0-2 imports, then kill it a random part of an import's time into the
    next one."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            _import_child(data_dir, write_fd, seed)
        finally:
            os._exit(1)
    os.close(write_fd)
    wanted, received = rng.randint(0, 2), b""
    deadline = time.perf_counter() + 10
    began = None
    while received.count(b"begin") <= wanted and time.perf_counter() < deadline:
        if select.select([read_fd], [], [], 0.05)[0]:
            chunk = os.read(read_fd, 65536)
            now = time.perf_counter()
            if began is not None and b"done" in chunk:
                pace.saw(now - began)
            if b"begin" in chunk:
                began = now
            received += chunk
    time.sleep(rng.uniform(0, 1.3 * pace.seconds))
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (
        "the child ended on its own"
    )
    while chunk := os.read(read_fd, 65536):
        received += chunk
    os.close(read_fd)
    return [line.split() for line in received.decode().splitlines()]


def _index_agrees_with_files(repo) -> None:
    on_disk = {mid: max(revs) for mid, revs in repo.layout.scan_match_files().items()}
    listed = {s.id: s.revision for s in repo.list_matches()}
    assert listed == on_disk, "the index and the match files disagree"


@pytest.mark.slow
def test_an_import_lands_whole_or_not_at_all_when_killed_at_random_moments(data_dir):
    rng = random.Random(20260202)
    pace = _Pace()
    pace.seconds = 0.05
    done: set[str] = set()
    counts = {
        "kills": 0,
        "mid_import": 0,
        "all": 0,
        "none": 0,
        "open_rolled_forward": 0,
        "open_rolled_back": 0,
    }
    for kill in range(IMPORT_KILLS):
        close_all()
        acks = _import_and_kill(data_dir, rng.randrange(2**32), rng, pace)
        counts["kills"] += 1
        begun = [a[1] for a in acks if a[0] == "begin"]
        done.update(a[1] for a in acks if a[0] == "done")
        in_flight = [tag for tag in begun if tag not in done]
        assert len(in_flight) <= 1

        stages = list((data_dir / "importing").glob("*/"))
        counts["open_rolled_forward"] += sum((stage / "committed").exists() for stage in stages)
        counts["open_rolled_back"] += sum(not (stage / "committed").exists() for stage in stages)
        repo = open_repository(data_dir, fresh=True)
        assert repo.notices == [], f"kill {kill}: {repo.notices}"
        assert repo.layout.import_stages() == [], f"kill {kill}: a stage survived the open"
        assert [p for p in data_dir.rglob(".tmp-*")] == [], (
            f"kill {kill}: temp files survived the open"
        )
        _index_agrees_with_files(repo)
        by_tag: dict[str, list[str]] = {}
        for s in repo.list_matches():
            by_tag.setdefault(s.teams[0], []).append(s.teams[1])
        for tag in done:  # every acknowledged import, exactly once
            assert sorted(by_tag.get(tag, [])) == [f"m{k}" for k in range(IMPORT_MATCHES)], (
                f"kill {kill}: {tag}"
            )
        assert set(by_tag) <= done | set(in_flight), f"kill {kill}: matches of no import"
        for tag in in_flight:
            got = sorted(by_tag.get(tag, []))
            assert got in ([], [f"m{k}" for k in range(IMPORT_MATCHES)]), (
                f"kill {kill}: {tag} landed in part: {got}"
            )
            counts["mid_import"] += 1
            counts["all" if got else "none"] += 1
            if got:
                done.add(tag)
                for s in repo.list_matches():
                    if s.teams[0] == tag:
                        assert len(repo.get(s.id).match.deals) == 3
    print(f"\nimport kills: {counts}")
    assert counts["mid_import"] > IMPORT_KILLS // 2, "the kills did not land amid imports"
    assert counts["all"] > 0 and counts["none"] > 0, counts
    assert counts["open_rolled_forward"] > 0 and counts["open_rolled_back"] > 0, counts
