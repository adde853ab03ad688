"""app.tar.gz: everything Python the published site runs, for Flet's Pyodide worker.

The worker (flet_web's python-worker.js) unpacks the archive into its working
folder, puts `__pypackages__/` on sys.path and runs `main.py`. It would
micropip-install a requirements.txt or a pyproject's dependencies from a package
index: the archive holds neither, so nothing is fetched from another host; every
pure-Python dependency rides in `__pypackages__/` instead. The fonts are not
here: the web client, not Python, loads them, from the site (site.py).

The archive is reproducible (sorted names, fixed times), so the site's version
string changes only when its content does.
"""

from __future__ import annotations

import gzip
import importlib.util
import io
import tarfile
from pathlib import Path
from typing import Iterable, Iterator

from seep_scorer import resources
from seep_scorer.i18n.numbers import DATE_LOCALES, LANGUAGES
from seep_scorer.i18n.translate import compile_catalog

# Entry point the worker runs (flet.pythonModuleName "main"): mount the phone's storage, then the
# app.
MAIN_PY = '''"""Seep Scorer in the browser: the same app, its matches in the browser's storage."""
from seep_scorer.phone.main import run

run()
'''
# Not shipped: the command line and this publisher (they need a shell), and the LAN server.
SKIP_MODULES = {
    "seep_scorer/cli",
    "seep_scorer/phone/site.py",
    "seep_scorer/phone/bundle.py",
    "seep_scorer/phone/webfiles.py",
    "seep_scorer/phone/web",
    "seep_scorer/__main__.py",
    "seep_scorer/app_main.py",
    "seep_scorer/server",
    "seep_scorer/_data",  # an installed package's locales and assets: added as i18n reads them
}
# Pure-Python distributions the app imports in the browser (found by booting it: see
# tests/e2e/test_published.py). msgpack: its .py files only; without the compiled extension it falls
# back to pure Python.
FLET_DEPENDENCIES = (
    "flet",
    "msgpack",
    "repath",
)  # what any Flet page needs (bench/publish_startup.py's bare page)
# openskill: the ratings (its pure-Python sources; the compiled modules of its CPython wheel are
# skipped with the other binaries). Not networkx: events need the served app (app/shell/state.py).
# segno: the QR codes that share a table with another phone-only app (app/table/share.py).
DEPENDENCIES = (*FLET_DEPENDENCIES, "flet_charts", "tinydb", "babel", "openskill", "segno")
# Parts of those packages the app never imports in the browser (a server, test tools, plotting
# backends).
SKIP_DEPENDENCY_PARTS = {
    "flet/testing",
    "flet/fastapi",
    "flet/cli.py",
    "flet/pytest_plugin.py",
    "flet_charts/matplotlib_backends",
    "babel/locale-data",
    "babel/messages/frontend.py",
    "babel/messages/setuptools_frontend.py",
    "segno/cli.py",
}
SKIP_SUFFIXES = (".pyc", ".so", ".pyd", ".dylib", ".dll", ".pyi", ".typed")


def babel_locales(languages: Iterable[str] = LANGUAGES) -> list[str]:
    """The Babel locale files the app's languages load: each language, the locale its dates use
    (DATE_LOCALES), and every parent Babel loads under them, up to CLDR's root (Babel's own rule:
    its table of exceptions, such as en_IN -> en_001, else the name less its last part)."""
    from babel.core import get_global

    exceptions = get_global("parent_exceptions")
    names = {"root"}
    for code in {*languages, *(DATE_LOCALES.get(lang, lang) for lang in languages)}:
        while code != "root":
            names.add(code)
            code = exceptions.get(code) or (code.rsplit("_", 1)[0] if "_" in code else "root")
    return sorted(names)


class DependencyMissing(RuntimeError):
    """A package the site ships is not installed here: named by `code` and `params`
    (seep_scorer/i18n/filefaults.py words it; str() is its English)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.code, self.params = "publish_dependency_missing", {"name": name}

    def __str__(self) -> str:
        from seep_scorer.i18n.wording import english

        return english(self)


def _source_root(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise DependencyMissing(name)
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def _walk(root: Path, prefix: str, skip: set[str]) -> Iterator[tuple[str, Path]]:
    """(name in the archive, file) for `root` (a file or a package folder), without caches and
    binaries.
    `skip` names parts from the folder's own name on (`flet/testing`)."""
    if root.is_file():
        yield prefix, root
        return
    for path in sorted(root.rglob("*")):
        rel = f"{root.name}/{path.relative_to(root).as_posix()}"  # as `skip` names it
        if not path.is_file() or "__pycache__" in path.parts or path.name.endswith(SKIP_SUFFIXES):
            continue
        if any(rel == s or rel.startswith(s + "/") for s in skip):
            continue
        yield f"{prefix}/{path.relative_to(root).as_posix()}", path


def bundle_files(main_py: str = MAIN_PY) -> list[tuple[str, Path | bytes]]:
    """Every member of the archive: (name, a file or its bytes). `main_py`: the app's entry point
    (a benchmark's puts its profiler first: bench/webprofile.py)."""
    files: list[tuple[str, Path | bytes]] = [("main.py", main_py.encode())]
    files += _walk(resources.PACKAGE_DIR, "seep_scorer", SKIP_MODULES)
    # Each catalog compiled here, as i18n/translate.py would at every start on the phone (Babel's
    # reader pulls in email, difflib, _strptime: about half a second there), or as the wheel's build
    # compiled it; the template is for translators. The rules texts and glossaries as they are (the
    # rules screen reads them).
    for name, path in _walk(resources.LOCALES_DIR, "locales", set()):
        if name.endswith(".po"):
            files.append(
                (name.removesuffix(".po") + ".mo", compile_catalog(path, path.parent.parent.name))
            )
        elif name.endswith(("/rules.md", "/glossary.toml")) or (
            name.endswith(".mo") and not path.with_suffix(".po").is_file()
        ):
            files.append((name, path))
    for dist in DEPENDENCIES:
        root = _source_root(dist)
        files += _walk(root, f"__pypackages__/{root.name}", SKIP_DEPENDENCY_PARTS)
    data = _source_root("babel") / "locale-data"
    for code in babel_locales():
        files.append((f"__pypackages__/babel/locale-data/{code}.dat", data / f"{code}.dat"))
    return files


def other_app_files(main_py: str) -> list[tuple[str, Path | bytes]]:
    """The archive of another Flet app, one `main.py` and Flet itself (a benchmark's bare page)."""
    files: list[tuple[str, Path | bytes]] = [("main.py", main_py.encode())]
    for dist in FLET_DEPENDENCIES:
        root = _source_root(dist)
        files += _walk(root, f"__pypackages__/{root.name}", SKIP_DEPENDENCY_PARTS)
    return files


def build_app_archive(main_py: str | None = None, *, with_app: bool = False) -> bytes:
    """The gzipped tar the worker downloads (same bytes for the same sources): the app's, or with
    `main_py` another app's (other_app_files), or with `with_app` too the app's own under that
    main.py."""
    if main_py is None:
        members = bundle_files()
    elif with_app:
        members = bundle_files(main_py)
    else:
        members = other_app_files(main_py)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, source in sorted(members, key=lambda item: item[0]):
            data = source if isinstance(source, bytes) else source.read_bytes()
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", mtime=0, compresslevel=9) as gz:
        gz.write(raw.getvalue())
    return out.getvalue()
