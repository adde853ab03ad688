"""Phones' role keys kept across a server restart (store/phonekeys.py): only digests, private,
dropped when old, and a file that cannot be read is ignored, never an error."""

from __future__ import annotations

import asyncio
import hashlib
import os
import stat

from seep_scorer.store import close_all
from seep_scorer.store.eventcodes import CodeIndex
from seep_scorer.store.phonekeys import PhoneKeys
from seep_scorer.ui.rolegate import ROLE_COOKIE, RoleDoor

from .test_event_codes import codes, hall  # noqa: F401  (the fixture)


def _key(set_cookie: str) -> str:
    return set_cookie.split(";")[0].split("=", 1)[1]


def test_a_phone_joined_before_a_restart_keeps_its_role(hall, tmp_path):  # noqa: F811
    repo, folder, eid = hall
    from seep_scorer.store.eventrun import pair_next_round

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
