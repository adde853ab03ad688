"""How the published page starts Python: the Python worker and Python's memory snapshot
(the waiting screen that shows it is waitscreen.py).

- python.js (Flet's, rewritten, and inside index.html) starts the Python worker as the page
  loads, alongside Flutter's own start, not once Flutter asks for it; Flutter then connects to
  the worker already started.
- python-worker.js (pyworker.py: Flet's, trimmed: nothing is installed at run time, everything
  rides in the archive) starts Python from a memory snapshot when the Cache Storage holds one for
  this version of the app: the interpreter with the app's modules already imported. With none,
  it starts Python as usual and imports the app's modules (those its first screen uses too:
  webapp.warm) while Flutter loads; a second after the app's first screen, the page has a
  second worker start a Python able to take a snapshot (not one to run the app in: it proxies
  JavaScript objects differently), import the same modules and keep the snapshot for the next
  start, then ends it. A snapshot that fails to load is deleted and Python starts as usual in a
  new worker. Nothing outside Python's memory is in a snapshot: the archive is unpacked again at
  each start (lazy imports read it; the worker writes its files itself, faster than Pyodide's
  unpackArchive), and the connection to the page is made after, as a snapshot holds no
  JavaScript references.
- Then, still before Flutter asks for the app, the worker prepares what the app's start needs of
  the browser (webapp.prepare: IndexedDB read, the store opened), so that on a reload the first
  screen only reads its list once Flutter connects.
- The page notes when each step happened (waitscreen.py's seepBoot.at): the benchmark's phases.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .pyworker import SNAPSHOT_FILE, WARM_APP, WARM_OTHER, python_worker

__all__ = ["PYTHON_JS", "SNAPSHOT_FILE", "WARM_APP", "WARM_OTHER", "python_worker", "snapshot_key"]


def snapshot_key(hashes: dict[str, str]) -> str:
    """What a snapshot depends on: the app's archive, the worker and Pyodide's files (a snapshot
    of another version of any of them is never loaded)."""
    parts = {
        name: h
        for name, h in hashes.items()
        if name in ("app.tar.gz", "python-worker.js") or name.startswith("pyodide/")
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:20]


# The page's side of the Python worker, a real file beside this module (web/python.js).
PYTHON_JS = (Path(__file__).parent / "web" / "python.js").read_text(encoding="utf-8")
