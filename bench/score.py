"""`seep-scorer score` on one 5,000-deal match file: deals per second, end to end.

Two figures, both printed:
- the command itself (read, validate, replay, print), run in this process;
- the whole command as a new process, interpreter start and imports included, with compiled bytecode cached
  as an installed command has it (pip compiles at install, scripts/start too; here a private
  PYTHONPYCACHEPREFIX, warmed by one untimed run, so nothing is written into the checkout).
The goal (issue "Match history and statistics"): 50,000 deals per second end to end, judged on the second.
The command is the installed `seep-scorer` script where there is one (what a user or a script runs), else
`python -m seep_scorer`. For scale, the same rounds time the interpreter alone (`python -c pass`): the part of
the figure no code of ours can remove. (pip before 25 wrote a script that imports `re` first, a tenth of the
figure; the locks pin a newer pip, and the command line says so if the script still does.) Rounds alternate
between the commands, so a slow spell of this shared machine hits each.
Run: python bench/score.py [--deals N] [--repeat N]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replay import generate_match  # noqa: E402

from seep_scorer.cli import main as cli_main  # noqa: E402
from seep_scorer.matchfile import dumps_match  # noqa: E402

GOAL = 50_000


def in_process(path: Path) -> float:
    with contextlib.redirect_stdout(io.StringIO()):
        start = time.perf_counter()
        status = cli_main(["score", str(path), "--json"])
        elapsed = time.perf_counter() - start
    assert status == 0
    return elapsed


def command() -> list[str]:
    script = Path(sys.executable).with_name("seep-scorer")
    return [str(script)] if script.exists() else [sys.executable, "-m", "seep_scorer"]


def timed(argv: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, cwd=ROOT, env=env)
    return time.perf_counter() - start


def environments(tmp: str) -> dict[str, dict]:
    plain = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    }
    # (scripts/start compiles the package, as pip does for an installed one: no run compiles it from source.)
    return {"new process": dict(plain, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "match.json"
        path.write_text(
            dumps_match(generate_match(random.Random(2026), args.deals)), encoding="utf-8"
        )
        print(f"match file: {args.deals} deals, {path.stat().st_size / 1024:,.0f} KB")
        script = command()[0]
        old_pip = script.endswith("seep-scorer") and "import re" in Path(script).read_text()
        print(
            f"command: {' '.join(command())} score FILE --json"
            + (
                " (a script that imports re: reinstall the app with the locked pip)"
                if old_pip
                else ""
            )
        )
        score = command() + ["score", str(path), "--json"]
        envs = environments(tmp)
        runs = {"in process": lambda: in_process(path)}
        for label, env in envs.items():
            timed(score, env)  # untimed: fills the bytecode cache where there is one
            runs[label] = lambda env=env: timed(score, env)
        cached = envs["new process"]
        runs["python -c pass"] = lambda: timed([sys.executable, "-c", "pass"], cached)
        times = {label: [] for label in runs}
        for _ in range(args.repeat):
            for label, run in runs.items():
                times[label].append(run())
        results = {}
        for label, taken in times.items():
            median = statistics.median(taken)
            if label == "python -c pass":
                print(
                    f"{label:>30}: median {median * 1000:,.0f} ms (best {min(taken) * 1000:,.0f})"
                )
                continue
            results[label] = args.deals / median
            print(
                f"{label:>30}: median {median * 1000:,.0f} ms, {args.deals / median:,.0f} deals/s "
                f"(best {args.deals / min(taken):,.0f})"
            )
    met = results["new process"] >= GOAL
    print(f"goal {GOAL:,} deals/s end to end (new process): {'met' if met else 'NOT MET'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
