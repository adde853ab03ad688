"""Issue 12, item 2 (second half): the settings screen's Backup section against a real store in a
tmp folder. The download is byte for byte what `seep-scorer backup` writes; a restore lands whole
(its ids kept where free), says what it did, and Undo removes exactly what it added; a damaged or
too large file is refused in one sentence and nothing is written."""

from datetime import date

import flet as ft
import pytest
from harness import _walk

from seep_scorer.app.settings import settings_model as backup_vm
from seep_scorer.app.settings.settings_model import BackupVM, RestorePlan
from seep_scorer.cli import main
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
from seep_scorer.store.registry import close_all, open_repository

NOW = "2026-12-01T10:00:00Z"


@pytest.fixture(autouse=True)
def _english_and_closed():
    with using(UILocale("en")):
        yield
    close_all()


@pytest.fixture(autouse=True)
def _fixed_clock(monkeypatch):
    # The backup's header carries the time it was made: one clock for the app and the command line.
    monkeypatch.setattr("seep_scorer.store.backup.exports.now_iso", lambda: NOW)


def a_match(team0: str, deals: int = 2) -> Match:
    m = Match(
        PRESETS["standard"],
        MatchFormat("open", None),
        (Team(team0, ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev"))),
        0,
        (),
    )
    return m.with_deals(Deal(points=(50, 50), note=f"d{n}") for n in range(1, deals + 1))


@pytest.fixture
def full(tmp_path):
    repo = open_repository(tmp_path / "full", fresh=True)
    for i, name in enumerate(("Reds", "Greens", "Yellows")):
        repo.create(a_match(name, deals=i + 1))
    return repo


@pytest.fixture
def empty(tmp_path):
    return open_repository(tmp_path / "empty", fresh=True)


def files_of(repo) -> dict[str, bytes]:
    """Every file of the store's folder (the lock aside): what 'nothing is written' compares."""
    root = repo.data_dir
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def matches_of(repo) -> dict[str, Match]:
    return {s.id: repo.get(s.id).match for s in repo.list_matches()}


def backup_of(repo) -> bytes:
    found = BackupVM(repo).backup_file(today=date(2026, 12, 1))
    assert found is not None
    return found[1]


def test_the_download_is_what_seep_scorer_backup_writes(full, tmp_path):
    name, data = BackupVM(full).backup_file(today=date(2026, 12, 1))
    assert name == "seep-scorer-backup-2026-12-01.jsonl"
    out = tmp_path / "cli.jsonl"
    assert main(["backup", "-o", str(out), "--data-dir", str(full.data_dir)]) == 0
    assert data == out.read_bytes()
    lines = data.decode("utf-8").splitlines()
    assert '"format":"seep-backup"' in lines[0] and lines[-1] == '{"end":true,"matches":3}'
    assert len(lines) == 5


def test_a_restore_into_an_empty_store_gives_the_same_matches(full, empty):
    data = backup_of(full)
    vm = BackupVM(empty)
    plan = vm.prepare("seep-scorer-backup-2026-12-01.jsonl", data)
    assert plan is not None and (plan.count, plan.present) == (3, 0)
    assert vm.confirm_text().startswith("seep-scorer-backup-2026-12-01.jsonl holds 3 matches.")
    assert matches_of(empty) == {}  # asking writes nothing
    vm.restore()
    assert (
        vm.message == "3 matches added from seep-scorer-backup-2026-12-01.jsonl." and not vm.error
    )
    assert matches_of(empty) == matches_of(full)  # the same ids, the same matches
    assert vm.can_undo and sorted(mid for mid, _ in vm.added) == sorted(matches_of(full))


def test_a_restore_into_its_own_store_says_which_were_there(full):
    before = matches_of(full)
    vm = BackupVM(full)
    plan = vm.prepare("b.jsonl", backup_of(full))
    assert (plan.count, plan.present) == (3, 3)
    assert "3 of them are here already; restoring leaves them as they are" in vm.confirm_text()
    vm.restore()  # the default: only the new ones (issue 19, item 7)
    assert vm.message == (
        "0 matches added from b.jsonl. 3 matches were here already and were left as they are."
    )
    assert matches_of(full) == before and not vm.added
    vm.prepare("b.jsonl", backup_of(full))
    vm.restore(copies=True)
    assert vm.message == (
        "3 matches added from b.jsonl. 3 of them were here already and are now listed twice."
    )
    after = matches_of(full)
    assert len(after) == 6 and all(after[mid] == m for mid, m in before.items())
    assert not {mid for mid, _ in vm.added} & set(before)


def test_undo_removes_exactly_what_the_restore_added(full, empty):
    kept = empty.create(a_match("Purples"))
    vm = BackupVM(empty)
    vm.prepare("b.jsonl", backup_of(full))
    vm.restore()
    later = empty.create(a_match("Oranges"))  # after the restore: not the restore's to take back
    vm.undo_restore()
    assert vm.message == "The restore is undone: 3 matches removed." and not vm.can_undo
    assert set(matches_of(empty)) == {kept.id, later.id}


def test_a_single_match_file_is_restored_as_one_new_match(full, empty):
    mid = full.list_matches()[0].id
    vm = BackupVM(empty)
    plan = vm.prepare("reds.json", full.export_match_text(mid).encode("utf-8"))
    assert (plan.count, plan.present) == (1, 0)
    assert vm.confirm_text().startswith("reds.json holds 1 match. Restoring adds it")
    vm.restore()
    assert vm.message == "1 match added from reds.json."
    [(new_id, match)] = matches_of(empty).items()
    assert match == full.get(mid).match


def damaged(data: bytes) -> bytes:
    lines = data.split(b"\n")
    lines[2] = lines[2][:40] + b"#" + lines[2][41:]  # the second match's line no longer JSON
    return b"\n".join(lines)


def every_match_damaged(data: bytes) -> bytes:
    lines = data.split(b"\n")
    # One damaged match among good ones is offered without it (test_restore_undo).
    for n in (1, 2, 3):
        lines[n] = lines[n][:40] + b"#" + lines[n][41:]
    return b"\n".join(lines)


@pytest.mark.parametrize(
    "spoil, message",
    [
        (every_match_damaged, "Line 2 of b.jsonl is damaged, so nothing was restored."),
        (
            lambda d: d.rsplit(b"\n", 2)[0] + b"\n",
            "b.jsonl is cut short (its last line is missing), so nothing was restored.",
        ),
        (
            lambda d: b"hello\n" + d,
            "b.jsonl is not a Seep Scorer backup or match file, so nothing was restored.",
        ),
        (
            lambda d: d.replace(b'"version":1', b'"version":9', 1),
            "b.jsonl was made by a newer Seep Scorer; update this app to restore it. "
            "Nothing was restored.",
        ),
        (
            lambda d: d.split(b"\n")[0] + b"\n" + b'{"end":true,"matches":0}\n',
            "b.jsonl holds no matches; there is nothing to restore.",
        ),
    ],
)
def test_a_bad_file_is_told_in_one_sentence_and_nothing_is_written(full, empty, spoil, message):
    before = files_of(empty)
    vm = BackupVM(empty)
    assert vm.prepare("b.jsonl", spoil(backup_of(full))) is None
    assert vm.message == message and vm.error and vm.plan is None and not vm.can_undo
    assert files_of(empty) == before


def test_the_stores_own_last_checks_refuse_whole(full, empty):
    """A plan whose file went bad after the check (the store reads it again): nothing is written."""
    before = files_of(empty)
    vm = BackupVM(empty)
    vm.plan = RestorePlan("b.jsonl", damaged(backup_of(full)), 3, 0)
    vm.restore()
    assert vm.message == "Line 3 of b.jsonl is damaged, so nothing was restored." and vm.error
    assert files_of(empty) == before and not vm.can_undo


def test_a_file_over_the_limit_is_refused_by_its_size(empty, monkeypatch):
    vm = BackupVM(empty)
    assert vm.too_big("huge.jsonl", backup_vm.RESTORE_MAX_BYTES + 1)
    assert (
        vm.message
        == "huge.jsonl is 49 MB; the app restores files of up to 48 MB, so nothing was restored."
    )
    assert not vm.too_big("fine.jsonl", backup_vm.RESTORE_MAX_BYTES)
    monkeypatch.setattr(backup_vm, "RESTORE_MAX_BYTES", 10)
    before = files_of(empty)
    assert (
        vm.prepare("b.jsonl", b"x" * 11) is None and "the app restores files of up to" in vm.message
    )
    assert files_of(empty) == before


def test_the_settings_screen_shows_the_backup_section_and_no_folder(full):
    from seep_scorer.app.settings.settings import SettingsScreen
    from seep_scorer.app.settings.settings_model import SettingsVM
    from seep_scorer.app.shell.app import App

    class StubPage:
        width, route = 412, "/settings"
        views: list = []

        def update(self):
            pass

    vm = SettingsVM(full, {})
    screen = SettingsScreen(App(StubPage(), full), vm).drawn()
    controls = list(_walk(screen.view))
    ids = {c.identifier for c in controls if isinstance(c, ft.Semantics)}
    assert {"backup-download", "backup-restore"} <= ids
    shown = " ".join(str(getattr(c, "value", "") or "") for c in controls)
    assert "Keep a copy of every match in a file, or bring matches back from one." in shown
    assert str(full.data_dir) not in shown and not hasattr(vm, "data_dir")
    buttons = [
        c.content
        for c in controls
        if isinstance(c, ft.Semantics) and c.identifier in ("backup-download", "backup-restore")
    ]
    assert all(b.height >= 48 for b in buttons)


def test_the_server_takes_a_message_as_big_as_the_largest_restore():
    """A picked file reaches Python in one WebSocket message: a restore the settings allow must fit
    in what the server accepts, or the phone is cut off without a word."""
    from seep_scorer.server import app as server

    assert server.WS_MAX_BYTES >= backup_vm.RESTORE_MAX_BYTES + 4 * 1024 * 1024
