"""History benchmark: a phone against 5,000 finished
matches, compared with an empty store, in one run.

    python bench/history.py [--matches 5000] [--runs 3]

Builds three stores with bench/history_store.py's builder (5,000 finished matches
of 8 to 30 deals with eight names in rotation, 50 such matches, and an empty one),
serves each with the real app (bench/startup.py's server, no CDN) and opens them in
headless Chromium at phone size (412 x 915), interleaved so that other work on the
machine hits every store alike. Prints the medians and the ratios of the issue:

- first interactive frame (the matches screen's `new-match`): 5,000 vs empty, goal <= 1.3;
- the statistics screen opened at /stats until its `stats` body is shown: 5,000 vs empty, goal <= 2;
- a search typed into `matches-search` until the first result is the expected match:
  5,000 vs 50 matches, goal <= 2 (the field waits for a 0.3 s pause: both include it);
- `seep-scorer stats --json` vs `seep-scorer list --json` on 5,000 matches, goal <= 2;
- a save in the store of 5,000 matches, with the statistics read after it as a screen would
  (where the ratings' cost lands: the ledger re-rates the saved match), with ratings vs the same
  with ratings switched off (`--no-ratings` measures that alone), goal <= 1.3.

The statistics screen is measured with ratings on (its ranking included), as the app runs.

Exit status 1 if any goal is missed.
"""

from __future__ import annotations

import argparse
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(0, str(BENCH))

from history_store import build_empty_store, build_history_store  # noqa: E402
from startup import CHROMIUM_ARGS, READY_JS, _chromium, _start, measure  # noqa: E402

VIEWPORT = {"width": 412, "height": 915}
SEARCH = "eve & gita"  # a team name of some matches (history_store's rotation), in another case


def expected_first(data_dir: Path) -> tuple[str, str]:
    """(first match id listed, first match id found by
    SEARCH) in a store, as the repository says."""
    from seep_scorer.store.registry import close_all, open_repository
    from seep_scorer.store.repository import MatchQuery

    repo = open_repository(data_dir)
    try:
        first = repo.find_matches(MatchQuery(limit=1)).matches[0].id
        found = repo.find_matches(MatchQuery(text=SEARCH, limit=1)).matches[0].id
    finally:
        close_all()
    assert first != found, "the search must change the list's first row"
    return first, found


def time_search(browser, url: str, first: str, found: str) -> float:
    """Seconds from typing the search to the list showing the
    expected first result, in a fresh context."""
    # bypass_csp: wait_for_function evaluates its text with eval, which the page's policy forbids
    ctx = browser.new_context(viewport=VIEWPORT, bypass_csp=True)
    page = ctx.new_page()
    try:
        page.goto(url, wait_until="commit")
        page.wait_for_function(READY_JS, arg=f"#match-{first}", polling=20, timeout=120_000)
        field = page.locator('[flt-semantics-identifier="matches-search"] input').first
        field.wait_for(state="attached", timeout=60_000)
        field.click()
        start = time.perf_counter()
        field.fill(SEARCH)
        page.wait_for_function(
            """([found, first]) =>
                !!document.querySelector(`[flt-semantics-identifier="match-${found}"]`)
                && !document.querySelector(`[flt-semantics-identifier="match-${first}"]`)""",
            arg=[found, first],
            polling=10,
            timeout=120_000,
        )
        return time.perf_counter() - start
    finally:
        ctx.close()


def cli_seconds(data_dir: Path, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "seep_scorer", *args, "--data-dir", str(data_dir)],
        check=True,
        stdout=subprocess.DEVNULL,
        cwd=BENCH.parent,
    )
    return time.perf_counter() - start


def rating_keeper() -> type:
    """The store's rating keeper class (where an older checkout, measured through PYTHONPATH,
    kept it too)."""
    try:
        from seep_scorer.store.statistics import RatingKeeper
    except ImportError:
        from seep_scorer.store.ratingkeeper import RatingKeeper
    return RatingKeeper


def time_saves(folder: Path, ratings: bool, saves: int) -> list[float]:
    """Seconds of each of `saves` saves (one deal more in a new open-ended match, a bazzi won
    every deal) followed by the all-time statistics, in a store opened once."""
    from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
    from seep_scorer.store.registry import close_all, open_repository

    keeper = rating_keeper()
    rate = keeper.ratings
    if not ratings:  # the switch: the statistics carry no ratings (every player the default)
        keeper.ratings = lambda self, items, since=None: {}
    repo = open_repository(folder)
    try:
        repo.statistics()  # warm: the ledger (or none) is in line with the store before timing
        teams = (Team("Reds", ("Asha", "Dev")), Team("Blues", ("Bilal", "Hari")))
        stored = repo.create(Match(PRESETS["standard"], MatchFormat("open", None), teams, 0))
        times = []
        for n in range(saves):
            # 95 : 5 or 5 : 95: the other side is under the minimum, so each deal wins a bazzi
            deal = Deal(points=(95, 5) if n % 2 else (5, 95))
            match = stored.match.with_deals(stored.match.deals + (deal,))
            start = time.perf_counter()
            stored = repo.save(stored.id, match, stored.revision)
            repo.statistics()
            times.append(time.perf_counter() - start)
        return times
    finally:
        close_all()
        keeper.ratings = rate


def measure_saves(big: Path, saves: int) -> tuple[float, float]:
    """Median seconds of a save with ratings and without, on two copies of `big`, interleaved."""
    copies = {on: big.parent / f"saves-{'on' if on else 'off'}" for on in (True, False)}
    for folder in copies.values():
        shutil.copytree(big, folder)
    times: dict[bool, list[float]] = {True: [], False: []}
    for _round in range(3):  # interleaved, so other work on the machine hits both alike
        for on in (False, True):
            times[on] += time_saves(copies[on], on, max(3, saves // 3))
    return statistics.median(times[True]), statistics.median(times[False])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--saves", type=int, default=30, help="saves timed each way")
    ap.add_argument(
        "--no-ratings",
        action="store_true",
        help="only the save with ratings vs without (no browser)",
    )
    args = ap.parse_args(argv)
    if args.no_ratings:
        with tempfile.TemporaryDirectory() as tmp:
            big = Path(tmp) / "big"
            print(
                f"building {args.matches:,} matches: {build_history_store(big, args.matches):.1f} s"
            )
            on, off = measure_saves(big, args.saves)
        print(f"save + statistics, ratings on / off: {on:.4f} s / {off:.4f} s = {on / off:.2f}")
        return 0 if on / off <= 1.3 else 1

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        big, small, empty = Path(tmp) / "big", Path(tmp) / "small", Path(tmp) / "empty"
        print(
            f"building {args.matches:,} matches: {build_history_store(big, args.matches):.1f} s",
            flush=True,
        )
        build_history_store(small, 50)
        build_empty_store(empty)
        big_first, big_found = expected_first(big)
        small_first, small_found = expected_first(small)

        servers = {
            name: _start("app", str(folder))
            for name, folder in (("big", big), ("small", small), ("empty", empty))
        }
        url = {name: f"http://127.0.0.1:{port}" for name, (_, port) in servers.items()}
        frames = {"big": [], "empty": []}
        stats = {"big": [], "empty": []}
        search = {"big": [], "small": []}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
                for name in (
                    "big",
                    "empty",
                ):  # warm-up: each server's first session compiles code paths
                    measure(browser, url[name] + "/", "#new-match")
                for run in range(args.runs):
                    for name in ("empty", "big"):
                        frames[name].append(measure(browser, url[name] + "/", "#new-match"))
                        stats[name].append(measure(browser, url[name] + "/stats", "#stats"))
                    search["small"].append(
                        time_search(browser, url["small"] + "/", small_first, small_found)
                    )
                    search["big"].append(
                        time_search(browser, url["big"] + "/", big_first, big_found)
                    )
                    print(
                        f"run {run + 1}: first frame {frames['empty'][-1]:.2f} / "
                        f"{frames['big'][-1]:.2f} s, "
                        f"statistics {stats['empty'][-1]:.2f} / {stats['big'][-1]:.2f} s, "
                        f"search {search['small'][-1]:.2f} / {search['big'][-1]:.2f} s",
                        flush=True,
                    )
                browser.close()
        finally:
            for proc, _ in servers.values():
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
        cli = {"stats": [], "list": []}
        for _ in range(max(5, args.runs)):
            cli["list"].append(cli_seconds(big, "list", "--json"))
            cli["stats"].append(cli_seconds(big, "stats", "--json"))
        saves = measure_saves(big, args.saves)

    med = statistics.median
    rows = [
        ("first interactive frame, 5,000 vs empty", med(frames["big"]), med(frames["empty"]), 1.3),
        ("statistics screen, 5,000 vs empty", med(stats["big"]), med(stats["empty"]), 2.0),
        ("search, 5,000 vs 50 matches", med(search["big"]), med(search["small"]), 2.0),
        ("stats --json vs list --json, 5,000", med(cli["stats"]), med(cli["list"]), 2.0),
        ("save, 5,000, ratings on vs off", saves[0], saves[1], 1.3),
    ]
    ok = True
    for label, a, b, goal in rows:
        ratio = a / b
        ok &= ratio <= goal
        print(
            f"{label:>40}: {a:.3f} s / {b:.3f} s = {ratio:.2f} (goal <= {goal}) "
            f"{'met' if ratio <= goal else 'NOT MET'}"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
