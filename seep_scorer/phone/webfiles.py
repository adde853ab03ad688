"""The phone-only site's own web files, read from phone/web/: how the page starts Python (the
Python worker and its memory snapshot), the service worker, and the waiting screen.

How the published page starts Python: the Python worker and Python's memory snapshot
(the waiting screen that shows it is below).

Both scripts are the app's own, written to Flet's public web worker contract (Flutter calls the
page's jsConnect, jsSend and jsDisconnect; Flet's Python side uses the worker's `flet_js` module:
tests/publish/test_flet_contract.py reads both sides from the installed Flet).

- python.js (inside index.html) starts the Python worker as the page loads, alongside
  Flutter's own start, not once Flutter asks for it; Flutter then connects to the worker already
  started.
- python-worker.js (below: nothing is installed at run time, everything rides in the archive)
  starts Python from a memory snapshot when the Cache Storage holds one for
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
- The page notes when each step happened (seepBoot.at, below): the benchmark's phases.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from seep_scorer.i18n.numbers import RTL_LANGUAGES

__all__ = [
    "PEER_JS",
    "PYTHON_JS",
    "SNAPSHOT_FILE",
    "WARM_APP",
    "WARM_OTHER",
    "python_worker",
    "snapshot_key",
    "site_version",
    "service_worker",
    "data_url",
    "waiting_screen",
]


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
# The link between two phone-only apps, on the page (web/peer.js; phone/peer.py is Python's side).
PEER_JS = (Path(__file__).parent / "web" / "peer.js").read_text(encoding="utf-8")

# ---- python-worker.js
# python-worker.js, the page's Python worker (how the page starts Python: above), to Flet's
# worker contract, starting Python from a memory snapshot when one is kept, unpacking the app's
# archive and preparing its store while Flutter loads.

SNAPSHOT_FILE = "python-snapshot.bin"  # its key inside the version's snapshot cache
# Imported before the snapshot is taken: the app's browser entry point (webapp) and what it
# imports, not main.py (that starts the app, and a JavaScript connection).
WARM_APP = "seep_scorer.phone.main"
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


# ---- sw.js
# sw.js: the published site's own service worker, so the app opens with no server and no network.
#
# sw.js lists every file of the site with its content hash (the version is a hash of that list, so
# any change to any file makes a new sw.js), but a browser needs only part of it: Flutter's loader
# picks one renderer (skwasm with main.dart.wasm in a WasmGC browser, CanvasKit with main.dart.js
# elsewhere). So the worker caches what this browser asks for, as it asks: the page waits for the
# worker to control it before it starts the app (index.html, below), every file then
# comes through the worker, and each is downloaded once, checked and kept. Once the app is on screen
# the page asks it to fetch the app's own files it has not needed yet (icons, other languages'
# fonts), so it opens offline in any language; another renderer's files are fetched only if this
# browser ever asks for them.
#
# Every body, downloaded or copied, is checked against its listed SHA-256 before it is cached; a
# mismatch is asked for once more past the HTTP cache, and a second one is never cached (in an
# install, the install fails and the installed version goes on; for a file the page asks for,
# the page gets the answer uncached, as with no worker). When a visit with a network finds a newer
# sw.js, the new worker fills a cache of its own with the files of this site the old cache held
# and the app's own files (copying those whose hash did not change, downloading the rest), then
# takes over, and the next load runs the new version. It touches only its own caches (and the
# memory snapshots of older versions, above), never IndexedDB, where the matches are.

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
    `snapshot_key` names the one memory snapshot it keeps (above), `index` is
    index.html."""
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


# ---- the waiting screen
# The published page's waiting screen: the app's name, icon and progress (downloading,
# starting Python, opening the matches) from the first moment, in the phone's language when it is
# one of the app's, in the app's colours, until the app's first screen is drawn (not Flet's
# "Working..." spinner). Its script starts the app: on a first visit once sw.js controls the page,
# so every file comes through the service worker once (above); the Python side is
# the worker's (above).

# The waiting screen's few words, in the app's nine languages: its name (as the catalogs have
# it) and the three steps.
TEXTS = {
    "en": ("Seep Scorer", "Downloading the app", "Starting Python", "Opening your matches"),
    "hi": (
        "सीप स्कोरर",
        "ऐप डाउनलोड हो रहा है",
        "Python शुरू हो रहा है",
        "आपके मैच खुल रहे हैं",
    ),
    "pa": (
        "ਸੀਪ ਸਕੋਰਰ",
        "ਐਪ ਡਾਊਨਲੋਡ ਹੋ ਰਹੀ ਹੈ",
        "Python ਸ਼ੁਰੂ ਹੋ ਰਿਹਾ ਹੈ",
        "ਤੁਹਾਡੇ ਮੈਚ ਖੁੱਲ੍ਹ ਰਹੇ ਹਨ",
    ),
    "ur": (
        "سیپ اسکورر",
        "ایپ ڈاؤن لوڈ ہو رہی ہے",
        "Python شروع ہو رہا ہے",
        "آپ کے میچ کھل رہے ہیں",
    ),
    "sd": (
        "سيپ اسڪورر",
        "ايپ ڊائون لوڊ ٿي رهي آهي",
        "Python شروع ٿي رهيو آهي",
        "توهان جون ميچون کلي رهيون آهن",
    ),
    "sq": (
        "Seep Scorer",
        "Po shkarkohet aplikacioni",
        "Po niset Python",
        "Po hapen ndeshjet tuaja",
    ),
    "th": ("Seep Scorer", "กำลังดาวน์โหลดแอป", "กำลังเริ่ม Python", "กำลังเปิดแมตช์ของคุณ"),
    "as": (
        "ছিপ স্কোৰাৰ",
        "এপ ডাউনল'ড হৈ আছে",
        "Python আৰম্ভ হৈ আছে",
        "আপোনাৰ মেচবোৰ খোলা হৈ আছে",
    ),
    "it": (
        "Seep Scorer",
        "Download dell'app in corso",
        "Avvio di Python",
        "Apertura dei tuoi incontri",
    ),
}


# The bundled font (app/shell/theme.py's FONTS) the waiting screen uses for a language's script.
SCRIPT_FONTS = {
    "hi": "fonts/NotoSansDevanagari-Regular.ttf",
    "pa": "fonts/NotoSansGurmukhi-Regular.ttf",
    "ur": "fonts/NotoNaskhArabic-Regular.ttf",
    "sd": "fonts/NotoNaskhArabic-Regular.ttf",
    "th": "fonts/NotoSansThai-Regular.ttf",
    "as": "fonts/NotoSansBengali-Regular.ttf",
}


# Replaces Flet's <div id="loading"> (its spinner) and its <script src="flutter_bootstrap.js">.
_WEB = Path(__file__).parent / "web"
# The waiting screen's markup, style and script: real files beside this module, put together
# inline here (a first visit's page fetches as little as it can before its service worker).
_SCREEN = (
    (_WEB / "waitscreen.html")
    .read_text(encoding="utf-8")
    .replace("__CSS__", (_WEB / "waitscreen.css").read_text(encoding="utf-8"))
    .replace("__JS__", (_WEB / "waitscreen.js").read_text(encoding="utf-8"))
)


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def waiting_screen(seed: str, key: str, icon: bytes) -> str:
    """The markup and script index.html gets in place of Flet's spinner and bootstrap tag; `icon`
    (PNG) is in it, as a data: URL (a first visit's page fetches as little as it can before
    the service worker is there)."""
    return (
        _SCREEN.replace("__SEED__", seed)
        .replace("__ICON__", data_url(icon))
        .replace("__TEXTS__", json.dumps(TEXTS, ensure_ascii=False))
        .replace("__FONT_FILES__", json.dumps(SCRIPT_FONTS))
        .replace("__RTL__", json.dumps(sorted(RTL_LANGUAGES)))
        .replace("__SNAPSHOT_KEY__", key)
    )
