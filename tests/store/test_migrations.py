"""Schema versions: a hand-made schema-1 store is backed up, then migrated at open, in order."""

import json

import pytest

from seep_scorer.cli import main as cli_main
from seep_scorer.matchfile import match_to_dict
from seep_scorer.store import StoreError, migrations, open_repository

from .conftest import finishing_match, open_match, with_deals


def _v1_record(mid, match, revision=3):
    return {
        "id": mid,
        "created": "2025-03-01T10:00:00+00:00",
        "updated": "2025-03-02T18:30:00+00:00",
        "revision": revision,
        "match": match_to_dict(match),
    }


@pytest.fixture
def v1_store(data_dir):
    """A schema-1 store as its layout defines it: one TinyDB file, every match and setting in it."""
    data_dir.mkdir(parents=True)
    good = with_deals(open_match(("Old", "Timers")), 4)
    odd_id = finishing_match()
    broken = match_to_dict(open_match())
    broken["deals"] = [{"points": {"0": 70, "1": 70}}]
    tables = {
        "matches": {
            "1": _v1_record("0a1b2c3d", good),
            "2": _v1_record("legacy-7", odd_id, revision=1),
            "3": {**_v1_record("9f9f9f9f", open_match()), "match": broken},
        },
        "settings": {
            "1": {"key": "language", "value": "as"},
            "2": {"key": "theme", "value": "dark"},
        },
    }
    raw = json.dumps(tables).encode()
    (data_dir / "seep-scorer.json").write_bytes(raw)
    return {"dir": data_dir, "raw": raw, "good": good, "odd": odd_id}


def test_a_schema_1_store_is_backed_up_then_migrated(v1_store):
    data_dir = v1_store["dir"]
    repo = open_repository(data_dir, fresh=True)

    meta = json.loads((data_dir / "store.json").read_text())["meta"]["1"]
    assert meta == {"schema": migrations.current_schema()} == {"schema": 3}
    backups = list((data_dir / "backups").glob("before-schema-2-*"))
    assert len(backups) == 1
    assert (backups[0] / "seep-scorer.json").read_bytes() == v1_store[
        "raw"
    ]  # the old store, byte for byte
    assert not (data_dir / "seep-scorer.json").exists()

    migrated = repo.get("0a1b2c3d")
    assert migrated.match == v1_store["good"] and migrated.revision == 3
    assert migrated.created == "2025-03-01T10:00:00+00:00"
    summaries = repo.list_matches()
    assert len(summaries) == 2
    other = next(s for s in summaries if s.id != "0a1b2c3d")
    assert (
        repo.get(other.id).match == v1_store["odd"] and other.finished
    )  # an id of another shape got a new one
    assert repo.get_setting("language") == "as" and repo.get_setting("theme") == "dark"
    # The record that does not add up is named, and where it is kept.
    assert len(repo.notices) == 1
    assert "9f9f9f9f" in repo.notices[0] and str(backups[0]) in repo.notices[0]

    again = open_repository(data_dir, fresh=True)
    assert again.notices == [] and len(list((data_dir / "backups").glob("before-schema-*"))) == 1


def test_a_migration_interrupted_half_way_is_run_again_without_duplicates(v1_store, monkeypatch):
    data_dir = v1_store["dir"]
    calls = []

    from seep_scorer.store.tinyrepo import TinyMatchRepository

    real_commit = TinyMatchRepository._commit

    def dies_after_one(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt  # the process stops mid-migration
        return real_commit(self, *args, **kwargs)

    monkeypatch.setattr(TinyMatchRepository, "_commit", dies_after_one)
    with pytest.raises(KeyboardInterrupt):
        open_repository(data_dir, fresh=True)
    monkeypatch.setattr(TinyMatchRepository, "_commit", real_commit)
    repo = open_repository(data_dir, fresh=True)
    assert len(repo.list_matches()) == 2
    assert repo.get("0a1b2c3d").match == v1_store["good"]


def test_migrations_run_in_order_after_the_backup(v1_store, monkeypatch):
    order = []

    def two_to_three(repo):
        # The backup exists before any migration step runs, and step 1 has finished.
        assert any((repo.layout.backups_dir).glob("before-schema-2-*"))
        assert json.loads(repo.layout.store_file.read_text())["meta"]["1"]["schema"] == 2
        order.append(2)
        repo.set_setting("migrated_to_3", True)

    def one_to_two(repo):
        order.append(1)
        migrations.migrate_1_to_2(repo)

    monkeypatch.setattr(migrations, "MIGRATIONS", [(1, one_to_two), (2, two_to_three)])
    repo = open_repository(v1_store["dir"], fresh=True)
    assert order == [1, 2]
    assert json.loads(repo.layout.store_file.read_text())["meta"]["1"]["schema"] == 3
    assert repo.get_setting("migrated_to_3") is True


def test_a_store_from_a_newer_app_is_refused_in_plain_words(data_dir, capsys):
    repo = open_repository(data_dir, fresh=True)
    repo.create(open_match())
    repo.close()
    (data_dir / "store.json").write_text(
        json.dumps({"meta": {"1": {"schema": 99}}, "settings": {}})
    )
    with pytest.raises(StoreError, match="newer version of Seep Scorer"):
        open_repository(data_dir, fresh=True)
    assert cli_main(["list", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "newer version" in err


def test_an_unreadable_old_store_is_moved_aside_and_the_app_starts(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "seep-scorer.json").write_bytes(b'{"matches": {"1": ')
    repo = open_repository(data_dir, fresh=True)
    assert repo.list_matches() == []
    assert len(repo.notices) == 1 and "older version" in repo.notices[0]
    assert [p.read_bytes() for p in (data_dir / "damaged").iterdir()] == [b'{"matches": {"1": ']
