"""`publish -o DIR` over an earlier site: only the files a publish wrote are replaced or deleted
(its manifest lists them with their hashes), anything else in the folder is kept (a .git, a
CNAME, sources), a file of anyone else's in the way stops it before anything changes, and the
site is built aside and moved in only once complete."""

from __future__ import annotations

import hashlib
import json
import pathlib
import subprocess
import sys
from pathlib import Path

import pytest

from seep_scorer.phone import site as site_module
from seep_scorer.phone.site import BUILD_PREFIX, MANIFEST, FolderRefused, publish

BARE = "import flet as ft\nft.run(lambda page: page.add(ft.Text('hi')))\n"


def snapshot(folder: Path) -> dict[str, str]:
    """Every file and folder under `folder` (dot-files too), files with their content's hash."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        if p.is_file()
        else "dir"
        for p in sorted(folder.rglob("*"))
    }


def add_own_files(folder: Path) -> dict[str, bytes]:
    """What a person keeps beside a site: a git repository, a CNAME for GitHub Pages, sources,
    an icon of their own in one of the site's folders."""
    own = {
        ".git/HEAD": b"ref: refs/heads/main\n",
        ".git/objects/ab/cdef": b"\x00blob",
        "CNAME": b"seep.example.org\n",
        "src/notes.md": b"# how we host it\n",
        "icons/our-own.png": b"\x89PNG mine",
    }
    for rel, data in own.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    return own


def manifest(folder: Path) -> dict[str, list[str]]:
    return json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["files"]


def test_a_new_publish_lists_every_file_it_wrote(tmp_path):
    out = tmp_path / "site"
    report = publish(out)
    files = {rel: h for rel, h in snapshot(out).items() if h != "dir" and rel != MANIFEST}
    assert manifest(out) == {rel: [h] for rel, h in files.items()}
    assert report["files"] == len(files)
    assert not list(out.glob(BUILD_PREFIX + "*"))


def test_publishing_again_keeps_everything_it_did_not_write(tmp_path):
    out = tmp_path / "site"
    publish(out)
    own = add_own_files(out)
    publish(out)
    for rel, data in own.items():
        assert (out / rel).read_bytes() == data, rel
    assert not set(own) & set(manifest(out))
    assert (out / "index.html").is_file() and (out / "sw.js").is_file()


def test_files_the_new_site_no_longer_has_are_deleted_and_nothing_else(tmp_path):
    out = tmp_path / "site"
    publish(out)
    # an earlier version also wrote these (listed in its manifest); one was changed by hand since
    extra = {"old.js": b"old", "gone/deep/old.wasm": b"wasm", "edited.js": b"as published"}
    listed = manifest(out)
    for rel, data in extra.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(data)
        listed[rel] = [hashlib.sha256(data).hexdigest()]
    (out / MANIFEST).write_text(
        json.dumps({"format": "seep-scorer-site", "files": listed}), encoding="utf-8"
    )
    (out / "edited.js").write_bytes(b"edited by hand")
    publish(out)
    assert not (out / "old.js").exists() and not (out / "gone").exists()
    assert (out / "edited.js").read_bytes() == b"edited by hand"
    assert "old.js" not in manifest(out) and "edited.js" not in manifest(out)


def test_a_folder_with_someone_elses_sw_js_is_refused_untouched(tmp_path):
    out = tmp_path / "project"
    add_own_files(out)
    (out / "sw.js").write_text("self.addEventListener('fetch', () => {});\n", encoding="utf-8")
    (out / "index.html").write_text("<p>my own page</p>\n", encoding="utf-8")
    before = snapshot(out)
    with pytest.raises(FolderRefused, match="holds no site published by seep-scorer"):
        publish(out)
    assert snapshot(out) == before


def test_a_file_of_someone_elses_in_the_way_stops_the_publish_before_anything_changes(tmp_path):
    out = tmp_path / "site"
    publish(out)
    add_own_files(out)
    (out / "favicon.png").write_bytes(b"our own favicon")  # changed by hand: no longer publish's
    before = snapshot(out)
    with pytest.raises(FolderRefused, match="favicon.png was not written by an earlier publish"):
        publish(out, main_py=BARE)  # a different site: every file of it would have to change
    assert snapshot(out) == before


def test_a_failed_build_leaves_the_old_site_as_it_was(tmp_path, monkeypatch):
    out = tmp_path / "site"
    publish(out)
    add_own_files(out)
    before = snapshot(out)

    def broken(main_py=None, with_app=True):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(site_module, "build_app_archive", broken)
    with pytest.raises(OSError, match="No space left"):
        publish(out)
    assert snapshot(out) == before  # the whole old site, and no half-built folder left behind


def test_a_failed_first_publish_leaves_no_folder_behind(tmp_path, monkeypatch):
    def broken(main_py=None, with_app=True):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(site_module, "build_app_archive", broken)
    with pytest.raises(OSError):
        publish(tmp_path / "site")
    assert list(tmp_path.iterdir()) == []


def test_a_publish_stopped_halfway_through_the_swap_is_finished_by_the_next(tmp_path, monkeypatch):
    out = tmp_path / "site"
    publish(out, main_py=BARE)
    own = add_own_files(out)
    moves = {"n": 0}
    real_replace = pathlib.Path.replace

    def dies_after_ten(self, target):
        moves["n"] += 1
        if moves["n"] > 10:
            raise OSError(5, "Input/output error")
        return real_replace(self, target)

    with monkeypatch.context() as m:
        m.setattr(pathlib.Path, "replace", dies_after_ten)
        with pytest.raises(OSError):
            publish(out)
    publish(out)  # half old, half new: all of it the publishes' own
    fresh = tmp_path / "fresh"
    publish(fresh)
    theirs = {".git", "CNAME", "src", "icons/our-own.png"}
    assert {
        k: v for k, v in snapshot(out).items() if k.split("/")[0] not in theirs and k not in theirs
    } == snapshot(fresh)
    for rel, data in own.items():
        assert (out / rel).read_bytes() == data


def test_a_site_published_before_the_manifest_is_recognised_by_its_sw_js(tmp_path):
    out = tmp_path / "site"
    publish(out)
    (out / MANIFEST).unlink()  # as an earlier version of publish left it
    own = add_own_files(out)
    publish(out)
    assert (out / MANIFEST).is_file()
    for rel, data in own.items():
        assert (out / rel).read_bytes() == data


@pytest.mark.parametrize(
    "listing",
    [
        "{not json",
        json.dumps({"format": "seep-scorer-site", "files": {"../victim.txt": ["0" * 64]}}),
        json.dumps({"format": "seep-scorer-site", "files": {"/tmp/victim.txt": ["0" * 64]}}),
        json.dumps({"format": "something else", "files": {}}),
    ],
)
def test_a_damaged_manifest_is_refused_and_names_nothing_outside_the_folder(tmp_path, listing):
    out = tmp_path / "site"
    publish(out)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (out / MANIFEST).write_text(listing, encoding="utf-8")
    before = snapshot(tmp_path)
    with pytest.raises(FolderRefused, match="is damaged"):
        publish(out)
    assert snapshot(tmp_path) == before


def test_the_command_says_why_in_one_line_and_changes_nothing(tmp_path):
    out = tmp_path / "project"
    add_own_files(out)
    (out / "sw.js").write_text("// not ours\n", encoding="utf-8")
    before = snapshot(out)
    done = subprocess.run(
        [sys.executable, "-m", "seep_scorer", "publish", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "holds no site published by seep-scorer" in done.stderr
    assert "Traceback" not in done.stderr
    assert snapshot(out) == before
