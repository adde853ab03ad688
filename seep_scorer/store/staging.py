"""A backup import's staging folder, importing/<token>/, and what makes the import land whole or not
at all.

Why a module of its own: the commit protocol must hold across a crash at any
point, and across processes (the command line beside the server), so it is
kept in one place. An import copies its file into its stage, writes its match
files there, then, under the store lock, writes the COMMITTED marker: the commit
point. From there on the import is finished, by its own process or, if that
died, by the next open (roll forward); an open finding a stage without the
marker whose process died removes it. A live stage is told from a dead one by
an flock on its .lock file (and, within this process, by _LIVE_STAGES).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Iterator

from .atomic import atomic_write_bytes
from .layout import Layout, parse_match_file_name, shard_of
from .storage import AtomicJSONStorage, read_json_file

try:
    import fcntl
except ImportError:  # Windows: one process at a time is the user's business there
    fcntl = None

__all__ = [
    "COMMITTED",
    "ImportStage",
    "claim_dead_stage",
    "remove_stage",
    "staged_files",
    "by_shard",
    "restage",
    "private_source",
]

COMMITTED = "committed"  # in an import's stage: the import is decided, the open finishes it
_LIVE_STAGES: set[Path] = (
    set()
)  # this process's stages; where there is no flock (Windows), the only guard


class ImportStage:
    """One import's own folder, importing/<token>/: a copy of its file, its match files, then the
    commit marker.

    The importing process holds an flock on the stage's .lock while it works, so an
    open elsewhere tells a live import (left alone) from one whose process died.
    Make one under the store lock: an open then never sees the folder unlocked.
    """

    def __init__(self, layout: Layout):
        self.folder = layout.imports_dir / secrets.token_hex(8)
        self.folder.mkdir(parents=True)
        self.committed = False
        self._handle = open(self.folder / ".lock", "a+b")
        if fcntl is not None:
            fcntl.flock(
                self._handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB
            )  # a new file: always free
        _LIVE_STAGES.add(self.folder)

    def file_for(self, mid: str, revision: int) -> Path:
        return self.folder / f"{mid}.{revision}.json"

    def mark_committed(self) -> None:
        """The commit point: from here on the import is finished, by this process or by the next
        open."""
        atomic_write_bytes(self.folder / COMMITTED, b"")
        self.committed = True

    def close(self) -> None:
        """Remove the stage unless it is committed (then it is gone already, or left for the next
        open)."""
        self._handle.close()
        if not self.committed:
            remove_stage(self.folder)
        _LIVE_STAGES.discard(self.folder)


def claim_dead_stage(folder: Path) -> bool:
    """Whether the stage's import is dead. Call under the store lock: stages are made under it."""
    if folder in _LIVE_STAGES:
        return False
    if fcntl is None:
        return True
    try:
        with open(folder / ".lock", "a+b") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # held: the importing process is alive (or the stage is being removed)
        return False
    return True


def remove_stage(folder: Path) -> None:
    """Remove a stage and everything in it."""
    # The marker first: a stage half removed must never look committed with files missing.
    with contextlib.suppress(FileNotFoundError):
        os.unlink(folder / COMMITTED)
    shutil.rmtree(folder, ignore_errors=True)


def staged_files(folder: Path) -> list[tuple[str, int]]:
    """(id, revision) of every match file in a stage."""
    with os.scandir(folder) as entries:
        return [parsed for entry in entries if (parsed := parse_match_file_name(entry.name))]


def by_shard(files: list[tuple[str, int]]) -> dict[str, list[tuple[str, int]]]:
    """Staged files grouped by index shard, in shard order: one index write per shard."""
    grouped: dict[str, list[tuple[str, int]]] = {}
    for mid, revision in files:
        grouped.setdefault(shard_of(mid), []).append((mid, revision))
    return dict(sorted(grouped.items()))


def restage(old: Path, new: Path, new_id: str) -> None:
    """Give a staged match file a new id (taken by another import since it was chosen)."""
    tables = read_json_file(old)
    tables["match"]["1"]["id"] = new_id
    AtomicJSONStorage(new).write(tables)
    os.unlink(old)


@contextmanager
def private_source(stage: ImportStage, source: IO[bytes], copy: bool) -> Iterator[IO[bytes]]:
    """The backup to read twice: a copy in the stage, so the file cannot change between the
    passes."""
    if not copy:
        yield source
        return
    with open(stage.folder / "source", "w+b") as private:
        shutil.copyfileobj(source, private, 64 * 1024)
        private.seek(0)
        yield private
