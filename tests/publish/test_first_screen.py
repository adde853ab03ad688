"""What the phone-only app's first screen (the matches list) imports, after what the published
page's Python worker imports before Python's memory snapshot is taken (phone/webfiles.py's WARM): a
reload starts from the snapshot, so a module the first screen imports beyond it is paid at every
opening of the app. And what the app prepares while Flutter loads (webapp.prepare).

Each check in a fresh interpreter (nothing loaded by other tests counts), pretending to be the
phone-only build (edition.phone_only), the first screen started by the headless session of
tests/ui/harness.py on an empty store."""

from __future__ import annotations

import asyncio
import io
import json
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from seep_scorer.phone import bundle as appbundle
from seep_scorer.phone.webfiles import python_worker

ROOT = Path(__file__).resolve().parents[2]
# Heavy, and never needed by the matches list: the statistics, charts, ratings, rules reference,
# Babel (the published catalogs are compiled .mo files), the events' pairing.
NEVER_FIRST = (
    "statistics",
    "flet_charts",
    "openskill",
    "networkx",
    "babel",
    "seep_scorer.reference",
    "seep_scorer.app.history.stats",
    "seep_scorer.app.rules.rules",
    "seep_scorer.app.history.stats_model",
)
# What the first screen imports that the snapshot must already hold (its own start-up's share).
IN_SNAPSHOT = ("flet", "seep_scorer", "tinydb", "msgpack")

_FIRST_SCREEN = """
import asyncio, pathlib, sys, tempfile
{warm}
from seep_scorer.i18n import translate as i18n
from seep_scorer.app.shell import state
state.phone_only = lambda: True
i18n.LOCALES_DIR = pathlib.Path({locales!r})  # the published catalogs: compiled, read as they are
sys.path.insert(0, {harness!r})
from harness import Phone
before = set(sys.modules)
from seep_scorer.app.shell import app


async def first_screen():
    app.DATA_DIR = tempfile.mkdtemp()
    phone = await Phone(app.make_main(app.default_repository)).start()
    assert phone.has("new-match"), sorted(phone.identifiers())


asyncio.run(first_screen())
print("\\n".join(sorted(set(sys.modules) - before)))
"""


def _warm_code() -> str:
    """The published worker's WARM: what runs before the snapshot is taken."""
    found = re.search(r"^const WARM = (.*);$", python_worker(True), re.M)
    return json.loads(found.group(1))


@pytest.fixture(scope="module")
def locales(tmp_path_factory) -> Path:
    """The catalogs as the published archive ships them (compiled)."""
    out = tmp_path_factory.mktemp("published")
    with tarfile.open(fileobj=io.BytesIO(appbundle.build_app_archive()), mode="r:gz") as tar:
        tar.extractall(out, [m for m in tar.getmembers() if m.name.startswith("locales/")])
    return out / "locales"


def _imported_by_first_screen(warm: str, locales: Path) -> set[str]:
    code = _FIRST_SCREEN.format(warm=warm, harness=str(ROOT / "tests" / "ui"), locales=str(locales))
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return set(out.stdout.split())


def _under(modules: set[str], packages: tuple[str, ...]) -> set[str]:
    return {m for m in modules if m.partition(".")[0] in packages or m in packages}


def test_a_start_from_the_snapshot_imports_nothing_more_of_the_app_flet_or_the_store(locales):
    """Before webapp.warm(), the matches list imported 33 modules of Flet (its Icons among them)
    and the store's 22 with TinyDB after the snapshot, on every reload."""
    later = _imported_by_first_screen(_warm_code(), locales)
    assert not _under(later, IN_SNAPSHOT)


def test_the_first_screen_imports_none_of_the_heavy_modules(locales):
    everything = _imported_by_first_screen("import seep_scorer.phone.main", locales)
    heavy = {m for m in everything for n in NEVER_FIRST if m == n or m.startswith(n + ".")}
    assert not heavy


def test_the_bare_page_warms_flet_and_prepares_nothing():
    worker = python_worker(False)
    assert "import flet\\n" in worker and "prepare" not in re.search(
        r"^const PREPARE = (.*);$", worker, re.M
    ).group(1)


def test_prepare_reads_the_storage_and_opens_the_store_and_never_raises(monkeypatch, tmp_path):
    from seep_scorer.app.shell import app
    from seep_scorer.phone import main as webapp
    from seep_scorer.phone import storage as webfs

    calls: list[str] = []

    async def load():
        calls.append("load")

    opened = []
    monkeypatch.setattr(webfs, "load", load)
    monkeypatch.setattr(app, "DATA_DIR", str(tmp_path))
    monkeypatch.setattr(webapp, "default_repository", lambda: opened.append(1) or object())
    asyncio.run(webapp.prepare())
    assert calls == ["load"] and opened == [1]

    async def refused():
        raise OSError("storage blocked")

    monkeypatch.setattr(webfs, "load", refused)
    asyncio.run(webapp.prepare())  # left for browser_main to report


def test_a_failed_first_read_of_the_browser_storage_fails_every_later_load(monkeypatch):
    """The worker's prepare() loads first; the app's own load() then says the storage failed (the
    app tells the user its matches cannot be kept), never that all is well."""
    from seep_scorer.phone import storage as webfs

    class FS:
        filesystems = type("F", (), {"IDBFS": object()})

        @staticmethod
        def mount(*args):
            pass

    monkeypatch.setitem(sys.modules, "pyodide_js", type("P", (), {"FS": FS}))
    monkeypatch.setattr(webfs, "_mounted", False)
    monkeypatch.setattr(webfs, "_load_failed", None)
    monkeypatch.setattr(webfs.os, "makedirs", lambda *a, **k: None)

    class Refused:
        async def __aenter__(self):
            raise webfs.BrowserStorageError("blocked")

        async def __aexit__(self, *exc):
            return False

    monkeypatch.setattr(webfs, "turn", Refused)
    for _ in range(2):
        with pytest.raises(webfs.BrowserStorageError):
            asyncio.run(webfs.load())
