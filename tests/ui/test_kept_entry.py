"""Issue 24 (a hall's load): the deal entry left after a save stays on the phone, hidden under
its scoreboard, and the next "Record deal" shows it again drawn afresh, instead of building and
sending its 250 controls for every deal; screen views are isolated, so an update diffs the screen
on top only; a table phone hears its own match's saves, not every table's."""

import asyncio

import flet as ft
from flet.pubsub.pubsub_hub import PubSubHub
from harness import Phone
from test_deal_small_updates import patched, wired
from test_event_phones import with_codes
from test_events_board import paired_event

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell import app as app_module
from seep_scorer.app.shell import app as live_module
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.state import RoleGrant, session_grant


def open_match(repo) -> str:
    vm = NewMatchVM(repo)
    vm.match_type = "open"
    return vm.start()


async def record(phone: Phone, card: str = "card-2S") -> None:
    await phone.tap("record-deal")
    await phone.tap(card)
    await phone.tap("save-deal")


def test_the_next_deal_shows_the_kept_entry_again_fresh_and_sends_a_tenth(repo):
    async def go():
        mid = open_match(repo)
        phone = await wired(Phone(make_main(lambda: repo))).start(f"/match/{mid}")
        await phone.tap("record-deal")
        entry = phone.page.views[-1]
        first_open = sum(phone.sizes)
        await phone.tap("card-KS")
        await phone.tap("sweep-0-normal-inc")
        await phone.tap("save-deal")
        assert phone.route == f"/match/{mid}" and phone.page.views[0] is entry  # kept, under
        assert not phone.has("card-KS")  # not on screen: the scoreboard is on top
        patched(phone)
        await phone.tap("record-deal")
        assert phone.page.views[-1] is entry and phone.route == f"/match/{mid}/deal"
        assert sum(phone.sizes) * 5 < first_open, (sum(phone.sizes), first_open)
        assert "Team A" in phone.text("card-KS")  # drawn afresh: every card with Team A again
        assert phone.text("sweep-0-normal").endswith("0")
        assert entry.appbar.title.value == "Record deal 2"
        assert not phone.enabled("save-deal")  # nothing entered yet
        await phone.tap("card-QS")
        await phone.tap("save-deal")
        deals = repo.get(mid).match.deals
        assert len(deals) == 2 and deals[1].cards[1] == frozenset({"QS"})  # the new entry's
        assert deals[0].sweeps != deals[1].sweeps

    asyncio.run(go())


def test_the_kept_entry_asks_before_back_and_starts_afresh_after_a_discard(repo):
    async def go():
        mid = open_match(repo)
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        await record(phone)
        await phone.tap("record-deal")
        asked = phone.page.views[-1]
        await phone.tap("card-JS")
        await phone.go_back()  # something entered: asks first
        assert phone.has("discard-deal"), phone.identifiers()
        await phone.tap("discard-deal-yes")
        assert phone.route == f"/match/{mid}"
        # An entry a dialog was shown over is not kept: in the browser, a dialog closed as its
        # page went under the scoreboard stayed with that page, and came back with it.
        assert all(v is not asked for v in phone.page.views)
        await phone.tap("record-deal")
        assert phone.page.views[-1] is not asked
        assert "Team A" in phone.text("card-JS")  # the discarded tap is gone
        await phone.go_back()  # nothing entered: no question
        assert phone.route == f"/match/{mid}" and len(repo.get(mid).match.deals) == 1

    asyncio.run(go())


def test_an_edit_a_swapped_entry_and_other_screens_get_an_entry_of_their_own(repo):
    async def go():
        mid = open_match(repo)
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        await record(phone)
        kept = phone.page.views[0]
        await phone.tap("deal-1")
        await phone.tap("edit-deal")  # an edit is its own entry, over the scoreboard
        assert phone.page.views[-1] is not kept and phone.route == f"/match/{mid}/deal/1/edit"
        await phone.tap("back")
        assert phone.route == f"/match/{mid}"
        await phone.tap("record-deal-swapped")  # "cards to Team B": its own entry too
        assert phone.page.views[-1] is not kept and "Team B" in phone.text("card-KS")
        await phone.tap("back")
        await phone.tap("record-deal")
        kept = phone.page.views[-1]
        await phone.tap("back")
        assert phone.page.views[0] is kept
        await phone.tap("nav-settings")  # another screen on top: nothing kept under it
        assert all(v is not kept for v in phone.page.views)

    asyncio.run(go())


def test_a_watching_phone_diffs_only_the_screen_on_top(repo):
    """The matches list under a scoreboard is isolated: another phone's save patches the
    scoreboard, not the list; back on the list, it shows the new figures."""

    async def go():
        mid = open_match(repo)
        hub = PubSubHub(asyncio.get_running_loop(), None)
        saver = await Phone(make_main(lambda: repo), hub=hub).start(f"/match/{mid}")
        watcher = await wired(Phone(make_main(lambda: repo), hub=hub)).start(f"/match/{mid}")
        below, top = watcher.page.views[0], watcher.page.views[-1]
        assert below.route == "/" and isinstance(below, ft.View) and below.is_isolated()
        patched(watcher)
        await record(saver)
        await watcher.settle()
        ids = patched(watcher)
        assert watcher.has("deal-1") and top._i in ids and below._i not in ids
        await watcher.tap("back")
        assert watcher.route == "/" and "1" in watcher.text(f"match-{mid}")

    asyncio.run(go())


async def event_phones(store):
    """A paired event with its codes, and how to open one of its phones (wired, as the server
    sends) on one pubsub hub."""
    event_id = paired_event(store)
    with_codes(store, event_id)
    hub = PubSubHub(asyncio.get_running_loop(), None)

    async def phone(grant: RoleGrant, route: str) -> Phone:
        token = session_grant.set(grant)
        try:
            return await wired(Phone(make_main(lambda: store), hub=hub)).start(route)
        finally:
            session_grant.reset(token)

    return event_id, phone


def test_a_table_phone_hears_its_own_tables_saves_only(store, monkeypatch):
    async def go():
        event_id, phone = await event_phones(store)
        heard: list = []  # the page of each session told of a save
        told = app_module.show_message

        async def counting(app, message):
            heard.append(app.page)
            await told(app, message)

        monkeypatch.setattr(app_module, "show_message", counting)

        one = await phone(RoleGrant("table", event_id, 1), f"/event/{event_id}/table/1")
        mate = await phone(RoleGrant("table", event_id, 1), f"/event/{event_id}/table/1")
        other = await phone(RoleGrant("table", event_id, 2), f"/event/{event_id}/table/2")
        board = await phone(RoleGrant("board", event_id), f"/event/{event_id}/board")
        patched(other)
        await record(one)
        for p in (mate, other, board):
            await p.settle()
        assert heard.count(mate.page) == 1 and heard.count(board.page) == 1
        assert other.page not in heard and not patched(other)  # another table: not woken at all
        assert mate.has("deal-1")

    asyncio.run(go())


def test_an_update_leaves_the_deal_rows_and_board_tables_undiffed(store):
    """A deal row and a board's table are drawn anew when they change, never in place: they are
    isolated, so an update does not even look inside them (a change made in one behind the
    app's back is not sent), and a scoreboard of many deals costs no more to update."""

    async def go():
        event_id, phone = await event_phones(store)
        saver = await phone(RoleGrant("table", event_id, 1), f"/event/{event_id}/table/1")
        watcher = await phone(RoleGrant("table", event_id, 1), f"/event/{event_id}/table/1")
        board = await phone(RoleGrant("board", event_id), f"/event/{event_id}/board")
        await record(saver)
        for p in (watcher, board):
            await p.settle()
        hidden = [
            next(t for t in _texts(watcher.find("deal-1"))),
            next(t for t in _texts(board.find("event-board-table-2"))),
        ]
        for text in hidden:
            text.value = "not from the app"
        patched(watcher), patched(board)
        await record(saver, "card-QS")
        for _ in range(300):  # the board redraws at most so often (server/limits.py)
            if watcher.conn.messages and board.conn.messages:
                break
            await asyncio.sleep(0.02)
        assert watcher.has("deal-2")
        for p in (watcher, board):
            sent = b"".join(_encoded(m) for m in p.conn.messages)
            assert sent and b"not from the app" not in sent

    asyncio.run(go())


def _texts(control):
    from harness import _walk

    return [c for c in _walk(control) if isinstance(c, ft.Text)]


def _encoded(message) -> bytes:
    import msgpack
    from flet.messaging.protocol import configure_encode_object_for_msgpack

    encode = configure_encode_object_for_msgpack(ft.BaseControl)
    return msgpack.packb([message.action, message.body], default=encode)


def test_a_save_reaches_the_other_phones_as_stored_with_no_read_back(repo, monkeypatch):
    """The match as it was just stored goes with the announcement: the other sessions of the
    server show it without reading it back (a stored revision never changes), so in a hall they
    wait for no thread and no file."""

    async def go():
        mid = open_match(repo)
        hub = PubSubHub(asyncio.get_running_loop(), None)
        saver = await Phone(make_main(lambda: repo), hub=hub).start(f"/match/{mid}")
        watcher = await Phone(make_main(lambda: repo), hub=hub).start(f"/match/{mid}")
        read_back = []  # the matches a session read back off the loop after a save
        reload = live_module.reload_after_message
        monkeypatch.setattr(
            live_module,
            "reload_after_message",
            lambda boards, screens: read_back.extend(boards) or reload(boards, screens),
        )
        await record(saver)
        await watcher.settle()
        assert watcher.has("deal-1") and "2" in watcher.text("totals-1")
        assert read_back == []

    asyncio.run(go())
