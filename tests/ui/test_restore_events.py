"""The app's restore (settings, Backup) and the events a backup carries (store/backup/file.py
version 2): they come back with its matches, a damaged one refuses the file before anything is
written, naming its line, and Undo takes them away with the matches they name."""

import json

import pytest

from seep_scorer.app.settings.settings_model import BackupVM
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.store.events.record import EventFolder
from seep_scorer.store.events.rounds import end_round, entrant_of, pair_next_round, plan_event
from seep_scorer.store.registry import close_all, open_repository


@pytest.fixture(autouse=True)
def _english_and_closed():
    with using(UILocale("en")):
        yield
    close_all()


def _backup_with_an_event(root):
    source = open_repository(root, fresh=True)
    folder = EventFolder(root)
    pairs = [entrant_of("pairs", [f"Team {c}", f"{c}1", f"{c}2"], ["t"] * 3) for c in "ABCD"]
    event = plan_event("Club night", "pairs", "swiss", 2, "standard", None, pairs)
    folder.write(event)
    pair_next_round(repo := source, folder, event.id)
    end_round(repo, folder, event.id)
    return event.id, source.export_backup_text().encode("utf-8")


def test_a_restore_brings_the_events_back_and_undo_takes_them_away(tmp_path):
    eid, backup = _backup_with_an_event(tmp_path / "old")
    store = open_repository(tmp_path / "table", fresh=True)
    phone = BackupVM(store)
    phone.prepare("b.jsonl", backup)
    phone.restore()
    assert not phone.error, phone.message
    events = EventFolder(tmp_path / "table")
    assert events.ids() == [eid] and len(events.read(eid).rounds) == 1
    phone.undo_restore()
    assert store.list_matches() == [] and events.ids() == []


def test_a_backup_with_a_damaged_event_is_refused_before_anything_is_written(tmp_path):
    _eid, backup = _backup_with_an_event(tmp_path / "old")
    lines = backup.split(b"\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(b'{"event"'))
    obj = json.loads(lines[at])
    obj["event"]["kind"] = "trio"
    lines[at] = json.dumps(obj).encode()
    store = open_repository(tmp_path / "table", fresh=True)
    phone = BackupVM(store)
    assert phone.prepare("b.jsonl", b"\n".join(lines)) is None
    assert phone.error
    assert phone.message == f"Line {at + 1} of b.jsonl is damaged, so nothing was restored."
    assert store.list_matches() == [] and EventFolder(tmp_path / "table").ids() == []


def test_a_backup_with_a_damaged_match_and_a_damaged_event_names_the_event_line(tmp_path):
    """Both damaged: a damaged match alone would be left out, but a damaged event refuses the
    file whole, so the message names the event's line, as for any damaged line: never the
    message of a store fault after the player said yes."""
    _eid, backup = _backup_with_an_event(tmp_path / "old")
    lines = backup.split(b"\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(b'{"event"'))
    obj = json.loads(lines[at])
    obj["event"]["kind"] = "trio"
    lines[at] = json.dumps(obj).encode()
    lines[1] = lines[1].replace(b'"first_dealer":', b'"first_dealer":7,"x":', 1)
    store = open_repository(tmp_path / "table", fresh=True)
    phone = BackupVM(store)
    assert phone.prepare("b.jsonl", b"\n".join(lines)) is None
    assert phone.error
    assert phone.message == f"Line {at + 1} of b.jsonl is damaged, so nothing was restored."
    assert store.list_matches() == [] and EventFolder(tmp_path / "table").ids() == []
