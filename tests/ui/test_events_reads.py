"""Issue 24, item 5: a board reloads on every deal saved in the hall, so a reload reads only the
current round's matches afresh; the earlier rounds' are kept for a while (a correction there shows
once that time is up, and at once on a screen opened anew)."""

from dataclasses import replace

from test_events_board import paired_event
from test_events_organiser import win_table

from seep_scorer.rules import Deal
from seep_scorer.store.eventrun import pair_next_round
from seep_scorer.store.events import EventFolder
from seep_scorer.ui.viewmodels import event as event_vm
from seep_scorer.ui.viewmodels.event import EventVM


class Counting:
    """The store, counting the matches read."""

    def __init__(self, repo):
        self.repo, self.reads = repo, 0
        self.data_dir = repo.data_dir

    def get(self, match_id):
        self.reads += 1
        return self.repo.get(match_id)

    def __getattr__(self, name):
        return getattr(self.repo, name)


def test_a_reload_reads_the_current_round_and_keeps_the_earlier_ones_a_while(store, monkeypatch):
    event_id = paired_event(store)
    folder = EventFolder(store.data_dir)
    first = folder.read(event_id).rounds[0].tables
    for t in first:
        win_table(store, t.match)
    pair_next_round(store, folder, event_id)
    counted = Counting(store)
    vm = EventVM(counted, event_id)
    assert counted.reads == 4  # both rounds, two tables each
    assert [s.points for s in vm.standings] == [2, 2, 0, 0]
    counted.reads = 0
    vm.load()
    assert counted.reads == 2  # round 2's tables only
    # a correction of round 1: the winner of table 1 becomes its loser
    stored = store.get(first[0].match)
    store.save(first[0].match, replace(stored.match, deals=(Deal(points=(5, 95)),) * 3), 2)
    vm.load()
    assert vm.past[0][1][0].winner == 0  # kept
    monkeypatch.setattr(event_vm, "PAST_TTL", 0.0)
    vm.load()
    assert vm.past[0][1][0].winner == 1
    assert EventVM(store, event_id).past[0][1][0].winner == 1  # a new screen reads it all
