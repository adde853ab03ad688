"""Issue 24, items 4, 5 and 7: a table phone shows its match and nothing else (no navigation bar,
no back out of its scoreboard, a "Table N · Round R" header), moves on with the rounds and says
plainly when the event is over; the board and the table cards speak the organiser's language (the
event records it), each table phone its own device's."""

import asyncio

from harness import Phone
from test_events_board import JOIN, paired_event

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.state import RoleGrant, session_grant, session_join_address
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.store.events.codes import ensure_codes
from seep_scorer.store.events.record import EventFolder
from seep_scorer.store.events.rounds import end_round, pair_next_round


def with_codes(store, event_id: str) -> None:
    folder = EventFolder(store.data_dir)
    with folder.locked():  # as once the cards were shown: the round's tables have their codes
        folder.write(ensure_codes(folder.read(event_id)))


async def joined(store, grant: RoleGrant, route: str, language: str | None = None) -> Phone:
    token = session_grant.set(grant)  # what the role door does for a phone that scanned a card
    try:
        return await Phone(make_main(lambda: store), accept_language=language).start(route)
    finally:
        session_grant.reset(token)


def nav_items(phone: Phone) -> set[str]:
    return {i for i in phone.identifiers() if i.startswith("nav-")}


def test_a_table_phone_shows_its_match_only_without_the_apps_chrome(store):
    async def go():
        event_id = paired_event(store)
        with_codes(store, event_id)
        match = EventFolder(store.data_dir).read(event_id).rounds[0].tables[1].match
        phone = await joined(store, RoleGrant("table", event_id, 2), f"/event/{event_id}/table/2")
        assert phone.route == f"/match/{match}" and phone.has("record-deal")
        assert phone.page.views[-1].bottom_appbar is None and not nav_items(phone)
        assert phone.text("event-table-header") == "Table 2 · Round 1"
        assert not phone.has("back") and len(phone.page.views) == 1  # nothing under it
        for gone in ("end-match", "open-review", "invite"):
            assert not phone.has(gone), gone
        await phone.go_back()  # the system's back on its scoreboard: it stays
        assert phone.route == f"/match/{match}" and not nav_items(phone)
        await phone.tap("record-deal")  # the deal entry: no bar either, back to the scoreboard
        assert phone.route == f"/match/{match}/deal" and not nav_items(phone)
        assert phone.has("back") and phone.has("event-table-header")
        await phone.tap("back")
        assert phone.route == f"/match/{match}"
        await phone.tap(next(i for i in phone.identifiers() if i.startswith("help-")))
        assert "/rules" in phone.route and not nav_items(phone)  # the rules, from a help mark
        await phone.tap("back")
        assert phone.route == f"/match/{match}"

    asyncio.run(go())


def test_a_table_phone_moves_to_its_next_match_and_says_when_the_event_is_over(store):
    async def go():
        event_id = paired_event(store)
        with_codes(store, event_id)
        folder = EventFolder(store.data_dir)
        first = folder.read(event_id).rounds[0].tables[0].match
        phone = await joined(store, RoleGrant("table", event_id, 1), f"/event/{event_id}/table/1")
        assert phone.route == f"/match/{first}"
        app_route = phone.route
        end_round(store, folder, event_id)
        pair_next_round(store, folder, event_id)
        second = folder.read(event_id).rounds[1].tables[0].match
        for _ in range(400):  # watch_rounds: one look at the event files every 2 s
            if phone.route != app_route:
                break
            await asyncio.sleep(0.02)
        assert phone.route == f"/match/{second}"
        assert phone.text("event-table-header") == "Table 1 · Round 2"
        end_round(store, folder, event_id)
        pair_next_round(store, folder, event_id)
        end_round(store, folder, event_id)  # the last of three rounds: the event is over
        for _ in range(400):
            if phone.has("event-over"):
                break
            await asyncio.sleep(0.02)
        assert "The event is over" in phone.text("event-over")
        assert not nav_items(phone) and not phone.has("record-deal") and not phone.has("back")

    asyncio.run(go())


def test_the_board_and_the_cards_speak_the_organisers_language_each_phone_its_own(store):
    async def go():
        event_id = paired_event(store)
        with_codes(store, event_id)
        folder = EventFolder(store.data_dir)
        with folder.locked():  # created by a Punjabi-speaking organiser
            event = folder.read(event_id)
            event.language = "pa"
            folder.write(event)
        board = await joined(store, RoleGrant("board", event_id), f"/event/{event_id}/board", "en")
        assert "ਮੇਜ਼" in board.text("event-board") and "Standings" not in board.text("event-board")
        assert not nav_items(board)
        table = await joined(store, RoleGrant("table", event_id, 1), f"/event/{event_id}/table/1")
        assert table.text("event-table-header") == "Table 1 · Round 1"  # the phone's own: English
        token = session_join_address.set(JOIN)
        try:  # an English organiser device opening the cards: in the event's language
            cards = await Phone(make_main(lambda: store)).start(f"/event/{event_id}/cards")
        finally:
            session_join_address.reset(token)
        assert "ਮੇਜ਼" in cards.text("event-table-card-1")
        from seep_scorer.app.events.cards_model import CardsVM
        from seep_scorer.app.events.event_model import EventVM

        with using(UILocale("en")):
            _name, page = CardsVM(EventVM(store, event_id), JOIN).printable()
        assert "ਮੇਜ਼ 1" in page.decode() and "Table 1" not in page.decode()

    asyncio.run(go())


def test_the_organisers_language_is_recorded_when_the_event_is_created_and_a_round_paired(store):
    from seep_scorer.app.events.event_model import EventVM
    from seep_scorer.app.events.home_model import NewEventVM

    with using(UILocale("hi")):
        new = NewEventVM(store)
        new.name = "Club night"
        for names in (["A", "a1", "a2"], ["B", "b1", "b2"]):
            assert new.add_entrant(names), new.message
        event_id = new.create()
    assert event_id, new.message
    folder = EventFolder(store.data_dir)
    assert folder.read(event_id).language == "hi"
    with using(UILocale("pa")):
        assert EventVM(store, event_id).pair()
    assert folder.read(event_id).language == "pa"
    reread = EventFolder(store.data_dir).read(event_id)  # and it reads back strictly
    assert reread.language == "pa" and reread.to_dict()["language"] == "pa"


def test_the_cards_page_gives_the_board_its_address_and_qr_code(store):
    import base64

    from test_events_board import _walk, decode

    from seep_scorer.app.shell.state import board_join_url

    async def go():
        event_id = paired_event(store)
        token = session_join_address.set(JOIN)
        try:
            cards = await Phone(make_main(lambda: store)).start(f"/event/{event_id}/cards")
        finally:
            session_join_address.reset(token)
        code = EventFolder(store.data_dir).read(event_id).codes["board"]
        address = board_join_url("http://192.0.2.7:8550", event_id, code)
        assert address in cards.text("event-board-card")
        image = next(
            c for c in _walk(cards.find("event-board-card")) if type(c).__name__ == "Image"
        )
        assert decode(base64.b64decode(image.src)) == address
        # Each table's address as text too (issue 33, item 7): a phone whose camera cannot scan
        # types it. On screen and on the printed page.
        from seep_scorer.app.events.cards_model import CardsVM
        from seep_scorer.app.events.event_model import EventVM
        from seep_scorer.app.shell.state import table_join_url

        codes = EventFolder(store.data_dir).read(event_id).codes["tables"]
        for table, code in codes.items():
            wanted = table_join_url("http://192.0.2.7:8550", event_id, int(table), code)
            assert wanted in cards.text(f"event-table-card-{table}"), table
        vm = CardsVM(EventVM(store, event_id), JOIN)
        vm.load()
        _name, printed = vm.printable()
        for table, code in codes.items():
            wanted = table_join_url("http://192.0.2.7:8550", event_id, int(table), code)
            assert f'<p class="address" dir="ltr">{wanted}</p>' in printed.decode(), table

    asyncio.run(go())


def test_the_board_shows_the_next_rounds_tables_as_soon_as_it_is_paired(store):
    from seep_scorer.app.shell.roles import TOPIC

    async def go():
        event_id = paired_event(store)
        with_codes(store, event_id)
        folder = EventFolder(store.data_dir)
        board = await joined(store, RoleGrant("board", event_id), f"/event/{event_id}/board")
        assert "playing" in board.text("event-board-table-1")
        other = await Phone(make_main(lambda: store), hub=board.hub).start("/")
        end_round(store, folder, event_id)
        pair_next_round(store, folder, event_id)
        other.page.pubsub.send_others_on_topic(TOPIC, ("match", None))  # as the organiser's Pair
        event = folder.read(event_id)
        names = event.names()
        sides = event.rounds[1].tables[0].sides
        teams = f"{names[sides[0][0]]} vs {names[sides[1][0]]}"
        for _ in range(100):
            if teams in board.text("event-board-table-1"):
                break
            await asyncio.sleep(0.02)
        said = board.text("event-board-table-1")
        assert teams in said and "no longer stored" not in said and "0 deals" in said, said

    asyncio.run(go())


def test_a_table_phone_after_its_round_ended_offers_nothing_it_cannot_do(store):
    """Issue 33, item 6: after the organiser ended the round, the table phone still offered "Take
    back deal 2", and tapping it said the change could not be saved, as if the disk were at
    fault. Now it says the round is over and offers no Record deal, Undo, Edit or Delete; its
    deals can still be read."""
    from dataclasses import replace

    from seep_scorer.rules import Deal

    async def go():
        event_id = paired_event(store)
        with_codes(store, event_id)
        folder = EventFolder(store.data_dir)
        match = folder.read(event_id).rounds[0].tables[0].match
        stored = store.get(match)
        deals = (Deal(points=(60, 40)), Deal(points=(30, 70)))
        store.save(match, replace(stored.match, deals=deals), stored.revision)
        phone = await joined(store, RoleGrant("table", event_id, 1), f"/event/{event_id}/table/1")
        await phone.tap("record-deal")  # an entry open when the round ends
        assert phone.route == f"/match/{match}/deal"
        end_round(store, folder, event_id)
        for _ in range(400):  # watch_rounds: one look at the event files every 2 s
            if phone.has("event-round-over"):
                break
            await asyncio.sleep(0.02)
        assert phone.route == f"/match/{match}"
        assert "Round 1 is over" in phone.text("event-round-over")
        for gone in ("record-deal", "record-deal-swapped", "undo-deal", "redo-deal"):
            assert not phone.has(gone), gone
        assert phone.text("event-table-header") == "Table 1 · Round 1"
        await phone.tap("deal-2")  # a deal can still be read, not changed
        assert phone.route == f"/match/{match}/deal/2"
        assert not phone.has("edit-deal") and not phone.has("delete-deal")
        assert phone.has("event-round-over")
        assert len(store.get(match).match.deals) == 2

    asyncio.run(go())


def test_a_table_phones_change_refused_by_its_role_is_told_as_such_not_as_a_disk_fault(store):
    """The round ended a moment before the phone saw it: its Undo is refused by its role, and it
    says so (the round is over), not "ask whoever runs Seep Scorer to check its data folder"."""

    async def go():
        event_id = paired_event(store)
        with_codes(store, event_id)
        folder = EventFolder(store.data_dir)
        match = folder.read(event_id).rounds[0].tables[0].match
        phone = await joined(store, RoleGrant("table", event_id, 1), f"/event/{event_id}/table/1")
        await phone.tap("record-deal")
        await phone.tap("card-KS")
        await phone.tap("save-deal")
        assert phone.has("deal-1")
        end_round(store, folder, event_id)
        await phone.tap("undo-deal")  # before its next look at the event file
        shown = " ".join(phone.text(i) for i in phone.identifiers() if i in ("notice", "alert"))
        shown = shown or str([phone.text(i) for i in sorted(phone.identifiers())])
        assert "the round is over" in shown and "data folder" not in shown, shown
        assert len(store.get(match).match.deals) == 1

    asyncio.run(go())
