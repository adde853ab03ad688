"""Pairing a round survives a process killed at any point (store/events/rounds.py): after a restart
(new objects on the same data folder) every match tagged with the event is one the event knows,
every match the event knows is stored, and the next pairing works."""

from __future__ import annotations

import pytest

from seep_scorer.store.events.record import EventFolder
from seep_scorer.store.events.rounds import (
    end_round,
    entrant_of,
    pair_next_round,
    plan_event,
    settle_all,
)
from seep_scorer.store.registry import close_all, open_repository


class Killed(BaseException):
    """The process dies here: nothing after it runs, no clean-up either."""


def _night(tmp_path, teams="ABCDEF", match=None):
    repo = open_repository(tmp_path)
    folder = EventFolder(tmp_path)
    pairs = [entrant_of("pairs", [f"Team {c}", f"{c}1", f"{c}2"], ["team"] * 3) for c in teams]
    event = plan_event("Club night", "pairs", "swiss", 3, "standard", match, pairs)
    folder.write(event)
    return repo, folder, event.id


def _tagged(repo, event_id) -> set[str]:
    out = set()
    for summary in repo.list_matches():
        tag = repo.get(summary.id).match.extra.get("top", {}).get("event", {})
        if tag.get("id") == event_id:
            out.add(summary.id)
    return out


def _known(event) -> set[str]:
    return {t.match for rnd in event.rounds for t in rnd.tables}


def _consistent(tmp_path, event_id):
    """Restart: a new repository and folder, settled as at an open; the event agrees with the
    matches stored."""
    close_all()
    repo = open_repository(tmp_path)
    folder = EventFolder(tmp_path)
    settle_all(repo, folder)
    event = folder.read(event_id)
    assert not any(r.pairing for r in event.rounds)
    assert _tagged(repo, event_id) == _known(event)
    for rnd in event.rounds:
        for t in rnd.tables:
            tag = repo.get(t.match).match.extra["top"]["event"]
            assert tag == {"id": event_id, "round": rnd.number, "table": t.table}
    return repo, folder, event


def _kill_at(monkeypatch, repo, folder, step: int) -> None:
    """The store's writes (event record writes and match creations) counted in order; the
    process dies at write number `step`, and every write after it fails as a dead process's."""
    count = {"n": 0}
    dead = {"yes": False}

    def wrap(inner):
        def write(*args, **kwargs):
            if dead["yes"]:
                raise Killed
            count["n"] += 1
            if count["n"] == step:
                dead["yes"] = True
                raise Killed
            return inner(*args, **kwargs)

        return write

    monkeypatch.setattr(folder, "write", wrap(folder.write))
    monkeypatch.setattr(repo, "restore", wrap(repo.restore))
    monkeypatch.setattr(repo, "delete", wrap(repo.delete))
    monkeypatch.setattr(repo, "create", wrap(repo.create))


# round 1 of 6 pairs: the plan, 3 matches, the record marked paired = 5 writes; 6: after them all
@pytest.mark.parametrize("step", [1, 2, 3, 4, 5, 6])
def test_a_round_killed_at_any_write_is_whole_after_a_restart(tmp_path, monkeypatch, step):
    repo, folder, eid = _night(tmp_path)
    with monkeypatch.context() as m:
        _kill_at(m, repo, folder, step)
        try:
            pair_next_round(repo, folder, eid)
        except Killed:
            pass
    repo, folder, event = _consistent(tmp_path, eid)
    # step 1: the plan never landed, no round; later: the round was planned, so it is finished
    assert len(event.rounds) == (0 if step == 1 else 1)
    if event.rounds:
        assert len(event.rounds[0].tables) == 3 and len(_tagged(repo, eid)) == 3
    else:
        assert _tagged(repo, eid) == set()
    # and the night goes on: the next round pairs as usual
    if event.rounds:
        end_round(repo, folder, eid)
    _event, rnd = pair_next_round(repo, folder, eid)
    assert rnd.number == len(event.rounds) + 1
    _consistent(tmp_path, eid)
    close_all()


def test_a_refusal_half_way_takes_the_round_back(tmp_path, monkeypatch):
    """A disk that fails on the second match (not a kill): the round is not paired, no match of
    it stays, the current round's cards keep their codes, and pairing again works."""
    from seep_scorer.rules import Deal

    repo, folder, eid = _night(tmp_path, match=("first_to", 1))
    _event, rnd = pair_next_round(repo, folder, eid)
    for t in rnd.tables:  # every match played to its end: the round's cards still open tables
        stored = repo.get(t.match)
        repo.save(t.match, stored.match.with_deals([Deal(points=(92, 8))]), stored.revision)
        assert repo.get(t.match).finished
    first = folder.read(eid)
    assert len(first.codes["tables"]) == 3
    calls = {"n": 0}
    inner = repo.restore

    def failing(stored):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError(28, "No space left on device")
        return inner(stored)

    monkeypatch.setattr(repo, "restore", failing)
    with pytest.raises(OSError):
        pair_next_round(repo, folder, eid)
    monkeypatch.undo()
    after = folder.read(eid)
    assert after.to_dict() == first.to_dict()  # codes and all
    assert _tagged(repo, eid) == _known(first)
    _event, rnd = pair_next_round(repo, folder, eid)
    assert rnd.number == 2
    _consistent(tmp_path, eid)
    close_all()


def test_a_half_paired_round_opens_no_table(tmp_path, monkeypatch):
    """Until its matches are all made, the round's table codes let no phone in."""
    from seep_scorer.store.events.codes import opened_by

    repo, folder, eid = _night(tmp_path)
    with monkeypatch.context() as m:
        _kill_at(m, repo, folder, 3)
        with pytest.raises(Killed):
            pair_next_round(repo, folder, eid)
    event = folder.read(eid)
    assert event.rounds[-1].pairing
    assert all(opened_by(event, code) is None for code in event.codes["tables"].values())
    assert opened_by(event, event.codes["board"]).role == "board"
    close_all()


def test_a_table_phone_stays_on_its_match_until_the_next_round_is_whole(tmp_path, monkeypatch):
    """A table phone (app/shell/roles.py) reads the record: a round half paired is not its round
    yet, so it never moves to a match that is not made."""
    from seep_scorer.app.shell.roles import RoleSession
    from seep_scorer.app.shell.state import RoleGrant

    repo, folder, eid = _night(tmp_path)
    _event, first = pair_next_round(repo, folder, eid)
    end_round(repo, folder, eid)
    role = RoleSession(repo, RoleGrant("table", eid, 1))
    role.refresh()
    assert role.match_id == first.tables[0].match
    with monkeypatch.context() as m:
        _kill_at(m, repo, folder, 2)  # the plan is written, no match of it made
        with pytest.raises(Killed):
            pair_next_round(repo, folder, eid)
    assert folder.read(eid).rounds[-1].pairing
    role.refresh()
    assert role.match_id == first.tables[0].match and not role.writable
    repo, folder, event = _consistent(tmp_path, eid)
    role = RoleSession(repo, RoleGrant("table", eid, 1))
    role.refresh()
    assert role.match_id == event.rounds[-1].tables[0].match and role.writable
    close_all()
