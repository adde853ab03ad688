"""Event records, and the shape of the codes they hold.

Event records: one small JSON file per event, `<data>/events/<id>.json` (docs/events.md).

    {"format": "seep-event", "version": 1, "id", "name", "kind": "pairs" | "individual",
     "system": "round-robin" | "swiss" | "individual", "planned_rounds": N | null,
     "preset", "match": {"type", "count"}, "created", "seed",
     "entrants": [{"key", "name", "players": [..]}], "withdrawn": [key], "circle": [key],
     "absent": [{"round", "entrants": [key]}], "language" (the organiser's: board, cards),
     "rounds": [{"number", "tables": [{"table", "match", "sides": [[key..], [key..]],
                 "first_dealer"}], "byes": [key], "ended", "pairing": true (only half paired)}],
     "codes": {"board", "round", "tables": {"<n>": code}}}  (phones' codes: app/shell/roles.py)

An entrant's key is its name's key (stats.players.player_key): a pair's team name, or a player's
name in an individual event, where a side of a table is two entrants. The matches themselves are
ordinary stored matches; the record holds their ids. Written with the store's atomic writer, read
strictly: a file too large, not strict JSON, or of any other shape is refused with an EventError
naming the field, never half-read.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from seep_scorer.matchfile.jsonio import JSONRefused, dumps, loads
from seep_scorer.rules import MATCH_TYPES, MatchError, check_name
from seep_scorer.stats.players import player_key
from seep_scorer.store.files import atomic_write_bytes, is_match_id, remove_temp_files
from seep_scorer.store.records import is_iso
from seep_scorer.store.repository import StoreError

try:
    import fcntl
except ImportError:  # Windows: one process at a time, as for the match store
    fcntl = None

EVENT_FORMAT = "seep-event"
EVENT_VERSION = 1
KINDS = ("pairs", "individual")
SYSTEMS = ("round-robin", "swiss", "individual")
CLI_PRESETS = ("standard", "race500")  # custom rules need overrides, which an event has none of
MAX_EVENT_BYTES = 4 * 1024 * 1024
MAX_ENTRANTS = 1000
MAX_ROUNDS = 100
MAX_SEED = 2**64
_ID = re.compile(r"[0-9a-f]{8}")


class EventError(StoreError):
    """An event, or input for one, that cannot be used: a code and its params, worded by
    seep_scorer.i18n.faults (eventfaults); `field` names what is at fault. str() is the English with
    the field, `message` the English sentence alone."""

    def __init__(self, code: str, field: str | None = None, **params):
        super().__init__(code, **params)
        self.field = field

    @property
    def message(self) -> str:
        return str(EventError(self.code, **self.params)) if self.field else str(self)


@dataclass
class Entrant:
    key: str
    name: str
    players: tuple[str, ...]  # a pair's two players (seats 0 and 2 of its team); a player: itself


@dataclass
class Table:
    table: int
    match: str
    sides: tuple[tuple[str, ...], tuple[str, ...]]  # entrant keys of team 0 and team 1
    first_dealer: int


@dataclass
class Round:
    number: int
    tables: list[Table]
    byes: list[str] = field(default_factory=list)  # the bye, or the players sitting out
    ended: bool = False
    pairing: bool = False  # planned, its matches not all made yet (eventrun.settle finishes it)


@dataclass
class Event:
    id: str
    name: str
    kind: str
    system: str
    planned_rounds: int | None
    preset: str
    match_type: str
    match_count: int | None
    created: str
    seed: int
    entrants: list[Entrant] = field(default_factory=list)
    withdrawn: list[str] = field(default_factory=list)
    absent: dict[int, list[str]] = field(default_factory=dict)  # round -> entrant keys
    circle: list[str] = field(default_factory=list)  # a round robin's order, fixed at round 1
    rounds: list[Round] = field(default_factory=list)
    codes: dict = field(default_factory=dict)  # phones' codes (app/shell/roles.py); {}: none
    language: str | None = None  # the organiser's app language (codeshape.language_ok) or None

    def entrant(self, key: str) -> Entrant:
        return next(e for e in self.entrants if e.key == key)

    def names(self) -> dict[str, str]:
        return {e.key: e.name for e in self.entrants}

    def to_dict(self) -> dict:
        return {
            "format": EVENT_FORMAT,
            "version": EVENT_VERSION,
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "system": self.system,
            "planned_rounds": self.planned_rounds,
            "preset": self.preset,
            "match": {"type": self.match_type, "count": self.match_count},
            "created": self.created,
            "seed": self.seed,
            "entrants": [
                {"key": e.key, "name": e.name, "players": list(e.players)} for e in self.entrants
            ],
            "withdrawn": list(self.withdrawn),
            "absent": [{"round": k, "entrants": v} for k, v in sorted(self.absent.items()) if v],
            "circle": list(self.circle),
            "rounds": [
                {
                    "number": r.number,
                    "tables": [
                        {
                            "table": t.table,
                            "match": t.match,
                            "sides": [list(s) for s in t.sides],
                            "first_dealer": t.first_dealer,
                        }
                        for t in r.tables
                    ],
                    "byes": list(r.byes),
                    "ended": r.ended,
                }
                | ({"pairing": True} if r.pairing else {})
                for r in self.rounds
            ],
        } | phones_part(self.codes, self.language)


def new_event_id() -> str:
    return secrets.token_hex(4)


def is_event_id(value: object) -> bool:
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def new_seed() -> int:
    return secrets.randbits(63)


def _need(ok: bool, where: str, code: str, **params) -> None:
    if not ok:
        raise EventError(code, where, **params)


def _int(value: object, where: str, low: int, high: int) -> int:
    _need(type(value) is int and low <= value <= high, where, "event_number", low=low, high=high)
    return value


def _list(value: object, where: str, limit: int) -> list:
    _need(isinstance(value, list) and len(value) <= limit, where, "event_list", max=limit)
    return value


def _name(value: object, where: str) -> str:
    try:
        return check_name(value, where)
    except MatchError as err:
        raise EventError("event_rule", where, cause=err) from None


def _keys(value: object, where: str, known: set[str], limit: int = MAX_ENTRANTS) -> list[str]:
    keys = _list(value, where, limit)
    for i, key in enumerate(keys):
        ok = isinstance(key, str) and key in known
        _need(ok, f"{where}[{i}]", "event_value", expected="entrant")
    _need(len(set(keys)) == len(keys), where, "event_repeated", what="entrant")
    return list(keys)


def event_from_dict(obj: object) -> Event:
    """The event a file's JSON value holds, checked in full; EventError naming the field."""
    _need(isinstance(obj, dict), "file", "event_file_object")
    _need(obj.get("format") == EVENT_FORMAT, "format", "not_event_file")
    version = obj.get("version")
    ok = type(version) is int and version >= 1
    _need(ok, "version", "event_number", low=1, high=EVENT_VERSION)
    _need(version <= EVENT_VERSION, "version", "event_newer", version=version)
    _need(is_event_id(obj.get("id")), "id", "event_value", expected="event_id")
    kind, system = obj.get("kind"), obj.get("system")
    _need(kind in KINDS, "kind", "event_choice", choices=KINDS)
    _need(system in SYSTEMS, "system", "event_choice", choices=SYSTEMS)
    ok = (system == "individual") == (kind == "individual")
    _need(ok, "system", "system_kind", system=system, kind=kind)
    planned = obj.get("planned_rounds")
    if planned is not None:
        _int(planned, "planned_rounds", 1, MAX_ROUNDS)
    preset = obj.get("preset")
    _need(preset in CLI_PRESETS, "preset", "event_choice", choices=CLI_PRESETS)
    fmt = obj.get("match")
    ok = isinstance(fmt, dict) and set(fmt) == {"type", "count"}
    _need(ok, "match", "event_value", expected="format_keys")
    check_format(preset, fmt["type"], fmt["count"], "match")
    _need(is_iso(obj.get("created")), "created", "event_value", expected="iso_time")
    seed = _int(obj.get("seed"), "seed", 0, MAX_SEED)
    name = _name(obj.get("name"), "name")
    event = Event(
        obj["id"],
        name,
        kind,
        system,
        planned,
        preset,
        fmt["type"],
        fmt["count"],
        obj["created"],
        seed,
    )
    size = 2 if kind == "pairs" else 1
    for i, raw in enumerate(_list(obj.get("entrants"), "entrants", MAX_ENTRANTS)):
        where = f"entrants[{i}]"
        _need(isinstance(raw, dict), where, "event_value", expected="object")
        name = _name(raw.get("name"), f"{where}.name")
        players = _list(raw.get("players"), f"{where}.players", size)
        _need(len(players) == size, f"{where}.players", "event_count", count=size)
        players = tuple(_name(p, f"{where}.players[{j}]") for j, p in enumerate(players))
        _need(
            raw.get("key") == player_key(name), f"{where}.key", "event_value", expected="name_key"
        )
        event.entrants.append(Entrant(raw["key"], name, players))
    check_entrants(event.entrants, kind)
    known = {e.key for e in event.entrants}
    event.withdrawn = _keys(obj.get("withdrawn"), "withdrawn", known)
    event.circle = _keys(obj.get("circle"), "circle", known)
    for i, raw in enumerate(_list(obj.get("absent"), "absent", MAX_ROUNDS)):
        _need(isinstance(raw, dict), f"absent[{i}]", "event_value", expected="object")
        number = _int(raw.get("round"), f"absent[{i}].round", 1, MAX_ROUNDS)
        _need(number not in event.absent, f"absent[{i}].round", "event_repeated", what="round")
        absent = _keys(raw.get("entrants"), f"absent[{i}].entrants", known)
        if absent:  # written only when someone is away: the same event reads back the same
            event.absent[number] = absent
    matches: set[str] = set()
    for i, raw in enumerate(_list(obj.get("rounds"), "rounds", MAX_ROUNDS)):
        event.rounds.append(_round(raw, f"rounds[{i}]", i + 1, known, size, matches))
    ok = not any(r.pairing for r in event.rounds[:-1])  # only the newest can be half paired
    _need(ok, "rounds", "event_value", expected="true_false")
    tables = len(event.rounds[-1].tables) if event.rounds else 0
    _need(codes_ok(obj.get("codes"), tables), "codes", "event_value", expected="codes")
    _need(language_ok(lang := obj.get("language")), "language", "event_value", expected="language")
    event.codes, event.language = dict(obj.get("codes") or {}), lang
    return event


def _round(raw: object, where: str, number: int, known: set, size: int, matches: set) -> Round:
    _need(isinstance(raw, dict), where, "event_value", expected="object")
    _need(raw.get("number") == number, f"{where}.number", "event_position", number=number)
    ok = isinstance(raw.get("ended"), bool)
    _need(ok, f"{where}.ended", "event_value", expected="true_false")
    seated: set[str] = set()
    tables = []
    for j, t in enumerate(_list(raw.get("tables"), f"{where}.tables", MAX_ENTRANTS // 2)):
        at = f"{where}.tables[{j}]"
        _need(isinstance(t, dict), at, "event_value", expected="object")
        _need(t.get("table") == j + 1, f"{at}.table", "event_position", number=j + 1)
        _need(is_match_id(t.get("match")), f"{at}.match", "event_value", expected="match_id")
        _need(t["match"] not in matches, f"{at}.match", "event_repeated", what="match")
        matches.add(t["match"])
        dealer = _int(t.get("first_dealer"), f"{at}.first_dealer", 0, 3)
        sides = _list(t.get("sides"), f"{at}.sides", 2)
        _need(len(sides) == 2, f"{at}.sides", "event_count", count=2)
        per_side = 1 if size == 2 else 2
        checked_sides = []
        for s, side in enumerate(sides):
            keys = _keys(side, f"{at}.sides[{s}]", known, per_side)
            _need(len(keys) == per_side, f"{at}.sides[{s}]", "event_count", count=per_side)
            _need(not seated & set(keys), f"{at}.sides", "event_repeated", what="seated")
            seated.update(keys)
            checked_sides.append(tuple(keys))
        tables.append(Table(j + 1, t["match"], (checked_sides[0], checked_sides[1]), dealer))
    byes = _keys(raw.get("byes"), f"{where}.byes", known)
    _need(not seated & set(byes), f"{where}.byes", "event_repeated", what="bye")
    pairing = raw.get("pairing", False)
    _need(isinstance(pairing, bool), f"{where}.pairing", "event_value", expected="true_false")
    return Round(number, tables, byes, raw["ended"], pairing)


def check_entrants(entrants: list[Entrant], kind: str) -> None:
    """No two entrants with one key, and no player in two pairs or twice in one."""
    seen: set[str] = set()
    players: set[str] = set()
    for i, e in enumerate(entrants):
        _need(e.key not in seen, f"entrants[{i}].name", "entrant_twice", name=e.name)
        seen.add(e.key)
        if kind == "pairs":
            for j, p in enumerate(e.players):
                key = player_key(p)
                where = f"entrants[{i}].players[{j}]"
                _need(key not in players, where, "player_twice", name=p)
                players.add(key)


def check_format(preset: object, match_type: object, count: object, where: str) -> None:
    """An event's match format: one the rules accept for its preset (no open-ended match)."""
    from seep_scorer.rules import PRESETS, MatchFormat

    _need(preset in CLI_PRESETS, "preset", "event_choice", choices=CLI_PRESETS)
    usable = match_type in MATCH_TYPES and match_type != "open"
    _need(usable, where, "match_option")
    try:
        MatchFormat(match_type, count).validate(PRESETS[preset])
    except MatchError as err:
        raise EventError("event_rule", where, cause=err) from None


def event_from_bytes(data: bytes) -> Event:
    _need(len(data) <= MAX_EVENT_BYTES, "file", "event_file_too_large", max=MAX_EVENT_BYTES >> 20)
    try:
        obj = loads(data.decode("utf-8"), 8)
    except UnicodeDecodeError:
        raise EventError("event_file_not_utf8", "file") from None
    except JSONRefused as err:
        raise EventError("event_file_refused", "file", cause=err) from None
    except ValueError:
        raise EventError("event_file_not_json", "file") from None
    return event_from_dict(obj)


class EventFolder:
    """`<data>/events/`: reading, writing and locking the event records of one data folder."""

    def __init__(self, data_dir: str | os.PathLike):
        self.root = Path(data_dir) / "events"

    def path(self, event_id: str) -> Path:
        if not is_event_id(event_id):
            raise EventError("no_event", "ID", id=str(event_id)[:40])
        return self.root / f"{event_id}.json"

    def exists(self, event_id: str) -> bool:
        return self.path(event_id).exists()

    def read(self, event_id: str) -> Event:
        path = self.path(event_id)
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_EVENT_BYTES + 1)
        except FileNotFoundError:
            raise EventError("no_event", "ID", id=event_id) from None
        try:
            event = event_from_bytes(data)
        except EventError as err:
            raise EventError("event_file_damaged", path=str(path), cause=err) from None
        if event.id != event_id:
            raise EventError("event_file_other_id", path=str(path))
        return event

    def write(self, event: Event) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(self.path(event.id), dumps(event.to_dict(), indent=1).encode("utf-8"))

    def ids(self) -> list[str]:
        try:
            names = os.listdir(self.root)
        except FileNotFoundError:
            return []
        return sorted(n[:-5] for n in names if n.endswith(".json") and is_event_id(n[:-5]))

    @contextlib.contextmanager
    def locked(self):
        """One changer of events at a time, across processes (the server beside the CLI)."""
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.root / ".lock", "a+b") as handle:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            remove_temp_files(self.root)  # a writer that died here left them; none is writing now
            try:
                yield
            finally:
                if fcntl is not None:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


# ---- the shape of an event's codes
# The shape of an event's codes for phones, as its record holds them (app/shell/roles.py makes and
# checks them; events.py reads a record strictly with `codes_ok`), and of the language the board and
# the table cards speak (the organiser's app language, `language_ok`).

CODE_CHARS = re.compile(r"[A-Za-z0-9_-]{22,64}")  # token_urlsafe(18) is 24 of them
LANGUAGE = re.compile(r"[a-z]{2,3}")  # a language code of the app's (i18n.LANGUAGES)
# A table's number as a key: ASCII digits only (str.isdigit takes "²" and "٣", which int() then
# refuses or reads as another number), no leading zero.
TABLE_KEY = re.compile(r"[1-9][0-9]{0,4}")


def new_code() -> str:
    return secrets.token_urlsafe(18)


def codes_ok(raw: object, tables: int) -> bool:
    """The shape an event file's "codes" must have (events.py reads it strictly)."""
    if raw is None:
        return True
    if not isinstance(raw, dict) or set(raw) != {"board", "round", "tables"}:
        return False
    table_codes = raw["tables"]
    return (
        isinstance(raw["board"], str)
        and CODE_CHARS.fullmatch(raw["board"]) is not None
        and type(raw["round"]) is int
        and isinstance(table_codes, dict)
        and len(table_codes) <= tables
        and all(
            isinstance(k, str)
            and TABLE_KEY.fullmatch(k) is not None
            and isinstance(v, str)
            and CODE_CHARS.fullmatch(v) is not None
            for k, v in table_codes.items()
        )
    )


def language_ok(raw: object) -> bool:
    """An event file's "language": absent, or a language code."""
    return raw is None or (isinstance(raw, str) and LANGUAGE.fullmatch(raw) is not None)


def phones_part(codes: dict, language: str | None) -> dict:
    """The keys of an event's record written only when set: the codes, the language."""
    return ({"codes": codes} if codes else {}) | ({"language": language} if language else {})
