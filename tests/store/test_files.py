"""The file layer: atomic replacement, temp-file clean-up, damage detection, data folder."""

import os
from pathlib import Path

import platformdirs
import pytest

from seep_scorer.store.files import (
    TEMP_PREFIX,
    atomic_write_bytes,
    default_data_dir,
    remove_temp_files,
)
from seep_scorer.store.registry import open_repository
from seep_scorer.store.tinyfiles import AtomicJSONStorage, DamagedFile

from .conftest import open_match


def test_atomic_write_replaces_the_file_never_rewrites_it_in_place(tmp_path):
    path = tmp_path / "f.json"
    atomic_write_bytes(path, b"old")
    inode = path.stat().st_ino
    keep_reading = open(path, "rb")  # a reader holding the old file sees it whole
    atomic_write_bytes(path, b"new content")
    assert path.read_bytes() == b"new content" and path.stat().st_ino != inode
    assert keep_reading.read() == b"old"
    keep_reading.close()
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "f.json"
    atomic_write_bytes(path, b"old")

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_leftover_temp_files_are_removed_at_open(data_dir):
    repo = open_repository(data_dir)
    stored = repo.create(open_match())
    repo.close()
    leftovers = [
        data_dir / f"{TEMP_PREFIX}store.json.x1",
        data_dir / "matches" / f"{TEMP_PREFIX}{stored.id}.2.json.x2",
        data_dir / "index" / f"{TEMP_PREFIX}ab.json.x3",
        data_dir / "backups" / f"{TEMP_PREFIX}auto.jsonl.x4",
    ]
    for path in leftovers:
        path.write_bytes(b'{"half": ')
    repo = open_repository(data_dir, fresh=True)
    assert not any(p.exists() for p in leftovers)
    assert repo.notices == [] and repo.get(stored.id) == stored
    assert remove_temp_files(data_dir / "no-such-folder") == 0


@pytest.mark.parametrize(
    "content, reason",
    [
        (b"", "is empty"),
        (b"   \n", "is empty"),
        (b'{"a": {"1": ', "cut short"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"[" * 100_000, "nested far too deeply"),
        (b"[]", "shape"),
        (b'{"t": []}', "shape"),
        (b'{"t": {"1": 5}}', "shape"),
    ],
)
def test_the_storage_names_the_damage(tmp_path, content, reason):
    path = tmp_path / "db.json"
    path.write_bytes(content)
    with pytest.raises(DamagedFile, match=reason):
        AtomicJSONStorage(path).read()


def test_the_storage_reads_nothing_from_a_missing_file(tmp_path):
    storage = AtomicJSONStorage(tmp_path / "absent.json")
    assert storage.read() is None
    storage.write({"t": {"1": {"x": "é"}}})
    assert storage.read() == {"t": {"1": {"x": "é"}}} and storage.last_size == len(
        '{"t":{"1":{"x":"é"}}}'.encode()
    )


def test_default_data_dir_is_flets_folder_when_set(monkeypatch, tmp_path):
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert default_data_dir() == tmp_path / "flet"
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    assert default_data_dir() == Path(platformdirs.user_data_dir("seep-scorer", appauthor=False))
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    repo = open_repository()
    assert (
        repo.data_dir == (tmp_path / "flet").resolve()
        and (tmp_path / "flet" / "store.json").exists()
    )


def test_index_shards_stay_small_whatever_the_ids_look_like():
    from collections import Counter

    from seep_scorer.store.files import shard_of

    # Sequential ids (a hand-made backup, say) spread as evenly as random ones: a save rewrites
    # ~1/256 of the index.
    counts = Counter(shard_of(f"{n:08x}") for n in range(5000))
    assert len(counts) == 256 and max(counts.values()) < 45
