"""An event's codes for phones (store/events/codes.py): random, kept in the private event file,
replaced when the next round is paired, gone once the event is over and never in an export."""

from __future__ import annotations

import io
import json
import os
import stat

import pytest

from seep_scorer.store.events.backup import write_event_backup
from seep_scorer.store.events.codes import CodeIndex, ensure_codes, event_over
from seep_scorer.store.events.record import EventError, EventFolder, event_from_dict
from seep_scorer.store.events.rounds import end_round, entrant_of, pair_next_round, plan_event
from seep_scorer.store.registry import close_all, open_repository


@pytest.fixture
def hall(tmp_path):
    repo = open_repository(tmp_path)
    folder = EventFolder(tmp_path)
    pairs = [entrant_of("pairs", [f"Team {c}", f"{c}1", f"{c}2"], ["team"] * 3) for c in "ABCD"]
    event = plan_event("Club night", "pairs", "swiss", 2, "standard", None, pairs)
    folder.write(event)
    yield repo, folder, event.id
    close_all()


def codes(folder, event_id):
    return folder.read(event_id).codes


def test_pairing_gives_each_table_and_the_board_a_long_random_code(hall, tmp_path):
    repo, folder, eid = hall
    event, rnd = pair_next_round(repo, folder, eid)
    got = codes(folder, eid)
    assert set(got["tables"]) == {str(t.table) for t in rnd.tables} == {"1", "2"}
    every = [got["board"], *got["tables"].values()]
    assert len(set(every)) == len(every) and all(len(c) >= 22 for c in every)  # >= 128 bits
    mode = stat.S_IMODE(os.stat(folder.path(eid)).st_mode)
    assert mode & 0o077 == 0  # the record is the server's alone
    index = CodeIndex(tmp_path)
    table_one = index.find(got["tables"]["1"])
    assert (table_one.role, table_one.event_id, table_one.table) == ("table", eid, 1)
    assert index.find(got["board"]).role == "board"
    assert index.find(got["board"][:-1] + "x") is None and index.find("") is None


def test_the_next_round_replaces_the_table_codes_and_keeps_the_board_code(hall, tmp_path):
    repo, folder, eid = hall
    pair_next_round(repo, folder, eid)
    first = codes(folder, eid)
    end_round(repo, folder, eid)
    index = CodeIndex(tmp_path)
    assert index.find(first["tables"]["1"]) is None  # an ended round lets no table phone in
    pair_next_round(repo, folder, eid)
    second = codes(folder, eid)
    assert second["board"] == first["board"]
    assert not set(second["tables"].values()) & set(first["tables"].values())
    assert index.find(first["tables"]["1"]) is None
    assert index.find(second["tables"]["2"]).table == 2


def test_codes_end_with_the_event(hall, tmp_path):
    repo, folder, eid = hall
    pair_next_round(repo, folder, eid)
    end_round(repo, folder, eid)
    pair_next_round(repo, folder, eid)
    last = codes(folder, eid)
    end_round(repo, folder, eid)  # the second of two rounds: the event is over
    event = folder.read(eid)
    assert event_over(event) and event.codes == {}
    assert "codes" not in json.loads(folder.path(eid).read_text())
    index = CodeIndex(tmp_path)
    assert all(index.find(c) is None for c in [last["board"], *last["tables"].values()])
    assert ensure_codes(event).codes == {}


def test_an_export_carries_no_code(hall):
    repo, folder, eid = hall
    pair_next_round(repo, folder, eid)
    event = folder.read(eid)
    out = io.BytesIO()
    write_event_backup(repo, event, out)
    assert event.codes["board"] not in out.getvalue().decode()


def test_a_record_with_codes_of_the_wrong_shape_is_refused(hall):
    repo, folder, eid = hall
    pair_next_round(repo, folder, eid)
    doc = folder.read(eid).to_dict()
    for bad in ({"board": "short", "round": 1, "tables": {}}, {"board": 1}, ["x"]):
        with pytest.raises(EventError) as err:
            event_from_dict({**doc, "codes": bad})
        assert err.value.field == "codes"


def test_a_table_key_that_is_not_plain_ascii_digits_makes_the_codes_damaged(hall):
    """`codes_ok` took "²" and "٣" (str.isdigit), on which int() later raised or read another
    number; "01" named table 1 twice over. The event reads as damaged, naming its codes."""
    from seep_scorer.store.events.record import EventError, event_from_dict

    repo, folder, eid = hall
    pair_next_round(repo, folder, eid)
    record = folder.read(eid).to_dict()
    code = record["codes"]["tables"]["1"]
    event_from_dict(record)  # as it is: fine
    for key in ("²", "٣", "01", "1 ", ""):
        bad = {**record, "codes": {**record["codes"], "tables": {key: code}}}
        with pytest.raises(EventError) as refused:
            event_from_dict(bad)
        assert refused.value.field == "codes", key
