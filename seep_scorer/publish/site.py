"""`seep-scorer publish`: a static site that runs the whole app in the phone's browser.

Flet's web client (flet_web's web folder) with its Pyodide runtime, the app
archive (appbundle.py), the bundled fonts, our icons, a web manifest and a
service worker of our own (serviceworker.py). Any static file host serves it;
nothing comes from another host. What Flutter's loader never asks for in any
browser is left out (debug symbols, source maps, renderer variants that only a
configuration option selects, Pyodide's command-line and micropip files).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from .. import resources
from .appbundle import build_app_archive
from .serviceworker import service_worker, site_version
from .sitefolder import MANIFEST, build_folder, install, sha256_file

APP_NAME = "Seep Scorer"
SHORT_NAME = "Seep"
DESCRIPTION = "Keep score for Seep at the table, with no server and no network."
ARCHIVE = "app.tar.gz"
ICONS_DIR = resources.ASSETS_DIR / "icons"
FONTS_DIR = resources.ASSETS_DIR / "fonts"
# Left out of Flet's web folder. Flutter's loader picks skwasm or skwasm_heavy (WasmGC browsers, by
# their codecs), else CanvasKit (its chromium variant in Chromium); `wimp` and the experimental
# paragraph CanvasKit only by an option the page never sets. Flutter's service worker would replace
# ours (the bootstrap's registration of it is removed below). Flet's icons give way to ours.
SKIP = (
    "canvaskit/wimp.js",
    "canvaskit/wimp.wasm",
    "canvaskit/experimental_webparagraph",
    "flutter_service_worker.js",
    "manifest.json",
    "icons/icon-",
    "icons/apple-touch-icon",
)
SKIP_SUFFIXES = (".symbols", ".map")
# Pyodide: the runtime the worker imports (pyodide.mjs -> pyodide.asm.*, the lock file, the standard
# library). Not its Node/CLI launchers, type stubs, or micropip (nothing is installed at run time).
PYODIDE_FILES = {
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
    "python_stdlib.zip",
    "package.json",
}
# Flutter's bootstrap registers its (self-unregistering) service worker, which would take our scope.
_BOOTSTRAP_SW = re.compile(r"\n\s*serviceWorkerSettings:\s*\{[^{}]*\},")
_HEAD_END = "</head>"
_INDEX_EXTRA = """  <meta name="theme-color" content="{theme}">
  <script>
    // The app's own service worker (sw.js): the app opens offline once it has been opened.
    if ('serviceWorker' in navigator) {{
      navigator.serviceWorker.register('sw.js').catch((e) => console.warn('service worker:', e));
    }}
    // Ask the browser to keep this site's storage (the matches) when space runs low.
    if (navigator.storage && navigator.storage.persist) {{
      navigator.storage.persist().catch(() => {{}});
    }}
  </script>
"""


def _web_dir() -> Path:
    import flet_web

    return Path(flet_web.get_package_web_dir())


def _wanted(rel: str) -> bool:
    if rel.startswith("pyodide/"):
        return rel.removeprefix("pyodide/") in PYODIDE_FILES
    return not rel.endswith(SKIP_SUFFIXES) and not any(rel == s or rel.startswith(s) for s in SKIP)


def _copy_web_client(out: Path) -> None:
    web = _web_dir()
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(web).as_posix()
        if path.is_file() and _wanted(rel):
            dest = out / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)


def _replace_once(text: str, old: str, new: str, what: str) -> str:
    if (
        text.count(old) != 1
    ):  # a Flet upgrade changed its page: fail the publish, never ship a broken site
        raise RuntimeError(f"cannot patch {what}: {old!r} found {text.count(old)} times")
    return text.replace(old, new)


def _script_policy(html: str) -> str:
    """A <meta> policy, first in <head>: script elements only from the site itself and the page's
    own inline scripts (by hash), so the rive_native.js Flet's client adds from a CDN is never
    requested. Only `script-src-elem`: WebAssembly and the workers (Pyodide's, skwasm's blob) are
    left alone."""
    from ..ui.pagepolicy import inline_script_hashes

    sources = " ".join(["'self'", *inline_script_hashes(html.encode("utf-8"))])
    return f'<meta http-equiv="Content-Security-Policy" content="script-src-elem {sources}">'


def _patch_index(out: Path, theme_color: str) -> None:
    from flet.controls.types import RouteUrlStrategy
    from flet_web import patch_font_manifest_json, patch_index_html

    version = json.loads((out / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    index = out / "index.html"
    # Hash routes (#/match/...): a static host has only index.html, so a reload on a route must not
    # ask it for /match/....
    patch_index_html(
        str(index),
        base_href="/",
        app_name=APP_NAME,
        app_description=DESCRIPTION,
        pyodide=True,
        pyodide_script_path="main.py",
        pyodide_version=version,
        app_package_url=ARCHIVE,
        route_url_strategy=RouteUrlStrategy.HASH,
        no_cdn=True,
    )
    patch_font_manifest_json(str(out / "assets" / "FontManifest.json"))
    html = index.read_text(encoding="utf-8")
    # Every URL relative to the page, so the site works under any path of a host (not only at its
    # root). The module worker cannot import a bare "pyodide/pyodide.mjs" (not a URL to it): "./"
    # makes it one.
    for old, new in (
        ('<base href="/">', ""),
        ('flet.pyodideUrl="pyodide/pyodide.mjs";', 'flet.pyodideUrl="./pyodide/pyodide.mjs";'),
        ('flet.canvasKitBaseUrl="/canvaskit/";', 'flet.canvasKitBaseUrl="canvaskit/";'),
        ('flet.entrypointBaseUrl="/";', 'flet.entrypointBaseUrl="./";'),
        ('flet.assetBase="/";', 'flet.assetBase="./";'),
        ('href="icons/apple-touch-icon-192.png"', 'href="icons/apple-touch-icon.png"'),
        (_HEAD_END, _INDEX_EXTRA.format(theme=theme_color) + _HEAD_END),
    ):
        html = _replace_once(html, old, new, "index.html")
    html = _replace_once(html, "<head>", "<head>\n  " + _script_policy(html), "index.html")
    index.write_text(html, encoding="utf-8")
    bootstrap = out / "flutter_bootstrap.js"
    text, n = _BOOTSTRAP_SW.subn("", bootstrap.read_text(encoding="utf-8"))
    if n != 1:
        raise RuntimeError(
            "cannot patch flutter_bootstrap.js: its service worker settings were not found"
        )
    bootstrap.write_text(text, encoding="utf-8")


def _manifest(theme_color: str) -> dict:
    def icon(name: str, size: int, purpose: str = "any") -> dict:
        return {
            "src": f"icons/{name}",
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }

    return {
        "name": APP_NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": theme_color,
        "theme_color": theme_color,
        "prefer_related_applications": False,
        "icons": [
            icon("icon-192.png", 192),
            icon("icon-512.png", 512),
            icon("icon-maskable-512.png", 512, "maskable"),
        ],
    }


def _copy_fonts(out: Path) -> None:
    """The fonts the theme registers (page.fonts names them from the site's root) and their
    licence; Flutter draws bold from the regular faces, so the bold files are never asked for."""
    from ..ui.theme import FONTS

    (out / "fonts").mkdir()
    for rel in [*FONTS.values(), "fonts/OFL.txt"]:
        shutil.copyfile(FONTS_DIR.parent / rel, out / rel)


def _hashes(out: Path) -> dict[str, str]:
    return {
        p.relative_to(out).as_posix(): sha256_file(p)
        for p in sorted(out.rglob("*"))
        if p.is_file() and p.name not in ("sw.js", MANIFEST)
    }


def _build(out: Path, main_py: str | None, with_app: bool) -> dict[str, str]:
    from ..ui.theme import SEED

    _copy_web_client(out)
    _copy_fonts(out)
    shutil.copytree(ICONS_DIR, out / "icons", dirs_exist_ok=True)
    shutil.copyfile(ICONS_DIR / "favicon.png", out / "favicon.png")
    (out / ARCHIVE).write_bytes(build_app_archive(main_py, with_app=with_app))
    (out / "manifest.json").write_text(json.dumps(_manifest(SEED), indent=2), encoding="utf-8")
    _patch_index(out, SEED)
    files = _hashes(out)
    (out / "sw.js").write_text(service_worker(files), encoding="utf-8")
    return files


def publish(out_dir: str | Path, *, main_py: str | None = None, with_app: bool = False) -> dict:
    """Build the site in `out_dir`: a new or empty folder, or one a publish wrote into before,
    whose files it replaces once the new site is complete, keeping anything else (sitefolder.py).
    `main_py` publishes another Flet app (that source as its main.py) the same way: the
    benchmark's bare page; with `with_app`, this app under that main.py (the benchmark's profiled
    app, bench/webprofile.py).

    Returns a small report: the number of files and bytes, the version."""
    out = Path(out_dir)
    with build_folder(out) as (build, old):
        files = _build(build, main_py, with_app)
        written = {**files, "sw.js": sha256_file(build / "sw.js")}
        size = sum((build / rel).stat().st_size for rel in written)
        install(build, out, written, old)
    return {"files": len(written), "bytes": size, "version": site_version(files)}
