"""The published site as files: index.html patched for a static host, the app archive self-contained
(no package to install at run time, only the app's Babel
locales), the manifest and the service worker
listing every file with its hash."""

from __future__ import annotations

import hashlib
import io
import json
import re
import struct
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from seep_scorer.app.shell.theme import SEED
from seep_scorer.i18n.numbers import LANGUAGES
from seep_scorer.phone.site import MANIFEST, publish
from seep_scorer.phone.webfiles import service_worker, site_version


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    publish(out)
    return out


@pytest.fixture(scope="module")
def archive(site) -> dict[str, bytes]:
    with tarfile.open(site / "app.tar.gz", "r:gz") as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}


def _sw_files(site: Path) -> dict[str, str]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"const FILES = (\{.*?\});", text, re.S).group(1))


def test_index_html_runs_python_in_the_browser_from_relative_urls(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    assert "flet.pyodide = true;" in html and 'flet.pythonModuleName = "main";' in html
    assert 'flet.appPackageUrl = "app.tar.gz";' in html
    # the module worker needs a URL: "./pyodide/..." (a bare "pyodide/..." fails to resolve)
    assert 'flet.pyodideUrl="./pyodide/pyodide.mjs";' in html
    assert 'flet.routeUrlStrategy="hash";' in html and "flet.noCdn=true;" in html
    # nothing pinned to the host's root, so the site works under any path
    assert "<base" not in html
    for key in ("entrypointBaseUrl", "assetBase", "canvasKitBaseUrl"):
        assert not re.search(rf'flet\.{key}="/', html), key


def test_nothing_is_fetched_from_another_host(site, archive):
    for name in ("index.html", "python-worker.js", "sw.js", "manifest.json"):
        text = (site / name).read_text(encoding="utf-8")
        assert not re.search(r"https?://", text), name
    # Flutter's loader falls back to gstatic for CanvasKit only
    # when the page names no folder of its own
    html = (site / "index.html").read_text(encoding="utf-8")
    assert (
        'flet.canvasKitBaseUrl="canvaskit/";' in html
        and (site / "canvaskit" / "canvaskit.js").is_file()
    )
    # the worker micropip-installs these when present: they must not be
    assert not {"requirements.txt", "pyproject.toml"} & set(archive)
    assert not (site / "pyodide" / "micropip-0.11.1-py3-none-any.whl").exists()


def test_the_page_allows_script_elements_from_the_site_only(site):
    """Flet's client adds a rive_native.js from a CDN: the page's policy stops it before any
    request."""
    from seep_scorer.server.pagepolicy import inline_script_hashes

    html = (site / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert policy and policy.start() < html.index("<script"), "the policy must precede the scripts"
    directive, *sources = policy.group(1).split()
    assert directive == "script-src-elem" and sources[0] == "'self'"
    assert sorted(sources[1:]) == sorted(inline_script_hashes(html.encode("utf-8")))


def test_the_manifest_and_the_service_worker_are_registered(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.json">' in html
    assert "sw.register('sw.js')" in html
    # Flutter's own service worker would take the same scope and
    # unregister itself: not registered, not shipped
    bootstrap = (site / "flutter_bootstrap.js").read_text(encoding="utf-8")
    assert "serviceWorkerSettings" not in bootstrap[bootstrap.index("_flutter.loader.load({") :]
    assert not (site / "flutter_service_worker.js").exists()


def test_the_wait_shows_the_apps_name_icon_and_progress_not_flets_spinner(site):
    from seep_scorer.i18n.numbers import LANGUAGES
    from seep_scorer.phone.webfiles import TEXTS

    html = (site / "index.html").read_text(encoding="utf-8")
    assert 'id="loading"' not in html and "loading-animation" not in html
    assert not (site / "icons" / "loading-animation.png").exists()
    screen = html[html.index('<div id="seep-boot"') :]
    assert '<img src="data:image/png;base64,' in screen and f"background: {SEED}" in screen
    # the app starts from that script only, once the service worker is ready
    assert '<script src="flutter_bootstrap.js"' not in html
    assert "script.src = 'flutter_bootstrap.js'" in screen
    assert set(TEXTS) == set(LANGUAGES)
    from seep_scorer.phone.webfiles import SCRIPT_FONTS

    assert all((site / font).is_file() for font in SCRIPT_FONTS.values())
    for lang, words in TEXTS.items():
        assert len(words) == 4 and all(words), lang
        assert json.dumps(words[1], ensure_ascii=False) in screen, lang
    from seep_scorer.phone.webfiles import PEER_JS, PYTHON_JS

    # the page's side of the Python worker and the peer link, inline (their own files in the repo)
    assert f"<script>\n{PYTHON_JS}</script>\n<script>\n{PEER_JS}</script>" in html
    assert not (site / "python.js").exists() and 'src="python.js"' not in html


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_manifest_names_the_app_with_its_own_icons_and_colours(site):
    manifest = json.loads((site / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "Seep Scorer" and manifest["short_name"]
    assert manifest["theme_color"] == SEED and manifest["background_color"] == SEED
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = set()
    for icon in manifest["icons"]:
        w, h = _png_size(site / icon["src"])
        assert icon["sizes"] == f"{w}x{h}"
        sizes.add((w, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def test_the_service_worker_lists_every_file_with_its_hash(site):
    files = _sw_files(site)
    on_disk = {
        p.relative_to(site).as_posix(): p
        for p in site.rglob("*")
        if p.is_file() and p.name not in ("sw.js", MANIFEST)
    }
    assert set(files) == set(on_disk)
    for name, path in on_disk.items():
        assert files[name] == hashlib.sha256(path.read_bytes()).hexdigest(), name
    assert f'const VERSION = "{site_version(files)}";' in (site / "sw.js").read_text(
        encoding="utf-8"
    )


def test_the_version_changes_with_any_file():
    files = {"index.html": "a" * 64, "app.tar.gz": "b" * 64}
    changed = dict(files, **{"app.tar.gz": "c" * 64})
    assert site_version(files) != site_version(changed)
    assert site_version(files) == site_version(dict(reversed(list(files.items()))))
    assert site_version(files) in service_worker(files) and site_version(changed) in service_worker(
        changed
    )


def test_what_no_browser_loads_is_left_out(site):
    names = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert not [n for n in names if n.endswith((".symbols", ".map"))]
    assert not [n for n in names if "wimp" in n or "experimental_webparagraph" in n]
    # what Flutter's loader may pick, by browser: WasmGC
    # (skwasm, skwasm_heavy) or JavaScript (CanvasKit)
    for needed in (
        "main.dart.wasm",
        "main.dart.mjs",
        "main.dart.js",
        "canvaskit/skwasm.wasm",
        "canvaskit/skwasm_heavy.wasm",
        "canvaskit/canvaskit.wasm",
        "canvaskit/chromium/canvaskit.wasm",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
        "fonts/NotoSans-Regular.ttf",
        "fonts/OFL.txt",
    ):
        assert needed in names, needed


def test_the_archive_holds_the_app_and_its_dependencies(archive):
    names = set(archive)
    for needed in (
        "main.py",
        "seep_scorer/app/shell/app.py",
        "seep_scorer/phone/main.py",
        "seep_scorer/store/tinyrepo.py",
        "seep_scorer/rules/replay.py",
        "__pypackages__/flet/__init__.py",
        "__pypackages__/flet_charts/__init__.py",
        "__pypackages__/tinydb/__init__.py",
        "__pypackages__/msgpack/fallback.py",
        "__pypackages__/repath.py",
        "__pypackages__/babel/global.dat",
        # the ratings, as pure Python (the statistics screen rates players in the browser too)
        "__pypackages__/openskill/models/weng_lin/plackett_luce.py",
    ):
        assert needed in names, needed
    for code in LANGUAGES:
        if code != "en":
            assert f"locales/{code}/LC_MESSAGES/messages.mo" in names, (
                code
            )  # compiled by publish (i18n/translate.py reads it)
        assert f"locales/{code}/rules.md" in names, code  # the rules screen reads it
        assert f"locales/{code}/glossary.toml" in names, code  # and its table of terms
    assert not [n for n in names if n.endswith((".so", ".pyc"))]
    assert not [n for n in names if n.startswith(("seep_scorer/cli/", "seep_scorer/server/"))]
    assert not {"seep_scorer/phone/site.py", "seep_scorer/phone/bundle.py"} & set(names)
    assert "seep_scorer/phone/main.py" in names and "seep_scorer/phone/storage.py" in names


def test_only_the_apps_babel_locales_are_shipped(archive):
    data = {
        n.rsplit("/", 1)[1].removesuffix(".dat")
        for n in archive
        if n.startswith("__pypackages__/babel/locale-data/")
    }
    assert data == {
        "root",
        *LANGUAGES,
        "en_IN",
        "en_001",
    }  # English dates are India's (locale_format.DATE_LOCALES)


def test_the_archive_runs_the_app_with_nothing_else_installed(site, tmp_path):
    """CPython without site-packages, on the archive alone:
    the app's modules import, every language's
    catalog, numbers and dates load (the pure-Python msgpack, the trimmed Babel data)."""
    with tarfile.open(site / "app.tar.gz", "r:gz") as tar:
        tar.extractall(tmp_path, filter="data")
    code = """
import sys
sys.path[:0] = ['__pypackages__', '.']
import msgpack, msgpack.fallback
assert msgpack.Packer is msgpack.fallback.Packer
import seep_scorer.phone.main, seep_scorer.app.shell.app
from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.numbers import LANGUAGES, LocaleFormat
import datetime
for code in LANGUAGES:
    with i18n.using(i18n.UILocale(code)):
        i18n._("Seep Scorer")
    LocaleFormat(code).number(1234)
    LocaleFormat(code).date(datetime.datetime(2026, 12, 1, 15, 4))
assert 'platformdirs' not in sys.modules and 'uvicorn' not in sys.modules
print('ok')
"""
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")


def test_the_archive_is_reproducible(monkeypatch):
    """Same files, same bytes (so the site's version moves
    only with its content). Fixed inputs: other
    people may be editing the package while this runs."""
    from seep_scorer.phone import bundle as appbundle

    repath = Path(appbundle._source_root("repath"))
    monkeypatch.setattr(
        appbundle,
        "bundle_files",
        lambda: [("main.py", b"run()"), ("__pypackages__/repath.py", repath)],
    )
    first = appbundle.build_app_archive()
    repath_copy = repath.read_bytes()
    assert appbundle.build_app_archive() == first
    with tarfile.open(fileobj=io.BytesIO(first), mode="r:gz") as tar:
        assert tar.extractfile("__pypackages__/repath.py").read() == repath_copy
