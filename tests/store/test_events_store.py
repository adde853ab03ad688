"""Event records in the store (store/events/record.py): a damaged or hostile file is refused with an
EventError naming what is wrong, never another exception; writes are atomic."""

from __future__ import annotations

import copy
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep_scorer.store.events import record as store_events
from seep_scorer.store.events.record import (
    MAX_EVENT_BYTES,
    Entrant,
    Event,
    EventError,
    EventFolder,
    Round,
    Table,
    event_from_bytes,
    event_from_dict,
)

EVENT_ID = "0123abcd"


def sample() -> Event:
    event = Event(EVENT_ID, "Club night", "pairs", "swiss", 3, "standard", "first_to", 1,
                  "2026-12-01T20:00:00.000Z", 12345)  # fmt: skip
    event.entrants = [Entrant(c.lower(), c, (f"{c}1", f"{c}2")) for c in "ABCDE"]
    event.withdrawn = ["e"]
    event.absent = {2: ["d"]}
    tables = [Table(1, "00000001", (("a",), ("b",)), 2), Table(2, "00000002", (("c",), ("d",)), 0)]
    event.rounds = [Round(1, tables, ["e"], ended=True)]
    return event


def good() -> dict:
    return sample().to_dict()


def test_a_record_reads_back_as_written(tmp_path):
    folder = EventFolder(tmp_path)
    folder.write(sample())
    assert folder.read(EVENT_ID) == sample()
    assert folder.ids() == [EVENT_ID]
    assert event_from_dict(json.loads(json.dumps(good()))) == sample()


def test_a_round_with_nobody_away_reads_back_the_same():
    doc = good()
    doc["absent"].append({"round": 3, "entrants": []})
    event = event_from_dict(doc)
    assert event == sample() and event_from_dict(event.to_dict()) == event


def _set(path: str, value):
    def change(doc):
        *parents, last = path.split(".")
        node = doc
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        if value is KeyError:
            del node[int(last) if last.isdigit() else last]
        elif last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value
        return doc

    return change


HOSTILE = [
    ("format", _set("format", "seep-match")),
    ("version", _set("version", 2)),
    ("version", _set("version", True)),
    ("id", _set("id", "../../etc")),
    ("kind", _set("kind", "teams")),
    ("system", _set("system", "individual")),
    ("planned_rounds", _set("planned_rounds", 10**9)),
    ("preset", _set("preset", "custom")),
    ("match", _set("match.type", "open")),
    ("match", _set("match.count", -1)),
    ("match", _set("match", {"type": "first_to", "count": 1, "x": 1})),
    ("created", _set("created", "yesterday")),
    ("seed", _set("seed", 1.5)),
    ("name", _set("name", "\u202eevil")),
    ("name", _set("name", "x" * 61)),
    ("entrants[0].key", _set("entrants.0.key", "zzz")),
    ("entrants[0].players", _set("entrants.0.players", ["A1"])),
    ("entrants[1].name", _set("entrants.1", {"key": "a", "name": "A", "players": ["X1", "X2"]})),
    ("entrants", _set("entrants", {"a": 1})),
    ("withdrawn[0]", _set("withdrawn", ["nobody"])),
    ("withdrawn", _set("withdrawn", ["e", "e"])),
    ("absent[0].round", _set("absent.0.round", 0)),
    ("rounds[0].number", _set("rounds.0.number", 2)),
    ("rounds[0].ended", _set("rounds.0.ended", "yes")),
    ("rounds[0].tables[0].match", _set("rounds.0.tables.0.match", "not-an-id")),
    ("rounds[0].tables[1].match", _set("rounds.0.tables.1.match", "00000001")),
    ("rounds[0].tables[0].first_dealer", _set("rounds.0.tables.0.first_dealer", 4)),
    ("rounds[0].tables[0].table", _set("rounds.0.tables.0.table", 3)),
    ("rounds[0].tables[0].sides", _set("rounds.0.tables.0.sides", [["a"], ["a"]])),
    ("rounds[0].tables[0].sides[1]", _set("rounds.0.tables.0.sides.1", ["b", "c"])),
    ("rounds[0].tables[0].sides", _set("rounds.0.tables.0.sides", [["a"]])),
    ("rounds[0].byes", _set("rounds.0.byes", ["a"])),
    ("rounds[0]", _set("rounds", [None])),
    ("file", lambda doc: [doc]),
]


@pytest.mark.parametrize("field, change", HOSTILE, ids=[f for f, _ in HOSTILE])
def test_a_record_of_the_wrong_shape_is_refused_naming_the_field(field, change):
    doc = change(copy.deepcopy(good()))
    with pytest.raises(EventError) as refused:
        event_from_dict(doc)
    assert f"field '{field}'" in str(refused.value)


@pytest.mark.parametrize(
    "data, why",
    [
        (b"{", "not valid JSON"),
        (b'{"format": NaN}', "NaN"),
        (b"[" * 50 + b"]" * 50, "nested"),
        (b"\xff\xfe", "UTF-8"),
        (b" " * (MAX_EVENT_BYTES + 1), "over 4 MB"),
        (b"null", "JSON object"),
    ],
)
def test_damaged_bytes_are_refused_in_plain_words(data, why):
    with pytest.raises(EventError, match=why):
        event_from_bytes(data)


def test_a_damaged_file_is_refused_with_its_path_and_left_in_place(tmp_path):
    folder = EventFolder(tmp_path)
    folder.write(sample())
    path = tmp_path / "events" / f"{EVENT_ID}.json"
    path.write_bytes(path.read_bytes()[:-40])
    with pytest.raises(EventError, match="damaged") as refused:
        folder.read(EVENT_ID)
    assert str(path) in str(refused.value)
    assert path.exists()


def test_a_file_holding_another_events_id_is_refused(tmp_path):
    folder = EventFolder(tmp_path)
    folder.write(sample())
    os.rename(tmp_path / "events" / f"{EVENT_ID}.json", tmp_path / "events" / "ffffffff.json")
    with pytest.raises(EventError, match="another event"):
        folder.read("ffffffff")


@pytest.mark.parametrize("bad", ["../x", "0123ABCD", "", "0123abcd/..", "0" * 9])
def test_an_id_that_is_not_one_never_reaches_the_file_system(tmp_path, bad):
    with pytest.raises(EventError, match="no event"):
        EventFolder(tmp_path).read(bad)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(node, at=()):
    yield at
    children = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, child in children:
        yield from _paths(child, (*at, key))


@settings(max_examples=400)
@given(st.data())
def test_any_change_to_a_record_reads_back_or_is_refused_never_a_crash(data):
    doc = good()
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(JSON)
    try:
        event = event_from_dict(doc)
    except EventError:
        return
    assert event_from_dict(event.to_dict()) == event


def test_a_write_that_fails_leaves_the_old_record_and_no_temp_file(tmp_path, monkeypatch):
    folder = EventFolder(tmp_path)
    folder.write(sample())
    before = (tmp_path / "events" / f"{EVENT_ID}.json").read_bytes()
    changed = sample()
    changed.name = "Renamed"

    def refuse(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        folder.write(changed)
    monkeypatch.undo()
    assert (tmp_path / "events" / f"{EVENT_ID}.json").read_bytes() == before
    assert sorted(os.listdir(tmp_path / "events")) == [f"{EVENT_ID}.json"]


def test_the_writer_is_the_stores_atomic_one(tmp_path, monkeypatch):
    written = []
    real = store_events.atomic_write_bytes
    monkeypatch.setattr(
        store_events, "atomic_write_bytes", lambda p, d: written.append(p) or real(p, d)
    )
    EventFolder(tmp_path).write(sample())
    assert written == [tmp_path / "events" / f"{EVENT_ID}.json"]


def test_a_temp_file_a_dead_writer_left_is_removed_under_the_lock(tmp_path):
    folder = EventFolder(tmp_path)
    folder.write(sample())
    leftover = tmp_path / "events" / f".tmp-{EVENT_ID}.json.abcdef"
    leftover.write_bytes(b"half")
    with folder.locked():
        pass
    assert not leftover.exists() and folder.read(EVENT_ID) == sample()
