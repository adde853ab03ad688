"""An event's file (`seep-scorer event export`) brings only its own matches: a table naming a match
of the store that the file does not hold is refused before anything is written (issue 32, item 4:
`event end-round` then ended a personal match, and a table phone joined to that table scored into
it)."""

from __future__ import annotations

import json
import subprocess
import sys

from seep_scorer.store.registry import close_all, open_repository

from .conftest import finishing_match, tree_snapshot

RUN = [sys.executable, "-m", "seep_scorer"]


def seep(*args, data):
    return subprocess.run(
        [*RUN, *map(str, args), "--data-dir", str(data)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_an_event_file_naming_a_personal_match_of_the_store_is_refused(tmp_path):
    there, here = tmp_path / "there", tmp_path / "here"
    seep("event", "new", "Friday", "--pairs", data=there)
    (event_id,) = [p.stem for p in (there / "events").glob("*.json")]
    for team in ("Lions", "Tigers"):
        seep("event", "entrant", event_id, "add", team, f"{team} 1", f"{team} 2", data=there)
    assert seep("event", "pair", event_id, data=there).returncode == 0
    exported = tmp_path / "event.json"
    assert seep("event", "export", event_id, "-o", exported, data=there).returncode == 0

    repo = open_repository(here)
    try:
        personal = repo.create(finishing_match()).id
    finally:
        close_all()
    header, *rest = exported.read_text(encoding="utf-8").split("\n")
    doc = json.loads(header)
    doc["event"]["rounds"][0]["tables"][0]["match"] = personal
    tampered = tmp_path / "tampered.json"
    tampered.write_text("\n".join([json.dumps(doc), *rest]), encoding="utf-8")

    def stored():  # the daily automatic backup a command may write first is not the import's
        return {k: v for k, v in tree_snapshot(here).items() if not k.startswith("backups/")}

    before = stored()

    done = seep("import", tampered, data=here)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert personal in done.stderr and "line 1" in done.stderr, done.stderr
    assert stored() == before

    done = seep("import", exported, data=here)  # the file as exported comes in
    assert done.returncode == 0 and len(done.stdout.split()) == 1, done.stderr
    assert "restored" in done.stderr
