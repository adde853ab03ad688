"""Issue 18, item 5: Undo of a restore on one phone never takes away deals another phone recorded
since in a restored match. It removes only the matches still at the revision the restore wrote,
keeps the others and says so. Against a real store in a tmp folder (the server's one store)."""

import pytest

from seep_scorer.app.settings.settings_model import BackupVM
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
    return m.with_deals([Deal(points=(50, 50), note="d1")])


def test_undo_keeps_a_restored_match_another_phone_has_played_in_since(tmp_path):
    source = open_repository(tmp_path / "old", fresh=True)
    for name in ("Reds", "Greens", "Yellows"):
        source.create(a_match(name))
    backup = source.export_backup_text().encode("utf-8")
    store = open_repository(tmp_path / "table", fresh=True)
    phone = BackupVM(store)
    phone.prepare("b.jsonl", backup)
    phone.restore()
    # Another phone at the table opens a restored match and records a deal in it.
    played = next(s for s in store.list_matches() if s.teams[0] == "Greens")
    stored = store.get(played.id)
    deal = Deal(points=(60, 40), note="d2")
    saved = store.save(played.id, stored.match.with_deals([deal]), stored.revision)
    phone.undo_restore()
    assert [s.id for s in store.list_matches()] == [played.id]
    assert store.get(played.id) == saved  # its new deal too
    assert phone.message == (
        "The restore is undone: 2 matches removed. 1 match was changed "
        "after the restore, so it was kept."
    )
    assert not phone.error and not phone.can_undo


def test_a_backup_with_a_damaged_match_offers_the_good_ones(tmp_path):
    """Issue 18, item 2: one bad match never makes the rest of a backup unrestorable."""
    source = open_repository(tmp_path / "old", fresh=True)
    for name in ("Reds", "Greens", "Yellows", "Purples", "Whites"):
        source.create(a_match(name))
    lines = source.export_backup_text().encode("utf-8").split(b"\n")
    lines[3] = lines[3].replace(b'"points":{"0":50', b'"points":{"0":59', 1)  # one digit: 59 + 50
    store = open_repository(tmp_path / "table", fresh=True)
    phone = BackupVM(store)
    plan = phone.prepare("b.jsonl", b"\n".join(lines))
    assert plan is not None and (plan.count, plan.damaged) == (4, 1)
    assert phone.confirm_text() == (
        "b.jsonl holds 4 matches. Restoring adds them all to the "
        "matches on this device. 1 more match in it is damaged and is "
        "left out. You can undo it right after."
    )
    phone.restore()
    assert phone.message == "4 matches added from b.jsonl." and not phone.error
    assert len(store.list_matches()) == 4
    phone.undo_restore()
    assert store.list_matches() == []


def test_a_backup_cut_short_is_still_refused_whole(tmp_path):
    source = open_repository(tmp_path / "old", fresh=True)
    source.create(a_match("Reds"))
    cut = source.export_backup_text().encode("utf-8").rsplit(b'{"end"', 1)[0]
    phone = BackupVM(open_repository(tmp_path / "table", fresh=True))
    assert phone.prepare("b.jsonl", cut) is None and phone.error and "cut short" in phone.message


def test_download_of_a_store_with_a_match_damaged_in_place_says_so_and_restores_whole(tmp_path):
    """Issue 18, item 2: Download a backup checks each match as it goes in, as the import will."""
    store = open_repository(tmp_path / "table", fresh=True)
    stored = [store.create(a_match(name)) for name in ("Reds", "Greens", "Yellows")]
    store.backup_now()
    path = store.layout.match_file(stored[1].id, stored[1].revision)
    raw = path.read_bytes()
    # One digit, the same size.
    path.write_bytes(raw.replace(b'"points":{"0":50', b'"points":{"0":59', 1))
    phone = BackupVM(store)
    name, data = phone.backup_file()
    assert "Greens" in phone.message and "restored from the automatic backup" in phone.message
    assert not phone.error
    other = open_repository(tmp_path / "other", fresh=True)
    assert len(other.import_bytes(data)) == 3
