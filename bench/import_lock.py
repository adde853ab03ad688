"""Import commit and undo benchmark: how long a large import holds the store lock, and its undo.

    python bench/import_lock.py [--matches 10000] [--deals 10] [--no-undo]

Writes a backup of N matches, imports it into a store that holds a few matches
while a second thread plays a phone (a `get_setting` every 5 ms, each one
waiting for the store lock), then undoes the import as the app's Undo does.
Prints the import's time, the longest time the store lock was held in one piece
and the longest wait of that phone, then the same for the undo.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path and "seep_scorer" not in sys.modules:
    sys.path.append(str(ROOT))  # after PYTHONPATH: an older checkout there can be measured

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team  # noqa: E402
from seep_scorer.store.backup.file import end_line, header_line, record_line  # noqa: E402
from seep_scorer.store.registry import open_repository  # noqa: E402, F401
from seep_scorer.store.repository import StoredMatch  # noqa: E402

STAMP = "2026-01-01T00:00:00Z"


def a_match(rng: random.Random, n: int, deals: int) -> Match:
    points = [rng.randint(20, 80) for _ in range(deals)]
    teams = (Team(f"Team {n}", ("Asha", "Chitra")), Team(f"Rivals {n}", ("Bilal", "Dev")))
    return Match(
        PRESETS["standard"],
        MatchFormat("open", None),
        teams,
        n % 4,
        tuple(Deal(points=(a, 100 - a)) for a in points),
    )


def write_backup(path: Path, count: int, deals: int) -> None:
    rng = random.Random(7)
    with open(path, "wb") as f:
        f.write(header_line(STAMP, 3, {}))
        for n in range(count):
            mid = f"{rng.getrandbits(32):08x}"
            f.write(record_line(StoredMatch(mid, a_match(rng, n, deals), 1, STAMP, STAMP, False)))
        f.write(end_line(count))


class Phone(threading.Thread):
    """Asks the store for a setting every 5 ms and keeps the longest wait."""

    def __init__(self, repo):
        super().__init__(daemon=True)
        self.repo, self.longest, self.stop = repo, 0.0, threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            start = time.perf_counter()
            self.repo.get_setting("language")
            self.longest = max(self.longest, time.perf_counter() - start)
            time.sleep(0.005)


class Holds:
    """The longest time the repository's lock is held in one piece (its outermost holds)."""

    def __init__(self, repo):
        self.longest, self.depth, real = 0.0, 0, repo._locked

        @contextmanager
        def locked():
            with real():
                if self.depth == 0:
                    start = time.perf_counter()
                self.depth += 1
                try:
                    yield
                finally:
                    self.depth -= 1
                    if self.depth == 0:
                        self.longest = max(self.longest, time.perf_counter() - start)

        repo._locked = locked


def timed(repo, action) -> tuple[float, float, float, object]:
    holds = Holds(repo)
    phone = Phone(repo)
    phone.start()
    start = time.perf_counter()
    result = action()
    took = time.perf_counter() - start
    phone.stop.set()
    phone.join()
    del repo._locked
    return took, holds.longest, phone.longest, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument(
        "--no-undo",
        action="store_true",
        help="the import only (an undo one match at a time is slow)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="seep-bench-") as tmp:
        backup = Path(tmp) / "backup.jsonl"
        write_backup(backup, args.matches, args.deals)
        repo = open_repository(Path(tmp) / "data", fresh=True)
        rng = random.Random(1)
        for n in range(20):
            repo.create(a_match(rng, n, args.deals))
        # As `seep-scorer import` does: only the ids kept (100,000 matches kept in memory made
        # the garbage collector stall the whole process for seconds, whoever held the lock).
        took, held, waited, imported = timed(repo, lambda: repo.import_file_ids(backup))
        print(
            f"import of {args.matches:,} matches: {took:.1f} s; store lock held at most "
            f"{held:.3f} s in one piece; a phone waited at most {waited:.3f} s"
        )
        pairs = [(mid, 1) for mid in imported]  # the backup's matches are all at revision 1
        if args.no_undo:
            return
        if hasattr(repo, "remove_imported"):
            undo = lambda: repo.remove_imported(pairs)  # noqa: E731
        else:  # before batches: one delete per match, as the app's Undo did
            undo = lambda: [repo.delete(mid) for mid, _ in pairs]  # noqa: E731
        took, held, waited, _ = timed(repo, undo)
        print(
            f"undo of {args.matches:,} matches: {took:.1f} s; store lock held at most "
            f"{held:.3f} s in one piece; a phone waited at most {waited:.3f} s"
        )
        print(f"matches left: {len(repo.list_matches())}")
        repo.close()


if __name__ == "__main__":
    main()
