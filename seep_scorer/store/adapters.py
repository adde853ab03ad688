"""The repository as each of its collaborators sees it: one small adapter per Protocol.

Why adapters: each collaborator (automatic backups, repair, import, export,
migrations) owns a Protocol naming exactly what it uses of the store, and gets
one of these instead of the repository, so none of them reaches into another's
private state. Each adapter forwards to the repository's own methods at call
time, so what the repository does (its lock, say) is what they get.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import IO, Any

from .layout import Layout

__all__ = ["BackingUp"]


class _Adapter:
    def __init__(self, repo: Any):
        self._repo = repo  # a tinyrepo.TinyMatchRepository (not imported: that would be a cycle)

    @property
    def layout(self) -> Layout:
        return self._repo.layout

    @property
    def notices(self) -> list[str]:
        return self._repo.notices

    def locked(self) -> AbstractContextManager[None]:
        return self._repo._locked()


class BackingUp(_Adapter):
    """The repository as the automatic backups see it (autobackup.BackedUpStore)."""

    def write_backup(self, out: IO[bytes]) -> None:
        self._repo.write_backup(out)
