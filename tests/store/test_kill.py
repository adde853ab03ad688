"""A child process saving in a loop is killed with SIGKILL at random moments; every acknowledged save survives.

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

from seep_scorer.store import close_all, open_repository

from .conftest import level_deal, open_match

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
            stored = repo.save(stored.id, stored.match.with_deals(stored.match.deals + (level_deal(n),)), stored.revision)
            os.write(ack_fd, f"save {stored.id} {stored.revision}\n".encode())


class _Pace:
    """How long one write takes on this machine right now (moving average of the gaps between acks)."""

    def __init__(self):
        self.seconds = 0.005

    def saw(self, gap: float) -> None:
        self.seconds = 0.8 * self.seconds + 0.2 * min(gap, 0.2)


def _run_and_kill(data_dir, seed: int, rng: random.Random, pace: _Pace) -> list[list[str]]:
    """Let the child make a random number of acknowledged writes (0-6), then kill it a random part of a write later."""
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
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, "the child ended on its own"
    while chunk := os.read(read_fd, 65536):
        received += chunk
    os.close(read_fd)
    return [line.split() for line in received.decode().splitlines()]


def _assert_whole(stored) -> None:
    assert stored.revision == len(stored.match.deals) + 1
    assert [d.note for d in stored.match.deals] == [f"d{n}" for n in range(1, len(stored.match.deals) + 1)]


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
            assert stored.revision == summaries[mid].revision and len(stored.match.deals) == summaries[mid].deals
        assert repo.get_setting("counter", 0) in (acked_setting, acked_setting + 1)
        acked_setting = repo.get_setting("counter", 0)
        for mid, summary in summaries.items():
            acked_revision[mid] = summary.revision  # what is there now is the baseline for the next round
    assert total_acks > KILLS, "the child barely ran: the kills did not land amid writes"
    assert caught_mid_save > 0, "no kill landed inside a save"
