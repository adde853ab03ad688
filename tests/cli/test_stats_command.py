"""`seep-scorer stats` run as a subprocess on a small history whose figures were computed by
hand."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from seep_scorer.store.registry import close_all, open_repository
from tests.store.histories import EXPECTED, EXPECTED_SINCE_MARCH_3, history, history_backup


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *args], capture_output=True, text=True, timeout=60
    )


@pytest.fixture
def imported(tmp_path):
    """The history imported from a backup through the command line (its dates kept: 2026-03-01 to
    03-05)."""
    backup = tmp_path / "history.jsonl"
    backup.write_bytes(history_backup())
    data = tmp_path / "data"
    done = run("import", str(backup), "--data-dir", str(data))
    assert done.returncode == 0, done.stderr
    return data


def test_json_is_the_figures_computed_by_hand(imported):
    done = run("stats", "--json", "--data-dir", str(imported))
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout) == EXPECTED
    assert list(json.loads(done.stdout)) == [
        "matches",
        "finished",
        "deals",
        "players",
        "partnerships",
        "head_to_head",
    ]
    assert list(json.loads(done.stdout)["players"][0]) == [
        "name",
        "matches",
        "finished",
        "wins",
        "losses",
        "draws",
        "deals",
        "card_points",
        "sweeps",
        "bazzis_won",
        "bazzis_lost",
        "bazzis_won_by_minimum",
        "rating",
    ]
    assert list(json.loads(done.stdout)["players"][0]["rating"]) == [
        "mu",
        "sigma",
        "rating",
        "games",
    ]


def test_since_keeps_matches_created_on_or_after_that_day(imported):
    done = run("--data-dir", str(imported), "stats", "--since", "2026-03-03", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == EXPECTED_SINCE_MARCH_3
    later = json.loads(
        run("stats", "--json", "--since", "2026-03-06", "--data-dir", str(imported)).stdout
    )
    assert later == {
        "matches": 0,
        "finished": 0,
        "deals": 0,
        "players": [],
        "partnerships": [],
        "head_to_head": [],
    }


def test_readable_tables(imported):
    done = run("stats", "--data-dir", str(imported))
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "4 matches (3 finished), 6 deals"
    assert {"Players", "Partnerships", "Head to head"} <= set(lines)
    players = lines[lines.index("Players") + 2 : lines.index("Partnerships") - 1]
    row = {line.split()[0]: line.split()[1:] for line in players}
    # ranked by rating (mu - 3 sigma, one decimal), then its rated games; Eve has none yet
    ratings = {p["name"]: p["rating"] for p in EXPECTED["players"]}
    assert list(row) == sorted(row, key=lambda n: -ratings[n]["rating"])
    assert list(row) == ["Bilal", "Dev", "Eve", "ASHA", "chitra"]
    for name, cells in row.items():
        assert cells[:2] == [f"{ratings[name]['rating']:.1f}", str(ratings[name]["games"])]
    assert row["Eve"][:2] == ["0.0", "0"]
    # rating games matches finished won lost drawn rate deals pts/deal sweeps/10 won lost minimum
    assert row["Bilal"][2:] == ["3", "2", "1", "0", "1", "50%", "5", "57.0", "2.0", "2", "1", "2"]
    assert row["Dev"][2:] == ["4", "3", "1", "1", "1", "33%", "6", "48.3", "1.7", "2", "2", "2"]
    assert row["ASHA"][2:8] == ["3", "2", "0", "1", "1", "0%"] and row["Eve"][7] == "100%"
    assert any(
        line.startswith("ASHA & chitra  Bilal & Dev") and line.split()[-2:] == ["0-1", "1"]
        for line in lines
    )


def test_an_empty_store(tmp_path):
    done = run("stats", "--data-dir", str(tmp_path / "data"))
    assert done.returncode == 0 and done.stdout.strip() == "no matches with deals"


def test_a_history_made_through_the_store_api(tmp_path):
    data = tmp_path / "data"
    repo = open_repository(data, fresh=True)
    for match in history():
        repo.create(match)
        time.sleep(0.003)  # distinct `updated` times: the newest spelling is the third match's
    close_all()
    done = run("stats", "--json", "--data-dir", str(data))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == EXPECTED


def test_stats_never_reads_a_match_file(imported):
    assert (
        run("list", "--data-dir", str(imported)).returncode == 0
    )  # takes the day's automatic backup, which reads them
    # Garbage of the same size: the open's cheap check (revision and size) passes, a read would not.
    for path in (imported / "matches").iterdir():
        path.write_bytes(b"x" * path.stat().st_size)
    done = run("stats", "--json", "--data-dir", str(imported))
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout) == EXPECTED
    assert list((imported / "damaged").iterdir()) == []
    run("export", "00000001", "--data-dir", str(imported))
    assert (
        len(list((imported / "damaged").iterdir())) == 1
    )  # a read notices, and moves the file aside


@pytest.mark.parametrize(
    "args",
    [
        ["--since", "2026-13-01"],
        ["--since", "yesterday"],
        ["--since", "2026-3-1"],
        ["--since", ""],
        ["--since"],
        ["--json", "--verbose"],
        ["extra"],
    ],
)
def test_bad_arguments_are_one_line_and_status_2(tmp_path, args):
    done = run("stats", *args, "--data-dir", str(tmp_path / "data"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("seep-scorer: ")


def test_list_json_carries_players_and_winner(imported):
    rows = {
        row["id"]: row
        for row in json.loads(run("list", "--json", "--data-dir", str(imported)).stdout)
    }
    assert (
        rows["00000003"]["players"] == [["Bilal", "Dev"], ["ASHA", "chitra"]]
        and rows["00000003"]["winner"] == 0
    )
    assert rows["00000001"]["winner"] == "draw" and rows["00000002"]["winner"] is None
