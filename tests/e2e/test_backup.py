"""Issue 12, item 2 (second half) in headless Chromium at
412 x 915 against the real server: Settings,
backup-download gives every stored match in the backup format; in a fresh data folder backup-restore
takes that file through the browser's file chooser, asks, adds the matches to the list, and Undo
takes them away again; its message is gone once the settings are left (issue 19, item 9)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from e2e_support import (
    VIEWPORT,
    WAIT_MS,
    Server,
    open_app,
    save_download,
    tap,
    text,
    wait_absent,
    wait_present,
    wait_text,
)

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
from seep_scorer.store.registry import close_all, open_repository

TEAMS = ("Lions", "Tigers", "Eagles")


def stored_ids(srv: Server) -> list[str]:
    """What the store holds, asked of `seep-scorer list` beside
    the running server (as a shell user would)."""
    out = subprocess.run(
        [sys.executable, "-m", "seep_scorer", "list", "--json", "--data-dir", str(srv.data_dir)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    return [row["id"] for row in json.loads(out)]


@pytest.fixture
def seeded(tmp_path):
    """A server whose store holds three matches (written before it starts), and their ids."""
    data = tmp_path / "full" / "data"
    repo = open_repository(data, fresh=True)
    ids = []
    for n, name in enumerate(TEAMS, start=1):
        m = Match(
            PRESETS["standard"],
            MatchFormat("open", None),
            (Team(name, ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev"))),
            0,
            (),
        )
        ids.append(repo.create(m.with_deals(Deal(points=(50, 50)) for _ in range(n))).id)
    close_all()
    srv = Server(data).start()
    yield srv, ids
    srv.stop()


@pytest.fixture
def fresh(tmp_path):
    (tmp_path / "fresh").mkdir()
    srv = Server(tmp_path / "fresh" / "data").start()
    yield srv
    srv.stop()


def test_backup_download_then_restore_and_undo_in_a_fresh_store(chromium, seeded, fresh, tmp_path):
    full, ids = seeded
    ctx = chromium.new_context(viewport=VIEWPORT, accept_downloads=True)
    page = ctx.new_page()
    try:
        # the backup: a header, one line per match, the end line
        open_app(page, full.url)
        tap(page, "nav-settings")
        wait_present(page, "backup-download")
        with page.expect_download(timeout=WAIT_MS) as info:
            tap(page, "backup-download")
        download = info.value
        assert download.suggested_filename.startswith("seep-scorer-backup-")
        assert download.suggested_filename.endswith(".jsonl")
        saved = tmp_path / download.suggested_filename
        save_download(download, saved)
        lines = [json.loads(line) for line in saved.read_text(encoding="utf-8").splitlines()]
        assert lines[0]["format"] == "seep-backup" and lines[-1] == {"end": True, "matches": 3}
        assert sorted(r["id"] for r in lines[1:-1]) == sorted(ids)
        assert sorted(r["match"]["teams"][0]["name"] for r in lines[1:-1]) == sorted(TEAMS)

        # a fresh store: restore that file through the browser's file chooser
        open_app(page, fresh.url)

        def restore() -> None:
            tap(page, "nav-settings")
            wait_present(page, "backup-restore")
            with page.expect_file_chooser(timeout=WAIT_MS) as chooser:
                tap(page, "backup-restore")
            chooser.value.set_files(str(saved))
            wait_present(page, "restore-confirm")
            assert "holds 3 matches" in text(page, "restore-summary")
            tap(page, "restore-confirm")
            wait_text(page, "notice", "3 matches added from " + saved.name)
            assert sorted(stored_ids(fresh)) == sorted(ids)  # the same ids, in the store itself

        # Undo, from the settings screen's message: the three are gone again
        restore()
        tap(page, "notice-action")
        wait_text(page, "notice", "The restore is undone: 3 matches removed.")
        assert stored_ids(fresh) == []

        # restored again, they are in the list; the settings' message stayed with the settings
        # (issue 19, item 9: a notice never lingers once its screen is left)
        restore()
        tap(page, "nav-matches")
        for mid in ids:
            wait_present(page, f"match-{mid}")
        assert "Lions vs Blues" in text(page, f"match-{ids[0]}")
        tap(page, "nav-settings")
        wait_present(page, "backup-restore")
        wait_absent(page, "notice")
        tap(page, "nav-matches")
        wait_absent(page, "backup-download")  # the list is on screen, not the settings any more
        wait_present(page, "new-match")
        for mid in ids:
            wait_present(page, f"match-{mid}")
    finally:
        ctx.close()
