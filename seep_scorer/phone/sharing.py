"""A match scored on several phone-only apps at once, each keeping the whole match in its own
store, over the link between them (phone/peer.py; issue 36).

Each phone sends its copy of a shared match whenever it changes, and when the link opens, with the
copy's history (the fingerprints of the states it went through); the other phone decides from the
two (matchfile/merge.py): take the other's copy if it grew from its own, keep its own and send it
back if it grew from the other's, or, when both changed apart, hold the other's copy as a
conflict for the people at the table to settle by choosing one (`choose`). Nothing is merged deal
by deal, so no deal is ever counted twice, and nothing is dropped without a choice.

Each shared match's history is kept in the store's settings, so a phone that reloads, or meets
the other again after the link dropped, still knows where its copy came from.

A message over the link (a JSON object, bounded by the link): `{"kind": "match", "id", "fp",
"history", "part", "parts", "text"}`, a copy's match file in parts of at most PART characters.
Each is checked before anything is written: the id, the sizes, the history, the match file as an
import checks it, the fingerprint against the text.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from seep_scorer.matchfile.format import MAX_FILE_BYTES, loads_match, match_to_dict
from seep_scorer.matchfile.jsonio import dumps
from seep_scorer.matchfile.merge import (
    FP_LENGTH,
    HISTORY,
    Outcome,
    fingerprint,
    joined,
    merge,
    next_state,
)
from seep_scorer.rules import Match, MatchError
from seep_scorer.store.files import is_match_id
from seep_scorer.store.repository import MatchNotFound, StoredMatch, StoreError

__all__ = ["PART", "SHARED_SETTING", "Link", "TableShare", "start"]

log = logging.getLogger(__name__)

# {match id: {"fp": the copy's fingerprint when its state was last named, "history": its states}}
SHARED_SETTING = "shared_matches"
MAX_SHARED = 32  # shared matches remembered (the first shared forgotten first)
PART = 48_000  # characters of a match file per message (the link takes 65,536)
MAX_PARTS = -(-MAX_FILE_BYTES // PART)
_FP_CHARS = frozenset("0123456789abcdef")


class Link(Protocol):
    """What sharing needs of the link (phone/peer.py's PeerLink)."""

    def send(self, message: dict) -> bool: ...

    def listen(self, listener: Callable[[dict], None]) -> None: ...


@dataclass
class _Arriving:
    fp: str
    history: list[str]
    parts: list[str | None]


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


def _is_fp(value: Any) -> bool:
    return isinstance(value, str) and len(value) == FP_LENGTH and set(value) <= _FP_CHARS


def _is_history(value: Any) -> bool:
    return isinstance(value, list) and 1 <= len(value) <= HISTORY and all(map(_is_fp, value))


@dataclass
class _Copy:
    """A shared match's copy here: its fingerprint when its state was last named, its history."""

    fp: str | None
    history: list[str]

    def now(self, match: Match) -> _Copy:
        """The copy as the stored match is: a save here since moves it to a new state."""
        fp = fingerprint(match)
        if fp == self.fp and self.history:
            return self
        state = next_state(self.history[-1] if self.history else None, fp)
        return _Copy(fp, [*self.history, state][-HISTORY:])


class TableShare:
    """This phone's shared matches: sent over `link` when they change, the other phone's copies
    taken, kept or held as conflicts. `repo`: the store, or a function giving it; `run(fn,
    *args)` runs a store call as the app runs them (off the event loop, in the storage's turn);
    `changed(match_id)` tells the app's screens a match changed here; `conflicted(match_id)` that
    a conflict waits for a choice (more listeners: on_change, on_conflict)."""

    def __init__(
        self,
        repo,
        link: Link,
        *,
        run: Callable[..., Awaitable[Any]],
        changed: Callable[[str], None] = lambda mid: None,
        conflicted: Callable[[str], None] = lambda mid: None,
    ) -> None:
        # the store, or how to reach it (the app's: opened when first needed)
        self._repo_of = (lambda: repo) if hasattr(repo, "get") else repo
        self.link, self._run = link, run
        self._changed_listeners, self._conflict_listeners = [changed], [conflicted]
        self._turn: asyncio.Lock | None = None  # one message or step at a time, in order
        self._arriving: dict[str, _Arriving] = {}
        # match id -> the other phone's copy and its history, waiting for a choice
        self.conflicts: dict[str, tuple[Match, list[str]]] = {}
        self._deals_here: dict[str, int] = {}
        self.arrived: list[str] = []  # the matches whose copies came from the other phone, in turn
        self._pending: str | None = None  # the match to share once the link is trusted
        # The matches shared over this link: only they go to the other phone (a match shared
        # with another phone on an earlier link is not this one's to see).
        self._live: set[str] = set()
        self.refused = 0  # messages refused (malformed, too large, not a match, wrong fingerprint)

    # ---- what this phone does

    def on_change(self, listener: Callable[[str], None]) -> None:
        self._changed_listeners.append(listener)

    def on_conflict(self, listener: Callable[[str], None]) -> None:
        self._conflict_listeners.append(listener)

    def conflict(self, match_id: str) -> tuple[int, int] | None:
        """A conflict waiting for a choice: (this copy's deals, the other copy's), or None."""
        waiting = self.conflicts.get(match_id)
        if waiting is None:
            return None
        return self._deals_here.get(match_id, 0), len(waiting[0].deals)

    async def share(self, match_id: str) -> None:
        """Start sharing a match (or send it again)."""
        async with self._in_turn():
            await self._share(match_id)

    async def _share(self, match_id: str) -> None:
        self._live.add(match_id)
        shared = await self._shared()
        if match_id not in shared:
            shared[match_id] = _Copy(None, [])
            await self._keep(shared)
        await self._send(match_id)

    async def share_when_linked(self, match_id: str) -> None:
        """Share the match as soon as the link is trusted (now, if it is)."""
        self._pending = match_id
        await self.linked_changed()

    async def linked_changed(self) -> None:
        """The link opened, was trusted or dropped (the link's watcher): the match waiting goes
        over once it is trusted; the screens hear of it either way."""
        pending = self._pending
        if not getattr(self.link, "open", True):
            self._live.clear()  # a new pairing shares again what it shares
        if pending is not None and getattr(self.link, "trusted", True):
            self._pending = None
            await self.share(pending)
        for match_id in [pending] if pending is not None else list(await self._shared_ids()):
            self._tell(self._changed_listeners, match_id)

    async def _shared_ids(self) -> list[str]:
        async with self._in_turn():
            return list(await self._shared())

    async def resend_all(self) -> None:
        """Every match shared over this link once more (its messages were lost)."""
        async with self._in_turn():
            await self._resend_all()

    async def _resend_all(self) -> None:
        for match_id in sorted(self._live):
            await self._send(match_id)

    async def saved(self, match_id: str) -> None:
        """A match was saved here: the other phone hears it if it is shared over this link."""
        async with self._in_turn():
            await self._saved(match_id)

    async def _saved(self, match_id: str) -> None:
        if match_id in self._live:
            await self._send(match_id)

    async def choose(self, match_id: str, theirs: bool) -> None:
        """The people settle a conflict: the other phone's copy (`theirs`) or this one's. Either
        way the copy kept is in a state grown from both, so the other phone takes it."""
        async with self._in_turn():
            await self._choose(match_id, theirs)

    async def _choose(self, match_id: str, theirs: bool) -> None:
        conflict = self.conflicts.pop(match_id, None)
        stored = await self._stored(match_id)
        if conflict is None or stored is None:
            return
        remote, remote_history = conflict
        shared = await self._shared()
        mine = shared.get(match_id, _Copy(None, [])).now(stored.match)
        if theirs:
            await self._run(self._call, "save", match_id, remote, stored.revision)
            shared[match_id] = _Copy(fingerprint(remote), joined(mine.history, remote_history))
            self._tell(self._changed_listeners, match_id)
        else:
            settled = next_state(mine.history[-1], remote_history[-1])
            shared[match_id] = _Copy(mine.fp, joined(remote_history, mine.history, [settled]))
        await self._keep(shared)
        await self._send(match_id)

    # ---- what the other phone says

    def heard(self, message: dict) -> Awaitable[None] | None:
        """A message of the other phone (the link's listener): the work is a coroutine for the
        caller to run (the app schedules it on its loop)."""
        if message.get("kind") == "match":
            return self._in_turn_do(self._heard_part(message))
        return None

    async def _in_turn_do(self, work: Awaitable[None]) -> None:
        async with self._in_turn():
            await work

    def _in_turn(self) -> asyncio.Lock:
        if self._turn is None:
            self._turn = asyncio.Lock()
        return self._turn

    @staticmethod
    def _tell(listeners: list[Callable[[str], None]], match_id: str) -> None:
        for listener in list(listeners):
            try:
                listener(match_id)
            except Exception:  # a screen's fault never stops the sharing
                log.exception("a listener of the sharing failed")

    def _call(self, method: str, *args):
        return getattr(self._repo_of(), method)(*args)

    async def _heard_part(self, message: dict) -> None:
        match_id, fp, history = message.get("id"), message.get("fp"), message.get("history")
        part, parts, text = message.get("part"), message.get("parts"), message.get("text")
        if not (
            isinstance(match_id, str)
            and is_match_id(match_id)
            and _is_fp(fp)
            and _is_history(history)
            and type(parts) is int
            and 1 <= parts <= MAX_PARTS
            and type(part) is int
            and 0 <= part < parts
            and isinstance(text, str)
            and len(text) <= PART
        ):
            self.refused += 1
            return
        arriving = self._arriving.get(match_id)
        if arriving is None and len(self._arriving) >= MAX_SHARED:
            self.refused += 1  # copies of that many matches at once: none of this phone's
            return
        if arriving is None or arriving.fp != fp or len(arriving.parts) != parts:
            arriving = self._arriving[match_id] = _Arriving(fp, history, [None] * parts)
        arriving.parts[part] = text
        if any(p is None for p in arriving.parts):
            return
        del self._arriving[match_id]
        await self._heard_match(match_id, arriving)

    async def _heard_match(self, match_id: str, arriving: _Arriving) -> None:
        try:
            remote = loads_match("".join(arriving.parts))  # checked as an import checks a file
        except (MatchError, ValueError):
            self.refused += 1
            log.info("a shared match's copy was refused: not a match file")
            return
        if fingerprint(remote) != arriving.fp:
            self.refused += 1
            log.info("a shared match's copy was refused: its fingerprint is not its own")
            return
        self.arrived.append(match_id)
        shared = await self._shared()
        stored = await self._stored(match_id)
        self._live.add(match_id)  # shared over this link: this phone's changes go back
        if stored is None:  # a match new to this phone: the other phone shares it
            now = _now()
            await self._run(
                self._call, "restore", StoredMatch(match_id, remote, 1, now, now, False)
            )
            shared[match_id] = _Copy(arriving.fp, list(arriving.history))
            await self._keep(shared)
            self._tell(self._changed_listeners, match_id)
            return
        # a match here that this phone no longer remembers sharing: its copy has no history, so
        # it is taken only if the same, else the table is asked
        mine = shared.get(match_id, _Copy(None, [])).now(stored.match)
        outcome = merge(mine.fp, mine.history, arriving.fp, arriving.history)
        if outcome is not Outcome.CONFLICT:
            self.conflicts.pop(match_id, None)  # the copies met again without one
        if outcome in (Outcome.SAME, Outcome.KEEP):
            self._tell(self._changed_listeners, match_id)  # (a join screen waits for it)
        if outcome is Outcome.SAME:
            # the same match reached apart: both phones name it by the larger state
            last = max(mine.history[-1], arriving.history[-1])
            history = [s for s in joined(mine.history, arriving.history) if s != last] + [last]
            if match_id not in shared or history != shared[match_id].history:
                shared[match_id] = _Copy(mine.fp, history)
                await self._keep(shared)
        elif outcome is Outcome.TAKE:
            try:
                await self._run(self._call, "save", match_id, remote, stored.revision)
            except StoreError as err:
                if getattr(err, "code", None) != "stale_revision":
                    raise
                await self._send(match_id)  # changed here meanwhile: the other phone decides
                return
            shared[match_id] = _Copy(arriving.fp, joined(mine.history, arriving.history))
            await self._keep(shared)
            self._tell(self._changed_listeners, match_id)
        elif outcome is Outcome.KEEP:
            await self._send(match_id)
        else:
            known = self.conflicts.get(match_id)
            self.conflicts[match_id] = (remote, list(arriving.history))
            self._deals_here[match_id] = len(stored.match.deals)
            self._tell(self._conflict_listeners, match_id)
            if known is None or fingerprint(known[0]) != arriving.fp:
                await self._send(match_id)  # the other phone sees the conflict too (once)

    # ---- the store and the link

    async def _stored(self, match_id: str) -> StoredMatch | None:
        try:
            return await self._run(self._call, "get", match_id)
        except MatchNotFound:
            return None

    async def _shared(self) -> dict[str, _Copy]:
        value = await self._run(self._call, "get_setting", SHARED_SETTING, {})
        if not isinstance(value, dict):
            return {}
        shared = {}
        for match_id, copy in value.items():
            if not (is_match_id(match_id) and isinstance(copy, dict)):
                continue
            fp, history = copy.get("fp"), copy.get("history")
            ok = (fp is None or _is_fp(fp)) and (history == [] or _is_history(history))
            shared[match_id] = _Copy(fp, list(history)) if ok else _Copy(None, [])
        return shared

    async def _keep(self, shared: dict[str, _Copy]) -> None:
        kept = {
            match_id: {"fp": copy.fp, "history": copy.history}
            for match_id, copy in list(shared.items())[-MAX_SHARED:]
        }
        await self._run(self._call, "set_setting", SHARED_SETTING, kept)

    async def _send(self, match_id: str) -> None:
        stored = await self._stored(match_id)
        if stored is None:
            return
        shared = await self._shared()
        copy = shared.get(match_id, _Copy(None, [])).now(stored.match)
        if shared.get(match_id) != copy:
            shared[match_id] = copy  # a save here moved it to a new state: kept, link or no link
            await self._keep(shared)
        text = dumps(match_to_dict(stored.match))  # compact: the match file's JSON, unindented
        chunks = [text[i : i + PART] for i in range(0, len(text), PART)] or [""]
        for i, chunk in enumerate(chunks):
            sent = self.link.send(
                {
                    "kind": "match",
                    "id": match_id,
                    "fp": copy.fp,
                    "history": copy.history,
                    "part": i,
                    "parts": len(chunks),
                    "text": chunk,
                }
            )
            if not sent:
                log.info("a shared match could not be sent: the link is down")
                return


def start(link, repo) -> TableShare:
    """This page's sharing over its link: each message of the other phone handled in turn on the
    event loop. A match goes to a newly linked phone only when this phone shares it again (its
    share screen), never every match it once shared with another."""
    from seep_scorer.app.shell.handlers import off_loop

    share = TableShare(repo, link, run=off_loop)
    running: set[asyncio.Future] = set()  # kept from the garbage collector until done

    def schedule(work) -> None:
        if work is not None:
            task = asyncio.ensure_future(work)
            running.add(task)
            task.add_done_callback(running.discard)

    link.listen(lambda message: schedule(share.heard(message)))
    link.watch(lambda: schedule(share.linked_changed()))
    return share
