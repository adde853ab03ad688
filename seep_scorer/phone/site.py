"""`seep-scorer publish`: the static site of the phone-only app, and the folder it is written into.

`seep-scorer publish`: a static site that runs the whole app in the phone's browser.

Flet's web client (flet_web's web folder) with its Pyodide runtime, the app
archive (phone/bundle.py), the bundled fonts, our icons, a web manifest and a
service worker of our own (phone/webfiles.py). Any static file host serves it;
nothing comes from another host. What Flutter's loader never asks for in any
browser is left out (debug symbols, source maps, renderer variants that only a
configuration option selects, Pyodide's command-line and micropip files).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import tempfile
from pathlib import Path, PurePosixPath

from seep_scorer import resources
from seep_scorer.phone.bundle import build_app_archive
from seep_scorer.phone.webfiles import (
    PEER_JS,
    PYTHON_JS,
    data_url,
    python_worker,
    service_worker,
    site_version,
    snapshot_key,
    waiting_screen,
)
from seep_scorer.store.files import USUAL, atomic_writer, fsync_dir

APP_NAME = "Seep Scorer"
SHORT_NAME = "Seep"
DESCRIPTION = "Keep score for Seep at the table, with no server and no network."
ARCHIVE = "app.tar.gz"
ICONS_DIR = resources.ASSETS_DIR / "icons"
FONTS_DIR = resources.ASSETS_DIR / "fonts"
# Left out of Flet's web folder. Flutter's loader picks skwasm or skwasm_heavy (WasmGC browsers, by
# their codecs), else CanvasKit (its chromium variant in Chromium); `wimp` and the experimental
# paragraph CanvasKit only by an option the page never sets. Flutter's service worker would replace
# ours (the bootstrap's registration of it is removed below). Flet's icons (and its spinner's
# image) give way to ours.
SKIP = (
    "canvaskit/wimp.js",
    "canvaskit/wimp.wasm",
    "canvaskit/experimental_webparagraph",
    "flutter_service_worker.js",
    "manifest.json",
    "icons/icon-",
    "icons/apple-touch-icon",
    "icons/loading-animation.png",
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
"""
# Flet's waiting screen (its spinner) and its bootstrap tag, which phone/webfiles.py's replaces:
# that loads flutter_bootstrap.js once the service worker is ready.
_FLET_LOADING = re.compile(
    r'<div id="loading".*?</div>\s*<script src="flutter_bootstrap.js" async></script>', re.S
)


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
    from seep_scorer.server.pagepolicy import inline_script_hashes

    sources = " ".join(["'self'", *inline_script_hashes(html.encode("utf-8"))])
    return f'<meta http-equiv="Content-Security-Policy" content="script-src-elem {sources}">'


def _patch_index(out: Path, theme_color: str, snapshot_key: str) -> None:
    from flet.controls.types import RouteUrlStrategy
    from flet_web import patch_font_manifest_json, patch_index_html

    version = json.loads((out / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    index = out / "index.html"
    # Hash routes (#/match/...): a static host has only index.html, so a reload on a route must
    # not ask it for /match/....
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
        (
            '<script src="python.js"></script>',
            f"<script>\n{PYTHON_JS}</script>\n<script>\n{PEER_JS}</script>",
        ),
        ('href="favicon.png"', f'href="{data_url((ICONS_DIR / "favicon.png").read_bytes())}"'),
        (_HEAD_END, _INDEX_EXTRA.format(theme=theme_color) + _HEAD_END),
    ):
        html = _replace_once(html, old, new, "index.html")
    screen = waiting_screen(theme_color, snapshot_key, (ICONS_DIR / "icon-192.png").read_bytes())
    html, n = _FLET_LOADING.subn(lambda _: screen, html)
    if n != 1:
        raise RuntimeError("cannot patch index.html: Flet's loading screen was not found")
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
    from seep_scorer.app.shell.theme import FONTS

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
    from seep_scorer.app.shell.theme import SEED

    _copy_web_client(out)
    _copy_fonts(out)
    shutil.copytree(ICONS_DIR, out / "icons", dirs_exist_ok=True)
    shutil.copyfile(ICONS_DIR / "favicon.png", out / "favicon.png")
    (out / ARCHIVE).write_bytes(build_app_archive(main_py, with_app=with_app))
    (out / "python.js").unlink()  # in index.html instead (phone/webfiles.py)
    (out / "python-worker.js").write_text(
        python_worker(main_py is None or with_app), encoding="utf-8"
    )
    (out / "manifest.json").write_text(json.dumps(_manifest(SEED), indent=2), encoding="utf-8")
    key = snapshot_key(_hashes(out))
    _patch_index(out, SEED, key)
    files = _hashes(out)
    index = (out / "index.html").read_text(encoding="utf-8")
    (out / "sw.js").write_text(service_worker(files, key, index), encoding="utf-8")
    return files


def publish(out_dir: str | Path, *, main_py: str | None = None, with_app: bool = False) -> dict:
    """Build the site in `out_dir`: a new or empty folder, or one a publish wrote into before,
    whose files it replaces once the new site is complete, keeping anything else (below).
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


# ---- the folder publish writes into
# The folder `publish -o DIR` writes into: what it may replace, and replacing only once built.
#
# A publish writes a manifest (MANIFEST) listing each file it wrote with its SHA-256. The next
# publish treats as its own only the files listed there whose content is still what it wrote: it
# replaces them, deletes those the new site no longer has, and keeps everything else in the folder
# (a `.git`, a `CNAME`, sources). A file of anyone else's where the new site puts one stops the
# publish before anything changes. The site is built in a hidden folder inside DIR (same
# filesystem, so each file moves into place with one rename) and moved only once complete: a build
# that fails leaves the old site as it was. A first publish wants an empty (or new) folder, as
# before. Sites published before the manifest existed are recognised by their sw.js, which lists
# every other file with its hash.

MANIFEST = ".seep-scorer-site.json"
FORMAT = "seep-scorer-site"
BUILD_PREFIX = ".seep-scorer-build-"
# Moved in last: a visitor during the swap gets the new index.html and sw.js only once the files
# they name are in place.
LAST = ("index.html", "sw.js")
_OLD_SW_MARK = "// Written by `seep-scorer publish`; do not edit (phone/webfiles.py)."
_OLD_SW_FILES = re.compile(r"^const FILES = (\{.*?\});$", re.S | re.M)


class FolderRefused(FileExistsError):
    """The folder holds something a publish must not replace or delete; nothing was changed.
    Named by `code` and `params` (seep_scorer/i18n/filefaults.py words it in the user's
    language; str() is its English)."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params

    def __str__(self) -> str:
        from seep_scorer.i18n.wording import english

        return english(self)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _safe(rel: object) -> bool:
    """A plain relative path inside the folder: a damaged or hostile manifest names nothing
    outside it."""
    if not isinstance(rel, str) or not rel or "\\" in rel:
        return False
    p = PurePosixPath(rel)
    return not p.is_absolute() and p.as_posix() == rel and not {"..", "."} & set(p.parts)


def _read_manifest(path: Path) -> dict[str, set[str]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        files = data["files"] if data.get("format") == FORMAT else None
        if not isinstance(files, dict) or not all(
            _safe(rel) and isinstance(h, list) and all(isinstance(x, str) for x in h)
            for rel, h in files.items()
        ):
            raise ValueError("not a list of the files a publish wrote")
    except (OSError, ValueError, AttributeError, KeyError, TypeError) as err:
        raise FolderRefused("site_manifest_damaged", path=str(path), detail=str(err)) from None
    return {rel: set(h) for rel, h in files.items()}


def _read_old_service_worker(sw: Path) -> dict[str, set[str]]:
    """A site published before the manifest existed: its sw.js lists every other file it wrote."""
    try:
        text = sw.read_text(encoding="utf-8")
        ours = text.startswith("'use strict';\n" + _OLD_SW_MARK)
        found = _OLD_SW_FILES.search(text) if ours else None
        files = json.loads(found.group(1)) if found else None
    except (OSError, ValueError):
        files = None
    if not isinstance(files, dict) or not all(
        _safe(r) and isinstance(h, str) for r, h in files.items()
    ):
        return {}
    return {**{rel: {h} for rel, h in files.items()}, "sw.js": {sha256_file(sw)}}


def previous_site(out: Path) -> dict[str, set[str]]:
    """The files an earlier publish wrote into `out` (relative path: the hashes it may have
    written there). Refuses a file, or a folder holding other things and no earlier site."""
    if not out.exists():
        return {}
    if not out.is_dir():
        raise FolderRefused("site_not_folder", path=str(out))
    for orphan in out.glob(BUILD_PREFIX + "*"):  # a build killed before it finished
        if orphan.is_dir() and not orphan.is_symlink():
            shutil.rmtree(orphan, ignore_errors=True)
    if (out / MANIFEST).exists():
        return _read_manifest(out / MANIFEST)
    old = _read_old_service_worker(out / "sw.js") if (out / "sw.js").is_file() else {}
    if not old and any(out.iterdir()):
        raise FolderRefused("site_folder_foreign", path=str(out))
    return old


def _ours(out: Path, rel: str, old: dict[str, set[str]]) -> bool:
    path = out / rel
    return (
        rel in old
        and path.is_file()
        and not path.is_symlink()
        and not any(p.is_symlink() for p in path.parents if out in p.parents)
        and sha256_file(path) in old[rel]
    )


def _in_the_way(out: Path, rel: str, old: dict[str, set[str]]) -> tuple[str, str] | None:
    """Why the new site cannot put `rel` there (a refusal's code, the path at fault), or None."""
    path = out / rel
    for parent in reversed(path.parents):
        if out in parent.parents and (
            parent.is_symlink() or (parent.exists() and not parent.is_dir())
        ):
            return "site_parent_not_folder", str(parent)
    if not (path.exists() or path.is_symlink()):
        return None
    if _ours(out, rel, old):
        return None
    return "site_file_foreign", str(path)


def _write_manifest(out: Path, files: dict[str, set[str]]) -> None:
    data = {"format": FORMAT, "files": {rel: sorted(h) for rel, h in sorted(files.items())}}
    with atomic_writer(out / MANIFEST, mode=USUAL) as f:
        f.write(json.dumps(data, indent=0).encode())


@contextlib.contextmanager
def build_folder(out: Path):
    """A new hidden folder inside `out` to build the site in (removed afterwards, whatever happens);
    yields it with the files an earlier publish wrote into `out`."""
    old = previous_site(out)
    created = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix=BUILD_PREFIX, dir=out))
    try:
        yield build, old
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        if created:  # a failed first publish leaves no empty folder behind
            with contextlib.suppress(OSError):
                out.rmdir()
        raise
    shutil.rmtree(build, ignore_errors=True)


def install(build: Path, out: Path, new: dict[str, str], old: dict[str, set[str]]) -> None:
    """Move the complete site from `build` into `out` (`new`: each file's hash), over the files
    of the earlier one (`old`), then delete those of its files the new site has not. Checks
    everything first."""
    refusals = [why for rel in sorted(new) if (why := _in_the_way(out, rel, old))]
    if refusals:
        code, path = refusals[0]
        raise FolderRefused(code, path=path, more=len(refusals) - 1)
    stale = [
        rel for rel in sorted(old) if rel not in new and rel != MANIFEST and _ours(out, rel, old)
    ]
    # Until the swap is over, either version of each file is ours: a publish killed halfway is
    # finished by the next one.
    _write_manifest(
        out,
        {rel: old.get(rel, set()) | ({new[rel]} if rel in new else set()) for rel in {*old, *new}},
    )
    for rel in sorted(new, key=lambda r: (r in LAST, LAST.index(r) if r in LAST else 0, r)):
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        (build / rel).replace(dest)
    for rel in stale:
        path = out / rel
        path.unlink(missing_ok=True)
        for parent in path.parents:  # folders only the old site's files were in
            if parent == out or out not in parent.parents:
                break
            with contextlib.suppress(OSError):
                parent.rmdir()
    _write_manifest(out, {rel: {h} for rel, h in new.items()})
    fsync_dir(out)
