"""Issue 18, item 7, in headless Chromium against the real server: the server takes WebSocket
messages of at most 1 MiB (server/limits.py), except the one
that brings a picked file after a tap on Restore.
A backup of over 1 MiB still restores."""

from __future__ import annotations

import io

from e2e_support import VIEWPORT, Server, open_app, tap, text, wait_present, wait_text

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
from seep_scorer.server.limits import MESSAGE_MAX_BYTES
from seep_scorer.store.registry import close_all, open_repository

MATCHES = 120


def test_a_backup_over_the_message_limit_restores(chromium, tmp_path):
    repo = open_repository(tmp_path / "full", fresh=True)
    match = Match(
        PRESETS["standard"],
        MatchFormat("open", None),
        (Team("Lions", ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev"))),
        0,
        (),
    )
    match = match.with_deals(Deal(points=(50, 50)) for _ in range(300))
    for _ in range(MATCHES):
        repo.create(match)
    buffer = io.BytesIO()
    repo.write_backup(buffer)
    close_all()
    backup = tmp_path / "big-backup.jsonl"
    backup.write_bytes(buffer.getvalue())
    assert backup.stat().st_size > MESSAGE_MAX_BYTES

    (tmp_path / "fresh").mkdir()
    srv = Server(tmp_path / "fresh" / "data").start()
    ctx = chromium.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    try:
        open_app(page, srv.url)
        tap(page, "nav-settings")
        wait_present(page, "backup-restore")
        with page.expect_file_chooser(timeout=60_000) as chooser:
            tap(page, "backup-restore")
        chooser.value.set_files(str(backup))
        wait_present(page, "restore-confirm")
        assert f"holds {MATCHES} matches" in text(page, "restore-summary")
        tap(page, "restore-confirm")
        wait_text(page, "notice", f"{MATCHES} matches added from {backup.name}", timeout=120_000)
    finally:
        ctx.close()
        srv.stop()
    assert "WebSocket was closed" not in srv.log.read_text(errors="replace")
