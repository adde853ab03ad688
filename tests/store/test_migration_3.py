"""Schema 2 -> 3: a hand-made schema-2 store gets every index line rebuilt from its match files,
after a backup."""

from __future__ import annotations

import json
from datetime import date

import pytest

from seep_scorer.matchfile import match_to_dict
from seep_scorer.rules import replay
from seep_scorer.store.files import Layout, doc_id_of, shard_of
from seep_scorer.store.registry import open_repository
from seep_scorer.store.repository import StoredMatch
from seep_scorer.store.tinyfiles import write_match_file
from seep_scorer.store.tinyrepo import Migrating, TinyMatchRepository
from tests.store.histories import EXPECTED, EXPECTED_SINCE_MARCH_3, created_of, history

LOST_ID = "0000abcd"  # an index line whose match file is gone


@pytest.fixture
def v2_store(data_dir):
    """A schema-2 store as its layout defined it: store.json, index lines of eight fields, match
    files."""
    layout = Layout(data_dir)
    layout.create_folders()
    (data_dir / "store.json").write_text(
        json.dumps({"meta": {"1": {"schema": 2}}, "settings": {"1": {"language": "hi"}}})
    )
    shards: dict[str, dict] = {}
    for n, match in enumerate(history()):
        mid = f"{n + 1:08x}"
        stored = StoredMatch(mid, match, 2, created_of(n), created_of(n), replay(match).finished)
        size = write_match_file(stored, match_to_dict(match), layout.match_file(mid, 2))
        shards.setdefault(shard_of(mid), {})[str(doc_id_of(mid))] = {
            "id": mid,
            "teams": ["Home", "Away"],
            "deals": len(match.deals),
            "created": created_of(n),
            "updated": created_of(n),
            "finished": stored.finished,
            "revision": 2,
            "size": size,
        }
    shards.setdefault(shard_of(LOST_ID), {})[str(doc_id_of(LOST_ID))] = {
        "id": LOST_ID,
        "teams": ["Gone", "Away"],
        "deals": 3,
        "created": created_of(0),
        "updated": created_of(0),
        "finished": False,
        "revision": 1,
        "size": 100,
    }
    for prefix, table in shards.items():
        layout.shard_file(prefix).write_text(json.dumps({"matches": table}))
    assert len(shards) > 3  # the crash test needs several shards
    return data_dir


def _check(repo):
    assert json.loads(repo.layout.store_file.read_text())["meta"]["1"]["schema"] == 3
    assert repo.statistics().to_json() == EXPECTED
    summaries = {s.id: s for s in repo.list_matches()}
    assert sorted(summaries) == [f"{n:08x}" for n in range(1, 6)]
    assert (
        summaries["00000003"].players == (("Bilal", "Dev"), ("ASHA", "chitra"))
        and summaries["00000003"].winner == 0
    )
    assert (
        repo.get_setting("language") == "hi" and list((repo.data_dir / "damaged").iterdir()) == []
    )


def test_a_schema_2_store_opens_with_correct_statistics(v2_store):
    before = {p.name: p.read_bytes() for p in (v2_store / "index").iterdir()}
    repo = open_repository(v2_store, fresh=True)
    _check(repo)
    assert repo.statistics(date(2026, 3, 3)).to_json() == EXPECTED_SINCE_MARCH_3
    [backup] = (v2_store / "backups").glob("before-schema-3-*")
    assert {
        p.name: p.read_bytes() for p in (backup / "index").iterdir()
    } == before  # the old index, as it was
    # The line without a file went the way the open's repair sends it: no backup holds it, so it is
    # reported.
    assert len(repo.notices) == 1 and LOST_ID in repo.notices[0]
    again = open_repository(v2_store, fresh=True)
    assert again.notices == [] and again.statistics().to_json() == EXPECTED


def test_a_crash_half_way_through_the_migration_is_run_again(v2_store, monkeypatch):
    real = Migrating.write_index_shard
    calls = []

    def dies_on_the_third(self, prefix, lines):
        calls.append(prefix)
        if len(calls) == 3:
            # the process stops mid-migration: two shards rebuilt, the rest not
            raise KeyboardInterrupt
        return real(self, prefix, lines)

    monkeypatch.setattr(Migrating, "write_index_shard", dies_on_the_third)
    with pytest.raises(KeyboardInterrupt):
        open_repository(v2_store, fresh=True)
    assert json.loads((v2_store / "store.json").read_text())["meta"]["1"]["schema"] == 2
    monkeypatch.setattr(Migrating, "write_index_shard", real)
    _check(open_repository(v2_store, fresh=True))


def test_the_migration_replays_each_match_once(v2_store, monkeypatch):
    reads = []
    real = TinyMatchRepository._read_match_file

    def counted(self, path, mid):
        reads.append(mid)
        return real(self, path, mid)

    monkeypatch.setattr(TinyMatchRepository, "_read_match_file", counted)
    _check(open_repository(v2_store, fresh=True))
    assert sorted(reads) == [f"{n:08x}" for n in range(1, 6)]
