"""Strict JSON in the store: nothing too deep and no NaN or Infinity is ever stored, so nothing
accepted is lost.

Issue 8, items 7 and 9: a match file whose unknown keys nested ~900-990 levels
was imported, then read back as damaged at the next open and dropped from the
list; NaN and Infinity under unknown keys were stored and exported.
"""

import json
import subprocess
import sys

import pytest

from seep_scorer.matchfile import jsonio, match_to_dict
from seep_scorer.rules import Match, MatchError
from seep_scorer.store.registry import open_repository
from seep_scorer.store.tinyfiles import (
    AtomicJSONStorage,
    DamagedFile,
    dumps_compact,
    read_json_file,
)

from .conftest import open_match, tree_snapshot, with_deals


def match_text(unknown: str) -> str:
    """A valid match file with one unknown top-level key, whose value is given as JSON text."""
    text = json.dumps(match_to_dict(with_deals(open_match(("Reds", "Blues")), 2)))
    return text[:-1] + ', "app": ' + unknown + "}"


def nested(depth: int, kind: str = "list") -> str:
    """JSON text nesting `depth` containers (built as text: json.dumps itself would recurse too
    deeply)."""
    if kind == "list":
        return "[" * depth + "]" * depth
    return '{"a": ' * (depth - 1) + "{}" + "}" * (depth - 1)


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def listed(data_dir):
    return [(s.id, s.teams, s.deals) for s in open_repository(data_dir, fresh=True).list_matches()]


def store_with_one_match(data_dir):
    """A store holding one match, settled (its first automatic backup made): (list, files)."""
    open_repository(data_dir, fresh=True).create(open_match(("Old", "Timers")))
    return listed(data_dir), tree_snapshot(data_dir)


@pytest.mark.parametrize(
    "depth, kind", [(40, "list"), (900, "list"), (960, "object"), (990, "list"), (5000, "list")]
)
def test_import_refuses_a_match_file_nested_too_deeply_and_writes_nothing(
    tmp_path, data_dir, depth, kind
):
    before_list, before_files = store_with_one_match(data_dir)
    path = tmp_path / "deep.json"
    path.write_text(match_text(nested(depth - 1, kind)))  # the file object itself is one level

    done = cli("--data-dir", data_dir, "import", path)

    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "nested more than 32 levels deep" in done.stderr
    assert listed(data_dir) == before_list
    assert tree_snapshot(data_dir) == before_files  # nothing written, nothing moved to damaged/


def test_a_match_nested_30_deep_is_imported_and_reads_back_after_reopening(tmp_path, data_dir):
    path = tmp_path / "thirty.json"
    path.write_text(match_text(nested(29, "object")))
    assert jsonio.depth_of(json.loads(path.read_text()), 100) == 30

    done = cli("--data-dir", data_dir, "import", path)
    assert done.returncode == 0, done.stderr
    [mid] = done.stdout.split()

    repo = open_repository(data_dir, fresh=True)
    stored = repo.get(mid)
    assert jsonio.depth_of(match_to_dict(stored.match), 100) == 30
    assert repo.notices == [] and list((data_dir / "damaged").iterdir()) == []
    assert [s.id for s in repo.list_matches()] == [mid]
    exported = json.loads(repo.export_match_text(mid))
    assert exported["app"] == json.loads(nested(29, "object"))


@pytest.mark.parametrize(
    "value", ["NaN", "Infinity", "-Infinity", "1e999", "-1e400", '{"deep": [1, NaN]}']
)
def test_import_refuses_nan_and_infinity_under_unknown_keys(tmp_path, data_dir, value):
    before_list, before = store_with_one_match(data_dir)
    path = tmp_path / "nan.json"
    path.write_text(match_text(value))

    done = cli("--data-dir", data_dir, "import", path)

    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "field 'file'" in done.stderr and (
        "not a JSON number" in done.stderr or "too large" in done.stderr
    )
    assert tree_snapshot(data_dir) == before and listed(data_dir) == before_list


def _with_extra(extra) -> Match:
    m = open_match()
    return Match(m.rules, m.format, m.teams, m.first_dealer, m.deals, extra)


@pytest.mark.parametrize(
    "extra",
    [
        {"top": {"score": float("nan")}},
        {"top": {"list": [1.0, float("inf")]}},
        {"rules": {"weight": float("-inf")}},
        {"match": {"x": {"y": [float("nan")]}}},
        {"teams": [{"colour": float("nan")}, {}]},
    ],
)
def test_a_match_built_in_code_with_nan_in_its_unknown_keys_is_refused_before_anything_is_written(
    repo, data_dir, extra
):
    stored = repo.create(open_match())
    before = tree_snapshot(data_dir)
    with pytest.raises(MatchError) as err:
        repo.create(_with_extra(extra))
    assert "not a JSON number" in str(err.value)
    with pytest.raises(MatchError):
        repo.save(stored.id, _with_extra(extra), stored.revision)
    assert tree_snapshot(data_dir) == before


def test_a_deal_built_in_code_with_nan_or_deep_unknown_keys_is_refused(repo):
    from seep_scorer.rules import Deal

    for extra in ({"photo": float("nan")}, {"photo": json.loads(nested(40))}):
        match = open_match().with_deals([Deal(points=(50, 50), extra=extra)])
        with pytest.raises(MatchError) as err:
            repo.create(match)
        assert "not a JSON number" in str(err.value) or "nested more than 32 levels deep" in str(
            err.value
        )
    assert repo.list_matches() == []


@pytest.mark.parametrize("depth", [40, 200, 2000])
def test_a_match_built_in_code_nested_too_deeply_is_refused_in_plain_words(repo, depth):
    deep: list = []
    for _ in range(depth):
        deep = [deep]
    with pytest.raises(MatchError) as err:
        repo.create(_with_extra({"top": {"app": deep}}))
    assert "nested more than 32 levels deep" in str(err.value)
    assert repo.list_matches() == []


def test_exports_and_backups_never_hold_nan(repo):
    stored = repo.create(with_deals(_with_extra({"top": {"ratio": 0.5, "big": 1e300}}), 2))
    for text in (repo.export_match_text(stored.id), repo.export_backup_text()):
        assert "NaN" not in text and "Infinity" not in text
    assert json.loads(repo.export_match_text(stored.id))["big"] == 1e300


# ----- the store's own files -----


@pytest.mark.parametrize(
    "content, reason",
    [
        ('{"match": {"1": {"x": NaN}}}', "holds NaN, which is not a JSON number"),
        ('{"match": {"1": {"x": -Infinity}}}', "holds -Infinity, which is not a JSON number"),
        ('{"match": {"1": {"x": 1e999}}}', "too large to store"),
        (
            '{"match": ' + "[" * 40 + "]" * 40 + "}",
            "nested far too deeply to be a store file (more than 36 levels)",
        ),
        (
            '{"match": ' + "[" * 5000 + "]" * 5000 + "}",
            "nested far too deeply to be a store file (more than 36 levels)",
        ),
    ],
)
def test_a_store_file_too_deep_or_holding_nan_is_damaged_with_a_plain_reason(
    tmp_path, content, reason
):
    path = tmp_path / "f.json"
    path.write_text(content)
    with pytest.raises(DamagedFile) as err:
        read_json_file(path)
    assert reason in err.value.reason
    with pytest.raises(DamagedFile):
        AtomicJSONStorage(path).read()  # TinyDB's own reads go the same way


def test_the_store_never_writes_nan(tmp_path):
    with pytest.raises(ValueError):
        dumps_compact({"x": float("nan")})
    path = tmp_path / "f.json"
    with pytest.raises(ValueError):
        AtomicJSONStorage(path).write({"match": {"1": {"x": float("inf")}}})
    assert not path.exists()


def test_a_stored_match_file_holding_nan_is_moved_aside_at_open(data_dir):
    repo = open_repository(data_dir, fresh=True)
    stored = repo.create(open_match(("Reds", "Blues")))
    repo.close()
    [path] = (data_dir / "matches").iterdir()
    path.write_text(path.read_text().replace('"format":', '"x":NaN,"format":'))
    # The size changed, so the open reads the file and must call it damaged in plain words, not
    # crash.
    repo = open_repository(data_dir, fresh=True)
    [notice] = repo.notices
    assert (
        "was damaged" in notice
        and "(cause: holds NaN, which is not a JSON number)" in notice
        and "Traceback" not in notice
    )
    [moved] = (data_dir / "damaged").iterdir()
    assert (
        moved.name.endswith(path.name) and "NaN" in moved.read_text()
    )  # moved aside, never deleted
    assert stored.id not in [
        s.id for s in repo.list_matches()
    ]  # no backup held it yet: the notice says so


def test_depth_is_counted_in_containers_without_recursion():
    assert [
        jsonio.depth_of(v, 50)
        for v in (1, "x", {}, [], {"a": [1]}, [[], [[{}]]], {"a": 1, "b": {"c": []}})
    ] == [0, 0, 1, 1, 2, 4, 3]
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert jsonio.depth_of(deep, 36) == 37  # stops counting just past the limit
    with pytest.raises(jsonio.TooDeep):
        jsonio.check_value({"a": deep})
    with pytest.raises(jsonio.JSONRefused, match="holds NaN"):
        jsonio.check_value({"a": [1, (2, float("nan"))]})


@pytest.mark.parametrize(
    "unknown, message",
    [
        ("NaN", "holds NaN, which is not a JSON number"),
        ("1e999", "too large to store"),
        (
            nested(40),
            "nested more than 36 levels deep",
        ),  # deeper than any backup line the app writes
        (
            nested(32, "object"),
            "nested more than 32 levels deep",
        ),  # fits the line, but the match in it is too deep
    ],
)
def test_a_backup_line_with_nan_or_nested_too_deeply_is_refused_and_nothing_is_written(
    tmp_path, data_dir, unknown, message
):
    source = open_repository(tmp_path / "source", fresh=True)
    source.create(with_deals(open_match(("Reds", "Blues")), 2))
    source.create(open_match(("Lions", "Tigers")))
    header, first, second, end = source.export_backup_text().splitlines()
    backup = tmp_path / "matches.jsonl"
    backup.write_text(
        "\n".join(
            [header, first, second.replace('"format":', f'"app":{unknown},"format":', 1), end]
        )
        + "\n"
    )
    before_list, before = store_with_one_match(data_dir)

    done = cli("--data-dir", data_dir, "import", backup)

    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "line 3)" in done.stderr or "Line 3 of the backup" in done.stderr
    assert message in done.stderr
    assert tree_snapshot(data_dir) == before and listed(data_dir) == before_list


def test_a_key_given_twice_is_refused_not_read_as_the_last(tmp_path, data_dir):
    """`{"points": A, "points": B}` read as B silently: the file said two things. A match file, an
    event file and a backup line are refused, naming the key; nothing is written."""
    with pytest.raises(jsonio.JSONRefused) as refused:
        jsonio.loads('{"a": 1, "b": {"c": 2, "c": 3}}')
    assert refused.value.code == "json_key_twice" and refused.value.params == {"key": "c"}
    assert jsonio.loads('{"a": 1, "b": {"c": 2, "c": 3}}', unique_keys=False) == {
        "a": 1,
        "b": {"c": 3},
    }

    before_list, before = store_with_one_match(data_dir)
    text = json.dumps(match_to_dict(with_deals(open_match(("Reds", "Blues")), 2)))
    path = tmp_path / "twice.json"
    path.write_text(text.replace('"first_dealer": 0', '"first_dealer": 0, "first_dealer": 1'))
    for command in (("import", path), ("score", path)):
        done = cli("--data-dir", data_dir, *command)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert "first_dealer" in done.stderr and "twice" in done.stderr, done.stderr
    assert tree_snapshot(data_dir) == before and listed(data_dir) == before_list


def test_an_event_file_naming_its_id_twice_is_refused(tmp_path):
    """`"id": E, "id": "00000000"` was read as the second (issue 32, item 7)."""
    data = tmp_path / "data"
    run = [sys.executable, "-m", "seep_scorer"]

    def event(*args):
        return subprocess.run(
            [*run, "event", *args, "--data-dir", data], capture_output=True, text=True, timeout=120
        )

    event("new", "Friday", "--pairs")
    (event_id,) = [p.stem for p in (data / "events").glob("*.json")]
    for team in ("Lions", "Tigers"):
        event("entrant", event_id, "add", team, f"{team} 1", f"{team} 2")
    exported = tmp_path / "event.json"
    assert event("export", event_id, "-o", exported).returncode == 0
    text = exported.read_text(encoding="utf-8")
    twice = text.replace(f'"id":"{event_id}"', f'"id":"{event_id}","id":"00000000"', 1)
    assert twice != text
    exported.write_text(twice, encoding="utf-8")
    elsewhere = tmp_path / "other"
    done = subprocess.run(
        [*run, "import", exported, "--data-dir", elsewhere],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "twice" in done.stderr and "id" in done.stderr, done.stderr
    assert not (elsewhere / "events").exists() or not list((elsewhere / "events").glob("*.json"))
