"""Deal entries kept as drafts on this device: an entry with changes survives a reload or a
dropped connection until it is saved or discarded (issue 19, item 4).

Kept in this device's preferences (`prefs.py`: the browser's localStorage), which the served app
and the phone-only app both have and which outlive the session: after a dropped connection the
server starts a new session, while the browser keeps its storage. One key holds a draft per match
(a phone enters one deal of a match at a time). What comes back from storage is checked before
use: a draft that does not fit the entry is ignored, never a fault."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Callable

from ..rules import SWEEP_KINDS, Deal
from .viewmodels import DealEntryVM

log = logging.getLogger(__name__)
KEY = "deal_drafts"
MAX_DRAFTS = 20  # the most recent ones; an old match's forgotten draft is not kept forever
RETRY_S = 3.0  # after a start that found no drafts, when to ask the browser once more


def _deal_key(deal: Deal | None) -> Any:
    """The deal an edit started from, in a form that compares across sessions (a set's order
    does not)."""
    if deal is None:
        return None
    cards = None if deal.cards is None else [sorted(deal.cards[0]), sorted(deal.cards[1])]
    points = None if deal.points is None else list(deal.points)
    sweeps = sorted([s.team, s.kind] for s in deal.sweeps)
    return [cards, points, sweeps, deal.most_cards, deal.dealer]


def snapshot(vm: DealEntryVM) -> dict:
    """What was entered in `vm`, as plain JSON data."""
    return {
        "number": vm.number,
        "seen": vm.seen,
        "of": _deal_key(vm.original),
        "mode": vm.mode,
        "start": vm.start_team,
        "team1": sorted(c for c in vm.cards if vm.owner[c] == 1),
        "points": vm.points_text,
        "most": vm.most_cards,
        "sweeps": [[t, k, n] for (t, k), n in sorted(vm.sweeps.items()) if n],
        # the dealer only when chosen: one the match computes follows a deal saved elsewhere
        "dealer": vm.dealer if vm.dealer != vm.computed_dealer else None,
    }


def restore(vm: DealEntryVM, data: Any) -> bool:
    """Put the draft `data` into the fresh entry `vm` if it is a draft of this very entry (the same
    deal number; for an edit, of the same deal); True when done. Invalid data changes nothing."""
    if not isinstance(data, dict) or data.get("number") != vm.number:
        return False
    if vm.number is not None and data.get("of") != json.loads(json.dumps(_deal_key(vm.original))):
        return False  # the deal was changed elsewhere since: the draft is of another deal
    mode, start, team1 = data.get("mode"), data.get("start"), data.get("team1")
    points, most = data.get("points"), data.get("most")
    dealer, seen = data.get("dealer"), data.get("seen")
    sweeps = data.get("sweeps")
    ok = (
        mode in ("cards", "points")
        and start in (0, 1)
        and isinstance(team1, list)
        and all(c in vm.cards for c in team1)
        and isinstance(points, str)
        and len(points) <= 3
        and (points == "" or points.isdigit())
        and most in (None, 0, 1, "tie")
        and (dealer is None or dealer in (0, 1, 2, 3))
        and type(seen) is int
        and seen >= 0
        and isinstance(sweeps, list)
        and all(
            isinstance(s, list)
            and len(s) == 3
            and s[0] in (0, 1)
            and s[1] in SWEEP_KINDS
            and type(s[2]) is int
            and 0 < s[2] <= 50
            for s in sweeps
        )
    )
    if not ok:
        return False
    vm.mode, vm.start_team, vm.points_text, vm.most_cards = mode, start, points, most
    vm.owner = {c: (1 if c in team1 else 0) for c in vm.cards}
    vm.sweeps = {(t, k): 0 for t in (0, 1) for k in SWEEP_KINDS}
    for t, k, n in sweeps:
        vm.sweeps[(t, k)] = n
    if dealer is not None:
        vm.dealer = dealer
    if vm.number is None:
        vm.seen = min(seen, len(vm.match.deals))  # deals saved elsewhere since: asked about on Save
    vm.touched = True  # restored is entered: Save is on, and Back asks first
    return True


class DraftBook:
    """This device's drafts, one per match: read once at the start, written in the background."""

    def __init__(self, save: Callable[[str, Any], None]):
        self._save = save
        self.drafts: dict[str, dict] = {}
        self.written = False  # once this session has written, the stored drafts are its own

    def load(self, stored: dict) -> None:
        try:
            value = json.loads(stored.get(KEY) or "{}")
        except (TypeError, ValueError, RecursionError):
            value = None
        if isinstance(value, dict):
            self.drafts = {
                k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, dict)
            }

    async def read_again(self, prefs, handler, top) -> None:
        """The start found no drafts: none stored, or the browser did not answer (seen on the first
        session after a server restart, its client still reconnecting). Ask once more, a moment
        later, and bring back the draft of the entry on screen if nothing was entered in it yet."""
        if self.drafts or self.written:
            return
        await asyncio.sleep(RETRY_S)
        try:
            stored = await prefs.read([KEY])
            # none stored, or this session has written since: even a draft it kept and then
            # dropped (the deal saved) would come back from an answer older than the drop
            if KEY not in stored or self.written:
                return
            self.load(stored)
            screen = top()
            if getattr(screen, "drafts", None) is self:
                await handler(screen.take_draft, screen=screen)()
        except Exception:  # a second chance only: the app goes on without it
            log.debug("drafts not read again", exc_info=True)

    def restore(self, match_id: str, vm: DealEntryVM) -> bool:
        try:
            return restore(vm, self.drafts.get(match_id))
        except Exception:  # whatever storage held, the entry opens (fresh)
            log.debug("draft not restored", exc_info=True)
            return False

    def keep(self, match_id: str, vm: DealEntryVM) -> None:
        data = snapshot(vm)
        if self.drafts.get(match_id) == data:
            return
        self.drafts.pop(match_id, None)
        self.drafts[match_id] = data  # the newest last
        while len(self.drafts) > MAX_DRAFTS:
            self.drafts.pop(next(iter(self.drafts)))
        self._write()

    def drop(self, match_id: str) -> None:
        if self.drafts.pop(match_id, None) is not None:
            self._write()

    def _write(self) -> None:
        self.written = True
        self._save(KEY, json.dumps(self.drafts, separators=(",", ":")))
