"""Schema versions: a store of an older schema is backed up, then migrated at open, in order; one no
migration starts from is refused in plain words and left as it is."""

import json

import pytest

from seep_scorer.cli import main as cli_main
from seep_scorer.store import schema as migrations
from seep_scorer.store.registry import open_repository
from seep_scorer.store.repository import StoreError

from .conftest import open_match, tree_snapshot


def _store_of_schema(data_dir, version: int) -> None:
    """An empty store whose store.json says it is of schema `version`."""
    data_dir.mkdir(parents=True)
    (data_dir / "store.json").write_text(
        json.dumps({"meta": {"1": {"schema": version}}, "settings": {"1": {"language": "as"}}})
    )


def _schema(repo) -> int:
    return json.loads(repo.layout.store_file.read_text())["meta"]["1"]["schema"]


def test_migrations_run_in_order_after_the_backup(data_dir, monkeypatch):
    _store_of_schema(data_dir, 2)
    order = []

    def two_to_three(target):
        order.append(2)
        migrations.migrate_2_to_3(target)

    def three_to_four(target):
        # The backup exists before any migration step runs, and step 2 -> 3 has finished.
        assert any(target.layout.backups_dir.glob("before-schema-3-*"))
        assert json.loads(target.layout.store_file.read_text())["meta"]["1"]["schema"] == 3
        order.append(3)

    monkeypatch.setattr(migrations, "MIGRATIONS", [(2, two_to_three), (3, three_to_four)])
    repo = open_repository(data_dir, fresh=True)
    assert order == [2, 3]
    assert _schema(repo) == 4 and repo.get_setting("language") == "as"


def test_a_store_of_schema_1_is_refused_in_plain_words_and_left_as_it_is(data_dir, capsys):
    """No release wrote schema 1: there is no migration from it; nothing is copied or changed."""
    _store_of_schema(data_dir, 1)
    before = tree_snapshot(data_dir)
    with pytest.raises(StoreError, match="no way to update a store of version 1"):
        open_repository(data_dir, fresh=True)
    assert cli_main(["list", "--data-dir", str(data_dir)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "version 1" in err
    assert tree_snapshot(data_dir) == before  # no copy taken before a migration that cannot run


def test_a_file_named_as_the_old_single_file_store_is_not_the_stores(data_dir):
    """seep-scorer.json (the unreleased schema 1) is neither read nor removed."""
    data_dir.mkdir(parents=True)
    old = b'{"matches": {"1": {"id": "0a1b2c3d"}}, "settings": {}}'
    (data_dir / "seep-scorer.json").write_bytes(old)
    repo = open_repository(data_dir, fresh=True)
    assert repo.list_matches() == [] and repo.notices == []
    assert _schema(repo) == migrations.current_schema() == 3
    assert (data_dir / "seep-scorer.json").read_bytes() == old
    assert not list((data_dir / "backups").glob("before-schema-*"))


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
