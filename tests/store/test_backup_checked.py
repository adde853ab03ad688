"""A match file damaged in place (one digit, same size) never goes into a backup as it is
(issue 18, item 2).

`list` reads only the index and the open checks only sizes, so such a file looks
normal; an import checks every match in full and refuses a backup as a whole.
Each match is checked as it goes into a backup: a damaged one goes through the
repairing read (moved to damaged/, put back from an automatic backup, a notice).
"""

import json

import pytest

from seep_scorer.cli import main
from seep_scorer.store.backup.file import read_backup
from seep_scorer.store.registry import close_all, open_repository

from .conftest import open_match, with_deals

DEAL = b'{"0":50,"1":50},"sweeps":[],"note":"d2"'


def _deal_digit(raw: bytes) -> bytes:
    return raw.replace(DEAL, DEAL.replace(b'"0":50', b'"0":59'), 1)  # 59 + 50 is not 100


def _month_digit(raw: bytes) -> bytes:
    at = raw.index(b'"created":"') + len(b'"created":"') + 5  # the month's first digit: month 3x
    return raw[:at] + b"3" + raw[at + 1 :]


def _store_with_one_damaged(data_dir, damage, auto_backup: bool):
    repo = open_repository(data_dir, fresh=True)
    stored = [repo.create(with_deals(open_match((f"Team {n}", "Rivals")), 3)) for n in range(5)]
    if auto_backup:
        repo.backup_now()
    victim = stored[2]
    path = repo.layout.match_file(victim.id, victim.revision)
    raw = path.read_bytes()
    path.write_bytes(damage(raw))
    assert path.stat().st_size == len(raw) and path.read_bytes() != raw
    close_all()
    return stored, victim


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("damage", [_deal_digit, _month_digit], ids=["deal", "date"])
def test_cli_backup_of_a_store_with_a_damaged_match_imports_whole(capsys, tmp_path, damage):
    data_dir, target = tmp_path / "data", tmp_path / "restored"
    stored, victim = _store_with_one_damaged(data_dir, damage, auto_backup=True)
    code, out, _ = run(capsys, "list", "--json", "--data-dir", str(data_dir))
    assert code == 0 and len(json.loads(out)) == 5  # nothing shows until the file is read in full
    backup = tmp_path / "all.jsonl"
    code, _, err = run(capsys, "backup", "-o", str(backup), "--data-dir", str(data_dir))
    assert code == 0
    assert "damaged" in err and str(data_dir / "damaged") in err  # set aside, and said so
    assert len(list((data_dir / "damaged").iterdir())) == 1
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(target))
    assert (code, err) == (0, "")
    # The damaged one came back from the automatic backup.
    assert set(out.split()) == {s.id for s in stored}


def test_a_damaged_match_no_backup_holds_is_left_out_and_the_rest_restore(capsys, tmp_path):
    data_dir, target = tmp_path / "data", tmp_path / "restored"
    stored, victim = _store_with_one_damaged(data_dir, _deal_digit, auto_backup=False)
    repo = open_repository(data_dir)
    repo.notices.clear()  # the open's own automatic backup found it already: its notice is there
    close_all()
    backup = tmp_path / "all.jsonl"
    assert run(capsys, "backup", "-o", str(backup), "--data-dir", str(data_dir))[0] == 0
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(target))
    assert (code, err) == (0, "")
    assert set(out.split()) == {s.id for s in stored} - {victim.id}
    assert len(list((data_dir / "damaged").iterdir())) == 1  # kept, never deleted


def test_the_automatic_backup_and_the_download_check_each_match_too(tmp_path):
    data_dir = tmp_path / "data"
    stored, victim = _store_with_one_damaged(data_dir, _month_digit, auto_backup=False)
    repo = open_repository(data_dir)  # its open takes the day's automatic backup
    [auto] = repo.auto_backups()
    assert any("damaged" in notice for notice in repo.notices)
    with open(auto, "rb") as f:
        assert {r.id for r in read_backup(f)[1]} == {s.id for s in stored} - {victim.id}
    fresh = open_repository(tmp_path / "other", fresh=True)
    assert len(fresh.import_bytes(repo.export_backup_text())) == 4
