"""Issue 24: a match just saved is read back by every other phone of its table; the store gives
them the revision it wrote, reading no file, and never an old one."""

from dataclasses import replace

from seep_scorer.store import tinyrepo

from .conftest import level_deal, open_match


def test_a_match_read_back_after_its_save_reads_no_file(repo, monkeypatch):
    stored = repo.create(open_match())
    saved = repo.save(stored.id, stored.match.with_deals([level_deal(1)]), stored.revision)
    files = []
    read = tinyrepo.read_match
    monkeypatch.setattr(tinyrepo, "read_match", lambda *a: files.append(a) or read(*a))
    again = repo.get(stored.id)
    assert again == saved and files == []


def test_a_match_saved_elsewhere_or_made_again_is_read_from_its_file(repo, data_dir):
    from seep_scorer.store.registry import close_all, open_repository

    stored = repo.create(open_match())
    saved = repo.save(stored.id, stored.match.with_deals([level_deal(1)]), stored.revision)
    assert repo.get(stored.id) == saved
    repo.delete(stored.id)
    # the same id and revision again, another match (a restore from a backup, say)
    other = replace(saved, match=stored.match.with_deals([level_deal(7)]))
    restored = repo.restore(other)
    assert repo.get(stored.id).match.deals == (level_deal(7),) == restored.match.deals
    close_all()
    other = open_repository(data_dir)  # another process's store (the app open twice)
    newer = other.save(stored.id, stored.match.with_deals([level_deal(9)]), restored.revision)
    assert other.get(stored.id) == newer
