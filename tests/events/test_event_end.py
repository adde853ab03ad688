"""An event comes to an end (spec/events.md: Swiss and individual events have N rounds): one is
not created without its number of rounds, and the organiser can end any event after its current
round (`seep-scorer event end`, store: eventrun.end_event), its codes ending with it."""

from __future__ import annotations

import json

import pytest

from seep_scorer.cli import main
from seep_scorer.store.events.codes import event_over
from seep_scorer.store.events.record import EventError, EventFolder
from seep_scorer.store.events.rounds import end_event, entrant_of, pair_next_round, plan_event
from seep_scorer.store.registry import close_all, open_repository


@pytest.fixture(autouse=True)
def _closed():
    yield
    close_all()


def _pairs(letters="ABCD"):
    return [entrant_of("pairs", [f"Team {c}", f"{c}1", f"{c}2"], ["t"] * 3) for c in letters]


@pytest.mark.parametrize("kind, system", [("pairs", "swiss"), ("individual", "individual")])
def test_a_swiss_or_individual_event_needs_its_number_of_rounds(kind, system):
    with pytest.raises(EventError) as refused:
        plan_event("Night", kind, system, None, "standard", None, [])
    assert refused.value.code == "rounds_needed" and refused.value.field == "--rounds"
    assert "rounds" in str(refused.value)
    # a round robin's rounds follow from its entrants
    assert (
        plan_event("Night", "pairs", "round-robin", None, "standard", None, []).planned_rounds
        is None
    )


def test_the_cli_refuses_a_swiss_event_without_rounds_and_writes_nothing(tmp_path, capsys):
    data = tmp_path / "data"
    code = main(["event", "new", "Night", "--pairs", "--system", "swiss", "--data-dir", str(data)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "--rounds" in err and err.count("\n") == 1
    assert not data.exists()


def _old_swiss_without_rounds(tmp_path):
    """A Swiss event stored before its rounds were required (planned_rounds null)."""
    repo = open_repository(tmp_path)
    folder = EventFolder(tmp_path)
    event = plan_event("Night", "pairs", "swiss", 3, "standard", None, _pairs())
    event.planned_rounds = None
    folder.write(event)
    return repo, folder, event.id


def test_the_organiser_ends_an_event_that_would_never_be_over(tmp_path):
    repo, folder, eid = _old_swiss_without_rounds(tmp_path)
    pair_next_round(repo, folder, eid)
    assert folder.read(eid).codes and not event_over(folder.read(eid))
    event, stopped = end_event(repo, folder, eid)
    assert stopped == [1, 2]  # both matches were open: ended as they stood
    event = folder.read(eid)
    assert event_over(event) and event.codes == {} and event.planned_rounds == 1
    for rnd in event.rounds:
        for t in rnd.tables:
            assert repo.get(t.match).finished
    with pytest.raises(EventError) as refused:
        pair_next_round(repo, folder, eid)
    assert refused.value.code == "all_rounds_paired"
    assert end_event(repo, folder, eid)[1] == []  # again: nothing more to stop


def test_an_event_with_no_round_cannot_be_ended(tmp_path):
    repo, folder, eid = _old_swiss_without_rounds(tmp_path)
    with pytest.raises(EventError) as refused:
        end_event(repo, folder, eid)
    assert refused.value.code == "no_round_yet"


def test_event_end_on_the_command_line(tmp_path, capsys):
    _repo, folder, eid = _old_swiss_without_rounds(tmp_path)
    close_all()
    run = ["--data-dir", str(tmp_path)]
    assert main(["event", "pair", eid, *run]) == 0
    capsys.readouterr()
    assert main(["event", "end", eid, *run]) == 0
    out, _err = capsys.readouterr()
    assert f"event {eid} is over after round 1" in out and "table(s): 1, 2" in out
    assert main(["event", "list", "--json", *run]) == 0
    (row,) = json.loads(capsys.readouterr()[0])
    assert (row["round"], row["rounds"]) == (1, 1)
    assert main(["event", "pair", eid, *run]) == 2
    assert "all paired" in capsys.readouterr()[1]
    assert main(["event", "end", "0badbad0", *run]) == 2
