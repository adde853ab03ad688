"""Where each piece of the store lives in the data folder, and what match ids look like.

    store.json            schema version and app settings (TinyDB)
    index/<xy>.json       256 small TinyDBs, by a hash of the id: a summary line per match
    index.generation      a random token, new on every index write (tells caches in other processes)
    matches/<id>.<rev>.json  one TinyDB per match: settings, deals, metadata
    backups/auto-*.jsonl  rolling automatic backups (backup file format)
    backups/before-schema-*/  copy of the store taken before a migration
    damaged/              files found damaged, moved aside (never deleted)
    importing/<token>/    a backup import being staged: its match files, then its commit marker

The revision in a match file's name lets the open after a crash tell, from the
folder listing alone, which match files are newer than their index line.
"""

from __future__ import annotations

import os
import re
import secrets
import zlib
from pathlib import Path

from .atomic import fsync_dir

ID_PATTERN = re.compile(r"[0-9a-f]{8}")
# The store writes revisions up to MAX_REVISION (10 digits), then starts again at 1 (next_revision).
# It reads longer ones too (up to 19 digits), so a file an older version wrote past 10 digits is
# adopted rather than missed, which would take its match off the list.
MAX_REVISION = 9_999_999_999
_MATCH_FILE = re.compile(r"([0-9a-f]{8})\.([1-9][0-9]{0,18})\.json")
SHARD_FILE = re.compile(r"[0-9a-f]{2}\.json")


def parse_match_file_name(name: str) -> tuple[str, int] | None:
    """(id, revision) from `<id>.<revision>.json`; None for any other name (a temp file, say)."""
    m = _MATCH_FILE.fullmatch(name)
    return (m.group(1), int(m.group(2))) if m else None


def next_revision(highest: int) -> int:
    """The revision after `highest`, never above MAX_REVISION. Past it, 1: a save only needs a
    revision other than the one a stale device holds, and the save removes the older files."""
    return highest + 1 if 0 <= highest < MAX_REVISION else 1


def is_match_id(value: object) -> bool:
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


def new_match_id() -> str:
    """8 lowercase hex characters: URL-, file- and identifier-safe."""
    return secrets.token_hex(4)


def shard_of(match_id: str) -> str:
    """Which of the 256 index shards holds a match: a hash, so any spread of ids fills them
    evenly."""
    return f"{zlib.crc32(match_id.encode('ascii')) & 0xFF:02x}"


def doc_id_of(match_id: str) -> int:
    """The TinyDB document id of a match's index line: the id read as a number (+1, TinyDB ids start
    at 1)."""
    return int(match_id, 16) + 1


class Layout:
    def __init__(self, root: Path):
        self.root = root
        self.store_file = root / "store.json"
        self.index_dir = root / "index"
        self.generation_file = root / "index.generation"
        self.matches_dir = root / "matches"
        self.backups_dir = root / "backups"
        self.damaged_dir = root / "damaged"
        self.lock_file = root / ".lock"
        self.imports_dir = root / "importing"

    def holds_store(self) -> bool:
        """Whether the folder holds a store (even a damaged one), by the names only: nothing is
        read."""
        return any(os.path.lexists(p) for p in (self.store_file, self.index_dir, self.matches_dir))

    def create_folders(self) -> None:
        for folder in (
            self.root,
            self.index_dir,
            self.matches_dir,
            self.backups_dir,
            self.damaged_dir,
        ):
            folder.mkdir(parents=True, exist_ok=True)

    def move_aside(self, path: Path, stamp: str) -> Path:
        """Move a damaged file into damaged/ as <stamp>-<its path, dashed>. Never deletes; returns
        where it went."""
        name = path.relative_to(self.root).as_posix().replace("/", "-")
        dest = self.damaged_dir / f"{stamp}-{name}"
        n = 1
        while dest.exists():
            n += 1
            dest = self.damaged_dir / f"{stamp}-{n}-{name}"
        os.replace(path, dest)
        fsync_dir(self.damaged_dir)
        fsync_dir(path.parent)
        return dest

    def match_file(self, match_id: str, revision: int) -> Path:
        return self.matches_dir / f"{match_id}.{revision}.json"

    def shard_file(self, prefix: str) -> Path:
        return self.index_dir / f"{prefix}.json"

    def shard_prefixes(self) -> list[str]:
        return sorted(name[:2] for name in os.listdir(self.index_dir) if SHARD_FILE.fullmatch(name))

    def scan_match_files(self, shard: str | None = None) -> dict[str, dict[int, int]]:
        """{match id: {revision: file size}} for every match file, or those of one shard (one folder
        listing)."""
        found: dict[str, dict[int, int]] = {}
        with os.scandir(self.matches_dir) as entries:
            for entry in entries:
                m = _MATCH_FILE.fullmatch(entry.name)
                if m and (shard is None or shard_of(m.group(1)) == shard):
                    try:
                        # -1 for a link, pipe or folder: no index line matches it, so the open reads
                        # it (and sets it aside) rather than trusting a size that is not the file's.
                        size = entry.stat().st_size if entry.is_file(follow_symlinks=False) else -1
                    except FileNotFoundError:
                        continue
                    found.setdefault(m.group(1), {})[int(m.group(2))] = size
        return found

    def import_stages(self) -> list[Path]:
        """The staging folders of imports under way, or left by a process that died."""
        try:
            return sorted(
                p for p in self.imports_dir.iterdir() if p.is_dir() and not p.is_symlink()
            )
        except FileNotFoundError:
            return []

    def revisions_of(self, match_id: str) -> list[int]:
        """Revisions on disk for one match, newest first."""
        revs = []
        for path in self.matches_dir.glob(f"{match_id}.*.json"):
            m = _MATCH_FILE.fullmatch(path.name)
            if m and m.group(1) == match_id:
                revs.append(int(m.group(2)))
        return sorted(revs, reverse=True)
