"""python-worker.js, the page's Python worker (boot.py says how the page starts Python): Flet's,
trimmed, starting Python from a memory snapshot when one is kept, unpacking the app's archive and
preparing its store while Flutter loads."""

from __future__ import annotations

import json
from pathlib import Path

from .serviceworker import SNAPSHOT_PREFIX

SNAPSHOT_FILE = "python-snapshot.bin"  # its key inside the version's snapshot cache
# Imported before the snapshot is taken: the app's browser entry point (webapp) and what it
# imports, not main.py (that starts the app, and a JavaScript connection).
WARM_APP = "seep_scorer.ui.webapp"
WARM_OTHER = "flet"  # another app's main.py (the benchmark's bare page): Flet itself

# The worker's source, a real file beside this module; its __NAMES__ are filled in below.
_WORKER = (Path(__file__).parent / "web" / "python-worker.js").read_text(encoding="utf-8")


def python_worker(own_app: bool) -> str:
    """python-worker.js: `own_app` warms the app's modules for the snapshot (those of its first
    screen too, webapp.warm) and prepares its store while Flutter loads (webapp.prepare); else
    Flet's modules, and nothing to prepare."""
    warm = (
        "import sys\n"
        'if "__pypackages__" not in sys.path:\n    sys.path.insert(0, "__pypackages__")\n'
        + (f"import {WARM_APP}\n{WARM_APP}.warm()\n" if own_app else f"import {WARM_OTHER}\n")
    )
    # (random reseeded first, as RUN does: a snapshot would replay the same numbers at every start)
    prepare = (
        f"import random\nrandom.seed()\nimport {WARM_APP}\nawait {WARM_APP}.prepare()\n"
        if own_app
        else ""
    )
    return (
        _WORKER.replace("__SNAPSHOTS__", SNAPSHOT_PREFIX)
        .replace("__SNAPSHOT_FILE__", SNAPSHOT_FILE)
        .replace("__WARM__", json.dumps(warm))
        .replace("__PREPARE__", json.dumps(prepare))
    )
