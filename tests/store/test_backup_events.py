"""Backups carry the store's events (store/backup/file.py version 2, event lines after the matches):
a backup restored into an empty store gives the same events over the same matches; an old backup
(version 1, no event line) restores as before; a damaged event refuses the backup with nothing
written; a restore never makes a second copy of an event already here; no code is in a backup."""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seep_scorer.rules import Deal
from seep_scorer.store.backup.file import BACKUP_VERSION, EVENTS_VERSION
from seep_scorer.store.events.record import EventError, EventFolder
from seep_scorer.store.events.rounds import (
    end_round,
    entrant_of,
    event_standings,
    pair_next_round,
    plan_event,
)
from seep_scorer.store.registry import close_all, open_repository

from .conftest import finishing_match, tree_snapshot


@pytest.fixture(autouse=True)
def _closed():
    yield
    close_all()


def _event(repo, folder, name="Club night", teams="ABCD", rounds=2, played=1, score=True):
    pairs = [entrant_of("pairs", [f"Team {c}", f"{c}1", f"{c}2"], ["t"] * 3) for c in teams]
    event = plan_event(name, "pairs", "swiss", rounds, "standard", ("first_to", 1), pairs)
    folder.write(event)
    for _ in range(played):
        _e, rnd = pair_next_round(repo, folder, event.id)
        if score:  # table 1 scores a deal that wins its match; the others end as they stand
            stored = repo.get(rnd.tables[0].match)
            done = stored.match.with_deals([Deal(points=(92, 8))])
            repo.save(stored.id, done, stored.revision)
        end_round(repo, folder, event.id)
    return folder.read(event.id)


def _backup(repo) -> bytes:
    out = io.BytesIO()
    repo.write_backup(out)
    return out.getvalue()


def _shape(repo, event) -> dict:
    """What must come back: the record but its match ids, which matches (by their content) the
    rounds name, and the standings."""
    record = event.to_dict()
    record.pop("codes", None)
    tables = []
    for rnd in record["rounds"]:
        for t in rnd["tables"]:
            stored = repo.get(t.pop("match"))
            tables.append((stored.created, stored.match.deals, stored.finished))
    rows = [s.to_json() for s in event_standings(repo, event)]
    return {"record": record, "tables": tables, "standings": rows}


def test_a_backup_restored_into_an_empty_store_gives_the_same_events(tmp_path):
    repo = open_repository(tmp_path / "a")
    folder = EventFolder(tmp_path / "a")
    events = [_event(repo, folder), _event(repo, folder, "Second night", "EFGHIJ", 3, 2)]
    repo.create(finishing_match())  # a match of no event
    assert folder.read(events[0].id).codes  # the store has codes; no backup carries them
    data = _backup(repo)
    header = json.loads(data.split(b"\n", 1)[0])
    assert header["version"] == EVENTS_VERSION
    for code in [*events[1].codes.get("tables", {}).values(), events[0].codes["board"]]:
        assert code.encode() not in data
    before = {e.id: _shape(repo, e) for e in events}

    other = open_repository(tmp_path / "b")
    other.import_bytes(data)
    back = EventFolder(tmp_path / "b")
    assert back.ids() == sorted(before)
    for event_id, shape in before.items():
        event = back.read(event_id)
        assert event.codes == {}
        assert _shape(other, event) == shape
    assert len(other.list_matches()) == len(repo.list_matches())


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    teams=st.sampled_from(["ABCD", "ABCDE", "ABCDEFG"]),
    rounds=st.integers(1, 3),
    played=st.integers(0, 3),
    score=st.booleans(),
)
def test_any_event_comes_back_the_same(tmp_path_factory, teams, rounds, played, score):
    root = tmp_path_factory.mktemp("ev")
    repo = open_repository(root / "a")
    folder = EventFolder(root / "a")
    event = _event(repo, folder, "Night", teams, rounds, min(played, rounds), score)
    shape = _shape(repo, event)
    data = _backup(repo)
    other = open_repository(root / "b")
    other.import_bytes(data)
    assert _shape(other, EventFolder(root / "b").read(event.id)) == shape
    close_all()


def test_a_store_without_events_writes_the_old_backup_and_an_old_backup_restores(tmp_path):
    repo = open_repository(tmp_path / "a")
    repo.create(finishing_match())
    data = _backup(repo)
    assert json.loads(data.split(b"\n", 1)[0])["version"] == BACKUP_VERSION == 1
    assert b'{"event"' not in data
    other = open_repository(tmp_path / "b")
    assert len(other.import_bytes(data)) == 1
    assert EventFolder(tmp_path / "b").ids() == []
    assert not (tmp_path / "b" / "events").exists()


def test_restoring_into_the_same_store_never_copies_an_event(tmp_path):
    repo = open_repository(tmp_path)
    folder = EventFolder(tmp_path)
    event = _event(repo, folder)
    data = _backup(repo)
    before = folder.read(event.id).to_dict()
    # the app's restore (only what is not here), then an import that copies the matches
    repo.import_bytes(data, skip_present=True)
    repo.import_bytes(data)
    assert folder.ids() == [event.id]
    assert folder.read(event.id).to_dict() == before  # codes and all: the one here is kept


def test_an_event_whose_id_is_taken_by_another_comes_in_under_a_new_id(tmp_path):
    repo = open_repository(tmp_path / "a")
    event = _event(repo, EventFolder(tmp_path / "a"))
    data = _backup(repo)
    other = open_repository(tmp_path / "b")
    folder = EventFolder(tmp_path / "b")
    mine = plan_event("Mine", "pairs", "round-robin", None, "standard", None, [])
    mine.id = event.id
    folder.write(mine)
    other.import_bytes(data)
    ids = folder.ids()
    assert len(ids) == 2 and folder.read(event.id).name == "Mine"
    (new,) = [i for i in ids if i != event.id]
    assert folder.read(new).name == "Club night" and len(folder.read(new).rounds) == 1


@pytest.mark.parametrize("skip_present", [False, True])
def test_an_event_restored_under_a_new_id_tags_its_matches_with_it(tmp_path, skip_present):
    """The event and its matches agree: each match's `event.id` is the id the event came in
    under, not the other event's that holds its old one (the app's restore and `import`)."""
    repo = open_repository(tmp_path / "a")
    event = _event(repo, EventFolder(tmp_path / "a"), played=2)
    data = _backup(repo)
    other = open_repository(tmp_path / "b")
    folder = EventFolder(tmp_path / "b")
    mine = _event(other, folder, "Mine", "WXYZ", played=1)
    mine_matches = [t.match for rnd in mine.rounds for t in rnd.tables]
    folder.path(mine.id).unlink()  # another event holds the backup's id
    mine.id = event.id
    folder.write(mine)
    for mid in mine_matches:  # and its matches say so
        stored = other.get(mid)
        top = dict(stored.match.extra["top"])
        top["event"] = {**top["event"], "id": event.id}
        other.save(mid, replace(stored.match, extra={**stored.match.extra, "top": top}),
                   stored.revision)  # fmt: skip
    other.import_bytes(data, skip_present=skip_present)
    (new,) = [i for i in folder.ids() if i != event.id]
    restored = folder.read(new)
    assert restored.name == "Club night" and folder.read(event.id).name == "Mine"
    for rnd in restored.rounds:
        for t in rnd.tables:
            tag = other.get(t.match).match.extra["top"]["event"]
            assert tag == {"id": new, "round": rnd.number, "table": t.table}
    for mid in mine_matches:  # the event here and its matches are left as they were
        assert other.get(mid).match.extra["top"]["event"]["id"] == event.id


def _with_event_line(data: bytes, change) -> bytes:
    lines = data.split(b"\n")
    for i, line in enumerate(lines):
        if line.startswith(b'{"event"'):
            obj = json.loads(line)
            change(obj["event"])
            lines[i] = json.dumps(obj).encode()
            return b"\n".join(lines)
    raise AssertionError("no event line")


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda e: e.update(kind="trio"), "kind"),
        (lambda e: e["rounds"][0]["tables"][0].update(match="nope"), "match"),
        (lambda e: e.update(codes={"board": "x"}), "codes"),
        (lambda e: e.clear(), "format"),
    ],
)
def test_a_damaged_event_refuses_the_backup_and_writes_nothing(tmp_path, change, field):
    repo = open_repository(tmp_path / "a")
    _event(repo, EventFolder(tmp_path / "a"))
    data = _with_event_line(_backup(repo), change)
    other = open_repository(tmp_path / "b")
    before = tree_snapshot(tmp_path / "b")
    for skip in (False, True):  # the app's restore of the good matches refuses it too
        with pytest.raises(EventError) as refused:
            other.import_bytes(data, skip_damaged=skip)
        assert refused.value.code == "event_in_file_damaged"
        assert refused.value.field.startswith("line ") and field in str(refused.value)
    assert tree_snapshot(tmp_path / "b") == before
    assert other.list_matches() == []


def test_an_event_line_that_is_not_an_event_is_refused(tmp_path):
    from seep_scorer.rules import MatchError

    repo = open_repository(tmp_path / "a")
    _event(repo, EventFolder(tmp_path / "a"))
    data = _backup(repo).replace(b'{"event":{', b'{"event":[{', 1)
    other = open_repository(tmp_path / "b")
    with pytest.raises((MatchError, EventError)):
        other.import_bytes(data)
    assert other.list_matches() == []


def test_the_automatic_backup_carries_the_events(tmp_path):
    repo = open_repository(tmp_path / "a")
    event = _event(repo, EventFolder(tmp_path / "a"))
    path = repo.backup_now()
    other = open_repository(tmp_path / "b")
    other.import_file(path)
    assert EventFolder(tmp_path / "b").read(event.id).name == "Club night"


class Killed(BaseException):
    """The process dies here."""


@pytest.mark.parametrize("where", ["before_roll_forward", "before_events"])
def test_a_restore_killed_after_its_commit_point_brings_the_events_in_at_the_next_open(
    tmp_path, monkeypatch, where
):
    from seep_scorer.store.backup import imports as importcommit

    repo = open_repository(tmp_path / "a")
    event = _event(repo, EventFolder(tmp_path / "a"))
    shape = _shape(repo, event)
    data = _backup(repo)
    other = open_repository(tmp_path / "b")
    with monkeypatch.context() as m:
        if where == "before_roll_forward":

            def dead(self, folder):
                raise Killed

            m.setattr(importcommit.ImportCommit, "roll_forward", dead)
        else:

            def dead_events(*args):
                raise Killed

            m.setattr(importcommit, "finish_staged_events", dead_events)
        with pytest.raises(Killed):
            other.import_bytes(data)
    assert EventFolder(tmp_path / "b").ids() == []
    close_all()
    again = open_repository(tmp_path / "b")  # the open finishes the committed import
    assert _shape(again, EventFolder(tmp_path / "b").read(event.id)) == shape
    again.import_bytes(data, skip_present=True)
    assert EventFolder(tmp_path / "b").ids() == [event.id]  # and never twice


def test_the_import_command_restores_a_backups_events_and_says_so(tmp_path, capsys):
    from seep_scorer.cli import main

    repo = open_repository(tmp_path / "a")
    event = _event(repo, EventFolder(tmp_path / "a"))
    backup = tmp_path / "all.jsonl"
    backup.write_bytes(_backup(repo))
    close_all()
    run = ["--data-dir", str(tmp_path / "b")]
    assert main(["import", str(backup), *run]) == 0
    err = capsys.readouterr().err
    assert f"event {event.id} restored" in err
    assert main(["import", str(backup), *run]) == 0  # again: copies of the matches, not the event
    assert "restored" not in capsys.readouterr().err
    assert main(["event", "standings", event.id, "--json", *run]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 4


def test_an_event_line_naming_a_match_of_the_store_that_it_does_not_hold_is_refused(tmp_path):
    """Issue 32, item 4: an event line whose table 1 named a personal match already in the store,
    without that match's record, was restored, and then ending the round ended the personal match
    (a table phone would have scored into it). Refused, naming the line and field; nothing
    written. A match neither in the file nor here (deleted where the backup was made) stays."""
    repo = open_repository(tmp_path / "a")
    _event(repo, EventFolder(tmp_path / "a"))
    backup = _backup(repo)
    other = open_repository(tmp_path / "b")
    personal = other.create(finishing_match()).id
    before = tree_snapshot(tmp_path / "b")

    def aimed_at(mid):
        def change(e):
            e["rounds"][0]["tables"][0]["match"] = mid

        return change

    data = _with_event_line(backup, aimed_at(personal))
    with pytest.raises(EventError) as refused:
        other.import_bytes(data)
    assert refused.value.code == "event_in_file_damaged"
    assert refused.value.field.startswith("line ") and "tables[0].match" in refused.value.field
    assert personal in str(refused.value)
    assert tree_snapshot(tmp_path / "b") == before
    assert [m.id for m in other.list_matches()] == [personal]

    other.import_bytes(_with_event_line(backup, aimed_at("0badf00d")))  # deleted there: fine
    assert len(other.list_matches()) > 1
