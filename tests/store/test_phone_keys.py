"""Phones' role keys kept across a server restart (store/events/codes.py): only digests, private,
dropped when old, and a file that cannot be read is ignored, never an error."""

from __future__ import annotations

import asyncio
import hashlib
import os
import stat

from seep_scorer.server.access import ROLE_COOKIE, RoleDoor
from seep_scorer.store.events.codes import CodeIndex, PhoneKeys
from seep_scorer.store.registry import close_all

from .test_event_codes import codes, hall  # noqa: F401  (the fixture)


def _key(set_cookie: str) -> str:
    return set_cookie.split(";")[0].split("=", 1)[1]


def test_a_phone_joined_before_a_restart_keeps_its_role(hall, tmp_path):  # noqa: F811
    repo, folder, eid = hall
    from seep_scorer.store.events.rounds import pair_next_round

    pair_next_round(repo, folder, eid)
    got = codes(folder, eid)
    door = RoleDoor(CodeIndex(tmp_path))
    table = _key(asyncio.run(door.join(got["tables"]["2"]))).encode()
    board = _key(asyncio.run(door.join(got["board"]))).encode()
    backup = repo.export_backup_text()
    close_all()
    # the restart: new objects over the same data folder
    again = RoleDoor(CodeIndex(tmp_path))
    grant = again.holder([table])
    assert (grant.role, grant.event_id, grant.table) == ("table", eid, 2)
    assert again.holder([board]).role == "board"
    assert again.holder([b"not-a-key-" * 3]) is None
    assert asyncio.run(again.still_open(grant))
    # the printed cards still let new phones in
    assert asyncio.run(again.join(got["tables"]["1"])).startswith(f"{ROLE_COOKIE}=")
    # no key itself is on the disk, only its digest, in a file of the server's alone
    path = PhoneKeys(tmp_path).path
    text = path.read_text()
    assert table.decode() not in text and hashlib.sha256(table).hexdigest() in text
    assert stat.S_IMODE(os.stat(path).st_mode) & 0o077 == 0
    # and no backup carries it
    assert hashlib.sha256(table).hexdigest() not in backup and table.decode() not in backup


def test_old_keys_are_dropped_and_a_damaged_file_is_ignored(tmp_path):
    keys = PhoneKeys(tmp_path)
    keys.add(b"\x01" * 32, "table", "0badbad0", 3, seconds=60)
    keys.add(b"\x02" * 32, "board", "0badbad0", None, seconds=0)  # already past its time
    assert keys.load() == [(b"\x01" * 32, "table", "0badbad0", 3)]
    assert keys.load(now=10**12) == []
    for damaged in (b"", b"{", b"[]", b'{"format": "seep-phone-keys", "version": 9, "keys": []}'):
        keys.path.write_bytes(damaged)
        assert keys.load() == []
    keys.path.write_bytes(
        b'{"format": "seep-phone-keys", "version": 1, "keys": [{"digest": "zz", "role": "table",'
        b' "event": "0badbad0", "table": 1, "until": 99999999999}]}'
    )
    assert keys.load() == []  # a key of the wrong shape is no key
    # a damaged file is replaced by the next join, not an error
    keys.add(b"\x03" * 32, "table", "0badbad0", 1, seconds=60)
    assert len(keys.load()) == 1


def test_only_the_newest_keys_are_kept_beyond_the_limit(tmp_path):
    keys = PhoneKeys(tmp_path, limit=3)
    for i in range(5):
        keys.add(bytes([i]) * 32, "table", "0badbad0", 1, seconds=60)
    assert [d[0] for d, *_ in keys.load()] == [2, 3, 4]


def test_a_flood_of_joins_with_one_card_locks_no_phone_out(hall, tmp_path):  # noqa: F811
    """Issue 32, item 3: 4,100 joins with table 1's code (every one granted) evicted table 2's
    phone and the board, the oldest keys first, in memory and on disk. Now a code lets in a few
    phones, and once every key slot is held a new phone is refused, never an old one forgotten,
    before or after a restart."""
    repo, folder, eid = hall
    from seep_scorer.server.access import PHONES_PER_CODE
    from seep_scorer.store.events.rounds import pair_next_round

    pair_next_round(repo, folder, eid)
    got = codes(folder, eid)
    door = RoleDoor(CodeIndex(tmp_path), limit=12)
    table2 = _key(asyncio.run(door.join(got["tables"]["2"]))).encode()
    board = _key(asyncio.run(door.join(got["board"]))).encode()
    flood = [asyncio.run(door.join(got["tables"]["1"])) for _ in range(PHONES_PER_CODE + 20)]
    assert sum(j is not None for j in flood) == PHONES_PER_CODE  # the card's phones, no more
    assert door.holder([table2]).table == 2 and door.holder([board]).role == "board"

    while asyncio.run(door.join(got["board"])) is not None:  # more screens, every slot held
        pass
    assert asyncio.run(door.join(got["tables"]["2"])) is None  # full: a new phone waits...
    assert door.holder([table2]).table == 2 and door.holder([board]).role == "board"  # ...not these
    close_all()
    again = RoleDoor(CodeIndex(tmp_path), limit=12)
    assert again.holder([table2]).table == 2 and again.holder([board]).role == "board"


def test_each_client_hands_in_codes_at_a_phones_pace():
    from seep_scorer.server.access import JOIN_BURST, JoinPace

    pace = JoinPace(burst=JOIN_BURST, refill=6.0)
    assert all(pace.allow("10.0.0.5", now=100.0) for _ in range(JOIN_BURST))
    assert not pace.allow("10.0.0.5", now=100.0)  # the burst spent
    assert pace.allow("10.0.0.6", now=100.0)  # another phone is not held up
    assert not pace.allow("10.0.0.5", now=105.0) and pace.allow("10.0.0.5", now=107.0)


def test_the_join_door_answers_429_past_a_clients_pace_and_looks_nothing_up():
    """Over the ASGI door itself (joinpage.serve_join): a phone on the hall's network that hands in
    codes faster than a person could gets 429, and its codes are not even looked up; another
    phone, and the serving machine itself, are not held up."""
    from seep_scorer.server.access import JOIN_BURST, JoinPace, serve_join

    looked_up: list[bytes] = []

    async def exchange(code: bytes):
        looked_up.append(code)
        return None

    async def hand_in(client: str, pace: JoinPace) -> int:
        sent = []

        async def receive():
            return {"type": "http.request", "body": b"x" * 24, "more_body": False}

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "path": "/seep-join", "method": "POST", "client": (client, 5)}
        assert await serve_join(scope, receive, send, exchange, pace)
        return sent[0]["status"]

    async def go():
        pace = JoinPace()
        got = [await hand_in("192.168.1.50", pace) for _ in range(JOIN_BURST + 3)]
        assert got == [403] * JOIN_BURST + [429] * 3
        assert len(looked_up) == JOIN_BURST
        assert await hand_in("192.168.1.51", pace) == 403  # another phone: looked up
        assert {await hand_in("127.0.0.1", pace) for _ in range(JOIN_BURST + 3)} == {403}

    asyncio.run(go())
