"""Boot timings of the phone-only app, to the browser console when its address holds `?profile`
(bench/publish_startup.py --profile publishes the app with `app_main_py()` and reads them).
A benchmark's tool: the published app itself carries none of it, only its boot moments logged at
DEBUG to the `seep_scorer.boot` logger (phone/main.py, phone/storage.py), which this profiler
prints.

Each line is `[profile] <what> <epoch ms>` or `[profile] import <package> <ms>`: the moments of the
boot (the worker's start, the downloads it made, main.py, storage loaded, first screen built) and
the time each top-level package's own imports took (their modules' bodies, children not counted
twice). The modules are timed by wrapping importlib's `_load_unlocked`, which executes every module
body: a private name of CPython's import system, acceptable in a benchmark that never ships.
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

BOOT_LOGGER = "seep_scorer.boot"  # the app's boot moments (DEBUG records)
_on = False
_self_ms: dict[str, float] = {}


def app_main_py() -> str:
    """The published app's main.py with this profiler in front: started before the app's imports."""
    return (
        Path(__file__).read_text(encoding="utf-8")
        + "\n\nstart()\n\nfrom seep_scorer.phone.main import run  # noqa: E402\n\nrun()\n"
    )


def _console(text: str) -> None:
    import js  # the worker's global scope (Pyodide only)

    js.console.log(f"[profile] {text}")


def _now_ms() -> float:
    return time.time() * 1000.0


def mark(what: str) -> None:
    """Log the moment `what` happened (epoch ms, so the page can place it on its own clock)."""
    if _on:
        _console(f"{what} {_now_ms():.0f}")


class _Boot(logging.Handler):
    """The app's boot records, to the console; the first screen's also reports the imports."""

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        _console(text)
        if text.startswith("first-screen "):
            report_imports()


def listen() -> None:
    """Print the app's boot records (`seep_scorer.boot`, DEBUG) from now on."""
    boot = logging.getLogger(BOOT_LOGGER)
    boot.setLevel(logging.DEBUG)
    boot.propagate = False
    if not any(isinstance(h, _Boot) for h in boot.handlers):
        boot.addHandler(_Boot())


def start() -> None:
    """Called first by the profiled main.py: if asked for, log the worker's start and downloads,
    time imports and print the app's boot moments."""
    global _on
    if sys.platform != "emscripten":
        return
    import flet_js

    if "profile" not in str(flet_js.documentUrl).partition("#")[0].partition("?")[2].split("&"):
        return
    _on = True
    import js

    _console(f"worker-start {js.performance.timeOrigin:.0f}")
    for entry in js.performance.getEntriesByType("resource"):
        name = str(entry.name).rsplit("/", 1)[-1]
        _console(f"asked:{name} {js.performance.timeOrigin + entry.startTime:.0f}")
        _console(f"fetched:{name} {js.performance.timeOrigin + entry.responseEnd:.0f}")
    mark("main.py")
    listen()
    _time_imports()


def _time_imports() -> None:
    import _frozen_importlib as bootstrap

    load = bootstrap._load_unlocked
    stack: list[float] = []  # children's time, per module being loaded

    def timed(spec):
        stack.append(0.0)
        t0 = time.perf_counter()
        try:
            return load(spec)
        finally:
            total = (time.perf_counter() - t0) * 1000.0
            children = stack.pop()
            if stack:
                stack[-1] += total
            top = spec.name.partition(".")[0]
            key = (
                "seep_scorer." + spec.name.split(".")[1]
                if top == "seep_scorer" and "." in spec.name
                else top
            )
            _self_ms[key] = _self_ms.get(key, 0.0) + total - children

    bootstrap._load_unlocked = timed


def report_imports() -> None:
    """Log each package's import time, most first (once the first screen is built)."""
    if not _on:
        return
    for name, ms in sorted(_self_ms.items(), key=lambda kv: -kv[1]):
        if ms >= 1.0:
            _console(f"import {name} {ms:.0f}")
    _console(f"import TOTAL {sum(_self_ms.values()):.0f}")
