"""The repository interface over TinyDB: create, save, get, list, delete and restore, settings,
instances."""

import threading

import pytest

from seep_scorer.rules import Deal, MatchError
from seep_scorer.store.files import is_match_id
from seep_scorer.store.registry import open_repository
from seep_scorer.store.repository import MatchNotFound, StoreError
from seep_scorer.store.tinyrepo import TinyMatchRepository

from .conftest import finishing_match, level_deal, open_match, with_deals


def test_create_then_get_gives_the_same_match_at_revision_one(repo):
    stored = repo.create(with_deals(open_match(), 3))
    assert is_match_id(stored.id) and stored.revision == 1 and stored.created == stored.updated
    again = repo.get(stored.id)
    assert again == stored
    assert len(again.match.deals) == 3


def test_save_adds_a_revision_and_keeps_created(repo):
    stored = repo.create(open_match())
    saved = repo.save(stored.id, with_deals(stored.match, 1), 1)
    assert (
        saved.revision == 2 and saved.created == stored.created and saved.updated >= stored.updated
    )
    assert repo.get(stored.id).match.deals == (level_deal(1),)
    # One file per match: the old revision's file is gone.
    assert sorted(p.name for p in repo.layout.matches_dir.iterdir()) == [f"{stored.id}.2.json"]


def test_invalid_matches_are_refused_and_nothing_is_written(repo):
    stored = repo.create(open_match())
    bad = stored.match.with_deals([Deal(points=(70, 40))])
    with pytest.raises(MatchError):
        repo.save(stored.id, bad, 1)
    with pytest.raises(MatchError, match="name of team"):
        repo.create(open_match(("x" * 61, "Blues")))
    assert repo.get(stored.id).revision == 1
    assert len(repo.list_matches()) == 1


def test_finished_is_derived_by_replay_at_save(repo):
    assert repo.create(finishing_match()).finished is True
    assert repo.create(open_match()).finished is False
    assert sorted(s.finished for s in repo.list_matches()) == [False, True]


def test_list_is_in_progress_first_then_newest_first(repo):
    done_old = repo.create(finishing_match())
    playing_old = repo.create(open_match(("P1", "Q1")))
    done_new = repo.create(finishing_match())
    playing_new = repo.create(open_match(("P2", "Q2")))
    # Touching the oldest in-progress match makes it the newest.
    touched = repo.save(playing_old.id, with_deals(playing_old.match, 1), 1)
    order = [s.id for s in repo.list_matches()]
    assert order == [touched.id, playing_new.id, done_new.id, done_old.id]
    summary = repo.list_matches()[0]
    assert summary.teams == ("P1", "Q1") and summary.deals == 1 and summary.revision == 2


def test_list_reads_only_the_index(repo, monkeypatch):
    for _ in range(5):
        repo.create(with_deals(open_match(), 2))

    def refuse(*args, **kwargs):
        raise AssertionError("list_matches opened a match file")

    monkeypatch.setattr(TinyMatchRepository, "_read_match_file", refuse)
    assert len(repo.list_matches()) == 5


def test_unknown_and_malformed_ids_are_not_found(repo):
    for bad in ("00000000", "../store", "ABCDEF12", "", "1234567"):
        with pytest.raises(MatchNotFound):
            repo.get(bad)
        with pytest.raises(MatchNotFound):
            repo.save(bad, open_match(), 1)


def test_delete_returns_the_match_and_restore_puts_it_back_under_its_id(repo):
    stored = repo.save((s := repo.create(open_match())).id, with_deals(s.match, 2), 1)
    other = repo.create(open_match(("Other", "Team")))
    gone = repo.delete(stored.id)
    assert gone == stored
    assert [s.id for s in repo.list_matches()] == [other.id]
    with pytest.raises(MatchNotFound):
        repo.get(stored.id)
    back = repo.restore(gone)
    assert back.id == stored.id and back.revision == stored.revision and back.match == stored.match
    assert repo.get(stored.id) == back
    with pytest.raises(StoreError, match="already stored"):
        repo.restore(gone)


def test_settings_round_trip_and_survive_reopening(repo, data_dir):
    assert repo.get_setting("language", "en") == "en"
    repo.set_setting("language", "sd")
    repo.set_setting("theme", {"mode": "dark", "contrast": 2})
    again = open_repository(data_dir, fresh=True)
    assert again.get_setting("language") == "sd"
    assert again.get_setting("theme") == {"mode": "dark", "contrast": 2}
    with pytest.raises(StoreError):
        again.set_setting("bad", object())
    with pytest.raises(StoreError):
        again.set_setting("", 1)
    with pytest.raises(StoreError, match="too large"):
        again.set_setting("big", "x" * 100_000)


def test_one_instance_per_folder_however_it_is_spelled(data_dir, monkeypatch):
    first = open_repository(data_dir)
    assert open_repository(str(data_dir) + "/") is first
    monkeypatch.chdir(data_dir.parent)
    assert open_repository("data") is first
    assert first.data_dir == data_dir.resolve()


def test_concurrent_opens_share_one_instance(data_dir):
    got = []

    def worker():
        got.append(open_repository(data_dir))

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({id(r) for r in got}) == 1


def test_fresh_gives_a_new_instance_and_closes_the_old(data_dir):
    old = open_repository(data_dir)
    stored = old.create(open_match())
    new = open_repository(data_dir, fresh=True)
    assert new is not old and old.closed
    with pytest.raises(StoreError, match="closed"):
        old.get(stored.id)
    assert new.get(stored.id) == stored
    new.close()
    assert open_repository(data_dir) is not new  # a closed instance is never handed out again


def test_an_unusable_data_folder_is_a_plain_store_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot be used"):
        open_repository(blocker / "data")


def test_auto_backup_at_open_is_daily_and_bounded(data_dir):
    repo = open_repository(data_dir)
    assert repo.auto_backups() == []  # nothing to back up in an empty store
    repo.create(open_match())
    repo = open_repository(data_dir, fresh=True)
    assert len(repo.auto_backups()) == 1  # none yet: one at open
    repo = open_repository(data_dir, fresh=True)
    assert len(repo.auto_backups()) == 1  # the newest is under a day old
    for _ in range(10):
        repo.backup_now()
    backups = repo.auto_backups()
    assert len(backups) == 7
    assert backups == sorted(backups, reverse=True)
