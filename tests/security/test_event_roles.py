"""Roles at a club night over the real server in LAN mode, phones speaking Flet's protocol over a
real WebSocket (fletclient.py), as spec/events.md "Roles on the network" asks:

- a table code opens that table's current match, which it can score; another table's match, the
  settings (backup and restore), the history, the organiser's screens or ending the match: nothing;
- the board code opens the board only, and no phone is ever sent a code;
- when the next round is paired a table phone moves to its table's next match; the old codes let
  nobody in, and once the event is over no code and no joined phone opens anything.
"""

from __future__ import annotations

import asyncio
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from e2e_support import Server  # noqa: E402

from seep_scorer.server.app import COOKIE_NAME  # noqa: E402

from .eventhall import event, hall, join, tables  # noqa: E402
from .fletclient import Phone  # noqa: E402

pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    data = tmp_path_factory.mktemp("night") / "data"
    eid = hall(data, pairs=4, rounds=2)
    srv = Server(data, host="0.0.0.0").start()
    yield srv, data, eid
    srv.stop()


@pytest.fixture
def last_night(tmp_path):
    """A night of its own, for the test that ends it."""
    data = tmp_path / "data"
    eid = hall(data, pairs=4, rounds=2)
    srv = Server(data, host="0.0.0.0").start()
    yield srv, data, eid
    srv.stop()


def seen(phone: Phone) -> str:
    """Everything the phone was sent that is still in its controls."""
    return repr(phone.controls)


async def opened(port: int, route: str, cookie: str) -> Phone:
    phone = await Phone(port, route, cookie=cookie).open()
    await asyncio.sleep(0.5)  # its first screen
    return phone


async def scoreboard(port: int, route: str, cookie: str, names: list[str]) -> Phone:
    """A phone that opened `route` and was shown the scoreboard of the match of `names`."""
    phone = await opened(port, route, cookie)
    await phone.until(lambda: phone.find("record-deal") is not None and names[0] in seen(phone))
    return phone


def shown(phone: Phone, identifier: str) -> bool:
    """A control with that identifier is on the phone's screen (tappable or not)."""
    return any(c.get("identifier") == identifier for c in list(phone.controls.values()))


def cli(data: Path, *args: str) -> None:
    cmd = [sys.executable, "-m", "seep_scorer", "event", *args, "--data-dir", str(data)]
    subprocess.run(cmd, check=True, capture_output=True, timeout=120)


def test_a_table_code_opens_its_match_only(night):
    srv, data, eid = night
    at = tables(data, eid)
    (own, ours), (other, theirs) = at[1], at[2]
    codes = event(data, eid).codes
    cookie = join(srv.port, codes["tables"]["1"])
    assert cookie and cookie.startswith("seep_scorer_role=")
    organiser = f"{COOKIE_NAME}={srv.token()}"

    async def run() -> None:
        phone = await scoreboard(srv.port, f"/event/{eid}/table/1", cookie, ours)
        await phone.tap("record-deal")  # it scores its own match
        await phone.tap("card-2S")
        await phone.tap("save-deal")
        await phone.until(lambda: phone.find("deal-1") is not None)
        # its match and nothing else: no navigation bar, no ending the match (the organiser's: the
        # store refuses it too), no review; a header names the table and round
        await phone.until(lambda: shown(phone, "event-table-header"))
        assert "Table 1 · Round 1" in seen(phone)
        for ident in ("nav-settings", "nav-matches", "nav-stats", "nav-events", "end-match",
                      "open-review"):  # fmt: skip
            assert phone.find(ident) is None, ident
        assert theirs[0] not in seen(phone) and theirs[1] not in seen(phone)
        await phone.close()
        for route in (
            f"/match/{other}",
            f"/match/{other}/deal",
            f"/match/{other}/deal/1/edit",
            f"/match/{own}/deal/99",  # no such deal: not the matches list either
            f"/review/{other}",
            f"/event/{eid}/table/2",
            "/settings",
            "/",
            "/new",
            "/stats",
            f"/match/{own}/invite",
            "/invite",
            f"/event/{eid}",
            f"/event/{eid}/cards",
            "/events",
        ):
            phone = await scoreboard(srv.port, route, cookie, ours)
            text = seen(phone)
            assert theirs[0] not in text and theirs[1] not in text, route
            for ident in ("backup-restore", "backup-download", "new-match", "end-match-yes"):
                assert phone.find(ident) is None, (route, ident)
            assert "#join=" not in text and srv.token() not in text, route
            await phone.close()
        boss = await scoreboard(srv.port, f"/match/{own}", organiser, ours)
        await boss.until(lambda: boss.find("deal-1") is not None)  # the deal is stored
        assert boss.find("end-match") is not None  # and the match was not ended
        await boss.close()

    asyncio.run(run())


def test_the_board_code_opens_nothing_of_the_tables_and_no_phone_sees_a_code(night):
    srv, data, eid = night
    at = tables(data, eid)
    codes = event(data, eid).codes
    every_code = [codes["board"], *codes["tables"].values()]
    board = join(srv.port, codes["board"])
    table = join(srv.port, codes["tables"]["2"])
    assert board and board != table

    async def run() -> None:
        for route in (f"/event/{eid}/board", f"/match/{at[1][0]}", "/settings", "/"):
            phone = await opened(srv.port, route, board)
            await asyncio.sleep(1)
            for ident in ("record-deal", "backup-restore", "backup-download", "new-match"):
                assert phone.find(ident) is None, (route, ident)
            assert not any(code in seen(phone) for code in every_code), route
            await phone.close()
        phone = await scoreboard(srv.port, f"/event/{eid}/table/2", table, at[2][1])
        assert not any(code in seen(phone) for code in every_code)
        await phone.close()

    asyncio.run(run())


def test_the_next_round_moves_a_table_phone_and_codes_end_with_the_event(last_night):
    srv, data, eid = last_night
    first = event(data, eid).codes
    cookie = join(srv.port, first["tables"]["1"])
    board = join(srv.port, first["board"])

    async def run() -> None:
        phone = await scoreboard(srv.port, f"/event/{eid}/table/1", cookie, tables(data, eid)[1][1])
        cli(data, "end-round", eid)
        cli(data, "pair", eid)
        match, names = tables(data, eid)[1]
        await phone.until(lambda: names[0] in seen(phone) and names[1] in seen(phone), 60)
        assert f"/match/{match}" in repr(phone.props_set) or phone.find("record-deal")
        second = event(data, eid).codes
        assert join(srv.port, first["tables"]["1"]) is None  # a photo of an old card
        assert second["board"] == first["board"]
        assert join(srv.port, second["tables"]["1"]) is not None
        cli(data, "end-round", eid)  # the last of two rounds: the event is over
        assert event(data, eid).codes == {}
        for code in [first["board"], *second["tables"].values()]:
            assert join(srv.port, code) is None
        # the joined phone is let go: a plain "The event is over", which reads nothing of the store
        await phone.until(lambda: shown(phone, "event-over"), 60)
        assert "The event is over" in seen(phone)
        await phone.close()
        for kept in (cookie, board):
            with pytest.raises(InvalidStatus):
                await Phone(srv.port, f"/event/{eid}/board", cookie=kept).open(timeout=20)

    asyncio.run(run())


def test_a_table_sessions_store_allows_its_matchs_deals_and_refuses_every_other_call(tmp_path):
    from dataclasses import replace

    from seep_scorer.app.shell.roles import RoleSession
    from seep_scorer.app.shell.state import RoleGrant
    from seep_scorer.rules import Deal
    from seep_scorer.store.registry import close_all, open_repository
    from seep_scorer.store.repository import MatchNotFound, StoreError

    eid = hall(tmp_path, pairs=4, rounds=1)
    (own, _), (other, _) = tables(tmp_path, eid)[1], tables(tmp_path, eid)[2]
    repo = open_repository(tmp_path)
    try:
        role = RoleSession(repo, RoleGrant("table", eid, 1))
        role.refresh()
        guarded = role.repo
        stored = guarded.get(own)
        deal = Deal(points=(40, 60))
        saved = guarded.save(own, replace(stored.match, deals=(deal,)), stored.revision)
        assert len(repo.get(own).match.deals) == 1
        with pytest.raises(MatchNotFound):
            guarded.get(other)
        other_stored = repo.get(other)
        with pytest.raises(MatchNotFound):
            guarded.save(other, other_stored.match, other_stored.revision)
        ended = replace(saved.match, format=replace(saved.match.format, ended=True))
        with pytest.raises(StoreError):
            guarded.save(own, ended, saved.revision)
        for call, args in (
            ("delete", (own,)),
            ("write_backup", (None,)),
            ("import_bytes", (b"",)),
            ("list_matches", ()),
            ("find_matches", (None,)),
            ("statistics", ()),
            ("create", (stored.match,)),
        ):
            with pytest.raises(StoreError):
                getattr(guarded, call)(*args)
        guarded.set_setting("theme", "dark")
        assert repo.get_setting("theme") is None and guarded.data_dir is None
        assert not repo.get(own).match.format.ended and len(repo.list_matches()) == 2

        # The organiser stops the match (issue 32, item 5): the table phone may change it no more,
        # its round still open.
        current = repo.get(own)
        stopped = repo.save(
            own,
            replace(current.match, format=replace(current.match.format, ended=True)),
            current.revision,
        )
        with pytest.raises(StoreError):
            guarded.save(own, replace(stopped.match, deals=()), stopped.revision)
        with pytest.raises(StoreError):
            guarded.save(own, replace(stopped.match, deals=(deal, deal)), stopped.revision)
        assert repo.get(own).match.deals == (deal,)
    finally:
        close_all()


def test_a_phone_already_at_a_table_that_scans_another_card_hands_in_the_new_code(night):
    srv, data, eid = night
    codes = event(data, eid).codes
    cookie = join(srv.port, codes["tables"]["1"])
    request = (
        f"GET /event/{eid}/table/2 HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n"
        f"Cookie: {cookie}\r\nConnection: close\r\n\r\n"
    ).encode()
    with socket.create_connection(("127.0.0.1", srv.port), timeout=30) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200") and b"/seep-join.js" in body  # the app's own page
    assert int(re.search(rb"content-length: *(\d+)", head, re.I).group(1)) == len(body)
    moved = join(srv.port, codes["tables"]["2"])  # what its join script then does

    async def run() -> None:
        phone = await scoreboard(srv.port, "/", moved, tables(data, eid)[2][1])
        await phone.close()

    asyncio.run(run())
