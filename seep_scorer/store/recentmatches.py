"""The matches this process saved last, each as its newest revision.

Why: in a hall, a save is read back at once by every other phone of that table and by the
boards, each in its own session. A revision's file never changes once written (the next save
writes the next revision's file), so the match just saved serves those reads as it is: they read
no file and replay nothing, and take the store's lock only for the index lookup (issue 24). Only
saves are kept, so reading many matches (an import, the history) keeps nothing."""

from __future__ import annotations

from collections import OrderedDict

from .repository import StoredMatch

__all__ = ["RecentMatches"]


class RecentMatches:
    def __init__(self, size: int = 128):
        self._size = size
        self._kept: OrderedDict[str, StoredMatch] = OrderedDict()  # by id, newest save last

    def get(self, entry: dict) -> StoredMatch | None:
        """The match an index line names, if this process saved that very revision. The time of
        the save too: a match deleted and another made with its id starts again at revision 1."""
        stored = self._kept.get(entry["id"])
        if stored is None or (stored.revision, stored.updated) != (
            entry["revision"],
            entry.get("updated"),
        ):
            return None
        return stored

    def keep(self, stored: StoredMatch) -> None:
        self._kept[stored.id] = stored
        self._kept.move_to_end(stored.id)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)

    def forget(self, match_id: str) -> None:
        self._kept.pop(match_id, None)
