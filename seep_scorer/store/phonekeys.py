"""The role keys of phones that joined with an event's code (ui/rolegate.py), kept beside the
event records so that a restarted server still knows them: a table phone scoring round 3 is not
sent back to its table card because the laptop rebooted.

    <data>/events/phones.keys: {"format": "seep-phone-keys", "version": 1,
        "keys": [{"digest": HEX, "role": "table" | "board", "event": ID, "table": N | null,
                  "until": UNIX_SECONDS}]}

Only each key's SHA-256 is written (the cookie itself never touches the disk), in the store's
private mode (0600), replaced atomically; never in a backup or an export. A key past its time is
dropped. The file is a convenience: one that cannot be read is ignored (the phones scan their
cards again), never an error. Blocking: call it off the event loop.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from ..matchfile.jsonio import dumps, loads
from .atomic import atomic_write_bytes
from .events import is_event_id

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


__all__ = ["PhoneKeys"]
