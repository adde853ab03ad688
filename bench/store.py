"""Store benchmark: does a save stay as cheap with 5,000 stored matches as with 10?

    python bench/store.py [--matches 5000] [--saves 120] [--keep DIR]

Prints the median time to save one deal in a store of 10 matches and in one of
5,000 matches of 30 deals each, their ratio (goal: at most 2), and the median
time to list all 5,000 matches (goal: at most 200 ms). Saves to the two stores
are interleaved so that load from other work on the machine hits both alike;
each save is a real one: validation, replay, atomic write with fsync.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Sweep, Team  # noqa: E402
from seep_scorer.store.backup.file import end_line, header_line, record_line  # noqa: E402
from seep_scorer.store.registry import close_all, open_repository  # noqa: E402, F401
from seep_scorer.store.repository import StoredMatch  # noqa: E402

DEALS = 30
SAVE_TARGETS = 10  # saves go round these matches in both stores, so the matches grow alike


def deal(rng: random.Random) -> Deal:
    a = rng.randint(20, 80)
    sweeps = tuple(Sweep(rng.randint(0, 1), "normal") for _ in range(rng.randint(0, 1)))
    return Deal(points=(a, 100 - a), sweeps=sweeps)


def a_match(rng: random.Random, n: int) -> Match:
    # Open-ended, so any run of deals is valid; every third one stopped by the players (finished).
    fmt = MatchFormat("open", None, ended=(n % 3 == 2))
    teams = (Team(f"Team {n}", ("Asha", "Chitra")), Team(f"Rivals {n}", ("Bilal", "Dev")))
    return Match(PRESETS["standard"], fmt, teams, n % 4, tuple(deal(rng) for _ in range(DEALS)))


def build(folder: Path, count: int, rng: random.Random) -> float:
    """Fill a store through its own backup import (one write
    per match file, one per index shard)."""
    started = time.perf_counter()
    lines = [header_line("2026-01-01T00:00:00Z", 2, {})]
    for n in range(count):
        stamp = f"2026-01-01T00:{n // 3600 % 60:02d}:{n % 60:02d}Z"
        lines.append(record_line(StoredMatch(f"{n:08x}", a_match(rng, n), 1, stamp, stamp, False)))
    lines.append(end_line(count))
    open_repository(folder, fresh=True).import_bytes(b"".join(lines))
    close_all()
    return time.perf_counter() - started


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--saves", type=int, default=120, help="saves timed in each store")
    parser.add_argument("--keep", metavar="DIR", help="build the stores in DIR and keep them")
    args = parser.parse_args()
    rng = random.Random(7)
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="seep-bench-"))
    try:
        small_dir, large_dir = root / "small", root / "large"
        print(
            f"building: {SAVE_TARGETS} and {args.matches:,} matches of {DEALS} deals ...",
            flush=True,
        )
        build(small_dir, SAVE_TARGETS, rng)
        took = build(large_dir, args.matches, rng)
        print(f"  built the large store in {took:.1f} s", flush=True)

        started = time.perf_counter()
        large = open_repository(large_dir, fresh=True)
        print(
            "first open of the large store (takes the day's automatic backup): "
            f"{ms(time.perf_counter() - started)}"
        )
        close_all()
        started = time.perf_counter()
        large = open_repository(large_dir, fresh=True)
        print(f"open of the large store: {ms(time.perf_counter() - started)}")
        small = open_repository(small_dir, fresh=True)

        stores = {"small": small, "large": large}
        targets = {
            name: [s.id for s in repo.list_matches()][:SAVE_TARGETS]
            for name, repo in stores.items()
        }
        current = {
            name: {mid: repo.get(mid) for mid in targets[name]} for name, repo in stores.items()
        }
        times: dict[str, list[float]] = {"small": [], "large": []}
        for i in range(args.saves):
            for name in ("small", "large") if i % 2 == 0 else ("large", "small"):
                repo = stores[name]
                mid = targets[name][i % SAVE_TARGETS]
                before = current[name][mid]
                match = before.match.with_deals(before.match.deals + (deal(rng),))
                started = time.perf_counter()
                current[name][mid] = repo.save(mid, match, before.revision)
                times[name].append(time.perf_counter() - started)

        list_times = []
        for _ in range(21):
            started = time.perf_counter()
            listed = large.list_matches()
            list_times.append(time.perf_counter() - started)
        assert len(listed) == args.matches

        small_median, large_median = (
            statistics.median(times["small"]),
            statistics.median(times["large"]),
        )
        ratio = large_median / small_median
        list_median = statistics.median(list_times)
        print(f"median save of one deal, {SAVE_TARGETS} matches stored:      {ms(small_median)}")
        print(f"median save of one deal, {args.matches:,} matches stored:   {ms(large_median)}")
        print(f"ratio (goal <= 2):                                {ratio:.2f}")
        print(f"median list of all {args.matches:,} matches (goal <= 200 ms): {ms(list_median)}")
        started = time.perf_counter()
        large.backup_now()
        print(f"automatic backup of the large store: {ms(time.perf_counter() - started)}")
        close_all()
        ok = ratio <= 2 and list_median <= 0.2
        print("PASS" if ok else "FAIL")
        return 0 if ok else 1
    finally:
        close_all()
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
