"""Issue 24, item 3: entrants from a CSV file (the browser's file chooser) or by hand, refused
with a clear message; withdrawn or absent for the next round, and back in."""

import asyncio
from types import SimpleNamespace

from harness import Phone
from test_events_board import paired_event

from seep_scorer.app.events.home_model import NewEventVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.store.events.record import EventFolder

CSV = b"team,player1,player2\nLions,Asha,Bilal\n\nTigers,Chitra,Dev\nHawks,Esha,Farid\n"


def test_entrants_from_a_csv_file_and_a_bad_one_changes_nothing(store):
    async def go():
        phone = await Phone(make_main(lambda: store)).start("/events/new")
        screen = phone.page.views[-1]
        app_screen = next(s for s in _screens(phone) if s.view is screen)
        picked = SimpleNamespace(files=[SimpleNamespace(name="night.csv", bytes=CSV, size=60)])
        await app_screen._picked(picked)
        await phone.settle()
        assert "3 entrants read from night.csv." in phone.text("notice")
        assert len(app_screen.vm.entrants) == 3
        bad = SimpleNamespace(files=[SimpleNamespace(name="bad.csv", bytes=b"name\nA\n", size=8)])
        await app_screen._picked(bad)
        assert "bad.csv must start with the header team,player1,player2" in phone.text("notice")
        assert len(app_screen.vm.entrants) == 3
        await phone.type("event-name", "Night")
        await phone.tap("event-create")
        event_id = phone.route.rsplit("/", 1)[1]
        assert [e.name for e in EventFolder(store.data_dir).read(event_id).entrants] == [
            "Lions", "Tigers", "Hawks",
        ]  # fmt: skip

    asyncio.run(go())


def test_a_refused_entrant_or_event_says_why_and_writes_nothing(store):
    vm = NewEventVM(store)
    assert vm.add_entrant(["Lions", "Asha", "Bilal"])
    assert not vm.add_entrant(["lions", "Chitra", "Dev"]) and vm.message
    assert not vm.add_entrant(["Tigers", "Asha", "Dev"]) and vm.message  # a player in two pairs
    assert len(vm.entrants) == 1
    vm.name = ""
    assert vm.create() is None and "name" in vm.message
    assert EventFolder(store.data_dir).ids() == []


def test_withdraw_absent_and_back_in(store):
    async def go():
        event_id = paired_event(store)
        phone = await Phone(make_main(lambda: store)).start(f"/event/{event_id}")
        await phone.tap("event-entrant-withdraw-1")
        await phone.tap("event-entrant-absent-2")
        event = EventFolder(store.data_dir).read(event_id)
        first, second = event.entrants[0].key, event.entrants[1].key
        assert event.withdrawn == [first] and event.absent == {2: [second]}
        assert phone.has("event-entrant-back-1") and phone.has("event-entrant-back-2")
        await phone.tap("event-entrant-back-2")
        event = EventFolder(store.data_dir).read(event_id)
        assert event.absent.get(2, []) == [] and event.withdrawn == [first]

    asyncio.run(go())


def _screens(phone):
    import gc

    from seep_scorer.app.shell.app import App

    apps = [o for o in gc.get_objects() if isinstance(o, App) and o.page is phone.page]
    return list(apps[0].screens.values())


def test_entrants_added_on_the_event_screen_before_round_1_only(store):
    async def go():
        phone = await Phone(make_main(lambda: store)).start("/events/new")
        await phone.type("event-name", "Late list")
        await phone.tap("event-create")
        event_id = phone.route.rsplit("/", 1)[1]
        for team, p1, p2 in [("Lions", "Asha", "Bilal"), ("Tigers", "Chitra", "Dev")]:
            await phone.type("event-entrant-team", team)
            await phone.type("event-entrant-player1", p1)
            await phone.type("event-entrant-player2", p2)
            await phone.tap("event-entrant-add")
        await phone.type("event-entrant-team", "Hawks")
        await phone.type("event-entrant-player1", "Asha")  # already plays for the Lions
        await phone.type("event-entrant-player2", "Esha")
        await phone.tap("event-entrant-add")
        assert phone.has("notice")
        names = [e.name for e in EventFolder(store.data_dir).read(event_id).entrants]
        assert names == ["Lions", "Tigers"]
        await phone.tap("event-pair")
        assert not phone.has("event-entrant-add")

    asyncio.run(go())


def test_an_individual_event_from_the_form_pairs_tables_of_four(store):
    from seep_scorer.app.events.event_model import EventVM

    vm = NewEventVM(store)
    vm.set_kind("individual")
    assert vm.system == "individual"
    for name in ["Asha", "Bilal", "Chitra", "Dev", "Esha", "Farid", "Gita", "Hari", "Ila"]:
        assert vm.add_entrant([name])
    vm.name, vm.rounds = "Mixer", 2
    event = EventVM(store, vm.create())
    assert event.can_pair and event.pair()
    assert len(event.tables) == 2 and len(event.byes) == 1  # nine players: one sits out
    assert all(" & " in side for t in event.tables for side in t.teams)
    assert len(event.standings) == 9
