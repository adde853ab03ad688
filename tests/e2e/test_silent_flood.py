"""Issue 18, item 6, in headless Chromium: with the server's open-file limit at 256 and about 300
connections that never send a byte held open all the time (new ones as old ones are closed), a
phone still loads the app and starts a match, and the match is saved."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from e2e_support import VIEWPORT, open_app, tap, wait_present

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "security"))
from limited_server import LimitedServer, SilentFlood  # noqa: E402

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs Linux /proc")


def test_a_phone_joins_and_saves_while_silent_connections_flood_the_server(chromium, tmp_path):
    srv = LimitedServer(tmp_path / "srv", 256, 256)
    ctx = chromium.new_context(viewport=VIEWPORT)
    try:
        with SilentFlood(srv.port, 300) as flood:
            while len(flood.socks) < 250:  # the flood is up before the phone comes
                flood.done.wait(0.2)
            page = ctx.new_page()
            open_app(page, srv.url)
            tap(page, "new-match")
            tap(page, "start-match")
            wait_present(page, "record-deal")
            held = srv.descriptors()
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "seep_scorer",
                "list",
                "--json",
                "--data-dir",
                str(tmp_path / "srv" / "data"),
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        assert len(json.loads(out)) == 1  # the match was saved
        assert held <= 256 - 64, held
        assert "Too many open files" not in srv.log.read_text(errors="replace")
    finally:
        ctx.close()
        srv.stop()
