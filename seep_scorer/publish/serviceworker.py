"""sw.js: the published site's own service worker, so the app opens with no server and no network.

sw.js lists every file of the site with its content hash (the version is a hash of that list,
so any change to any file makes a new sw.js), but a browser needs only part of it: Flutter's
loader picks one renderer (skwasm with main.dart.wasm in a WasmGC browser, CanvasKit with
main.dart.js elsewhere). So the worker caches what this browser asks for, as it asks: the page
waits for the worker to control it before it starts the app (index.html, waitscreen.py), every file
then comes through the worker, and each is downloaded once, checked and kept. Once the app is
on screen the page asks it to fetch the app's own files it has not needed yet (icons, other
languages' fonts), so it opens offline in any language; another renderer's files are fetched
only if this browser ever asks for them.

Every body, downloaded or copied, is checked against its listed SHA-256 before it is cached; a
mismatch is asked for once more past the HTTP cache, and a second one is never cached (in an
install, the install fails and the installed version goes on; for a file the page asks for,
the page gets the answer uncached, as with no worker). When a visit with a network finds a newer
sw.js, the new worker fills a cache of its own with the files of this site the old cache held
and the app's own files (copying those whose hash did not change, downloading the rest), then
takes over, and the next load runs the new version. It touches only its own caches (and the
memory snapshots of older versions, boot.py), never IndexedDB, where the matches are.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

CACHE_PREFIX = "seep-scorer-site-"
SNAPSHOT_PREFIX = "seep-scorer-snapshot-"  # Python's memory snapshot, one cache per app version
LIST_KEY = "__files__.json"  # inside each cache: the file list its install was made from
# A renderer's own files: fetched only when the browser's loader asks for them.
RENDERER = r"^(main\.dart\.|canvaskit/)"
# The page itself: in sw.js (a first visit's page asked for it before there was a worker, and a
# browser never hands its copy to one), checked against its hash like any other body. The page's
# scripts and icons are in it.
INDEX = "index.html"
# The browser fetches the web manifest and its icons itself, past any worker: never cached here.
UNCACHED = ("manifest.json", "icons/")

# The worker's source, a real file beside this module; its __NAMES__ are filled in below.
_TEMPLATE = (Path(__file__).parent / "web" / "sw.js").read_text(encoding="utf-8")


def site_version(files: dict[str, str]) -> str:
    """One hash for the whole site, from every file's name and content hash."""
    listing = json.dumps(files, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(listing).hexdigest()[:20]


def service_worker(files: dict[str, str], snapshot_key: str = "", index: str = "") -> str:
    """The text of sw.js for a site whose files (relative URL: sha256 of the content) are `files`;
    `snapshot_key` names the one memory snapshot it keeps (boot.py), `index` is index.html."""
    return (
        _TEMPLATE.replace("__VERSION__", site_version(files))
        .replace("__SNAPSHOTS__", SNAPSHOT_PREFIX)
        .replace("__SNAPSHOT_KEY__", snapshot_key)
        .replace("__RENDERER__", json.dumps(RENDERER))
        .replace("__INDEX__", json.dumps(index))
        .replace("__UNCACHED__", json.dumps(UNCACHED))
        .replace("__FILES__", json.dumps(files, sort_keys=True, indent=0))
        .replace("__PREFIX__", CACHE_PREFIX)
        .replace("__LIST__", LIST_KEY)
    )
