"""Issue 24 end to end as a hall lives it, in Chromium against the real server in LAN mode: the
organiser's phone creates an 8-pair Swiss event and pairs round 1; four table phones open the
addresses their table cards' QR codes encode (decoded from a screenshot of the cards page), each
shows its match and nothing else, and scores it; the board on a 1920x1080 screen, joined with the
address the cards page gives it, shows the standings as the deals are saved; round 2 is paired with
no rematch and a table phone still open moves to its round-2 match by itself.

`SEEP_SHOTS=DIR` saves screenshots of the organiser's event screen, the cards page, a table phone
and the board; `club_night(browser, server, "pa")` runs the same night in Punjabi (the organiser's
and the phones' language; the board's device stays English and follows the organiser)."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from e2e_support import VIEWPORT, WAIT_MS, evaluate, open_app, tap, text, wait_present
from e2e_support import wait_text as wait_for_text
from test_events import TEAMS, create_and_pair, score_a_bazzi, table_pairs

BOARD = {"width": 1920, "height": 1080}
TALL = {"width": 412, "height": 2300}  # the cards page whole, for one screenshot of every code
LOCALES = {"en": "en-US", "pa": "pa-IN"}


def say(language: str, message: str, **params) -> str:
    """What the app shows in `language` (its own catalogues)."""
    from seep_scorer.i18n.translate import UILocale, _, using

    with using(UILocale(language)):
        return _(message).format(**params)


def shot(page, name: str) -> None:
    folder = os.environ.get("SEEP_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.wait_for_timeout(800)  # drawn a frame after its semantics
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def scanned(page, port: int) -> list[str]:
    """Every QR code on the page's screenshot, decoded, pointed at this machine (the LAN address
    the server prints may not be reachable here)."""
    import zxingcpp
    from PIL import Image

    page.wait_for_timeout(800)  # the images are drawn a frame after their semantics nodes
    png = page.screenshot()
    found = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]
    here = []
    for address in found:
        parts = urlsplit(address)
        here.append(urlunsplit(parts._replace(netloc=f"127.0.0.1:{port}")))
    return here


def no_way_out(page) -> None:
    """A table phone: no navigation bar, no back arrow, nothing leading to another screen."""
    idents = evaluate(
        page,
        """() => [...document.querySelectorAll('[flt-semantics-identifier]')]
                 .map(e => e.getAttribute('flt-semantics-identifier'))""",
    )
    leaks = [i for i in idents if i.startswith("nav-") or i in ("back", "end-match", "invite")]
    assert not leaks, leaks


def club_night(chromium, server, language: str = "en") -> None:
    port = server.port
    locale = LOCALES[language]
    contexts = []

    def phone(viewport=VIEWPORT, lang=locale):
        ctx = chromium.new_context(viewport=viewport, locale=lang)
        contexts.append(ctx)
        return ctx.new_page()

    try:
        boss = phone()
        open_app(boss, server.join_url())  # the organiser: the host's token
        tap(boss, "nav-events")
        event_id, first = create_and_pair(boss)
        shot(boss, f"organiser-event-{language}")

        # the cards page: each table's QR code, and the board's
        tap(boss, "event-cards")
        boss.set_viewport_size(TALL)
        wait_present(boss, "event-table-card-4")
        wait_present(boss, "event-board-card")
        shot(boss, f"table-cards-{language}")
        addresses = scanned(boss, port)
        boss.set_viewport_size(VIEWPORT)
        cards = {}
        for address in addresses:
            found = re.search(rf"/event/{event_id}/(table/(\d)|board)#join=", address)
            assert found, address
            cards[int(found[2]) if found[2] else "board"] = address
        assert sorted(cards, key=str) == [1, 2, 3, 4, "board"], addresses

        # the big screen, before any deal: it follows the organiser, whatever its own language
        board = phone(BOARD, "en-US")
        open_app(board, cards["board"])
        wait_present(board, "event-board")
        done = say(language, "Tables: {done} of {count} finished", done=0, count=4)
        wait_for_text(board, "event-board", done)

        # four table phones, each from its card's address
        tables = {}
        for n in range(1, 5):
            page = tables[n] = phone()
            open_app(page, cards[n])
            wait_present(page, "record-deal")
            header = " · ".join(
                (say(language, "Table {n}", n=n), say(language, "Round {round}", round=1))
            )
            assert text(page, "event-table-header") == header
            no_way_out(page)
            score_a_bazzi(page)
            no_way_out(page)
            if n == 1:
                shot(page, f"table-phone-{language}")
            else:
                page.context.close()  # its work done: spare the machine's two cores
                contexts.remove(page.context)
        done = say(language, "Tables: {done} of {count} finished", done=4, count=4)
        wait_for_text(board, "event-board", done, timeout=WAIT_MS)
        points = [text(board, f"event-board-standing-{i}") for i in range(1, 9)]
        assert all(re.search(TEAMS, row) for row in points), points
        assert all(row.rstrip().endswith("2") for row in points[:4]), points  # the four winners
        assert all(row.rstrip().endswith("0") for row in points[4:]), points
        shot(board, f"board-{language}")

        # round 2: no rematch; the phone still at table 1 moves to its new match by itself
        tap(boss, "back")
        wait_for_text(boss, "event-table-4", say(language, "{team} won", team="").strip())
        tap(boss, "event-pair")
        status = say(language, "Round {round} of {rounds}", round=2, rounds=3)
        wait_for_text(boss, f"event-{event_id}", status)
        second = table_pairs(boss, 4)
        assert len(set().union(*second)) == 8 and not first & second  # no rematch
        table_one = re.findall(TEAMS, text(boss, "event-table-1"))
        header = " · ".join(
            (say(language, "Table {n}", n=1), say(language, "Round {round}", round=2))
        )
        wait_for_text(tables[1], "event-table-header", header, timeout=30_000)
        tables[1].wait_for_function(
            "([a, b]) => document.body.textContent.includes(a + ' ')"
            " && document.body.textContent.includes(b)",
            arg=table_one,
            timeout=WAIT_MS,
        )
        wait_present(tables[1], "record-deal")
        no_way_out(tables[1])
        # the board: round 2's tables, read as soon as they are paired
        pair = say(language, "{team0} vs {team1}", team0=table_one[0], team1=table_one[1])
        said = wait_for_text(board, "event-board-table-1", pair)
        assert say(language, "playing") in said, said
        shot(board, f"board-round-2-{language}")
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_club_night_with_table_phones_and_the_board(chromium, lan_server):
    club_night(chromium, lan_server)
