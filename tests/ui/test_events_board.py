"""Issue 24, items 3 and 5: the table cards (a QR code of each table phone's join address with
its table's code, on screen and as a page to print) and the board (read-only, standings and the
round's tables, updated live when a deal is saved, showing no code).

The codes and roles part (ui.eventcodes, store.eventcodes) is stubbed here as the interface
between the two parts says."""

import asyncio
import base64
import html
import io
import re
from dataclasses import replace

import pytest
from harness import Phone
from PIL import Image
from test_events_organiser import PAIRS, win_table

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.roles import TOPIC
from seep_scorer.app.shell.state import session_join_address, table_join_url
from seep_scorer.rules import Deal
from seep_scorer.store.events.codes import ensure_codes
from seep_scorer.store.events.record import EventFolder
from seep_scorer.store.events.rounds import entrant_of, pair_next_round, plan_event

JOIN = "http://192.0.2.7:8550/?token=Zk3_q-TestToken0123456789"


@pytest.fixture
def codes():
    """The codes as the store makes them (store/events/codes.py): read back from the event file."""

    def of(store, event_id) -> dict:
        return EventFolder(store.data_dir).read(event_id).codes

    return of


def paired_event(store, pairs=PAIRS) -> str:
    entrants = [entrant_of("pairs", list(p), ["NAME"] * 3) for p in pairs]
    event = plan_event("Club night", "pairs", "swiss", 3, "standard", None, entrants)
    folder = EventFolder(store.data_dir)
    with folder.locked():
        folder.write(event)
    pair_next_round(store, folder, event.id)
    return event.id


def decode(png: bytes) -> str:
    import zxingcpp

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(found) == 1, found
    return found[0].text


async def organiser(store, route, size=(412, 915)):
    joined = session_join_address.set(JOIN)  # what the token gate does for the host's session
    try:
        return await Phone(make_main(lambda: store), size=size).start(route)
    finally:
        session_join_address.reset(joined)


def test_each_table_card_has_its_number_and_a_qr_of_its_tables_join_address(store, codes):
    async def go():
        event_id = paired_event(store)
        phone = await organiser(store, f"/event/{event_id}")
        await phone.tap("event-cards")
        assert phone.route == f"/event/{event_id}/cards"
        for n in (1, 2):
            card = phone.find(f"event-table-card-{n}")
            assert f"Table {n}" in phone.text(f"event-table-card-{n}")
            image = next(c for c in _walk(card) if c.__class__.__name__ == "Image")
            address = decode(base64.b64decode(image.src))
            code = codes(store, event_id)["tables"][str(n)]
            assert address == table_join_url("http://192.0.2.7:8550", event_id, n, code)
            assert address.startswith(f"http://192.0.2.7:8550/event/{event_id}/table/{n}#")
        assert not phone.has("event-table-card-3")

    asyncio.run(go())


def test_the_printable_page_has_every_card_with_its_code(store, codes):
    from seep_scorer.app.events.cards_model import CardsVM
    from seep_scorer.app.events.event_model import EventVM

    event_id = paired_event(store, PAIRS + [("Bears", "Ila", "Jai"), ("Crows", "Kiran", "Lata")])
    name, data = CardsVM(EventVM(store, event_id), JOIN).printable()
    page = data.decode()
    assert name == f"table-cards-{event_id}-round-1.html"
    assert page.count('class="card"') == 3 and "Table 3" in page
    pngs = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    tables = codes(store, event_id)["tables"]
    assert [decode(base64.b64decode(p)).rsplit("=", 1)[1] for p in pngs[:3]] == [
        tables["1"], tables["2"], tables["3"],
    ]  # fmt: skip
    # and a last sheet for the hall's big screen: the board's address as a code and as text
    board = f"http://192.0.2.7:8550/event/{event_id}/board#join={codes(store, event_id)['board']}"
    assert len(pngs) == 4 and decode(base64.b64decode(pngs[3])) == board
    assert 'class="card board"' in page and html.escape(board) in page and "big screen" in page


def test_cards_without_the_lan_say_so_and_show_no_code(store, codes):
    async def go():
        event_id = paired_event(store)
        phone = await Phone(make_main(lambda: store)).start(f"/event/{event_id}/cards")
        assert phone.has("event-table-card-1")
        assert not any(c.__class__.__name__ == "Image" for c in _walk(phone.page.views[-1]))
        assert any("--host 0.0.0.0" in (t.value or "") for t in _texts(phone))

    asyncio.run(go())


def test_the_board_shows_standings_and_tables_live_and_no_code(store, codes):
    async def go():
        event_id = paired_event(store)
        folder = EventFolder(store.data_dir)
        with folder.locked():  # the codes exist, as once the cards were shown: none may leak
            folder.write(ensure_codes(folder.read(event_id)))
        board = await organiser(store, f"/event/{event_id}/board", size=(1920, 1080))
        assert board.has("event-board") and board.page.views[-1].appbar is None  # the hall's TV
        assert "0 of 2 finished" in board.text("event-board")
        other = await Phone(make_main(lambda: store), hub=board.hub).start("/")
        event = EventFolder(store.data_dir).read(event_id)
        t1 = event.rounds[0].tables[0]
        win_table(store, t1.match)
        other.page.pubsub.send_others_on_topic(TOPIC, ("match", t1.match))  # as a save does
        for _ in range(50):
            if "1 of 2 finished" in board.text("event-board"):
                break
            await asyncio.sleep(0.02)
        said = board.text("event-board")
        assert "1 of 2 finished" in said and "3 deals" in board.text("event-board-table-1")
        winner = event.entrant(t1.sides[0][0]).name
        assert winner in board.text("event-board-standing-1")
        assert "2" in board.text("event-board-standing-1")
        labels = " ".join(str(getattr(c, "label", "") or "") for c in _walk(board.page.views[-1]))
        made = codes(store, event_id)
        secrets = [made["board"], *made["tables"].values()] if made else []
        shown = said + labels + " ".join(t.value or "" for t in _texts(board))
        assert "#join" not in shown and not [c for c in secrets if c in shown]

    asyncio.run(go())


def test_a_deal_saved_shows_on_the_organisers_event_screen(store):
    async def go():
        event_id = paired_event(store)
        phone = await Phone(make_main(lambda: store)).start(f"/event/{event_id}")
        assert "0 deals" in phone.text("event-table-2")
        other = await Phone(make_main(lambda: store), hub=phone.hub).start("/")
        t2 = EventFolder(store.data_dir).read(event_id).rounds[0].tables[1]
        stored = store.get(t2.match)
        store.save(t2.match, replace(stored.match, deals=(Deal(points=(60, 40)),)), 1)
        other.page.pubsub.send_others_on_topic(TOPIC, ("match", t2.match))
        for _ in range(50):
            if "1 deal," in phone.text("event-table-2"):
                break
            await asyncio.sleep(0.02)
        assert "1 deal," in phone.text("event-table-2")

    asyncio.run(go())


def _walk(control):
    from harness import _walk as walk

    return walk(control)


def _texts(phone):
    import flet as ft

    return [c for c in _walk(phone.page.views[-1]) if isinstance(c, ft.Text)]


def test_the_printable_page_follows_the_organisers_language_with_its_script_font(store, codes):
    from seep_scorer.app.events.cards_model import CardsVM
    from seep_scorer.app.events.event_model import EventVM
    from seep_scorer.i18n.translate import UILocale, using

    event_id = paired_event(store)
    with using(UILocale("pa")):
        _name, data = CardsVM(EventVM(store, event_id), JOIN).printable()
    page = data.decode()
    assert "ਮੇਜ਼ 1" in page and "Table 1" not in page  # Punjabi, as the organiser's session
    assert page.count("@font-face") == 2 and "font/ttf;base64," in page  # Gurmukhi, bundled
    with using(UILocale("ur")):
        _name, data = CardsVM(EventVM(store, event_id), JOIN).printable()
    assert '<html dir="rtl">' in data.decode()
    with using(UILocale("en")):
        _name, data = CardsVM(EventVM(store, event_id), JOIN).printable()
    assert "@font-face" not in data.decode()


def test_the_cards_draw_each_code_once_however_often_they_reload(store, codes, monkeypatch):
    from seep_scorer.app.events.cards_model import CardsVM
    from seep_scorer.app.events.event_model import EventVM

    drawn = []
    real = CardsVM.qr_png
    monkeypatch.setattr(
        CardsVM, "qr_png", staticmethod(lambda a, px: drawn.append(a) or real(a, px))
    )
    cards = CardsVM(EventVM(store, paired_event(store)), JOIN)
    cards.load()
    cards.load()
    assert len(drawn) == 3 and sorted(cards.images) == [1, 2]  # two tables and the board


def test_on_the_organisers_phone_the_board_has_back_and_phone_sized_type(store):
    """Issue 33, item 5: opened on a phone, the board was the hall's layout (64-pixel type, a
    title cut after a word) with no way back."""
    from seep_scorer.app.events.board import HALL, PHONE

    async def go():
        event_id = paired_event(store)
        phone = await organiser(store, f"/event/{event_id}")
        await phone.tap("event-board-open")
        assert phone.has("event-board") and phone.has("back")
        sizes = {t.size for t in _texts(phone) if t.size}
        assert max(sizes) == PHONE["big"] < HALL["small"], sizes
        await phone.tap("back")
        assert phone.route == f"/event/{event_id}" and phone.has("event-board-open")

    asyncio.run(go())
