"""Issue 24, load: a board reloads on every deal saved in the hall, so a reload reads again only
the matches a save announced, once for every screen of the event (app/events/event_model.py),
and the standings are worked out once per change; a save announced after that shows its new
standings; a change nobody announced shows within FRESH_SECONDS, and at once on a screen opened
anew."""

from dataclasses import replace

from test_events_board import paired_event
from test_events_organiser import win_table

from seep_scorer.app.events import event_model as eventshare
from seep_scorer.app.events.event_model import EventVM
from seep_scorer.rules import Deal
from seep_scorer.store.events import rounds as eventrun
from seep_scorer.store.events.record import EventFolder
from seep_scorer.store.events.rounds import pair_next_round


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


def two_rounds(store) -> tuple[str, list]:
    event_id = paired_event(store)
    folder = EventFolder(store.data_dir)
    first = folder.read(event_id).rounds[0].tables
    for t in first:
        win_table(store, t.match)
    pair_next_round(store, folder, event_id)
    return event_id, first


def test_a_reload_reads_only_the_match_a_save_announced_once_for_every_screen(store):
    event_id, first = two_rounds(store)
    one, two = Counting(store), Counting(store)
    board, other = EventVM(one, event_id), EventVM(two, event_id)
    assert one.reads == 4 and two.reads == 4  # a screen opened anew reads every match
    one.reads = two.reads = 0
    board.load()
    other.load()
    assert one.reads == 0 and two.reads == 0  # nothing announced: nothing read
    second = EventFolder(store.data_dir).read(event_id).rounds[1].tables
    win_table(store, second[0].match)
    eventshare.changed(second[0].match)  # as the live table does for every save
    board.load()
    other.load()
    assert one.reads + two.reads == 1  # the saved match, read once for both screens
    assert board.tables[0].finished and other.tables[0].finished


def test_a_save_after_the_standings_were_worked_out_shows_the_new_standings(store, monkeypatch):
    event_id, first = two_rounds(store)
    worked = []
    real = eventrun.event_standings
    monkeypatch.setattr(
        eventrun, "event_standings", lambda *a: worked.append(1) or real(*a)
    )  # fmt: skip
    board, other = EventVM(store, event_id), EventVM(store, event_id)
    assert [s.points for s in board.standings] == [2, 2, 0, 0]
    worked.clear()
    board.load()
    other.load()
    assert worked == []  # nothing changed: the standings as worked out
    second = EventFolder(store.data_dir).read(event_id).rounds[1].tables
    win_table(store, second[0].match)
    eventshare.changed(second[0].match)
    board.load()
    other.load()
    assert worked == [1]  # once for both screens
    assert [s.points for s in board.standings] == [4, 2, 0, 0]
    assert other.standings == board.standings


def test_a_change_nobody_announced_shows_within_fresh_seconds_and_on_a_new_screen(
    store, monkeypatch
):
    event_id, first = two_rounds(store)
    vm = EventVM(store, event_id)
    # a correction of round 1 (the command line, say): the winner of table 1 becomes its loser
    stored = store.get(first[0].match)
    store.save(first[0].match, replace(stored.match, deals=(Deal(points=(5, 95)),) * 3), 2)
    vm.load()
    assert vm.past[0][1][0].winner == 0  # kept
    assert EventVM(store, event_id).past[0][1][0].winner == 1  # a new screen reads it all
    vm.load()
    assert vm.past[0][1][0].winner == 1  # and so every screen of the event shows it
    stored = store.get(first[0].match)
    store.save(first[0].match, replace(stored.match, deals=(Deal(points=(95, 5)),) * 3), 3)
    monkeypatch.setattr(eventshare, "FRESH_SECONDS", 0.0)
    vm.load()
    assert vm.past[0][1][0].winner == 0


def test_a_round_paired_is_read_in_full(store):
    event_id = paired_event(store)
    folder = EventFolder(store.data_dir)
    vm = EventVM(store, event_id)
    for t in folder.read(event_id).rounds[0].tables:
        win_table(store, t.match)
    pair_next_round(store, folder, event_id)
    eventshare.changed(None)  # as the organiser's screen tells the others
    vm.load()
    assert vm.round == 2 and len(vm.tables) == 2 and [t.deals for t in vm.past[0][1]] == [3, 3]
