"""An event's codes for phones, and the role keys of the phones that joined with one.

An event's codes for phones (docs/server.md, "Roles at a club night"): per table of the current
round a table code, and per event a board code, kept in the event record (a private 0600 file):

    "codes": {"board": CODE, "round": k, "tables": {"1": CODE, ...}}

Each code is random (secrets, 144 bits) and compared in constant time. Pairing round k+1 replaces
the table codes (those of round k let nobody in any more); an event that is over keeps none.
`CodeIndex` finds which event, role and table a code opens, reading the records off the event loop.
"""

from __future__ import annotations

import hmac
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from seep_scorer.events import round_robin_rounds
from seep_scorer.matchfile.jsonio import dumps, loads
from seep_scorer.store.events.record import (
    CODE_CHARS,
    EventError,
    EventFolder,
    codes_ok,
    is_event_id,
    language_ok,
    new_code,
    phones_part,
)
from seep_scorer.store.files import atomic_write_bytes

__all__ = [
    "CodeIndex",
    "Opened",
    "codes_ok",
    "ensure_codes",
    "event_over",
    "new_code",
    "opened_by",
    "CODE_CHARS",
    "language_ok",
    "phones_part",
    "PhoneKeys",
]


def event_over(event) -> bool:
    """No round is left to play: the last round is ended and no further one can be paired."""
    if not event.rounds or not event.rounds[-1].ended:
        return False
    done = len(event.rounds)
    if event.planned_rounds is not None:
        return done >= event.planned_rounds
    if event.system == "round-robin":
        return done >= round_robin_rounds(len(event.circle))
    return False


def ensure_codes(event):
    """The event with its codes made where missing: a board code, and the current round's table
    codes (new ones once another round was paired); none at all once the event is over."""
    if event_over(event):
        event.codes = {}
        return event
    codes = dict(event.codes or {})
    number = len(event.rounds)
    board = codes.get("board") or new_code()
    tables = dict(codes.get("tables") or {}) if codes.get("round") == number else {}
    current = event.rounds[-1].tables if event.rounds and not event.rounds[-1].ended else []
    tables = {str(t.table): tables.get(str(t.table)) or new_code() for t in current}
    event.codes = {"board": board, "round": number, "tables": tables}
    return event


@dataclass(frozen=True)
class Opened:
    """What a code opens: the event's board ("board") or one table of its current round."""

    role: str  # "board" | "table"
    event_id: str
    table: int | None = None


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("ascii", "replace"), b.encode("ascii", "replace"))


def opened_by(event, given: str) -> Opened | None:
    """What `given` opens in `event` (every code compared, in constant time), or None."""
    codes = event.codes or {}
    if not codes or event_over(event) or codes.get("round") != len(event.rounds):
        return None
    found = None
    if _same(codes.get("board") or "", given):
        found = Opened("board", event.id)
    ended = not event.rounds or event.rounds[-1].ended or event.rounds[-1].pairing
    for table, code in sorted((codes.get("tables") or {}).items()):
        if _same(code, given) and not ended:
            found = Opened("table", event.id, int(table))
    return found


class CodeIndex:
    """Which event a code opens, over `<data>/events/`: each record is read again only when its
    file changed (size and time), so a phone's every request costs a directory listing. Blocking:
    call it off the event loop. Safe from any thread."""

    def __init__(self, data_dir: str | os.PathLike):
        self.root = Path(data_dir) / "events"
        self._seen: dict[str, tuple[tuple[int, int], object]] = {}
        self._lock = threading.Lock()

    def _events(self) -> list:
        folder = EventFolder(self.root.parent)
        try:
            names = os.listdir(self.root)
        except OSError:
            return []
        out = []
        for name in names:
            event_id = name[:-5]
            if not name.endswith(".json") or not is_event_id(event_id):
                continue
            try:
                st = os.stat(self.root / name)
            except OSError:
                continue
            stamp = (st.st_mtime_ns, st.st_size)
            with self._lock:
                seen = self._seen.get(event_id)
            if seen is None or seen[0] != stamp:
                try:
                    seen = (stamp, folder.read(event_id))
                except (EventError, OSError):
                    continue  # a damaged record opens nothing
                with self._lock:
                    self._seen[event_id] = seen
            out.append(seen[1])
        return out

    def event(self, event_id: str):
        """The event as last read (None: not there, or damaged)."""
        return next((e for e in self._events() if e.id == event_id), None)

    def find(self, given: str | bytes) -> Opened | None:
        """What a code opens now, or None (a spent, replaced or unknown code)."""
        if isinstance(given, bytes):
            try:
                given = given.decode("ascii")
            except UnicodeDecodeError:
                return None
        if not given or CODE_CHARS.fullmatch(given) is None:
            return None
        found = None
        for event in self._events():
            found = opened_by(event, given) or found
        return found


# ---- the role keys of phones
# The role keys of phones that joined with an event's code (server/access.py), kept beside the
# event records so that a restarted server still knows them: a table phone scoring round 3 is not
# sent back to its table card because the laptop rebooted.
#
#     <data>/events/phones.keys: {"format": "seep-phone-keys", "version": 1,
#         "keys": [{"digest": HEX, "role": "table" | "board", "event": ID, "table": N | null,
#                   "until": UNIX_SECONDS}]}
#
# Only each key's SHA-256 is written (the cookie itself never touches the disk), in the store's
# private mode (0600), replaced atomically; never in a backup or an export. A key past its time is
# dropped. The file is a convenience: one that cannot be read is ignored (the phones scan their
# cards again), never an error. Blocking: call it off the event loop.

FORMAT = "seep-phone-keys"
MAX_BYTES = 2 * 1024 * 1024
ROLES = ("table", "board")


def _entry_ok(raw: object) -> bool:
    if not isinstance(raw, dict) or set(raw) != {"digest", "role", "event", "table", "until"}:
        return False
    digest, table = raw["digest"], raw["table"]
    return (
        isinstance(digest, str)
        and len(digest) == 64
        and all(c in "0123456789abcdef" for c in digest)
        and raw["role"] in ROLES
        and is_event_id(raw["event"])
        and (table is None or (type(table) is int and 1 <= table <= 10_000))
        and type(raw["until"]) is int
    )


class PhoneKeys:
    """The phones' role keys of one data folder: (digest, role, event, table) with their time."""

    def __init__(self, data_dir: str | os.PathLike, limit: int = 4096):
        self.path = Path(data_dir) / "events" / "phones.keys"
        self.limit = limit
        self._lock = threading.Lock()

    def load(self, now: float | None = None) -> list[tuple[bytes, str, str, int | None]]:
        """The keys still in their time, oldest first: (digest, role, event id, table)."""
        now = time.time() if now is None else now
        return [
            (bytes.fromhex(e["digest"]), e["role"], e["event"], e["table"])
            for e in self._read()
            if e["until"] > now
        ]

    def add(self, digest: bytes, role: str, event_id: str, table: int | None, seconds: int) -> None:
        """Remember one more key for `seconds` (the oldest forgotten beyond the limit)."""
        now = int(time.time())
        entry = {
            "digest": digest.hex(),
            "role": role,
            "event": event_id,
            "table": table,
            "until": now + int(seconds),
        }
        with self._lock:
            kept = [e for e in self._read() if e["until"] > now and e["digest"] != entry["digest"]]
            kept = (kept + [entry])[-self.limit :]
            self.path.parent.mkdir(parents=True, exist_ok=True)
            doc = {"format": FORMAT, "version": 1, "keys": kept}
            atomic_write_bytes(self.path, dumps(doc).encode("utf-8"))

    def _read(self) -> list[dict]:
        try:
            with open(self.path, "rb") as f:
                data = f.read(MAX_BYTES + 1)
            doc = loads(data.decode("utf-8"), 4)
        except (OSError, ValueError):  # none yet, or not usable: the phones scan again
            return []
        if len(data) > MAX_BYTES or not isinstance(doc, dict) or doc.get("format") != FORMAT:
            return []
        keys = doc.get("keys")
        if doc.get("version") != 1 or not isinstance(keys, list):
            return []
        return [e for e in keys if _entry_ok(e)]
