"""An index line is replaced whole when its match is saved (store/index.py): a field the new line
lacks is gone. TinyDB's update merges, so "stopped" once outlived a reopened match: in a new
process the list said part of it was damaged and rebuilt it, and a match then won normally was
listed as "stopped, X ahead" for good, its line being valid."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

from seep_scorer.rules import Deal, Match
from seep_scorer.store.registry import close_all, open_repository


def a_match() -> Match:
    return Match(deals=(Deal(points=(60, 40)),))


def test_a_match_stopped_then_reopened_is_listed_playing_in_a_new_process(tmp_path):
    repo = open_repository(tmp_path)
    try:
        stored = repo.create(a_match())
        ended = replace(stored.match, format=replace(stored.match.format, ended=True))
        stopped = repo.save(stored.id, ended, stored.revision)
        assert repo.list_matches()[0].stopped
        repo.save(stored.id, stored.match, stopped.revision)  # reopened
        assert not repo.list_matches()[0].stopped
    finally:
        close_all()
    listed = subprocess.run(
        [sys.executable, "-m", "seep_scorer", "list", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "damaged" not in (listed.stdout + listed.stderr).lower(), listed
    repo = open_repository(tmp_path)
    try:
        (summary,) = repo.list_matches()
        assert not summary.stopped and not summary.finished
    finally:
        close_all()
