"""Issue 19, item 7: restoring a backup that holds matches already here adds only the new ones
(the default), not copies that count every deal twice. 'Already here' is the same match: the same
id and the same creation time (no edit changes either). Copies stay one tap away in the dialog.
A session test (the dialog in the real app's headless session) and the view model's wording,
against real stores in a tmp folder."""

import asyncio
from types import SimpleNamespace

import flet as ft
import pytest
from harness import Phone

from seep_scorer.app.settings.settings_model import BackupVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
from seep_scorer.store.registry import close_all, open_repository


@pytest.fixture(autouse=True)
def _english_and_closed():
    with using(UILocale("en")):
        yield
    close_all()


def a_match(team0: str) -> Match:
    m = Match(
        PRESETS["standard"],
        MatchFormat("open", None),
        (Team(team0, ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev"))),
        0,
        (),
    )
    return m.with_deals([Deal(points=(60, 40), note="d1"), Deal(points=(30, 70), note="d2")])


def open_dialog(phone: Phone) -> ft.AlertDialog:
    dialogs = [d for d in phone.page._dialogs.controls if d.open]
    assert len(dialogs) == 1, dialogs
    return dialogs[0]


def test_the_dialog_restores_only_the_new_matches_and_the_statistics_stay_true(tmp_path):
    source = open_repository(tmp_path / "old", fresh=True)
    for name in ("Reds", "Greens", "Yellows"):
        source.create(a_match(name))
    table = open_repository(tmp_path / "table", fresh=True)
    table.import_bytes(source.export_backup_text())  # restored once already
    source.create(a_match("Purples"))  # played since on the phone the backup comes from
    data = source.export_backup_text().encode("utf-8")

    async def go():
        phone = await Phone(make_main(lambda: table), storage={"seep_scorer.language": "en"}).start(
            "/settings"
        )
        backup = phone.page.on_route_change.__self__.screens["/settings"].backup
        picked = ft.FilePickerFile(id=0, name="b.jsonl", size=len(data), bytes=data)
        await backup._picked(SimpleNamespace(files=[picked]))
        await phone.settle()
        dialog = open_dialog(phone)
        assert [a.identifier for a in dialog.actions] == [
            "restore-cancel",
            "restore-copies",
            "restore-confirm",
        ]
        assert phone.text("restore-summary") == (
            "b.jsonl holds 4 matches. 3 of them are here already; restoring leaves them as they "
            "are and adds only the new ones. You can undo it right after."
        )
        await phone.tap("restore-confirm")  # the default
        assert backup.vm.message == (
            "1 match added from b.jsonl. 3 matches were here already and were left as they are."
        )
        await backup._undo()
        assert backup.vm.message == "The restore is undone: 1 match removed."

    before = table.statistics().to_json()
    asyncio.run(go())
    assert table.statistics().to_json() == before  # the undo took back the one new match
    vm = BackupVM(table)
    vm.prepare("b.jsonl", data)
    vm.restore()
    assert sorted(s.id for s in table.list_matches()) == sorted(s.id for s in source.list_matches())
    assert table.statistics().to_json() == source.statistics().to_json()  # every deal counted once


def test_copies_are_added_when_asked_and_the_message_counts_right(tmp_path):
    store = open_repository(tmp_path / "table", fresh=True)
    store.create(a_match("Reds"))
    vm = BackupVM(store)
    plan = vm.prepare("b.jsonl", store.export_backup_text().encode("utf-8"))
    assert (plan.count, plan.present) == (1, 1)
    assert vm.confirm_text().startswith(
        "b.jsonl holds 1 match. 1 of them is here already; restoring leaves it as it is"
    )
    vm.restore(copies=True)
    # Before: '1 match added from b.jsonl; 1 of them were here already, so they are now listed
    # twice.'
    assert vm.message == (
        "1 match added from b.jsonl. 1 of them was here already and is now listed twice."
    )
    assert len(store.list_matches()) == 2


def test_a_match_with_the_same_id_but_another_creation_time_is_not_the_same_match(tmp_path):
    """Two devices may (rarely) give one id to two matches: the other one is still restored."""
    source = open_repository(tmp_path / "old", fresh=True)
    mid = source.create(a_match("Reds")).id
    text = source.export_backup_text()
    store = open_repository(tmp_path / "table", fresh=True)
    store.import_bytes(text)
    created = store.get(mid).created
    other = text.replace(f'"created":"{created}"', '"created":"2020-01-01T00:00:00+00:00"', 1)
    assert other != text
    vm = BackupVM(store)
    assert vm.prepare("b.jsonl", other.encode("utf-8")).present == 0
    vm.restore()
    assert vm.message == "1 match added from b.jsonl." and len(store.list_matches()) == 2


def test_the_store_leaves_out_what_is_here_already(tmp_path):
    store = open_repository(tmp_path / "table", fresh=True)
    for name in ("Reds", "Greens"):
        store.create(a_match(name))
    before = store.statistics().to_json()
    assert store.import_bytes(store.export_backup_text(), skip_present=True) == []
    assert len(store.list_matches()) == 2 and store.statistics().to_json() == before
    # Without it (the command line's import), copies under new ids, as before.
    assert len(store.import_bytes(store.export_backup_text())) == 2


def test_the_command_line_adds_copies_unless_asked_for_new_ones_only(tmp_path, capsys):
    from seep_scorer.cli import main

    store = open_repository(tmp_path / "table", fresh=True)
    mid = store.create(a_match("Reds")).id
    path = tmp_path / "b.jsonl"
    path.write_text(store.export_backup_text(), encoding="utf-8")
    store.create(a_match("Greens"))  # not in the backup
    close_all()
    folder = str(tmp_path / "table")
    assert main(["import", "--new-only", str(path), "--data-dir", folder]) == 0
    assert capsys.readouterr().out == ""  # nothing new: nothing added
    assert main(["import", str(path), "--data-dir", folder]) == 0  # as before: a copy
    [copy] = capsys.readouterr().out.split()
    assert copy != mid
    assert len(open_repository(tmp_path / "table").list_matches()) == 3
