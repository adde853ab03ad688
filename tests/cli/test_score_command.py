"""`seep-scorer score` run as a subprocess, on good and bad files."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

from tests.matchfile.test_matchfile import SPEC_EXAMPLE
from tests.strategies import matches


def run(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
    )


def write(tmp_path, obj, name="match.json"):
    path = tmp_path / name
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return str(path)


def test_json_output_is_the_spec_example(tmp_path):
    result = run("score", write(tmp_path, SPEC_EXAMPLE), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "deals": [
            {"number": 1, "scores": [71, 79], "difference": -8, "event": None, "next_dealer": 0},
            {
                "number": 2,
                "scores": [8, 92],
                "difference": 0,
                "event": {"winner": 1, "cause": "minimum"},
                "next_dealer": 2,
            },
        ],
        "bazzis": [0, 1],
        "difference": 0,
        "totals": [79, 171],
        "finished": False,
        "winner": None,
    }


def worked_examples_file():
    """Examples 3 and 5 of rules.md as one match (seat 0 deals first)."""
    return dict(
        SPEC_EXAMPLE,
        deals=[
            {"points": {"0": 80, "1": 20}},  # D +60, dealer 0 leads: seat 1 next
            {
                "points": {"0": 75, "1": 25}
            },  # D +110: team 0 wins the bazzi, D 0; dealer 1 behind: would_be 1 -> 3
            {"points": {"0": 23, "1": 77}},  # D -54, dealer 3 leads: seat 0 next
            {
                "points": {"0": 25, "1": 75},
                "dealer": 3,
            },  # D -104: team 1 wins; would_be 0 -> seat 2
        ],
        match={"type": "bazzis", "count": 2},
    )


def test_worked_examples_through_the_command(tmp_path):
    result = run("score", write(tmp_path, worked_examples_file()), "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert [d["difference"] for d in out["deals"]] == [60, 0, -54, 0]
    assert [d["event"] for d in out["deals"]] == [
        None,
        {"winner": 0, "cause": "lead"},
        None,
        {"winner": 1, "cause": "lead"},
    ]
    assert [d["next_dealer"] for d in out["deals"]] == [1, 3, 0, 2]
    assert out["bazzis"] == [1, 1] and out["finished"] is True and out["winner"] == "draw"


def test_readable_table(tmp_path):
    result = run("score", write(tmp_path, SPEC_EXAMPLE))
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert "Team A" in lines[0] and "Team B" in lines[0]
    assert "-8" in lines[1] and "Asha" in lines[1]
    assert "Team B wins (minimum)" in lines[2]
    assert "Team A 0 : 1 Team B" in result.stdout
    assert "Bilal deals" in result.stdout and "Dev bids" in result.stdout


@pytest.mark.parametrize(
    "content, text",
    [
        (dict(SPEC_EXAMPLE, deals=[{"points": {"0": 60, "1": 30}}]), "deal 1, field 'points'"),
        (
            dict(
                SPEC_EXAMPLE,
                deals=[{"points": {"0": 50, "1": 50}}, {"cards": {"0": ["KS"], "1": []}}],
            ),
            "deal 2, field 'cards'",
        ),
        (dict(SPEC_EXAMPLE, version=9), "field 'version'"),
        ("not json at all", "not valid JSON"),
        ("", "not valid JSON"),
        ("[]", "must be a JSON object"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_status_2(tmp_path, content, text):
    result = run("score", write(tmp_path, content))
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert text in result.stderr


def test_missing_file_and_not_utf8(tmp_path):
    result = run("score", str(tmp_path / "nope.json"))
    assert (
        result.returncode == 2
        and "cannot read" in result.stderr
        and "Traceback" not in result.stderr
    )
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xff\xff")
    result = run("score", str(bad))
    assert result.returncode == 2 and "not UTF-8" in result.stderr


def test_usage_errors_are_status_2_without_traceback():
    result = run("score")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    result = run("frobnicate")
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_data_dir_before_or_after_the_subcommand(tmp_path):
    from seep_scorer.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["--data-dir", "X", "list"]).data_dir == "X"
    assert parser.parse_args(["list", "--data-dir", "Y"]).data_dir == "Y"
    assert parser.parse_args(["--data-dir", "X", "list", "--data-dir", "Y"]).data_dir == "Y"
    assert parser.parse_args(["list"]).data_dir is None
    assert parser.parse_args([]).data_dir is None


def test_score_loads_neither_the_store_nor_the_ui(tmp_path):
    """A new process per file: the command must not pay for TinyDB, Flet, platformdirs or Babel."""
    path = write(tmp_path, SPEC_EXAMPLE)
    code = (
        "import sys, io, contextlib\n"
        "from seep_scorer.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['score', {path!r}, '--json']) == 0\n"
        "print(sorted(m for m in ('tinydb', 'flet', 'platformdirs', 'babel', 'seep_scorer.app')\n"
        "             if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "argv, attribute, value",
    [
        (["list", "--json"], "json", True),
        (["export", "ID", "--csv"], "csv", True),
        (["stats", "--since", "2026-01-02"], "since", __import__("datetime").date(2026, 1, 2)),
        (["publish", "-o", "site"], "output", "site"),
        (["score", "m.json", "--json"], "file", "m.json"),
    ],
)
def test_each_subcommand_has_its_options(argv, attribute, value):
    """Each subcommand has the options its module gives it."""
    from seep_scorer.cli import build_parser

    args = build_parser().parse_args(argv)
    assert args.command == argv[0] and getattr(args, attribute) == value and callable(args.run)


def plain_table_rows(match, standings):
    """The table's deal rows as plainly as they can be written."""
    names = [t.name for t in match.teams]
    w = max(8, *(len(n) for n in names))
    for r in standings.deals:
        event = ""
        if r.event is not None:
            event = f"{names[r.event.winner]} wins ({r.event.cause})"
            if r.event.cause != "target":
                event = f"bazzi: {event}"
        dealer = (
            "-" if r.next_dealer is None else f"{r.next_dealer} {match.seat_name(r.next_dealer)}"
        )
        yield (
            f"{r.number:>4}  {r.scores[0]:>{w}}  {r.scores[1]:>{w}}  {r.difference:>+10}  "
            f"{event:<30}  {dealer}"
        )


@settings(max_examples=60, deadline=None)
@given(match=matches(max_deals=30))
def test_the_table_rows_read_as_written_plainly(match):
    from seep_scorer.cli.score import format_table
    from seep_scorer.rules import replay

    standings = replay(match)
    lines = format_table(match, standings).split("\n")
    assert lines[1 : 1 + len(standings.deals)] == list(plain_table_rows(match, standings))
    assert lines[1 + len(standings.deals)] == ""


def test_a_long_standing_reaches_a_file_whole_from_a_new_process(tmp_path):
    """What `score` prints reaches a file or a pipe whole, far beyond a pipe's buffer."""
    import json as _json
    import random as _random
    import subprocess as _subprocess
    import sys as _sys
    from pathlib import Path as _Path

    bench = _Path(__file__).resolve().parents[2] / "bench"
    _sys.path.insert(0, str(bench))
    try:
        from replay import generate_match
    finally:
        _sys.path.remove(str(bench))
    from seep_scorer.matchfile import dumps_match

    path = tmp_path / "long.json"
    path.write_text(dumps_match(generate_match(_random.Random(7), 3000)), encoding="utf-8")
    import os as _os

    env = {
        k: v for k, v in _os.environ.items() if k != "PYTHONUNBUFFERED"
    }  # buffered, as on most machines
    out = tmp_path / "out.json"
    with out.open("wb") as fh:
        done = _subprocess.run(
            [_sys.executable, "-m", "seep_scorer", "score", str(path), "--json"],
            stdout=fh,
            stderr=_subprocess.PIPE,
            cwd=_Path(__file__).resolve().parents[2],
            env=env,
        )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().endswith(b"}\n")  # the last line whole, its newline too
    assert len(_json.loads(out.read_text(encoding="utf-8"))["deals"]) == 3000
    piped = _subprocess.run(
        [_sys.executable, "-m", "seep_scorer", "score", str(path), "--json"],
        capture_output=True,
        cwd=_Path(__file__).resolve().parents[2],
        env=env,
    )
    assert piped.returncode == 0 and piped.stdout == out.read_bytes()
