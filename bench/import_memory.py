"""Import and backup memory benchmark: does peak memory stay flat as the backup grows?

    python bench/import_memory.py [--sizes 1 4 16] [--keep DIR]

For backups of about 1, 4 and 16 MB (matches of 30 deals), runs `seep-scorer
import` into an empty store and then `seep-scorer backup -o /dev/null` of that
store, each in its own process, and prints each one's peak resident memory
(ru_maxrss) and the ratio of the largest to the smallest (goal: at most 1.5;
the interpreter and the app's modules are most of it). A bare `seep-scorer
list` of an empty store shows the floor.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Sweep, Team  # noqa: E402
from seep_scorer.store.backup.file import end_line, header_line, record_line  # noqa: E402
from seep_scorer.store.repository import StoredMatch  # noqa: E402

DEALS = 30
STAMP = "2026-01-01T00:00:00Z"


def a_match(rng: random.Random, n: int) -> Match:
    deals = []
    for _ in range(DEALS):
        a = rng.randint(20, 80)
        sweeps = tuple(Sweep(rng.randint(0, 1), "normal") for _ in range(rng.randint(0, 1)))
        deals.append(
            Deal(points=(a, 100 - a), sweeps=sweeps, note=rng.choice([None, "misdeal redealt"]))
        )
    teams = (Team(f"Team {n}", ("Asha", "Chitra")), Team(f"Rivals {n}", ("Bilal", "Dev")))
    return Match(PRESETS["standard"], MatchFormat("open", None), teams, n % 4, tuple(deals))


def write_backup(path: Path, megabytes: float, rng: random.Random) -> int:
    """A backup of about `megabytes` MB, written a line at a time. Returns the number of matches."""
    target = megabytes * 1024 * 1024
    count = 0
    with open(path, "wb") as f:
        f.write(header_line(STAMP, 2, {}))
        while f.tell() < target:
            f.write(
                record_line(
                    StoredMatch(f"{count:08x}", a_match(rng, count), 1, STAMP, STAMP, False)
                )
            )
            count += 1
        f.write(end_line(count))
    return count


def peak_mb(*args: str) -> tuple[float, float]:
    """Peak resident memory (MB) and wall time (s) of one `seep-scorer` process."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "seep_scorer", *args],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"seep-scorer {' '.join(args)} failed: {proc.stderr.read().decode()}")
    proc.stderr.close()
    kilobytes = usage.ru_maxrss / (1024 if sys.platform == "darwin" else 1)  # macOS counts bytes
    return kilobytes / 1024, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=float, nargs="+", default=[1, 4, 16], help="backup sizes in MB"
    )
    parser.add_argument("--keep", metavar="DIR", help="work in DIR and keep it")
    args = parser.parse_args()
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="seep-bench-mem-"))
    rng = random.Random(16)
    try:
        floor, _ = peak_mb("list", "--data-dir", str(root / "empty"))
        print(f"floor (`seep-scorer list`, empty store): {floor:.1f} MB")
        print(
            f"{'backup':>9}  {'matches':>7}  {'import peak':>11}  {'took':>6}  "
            f"{'backup peak':>11}  {'took':>6}"
        )
        rows = []
        for size in args.sizes:
            backup, store = root / f"backup-{size:g}MB.jsonl", root / f"store-{size:g}MB"
            count = write_backup(backup, size, rng)
            actual = backup.stat().st_size / (1024 * 1024)
            imported, import_time = peak_mb("import", str(backup), "--data-dir", str(store))
            peak_mb(
                "list", "--data-dir", str(store)
            )  # takes the day's automatic backup, so the next run does not
            backed_up, backup_time = peak_mb("backup", "-o", os.devnull, "--data-dir", str(store))
            rows.append((imported, backed_up))
            print(
                f"{actual:>6.1f} MB  {count:>7,}  {imported:>8.1f} MB  {import_time:>5.1f}s  "
                f"{backed_up:>8.1f} MB  {backup_time:>5.1f}s",
                flush=True,
            )
        import_ratio = rows[-1][0] / rows[0][0]
        backup_ratio = rows[-1][1] / rows[0][1]
        print(
            f"largest / smallest: import {import_ratio:.2f}, backup {backup_ratio:.2f} (goal <= "
            "1.5)"
        )
        ok = import_ratio <= 1.5 and backup_ratio <= 1.5
        print("PASS" if ok else "FAIL")
        return 0 if ok else 1
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
