"""Import and export: match file, backup file, CSV. Imports are validated in full first; hostile
files change nothing."""

import csv
import io
import json
import time
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seep_scorer.matchfile import match_to_dict
from seep_scorer.rules import PRESETS, Deal, Match, MatchError, MatchFormat, Sweep, Team
from seep_scorer.store.registry import open_repository
from tests.strategies import matches

from .conftest import finishing_match, open_match, tree_snapshot, with_deals

ONE_REPO = settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def shared_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("shared") / "data"


@ONE_REPO
@given(match=matches(max_deals=12))
def test_export_then_import_gives_an_equal_match(shared_dir, match):
    repo = open_repository(shared_dir)
    stored = repo.create(match)
    text = repo.export_match_text(stored.id)
    [imported] = repo.import_bytes(text.encode("utf-8"))
    assert imported.id != stored.id
    assert repo.get(imported.id).match == match == stored.match


@settings(max_examples=15, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.lists(matches(max_deals=8), min_size=0, max_size=4))
def test_backup_then_import_into_an_empty_store_gives_every_match(tmp_path_factory, batch):
    source = open_repository(tmp_path_factory.mktemp("src"), fresh=True)
    originals = [source.create(m) for m in batch]
    source.set_setting("language", "it")
    text = source.export_backup_text()
    target = open_repository(tmp_path_factory.mktemp("dst"), fresh=True)
    imported = target.import_bytes(text)
    assert sorted(s.id for s in imported) == sorted(s.id for s in originals)  # free ids are kept
    for original in originals:
        back = target.get(original.id)
        assert back.match == original.match
        assert (back.created, back.updated, back.revision, back.finished) == (
            original.created,
            original.updated,
            original.revision,
            original.finished,
        )


def test_importing_a_backup_into_the_same_store_gives_new_ids(repo):
    first = repo.create(with_deals(open_match(), 2))
    again = repo.import_bytes(repo.export_backup_text())
    assert len(again) == 1 and again[0].id != first.id and again[0].match == first.match
    assert len(repo.list_matches()) == 2


def test_import_file_reads_match_files_and_backups(repo, tmp_path):
    stored = repo.create(finishing_match())
    match_path = tmp_path / "one.json"
    match_path.write_text(repo.export_match_text(stored.id), encoding="utf-8")
    backup_path = tmp_path / "all.jsonl"
    with open(backup_path, "wb") as f:
        repo.write_backup(f)
    assert [s.match for s in repo.import_file(match_path)] == [stored.match]
    assert [s.match for s in repo.import_file(backup_path)] == [stored.match]
    assert not list(repo.data_dir.glob(".tmp-*"))  # the staging copy is gone


def test_csv_has_the_deal_table(repo):
    teams = (Team("Reds", ("Asha", "Chitra")), Team("=cmd", ("Bilal", "Dev")))
    match = Match(
        PRESETS["standard"],
        MatchFormat("bazzis", 3),
        teams,
        0,
        (
            Deal(points=(60, 40), sweeps=(Sweep(1, "normal"),)),
            Deal(points=(8, 92)),
            Deal(
                points=(55, 45),
                sweeps=(Sweep(0, "normal"), Sweep(0, "normal"), Sweep(0, "last")),
            ),
        ),
    )
    stored = repo.create(match)
    rows = list(csv.reader(io.StringIO(repo.export_csv(stored.id))))
    assert rows[0] == [
        "deal",
        "dealer",
        "Reds card points",
        "'=cmd card points",
        "Reds sweeps",
        "'=cmd sweeps",
        "Reds last-play sweeps",
        "'=cmd last-play sweeps",
        "Reds score",
        "'=cmd score",
        "difference",
        "event",
    ]
    assert rows[1] == ["1", "Asha", "60", "40", "0", "1", "0", "0", "60", "90", "-30", ""]
    assert rows[2][2:] == ["8", "92", "0", "0", "0", "0", "8", "92", "0", "bazzi to =cmd (minimum)"]
    assert rows[3] == [
        "3",
        "Chitra",
        "55",
        "45",
        "2",
        "0",
        "1",
        "0",
        "155",
        "45",
        "0",
        "bazzi to Reds (lead)",
    ]
    assert len(rows) == 4


# ----- hostile imports -----


def _match_file(**changes) -> dict:
    obj = match_to_dict(with_deals(open_match(), 2))
    obj.update(changes)
    return obj


def _compact(obj) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def _backup(*records: bytes, header=None) -> bytes:
    head = header or {
        "format": "seep-backup",
        "version": 1,
        "created": "2026-01-01T00:00:00Z",
        "schema": 2,
        "settings": {},
    }
    return (
        b"\n".join([_compact(head), *records, _compact({"end": True, "matches": len(records)})])
        + b"\n"
    )


def _record(mid="0123abcd", match=None) -> bytes:
    return _compact(
        {
            "id": mid,
            "revision": 1,
            "created": "2026-01-01T00:00:00Z",
            "updated": "2026-01-01T00:00:00Z",
            "match": match if match is not None else _match_file(),
        }
    )


MILLION_DEALS = (
    b'{"format":"seep-match","version":1,"deals":['
    + b",".join([b'{"points":{"0":50,"1":50}}'] * 1_000_000)
    + b"]}"
)
HOSTILE = {
    "deeply-nested": b"[" * 3_000_000 + b"]" * 3_000_000,
    "nested-within-budget": b'{"format":"seep-match","version":1,"deals":'
    + b"[" * 100_000
    + b"]" * 100_000
    + b"}",
    "million-deals": MILLION_DEALS,
    "million-empty-deals": b'{"format":"seep-match","version":1,"deals":['
    + b",".join([b"{}"] * 1_000_000)
    + b"]}",
    "5000-and-one-deals": _compact(_match_file(deals=[{"points": {"0": 50, "1": 50}}] * 5001)),
    "wrong-types": _compact(_match_file(teams="Reds and Blues")),
    "wrong-deal-types": _compact(_match_file(deals=[{"points": {"0": "fifty", "1": 50}}])),
    "unknown-version": _compact(_match_file(version=7)),
    "not-utf8": b'{"format":"seep-match","version":1,"teams":[{"name":"\xff\xfe"}]}',
    # The rules layer once raised TypeError here (dealer used before its type was checked; fixed in
    # a951b3f).
    "dealer-of-wrong-type": _compact(
        _match_file(
            deals=[
                {
                    "points": {"0": 50, "1": 50},
                    "dealer": [],
                    "sweeps": [{"team": 0, "kind": "normal"}],
                }
            ]
        )
    ),
    "not-json": b"format: seep-match\nversion: 1\n",
    "empty": b"",
    "backup-unknown-version": _backup(_record(), header={"format": "seep-backup", "version": 9}),
    "backup-bad-last-record": _backup(
        _record(),
        _record("0123abce"),
        _record("0123abcf", _match_file(deals=[{"points": {"0": 99, "1": 99}}])),
    ),
    "backup-cut-short": _backup(_record(), _record("0123abce"))[:-30],
    "backup-not-utf8": _backup(_record(), b'{"id":"\xff"}'),
    "backup-huge-line": _backup(MILLION_DEALS),
    "backup-end-count-lies": _backup(_record()).replace(b'"matches":1', b'"matches":5'),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_imports_are_refused_quickly_with_bounded_memory_and_change_nothing(
    repo, tmp_path, name
):
    keep = repo.create(with_deals(open_match(), 1))
    path = tmp_path / "hostile.json"
    path.write_bytes(HOSTILE[name])
    before = tree_snapshot(repo.data_dir)
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(MatchError):
            repo.import_file(path)
        elapsed = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert elapsed < 5, f"{name}: {elapsed:.1f} s"
    assert peak < 64 * 1024 * 1024, f"{name}: peak {peak // 2**20} MB"
    assert tree_snapshot(repo.data_dir) == before
    assert [s.id for s in repo.list_matches()] == [keep.id]


@pytest.mark.parametrize("kind", ["match", "backup"])
def test_huge_files_are_refused_before_they_are_read(repo, tmp_path, kind):
    path = tmp_path / "huge"
    with open(path, "wb") as f:
        if kind == "backup":
            f.write(_backup(_record()))
        f.truncate(3 * 1024**3)  # sparse: 3 GB on paper, nothing on disk
    before = tree_snapshot(repo.data_dir)
    started = time.perf_counter()
    with pytest.raises(MatchError, match="MB"):
        repo.import_file(path)
    assert time.perf_counter() - started < 1
    assert tree_snapshot(repo.data_dir) == before


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=10),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ["format", "version", "rules", "match", "teams", "first_dealer", "deals"]


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    field=st.sampled_from(FIELDS),
    value=json_values,
    deal_field=st.sampled_from(
        ["points", "cards", "sweeps", "most_cards", "dealer", "bid", "note"]
    ),
    deal_value=json_values,
    as_backup=st.booleans(),
)
def test_wrong_types_anywhere_are_refused_cleanly_or_imported_whole(
    shared_dir, field, value, deal_field, deal_value, as_backup
):
    repo = open_repository(shared_dir)
    obj = _match_file()
    obj[field] = value
    if isinstance(obj.get("deals"), list) and obj["deals"] and isinstance(obj["deals"][0], dict):
        obj["deals"][0] = {**obj["deals"][0], deal_field: deal_value}
    data = _backup(_record(match=obj)) if as_backup else _compact(obj)
    before = tree_snapshot(repo.data_dir)
    try:
        imported = repo.import_bytes(data)
    except MatchError as err:
        assert str(err)  # a message for the user
        assert tree_snapshot(repo.data_dir) == before
    else:
        assert len(imported) == 1 and repo.get(imported[0].id) == imported[0]


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_arbitrary_bytes_never_crash_the_import(shared_dir, data):
    repo = open_repository(shared_dir)
    before = tree_snapshot(repo.data_dir)
    with pytest.raises(MatchError):
        repo.import_bytes(data)
    assert tree_snapshot(repo.data_dir) == before
