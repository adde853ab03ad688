"""The folder `publish -o DIR` writes into: what it may replace, and replacing only once built.

A publish writes a manifest (MANIFEST) listing each file it wrote with its SHA-256. The next
publish treats as its own only the files listed there whose content is still what it wrote: it
replaces them, deletes those the new site no longer has, and keeps everything else in the folder
(a `.git`, a `CNAME`, sources). A file of anyone else's where the new site puts one stops the
publish before anything changes. The site is built in a hidden folder inside DIR (same
filesystem, so each file moves into place with one rename) and moved only once complete: a build
that fails leaves the old site as it was. A first publish wants an empty (or new) folder, as
before. Sites published before the manifest existed are recognised by their sw.js, which lists
every other file with its hash.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import tempfile
from pathlib import Path, PurePosixPath

from ..store.atomic import USUAL, atomic_writer, fsync_dir

MANIFEST = ".seep-scorer-site.json"
FORMAT = "seep-scorer-site"
BUILD_PREFIX = ".seep-scorer-build-"
# Moved in last: a visitor during the swap gets the new index.html and sw.js only once the files
# they name are in place.
LAST = ("index.html", "sw.js")
_OLD_SW_MARK = "// Written by `seep-scorer publish`; do not edit (serviceworker.py)."
_OLD_SW_FILES = re.compile(r"^const FILES = (\{.*?\});$", re.S | re.M)


class FolderRefused(FileExistsError):
    """The folder holds something a publish must not replace or delete; nothing was changed.
    Named by `code` and `params` (seep_scorer/wording/publishfaults.py words it in the user's
    language; str() is its English)."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params

    def __str__(self) -> str:
        from ..wording import english

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
