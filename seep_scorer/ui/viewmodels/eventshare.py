"""An event's matches as read for its screens (the organiser's event screen and the boards),
shared by every such screen of this process, with what is worked out from them.

Why: a board reloads on every deal saved in the hall (ten a second at thirty tables), and three
boards and the organiser each read every match of the event and replayed them for the standings.
Now a reload reads again only the matches a save announced (`changed`, called by the live table,
live.py, for every save it sends or hears), each at most once for all the screens; the standings
are worked out once per change of the event or of a match (keyed by the matches' revisions), the
same for every screen. What no save announces (the command line, another process) shows within
FRESH_SECONDS: every match is read again that often, and a screen opened anew reads everything.

A session reads through its own repository (a board's refuses what is not its event's); a match
it may not read is never taken from what another session read: one whose repository has no data
folder (a board once its event is over) reads everything itself, and gets nothing shared.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Callable

from ...rules import MatchError, Standings, replay
from ...store.events import Event
from ...store.repository import MatchNotFound, StoredMatch

FRESH_SECONDS = 10.0  # every match of the event is read again at least this often
KEPT_EVENTS = 8  # events whose matches are kept (a hall has one)

_lock = threading.Lock()  # guards _shares and every share's marks (the loop thread sets them)
_shares: OrderedDict[tuple[str, str], "EventShare"] = OrderedDict()


class EventShare:
    """One event's matches as last read, and what they give; `lock` is held while reading."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stored: dict[str, StoredMatch] = {}
        self.read_as_of: dict[str, int] = {}  # each match's mark when it was read
        self.marks: dict[str, int] = {}  # each match's count of announced changes
        self.all_marks = 0  # changes announced for no match in particular (a round paired)
        self.all_read_as_of = -1
        self.read_at = float("-inf")
        self.ids: set[str] = set()  # the event's matches, as last asked for
        self._replays: dict[str, tuple[StoredMatch, Standings | None]] = {}
        self._standings: tuple[object, object] | None = None  # (key, value)

    # -- reading
    def matches(self, get: Callable[[str], StoredMatch], ids: list[str], everything: bool):
        """{id: stored match or None (not stored)} for `ids`: announced changes read again (all of
        them when `everything`, or when the last full read is FRESH_SECONDS old)."""
        with self.lock:
            now = time.monotonic()
            with _lock:  # a change announced while this reads is read again next time
                self.ids = set(ids)
                all_marks = self.all_marks
                marks = {mid: self.marks.get(mid, 0) for mid in ids}
            if everything or all_marks != self.all_read_as_of or now - self.read_at > FRESH_SECONDS:
                self.read_at, self.all_read_as_of = now, all_marks
                self.read_as_of.clear()
            out: dict[str, StoredMatch | None] = {}
            for mid in ids:
                if mid in self.stored and self.read_as_of.get(mid) == marks[mid]:
                    out[mid] = self.stored[mid]
                    continue
                try:
                    stored = get(mid)
                except MatchNotFound:  # not kept: another session may be allowed to read it
                    self.stored.pop(mid, None)
                    out[mid] = None
                    continue
                self.stored[mid] = out[mid] = stored
                self.read_as_of[mid] = marks[mid]
            for gone in self.stored.keys() - self.ids:  # a match no longer in the event
                del self.stored[gone]
                self._replays.pop(gone, None)
            return out

    def replayed(self, stored: StoredMatch) -> Standings | None:
        """The match replayed (None: it does not replay), once per match as read."""
        with _lock:
            kept = self._replays.get(stored.id)
        if kept is not None and kept[0] is stored:
            return kept[1]
        try:
            done = replay(stored.match)
        except MatchError:
            done = None
        with _lock:
            self._replays[stored.id] = (stored, done)
        return done

    def worked_out(self, key, work: Callable[[], object]):
        """`work()`, done again only when `key` changes (`key_of`: the event and its matches);
        the screens reloading together wait for the first to do it."""
        with self.lock:
            if self._standings is None or self._standings[0] != key:
                self._standings = (key, work())
            return self._standings[1]


def share_of(folder_root: str, event_id: str) -> EventShare:
    with _lock:
        key = (folder_root, event_id)
        share = _shares.get(key)
        if share is None:
            share = _shares[key] = EventShare()
            while len(_shares) > KEPT_EVENTS:
                _shares.popitem(last=False)
        _shares.move_to_end(key)
        return share


def changed(match_id: str | None) -> None:
    """A match was saved (None: matches were added or changed together, a round paired or
    ended): every share that holds it reads it again on its next reload."""
    with _lock:
        for share in _shares.values():
            if match_id is None:
                share.all_marks += 1
            elif match_id in share.ids:
                share.marks[match_id] = share.marks.get(match_id, 0) + 1


def key_of(event: Event, matches: dict[str, StoredMatch | None]) -> tuple:
    """What the standings of `event` depend on: the event and its matches as read (the same
    objects while nothing changed, so comparing keys is cheap)."""
    return (event, tuple(matches.items()))


__all__ = ["EventShare", "FRESH_SECONDS", "changed", "key_of", "share_of"]
