"""History store benchmark: `seep-scorer stats --json`
against `list --json` on 5,000 finished matches.

    python bench/history_store.py [--matches 5000] [--runs 7] [--keep DIR]

Builds a store of 5,000 finished matches (8 to 30 deals, eight names in rotation)
and an empty one, then prints, measured in one run and interleaved so that other
work on the machine hits both alike: the median time of `seep-scorer stats --json`
and of `seep-scorer list --json` on the large store as new processes, their ratio
(goal: at most 2), the same in process (the repository already open, cold and
warm cache), the time to open the large store and the median time of a save with
5,000 matches stored against one in the empty store.

Other benchmarks import the builder: `build_history_store(folder, count)` (and
`finished_match(rng, n)`), e.g. bench/history.py, which serves these stores to
a browser.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Sweep, Team  # noqa: E402
from seep_scorer.store.backup.file import end_line, header_line, record_line  # noqa: E402
from seep_scorer.store.registry import close_all, open_repository  # noqa: E402, F401
from seep_scorer.store.repository import StoredMatch  # noqa: E402

__all__ = ["NAMES", "finished_match", "build_history_store", "build_empty_store"]

NAMES = ("Asha", "Bilal", "Chitra", "Dev", "Eve", "Farid", "Gita", "Hari")


def _deal(rng: random.Random) -> Deal:
    a = rng.randint(20, 80)
    sweeps = tuple(Sweep(rng.randint(0, 1), "normal") for _ in range(rng.randint(0, 1)))
    return Deal(points=(a, 100 - a), sweeps=sweeps)


def finished_match(rng: random.Random, n: int) -> Match:
    """Match n: 8 to 30 deals, players from NAMES in
    rotation, stopped by the players (so finished)."""
    seats = [
        NAMES[(n + k) % len(NAMES)] for k in (0, 2, 1, 3)
    ]  # a different four, and partnerships, each time
    teams = (
        Team(f"{seats[0]} & {seats[1]}", (seats[0], seats[1])),
        Team(f"{seats[2]} & {seats[3]}", (seats[2], seats[3])),
    )
    deals = tuple(_deal(rng) for _ in range(rng.randint(8, 30)))
    return Match(PRESETS["standard"], MatchFormat("open", None, ended=True), teams, n % 4, deals)


def build_history_store(folder: Path, count: int = 5000, seed: int = 7) -> float:
    """Fill `folder` with `count` finished matches through the
    store's own backup import; seconds taken.

    The matches are dated a few hours apart going back from 2026-06-01, so `--since` and the
    screens' periods find some and not others.
    """
    rng = random.Random(seed)
    started = time.perf_counter()
    lines = [header_line("2026-06-01T00:00:00Z", 3, {})]
    for n in range(count):
        stamp = time.strftime(
            "%Y-%m-%dT%H:%M:%SZ", time.gmtime(1780272000 - (count - n) * 5 * 3600)
        )
        lines.append(
            record_line(StoredMatch(f"{n:08x}", finished_match(rng, n), 1, stamp, stamp, True))
        )
    lines.append(end_line(count))
    open_repository(folder, fresh=True).import_bytes(b"".join(lines))
    close_all()
    return time.perf_counter() - started


def build_empty_store(folder: Path) -> None:
    open_repository(folder, fresh=True)
    close_all()


def _cli(*args: str) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "seep_scorer", *args], check=True, stdout=subprocess.DEVNULL
    )
    return time.perf_counter() - started


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=7, help="runs of each command")
    parser.add_argument("--keep", metavar="DIR", help="build the stores in DIR and keep them")
    args = parser.parse_args()
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="seep-bench-history-"))
    try:
        large_dir, empty_dir = root / "large", root / "empty"
        print(f"building {args.matches:,} finished matches ...", flush=True)
        print(f"  built in {build_history_store(large_dir, args.matches):.1f} s", flush=True)
        build_empty_store(empty_dir)
        open_repository(
            large_dir, fresh=True
        )  # the day's automatic backup, out of the way of the timings
        close_all()

        times: dict[str, list[float]] = {
            "stats": [],
            "list": [],
            "stats empty": [],
            "list empty": [],
        }
        for i in range(args.runs):
            order = ("stats", "list") if i % 2 == 0 else ("list", "stats")
            for name in order:
                times[name].append(_cli(name, "--json", "--data-dir", str(large_dir)))
                times[f"{name} empty"].append(_cli(name, "--json", "--data-dir", str(empty_dir)))
        med = {name: statistics.median(values) for name, values in times.items()}
        ratio = med["stats"] / med["list"]
        print(
            f"seep-scorer stats --json, {args.matches:,} matches: {ms(med['stats'])}   (empty "
            f"store: {ms(med['stats empty'])})"
        )
        print(
            f"seep-scorer list --json,  {args.matches:,} matches: {ms(med['list'])}   (empty "
            f"store: {ms(med['list empty'])})"
        )
        print(f"ratio stats/list (goal <= 2): {ratio:.2f}")

        opens = []
        for _ in range(3):
            started = time.perf_counter()
            large = open_repository(large_dir, fresh=True)
            opens.append(time.perf_counter() - started)
        print(f"open of the store with {args.matches:,} matches: {ms(statistics.median(opens))}")
        started = time.perf_counter()
        large.statistics()
        print(
            "in process: first statistics() (reads the 256 shards): "
            f"{ms(time.perf_counter() - started)}"
        )
        started = time.perf_counter()
        large.statistics()
        print(f"in process: statistics() again (cached): {ms(time.perf_counter() - started)}")

        empty = open_repository(empty_dir, fresh=True)
        targets = {
            "large": [s.id for s in large.list_matches()][:10],
            "empty": [empty.create(finished_match(random.Random(n), n)).id for n in range(10)],
        }
        stores = {"large": large, "empty": empty}
        saves: dict[str, list[float]] = {"large": [], "empty": []}
        after: list[float] = []
        rng = random.Random(3)
        for i in range(60):
            for name in ("large", "empty") if i % 2 == 0 else ("empty", "large"):
                repo = stores[name]
                before = repo.get(targets[name][i % 10])
                edited = before.match.with_deals(before.match.deals[:-1] + (_deal(rng),))
                started = time.perf_counter()
                repo.save(before.id, edited, before.revision)
                saves[name].append(time.perf_counter() - started)
                if name == "large":
                    started = time.perf_counter()
                    repo.statistics()
                    after.append(time.perf_counter() - started)
        large_save, empty_save = (
            statistics.median(saves["large"]),
            statistics.median(saves["empty"]),
        )
        print(
            f"median save (a deal edited), {args.matches:,} matches stored: {ms(large_save)}; "
            f"10 stored: {ms(empty_save)}; ratio {large_save / empty_save:.2f}"
        )
        print(
            f"median statistics() right after a save, {args.matches:,} matches: "
            f"{ms(statistics.median(after))}"
        )
        close_all()
        print("PASS" if ratio <= 2 else "FAIL")
        return 0 if ratio <= 2 else 1
    finally:
        close_all()
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
