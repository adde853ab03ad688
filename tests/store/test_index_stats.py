"""Index lines with players, winner and statistics contribution; statistics and history from the
index in memory."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from datetime import date

import pytest

from seep_scorer.rules import replay
from seep_scorer.stats import aggregate, contribution_of
from seep_scorer.stats.ratings import rate_all
from seep_scorer.store import index as shards
from seep_scorer.store.backup import imports as importcommit
from seep_scorer.store.files import shard_of
from seep_scorer.store.records import valid_entry
from seep_scorer.store.registry import open_repository
from seep_scorer.store.repository import MatchQuery
from seep_scorer.store.tinyrepo import TinyMatchRepository
from tests.store.histories import EXPECTED, EXPECTED_SINCE_MARCH_3, history, history_backup

from .conftest import open_match, with_deals


def _create_history(repo):
    stored = []
    for match in history():
        stored.append(repo.create(match))
        time.sleep(
            0.003
        )  # distinct `updated` times: the newest spelling is M3's, whatever the index order
    return stored


def _line(repo, mid) -> dict:
    table = json.loads(repo.layout.shard_file(shard_of(mid)).read_text())["matches"]
    return next(line for line in table.values() if line["id"] == mid)


def test_an_index_line_carries_players_winner_and_the_contribution(repo):
    m1, m2, m3, m4, m5 = _create_history(repo)
    line = _line(repo, m3.id)
    assert line["players"] == [["Bilal", "Dev"], ["ASHA", "chitra"]] and line["winner"] == 0
    assert line["stats"] == contribution_of(m3.match, replay(m3.match), m3.created, m3.updated)
    assert _line(repo, m1.id)["winner"] == "draw" and _line(repo, m2.id)["winner"] is None
    by_id = {s.id: s for s in repo.list_matches()}
    assert (
        by_id[m3.id].players == (("Bilal", "Dev"), ("ASHA", "chitra")) and by_id[m3.id].winner == 0
    )
    assert (
        by_id[m1.id].winner == "draw"
        and by_id[m2.id].winner is None
        and by_id[m4.id].winner is None
    )
    assert by_id[m5.id].players == (("Asha", "Eve"), ("asha", "Dev"))


def test_statistics_of_a_history_made_through_the_store(repo):
    _create_history(repo)
    assert repo.statistics().to_json() == EXPECTED
    assert (
        open_repository(repo.data_dir, fresh=True).statistics().to_json() == EXPECTED
    )  # from the files


def test_statistics_since_a_day_through_an_imported_history(repo):
    repo.import_bytes(history_backup())
    assert repo.statistics().to_json() == EXPECTED
    assert repo.statistics(date(2026, 3, 3)).to_json() == EXPECTED_SINCE_MARCH_3
    assert repo.statistics(date(2026, 3, 6)).to_json()["matches"] == 0
    with pytest.raises(TypeError):
        repo.statistics("2026-03-03")


def test_saves_edits_and_deletes_change_the_figures_at_once(repo):
    m1, m2, m3, m4, m5 = _create_history(repo)
    assert repo.statistics().player("eve").matches == 1
    repo.delete(m5.id)
    assert repo.statistics().player("eve") is None
    repo.save(
        m4.id, m4.match.with_deals([history()[0].deals[0]]), m4.revision
    )  # B/D take the bazzi: M4 counts
    stats = repo.statistics()
    assert stats.matches == 4 and stats.player("bilal").wins == 2


def test_statistics_and_the_history_never_read_a_match_file_nor_every_shard_twice(
    repo, monkeypatch
):
    _create_history(repo)
    for _ in range(30):
        repo.create(with_deals(open_match(), 2))
    repo = open_repository(repo.data_dir, fresh=True)

    def refuse(*args, **kwargs):
        raise AssertionError("opened a match file")

    monkeypatch.setattr(TinyMatchRepository, "_read_match_file", refuse)
    assert repo.statistics().matches == 34  # the first call reads the shards
    reads = []
    real_entries = shards.IndexShards.entries
    monkeypatch.setattr(
        shards.IndexShards,
        "entries",
        lambda self, prefix: reads.append(prefix) or real_entries(self, prefix),
    )
    for _ in range(3):
        assert repo.statistics().matches == 34 and repo.statistics(date(2026, 1, 1)).matches == 34
        assert (
            repo.find_matches(MatchQuery(text="eve")).total == 1 and len(repo.list_matches()) == 35
        )
        assert "Eve" in repo.known_names().players
    assert reads == []


def test_a_cached_statistics_result_is_the_callers_to_sort(repo):
    _create_history(repo)
    first = repo.statistics()
    first.players.sort(key=lambda p: -p.matches)
    assert [p.key for p in repo.statistics().players] == [
        ("asha",),
        ("bilal",),
        ("chitra",),
        ("dev",),
        ("eve",),
    ]


def test_a_write_by_another_process_is_seen(repo, tmp_path):
    _create_history(repo)
    assert repo.statistics().matches == 4 and len(repo.list_matches()) == 5
    backup = tmp_path / "history.jsonl"
    backup.write_bytes(history_backup())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "seep_scorer",
            "import",
            str(backup),
            "--data-dir",
            str(repo.data_dir),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert repo.statistics().matches == 8 and len(repo.list_matches()) == 10
    assert repo.find_matches(MatchQuery(text="eve")).total == 2


def test_a_damaged_contribution_is_caught_and_the_line_rebuilt(repo):
    m1, m2, m3, m4, m5 = _create_history(repo)
    path = repo.layout.shard_file(shard_of(m3.id))
    tables = json.loads(path.read_text())
    line = next(line for line in tables["matches"].values() if line["id"] == m3.id)
    line["stats"]["teams"][0]["sweeps"] = {"normal": "many"}
    path.write_text(json.dumps(tables))
    repo = open_repository(repo.data_dir, fresh=True)
    assert any("index" in n for n in repo.notices)
    assert repo.statistics().to_json() == EXPECTED


@pytest.mark.parametrize(
    "damage",
    [
        lambda e: e.pop("stats"),
        lambda e: e.pop("players"),
        lambda e: e.update(winner=True),
        lambda e: e.update(winner=None),  # finished, yet no winner
        lambda e: e.update(players=[["A", "B"], ["C"]]),
        lambda e: e["stats"].update(v=99),
        lambda e: e["stats"].update(deals=7),
        lambda e: e["stats"].update(created="yesterday"),
        lambda e: e["stats"].update(winner=1),
        lambda e: e["stats"]["teams"][1].update(card_points=None),
        lambda e: e["stats"]["teams"][1].update(bazzis_lost=-1),
        lambda e: e["stats"]["teams"][1].update(players=["X", "Y"]),
        lambda e: e["stats"]["teams"][1]["sweeps"].pop("last"),
        lambda e: e["stats"].update(teams=[]),
    ],
)
def test_valid_entry_checks_the_new_fields(repo, damage):
    m1, *_ = _create_history(repo)
    line = _line(repo, m1.id)
    doc_id = next(
        k
        for k, v in json.loads(repo.layout.shard_file(shard_of(m1.id)).read_text())[
            "matches"
        ].items()
        if v["id"] == m1.id
    )
    assert valid_entry(line, doc_id)
    damage(line)
    assert not valid_entry(line, doc_id)


def test_an_import_indexes_its_files_from_the_staging_replay(repo, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("replayed a staged file a third time")

    monkeypatch.setattr(TinyMatchRepository, "_read_match_file", refuse)
    repo.import_bytes(history_backup())
    assert repo.statistics().to_json() == EXPECTED


def test_an_import_without_its_staged_lines_replays_the_files(repo, monkeypatch):
    def lost(path, *args, **kwargs):
        raise FileNotFoundError(path)

    monkeypatch.setattr(importcommit, "read_json_file", lost)
    repo.import_bytes(history_backup())
    assert repo.statistics().to_json() == EXPECTED
    assert open_repository(repo.data_dir, fresh=True).statistics().to_json() == EXPECTED


def test_statistics_equal_aggregate_over_the_lines(repo):
    _create_history(repo)
    lines = [_line(repo, s.id) for s in repo.list_matches()]
    expected = aggregate([line["stats"] for line in lines]).with_ratings(
        rate_all([((line["created"], line["id"]), line["stats"]) for line in lines])
    )
    assert repo.statistics().to_json() == expected.to_json()


def test_the_open_keeps_the_lines_it_reads_so_the_first_page_reads_no_shard(repo, monkeypatch):
    _create_history(repo)
    repo = open_repository(repo.data_dir, fresh=True)
    reads = []
    real_entries = shards.IndexShards.entries
    monkeypatch.setattr(
        shards.IndexShards,
        "entries",
        lambda self, prefix: reads.append(prefix) or real_entries(self, prefix),
    )
    assert (
        repo.find_matches(MatchQuery(text="asha")).total == 5
        and repo.statistics().to_json() == EXPECTED
    )
    assert reads == []
    repo.import_bytes(
        history_backup()
    )  # an import drops the lines in memory (its memory stays flat) ...
    assert repo.statistics().matches == 8 and reads  # ... and the next read loads them again


def test_the_statistics_show_each_partnership_under_the_team_names_it_played_as(repo):
    # issue 19, item 11: the index line's team names reach the figures (the contribution is
    # unchanged)
    from dataclasses import replace as changed

    from seep_scorer.rules import Team

    first = repo.create(with_deals(open_match(("Tigers", "Lions")), 1))
    time.sleep(0.003)
    repo.create(with_deals(open_match(("tigers", "Team B")), 1))
    time.sleep(0.003)
    swapped = with_deals(open_match(("Eagles", "Lions")), 1)  # Bilal and Dev as team 0 this time
    repo.create(
        changed(swapped, teams=(Team("Lions", ("Dev", "Bilal")), Team("Hawks", ("Chitra", "Asha"))))
    )
    assert "team_names" not in _line(repo, first.id)["stats"]
    ac, bd = repo.statistics().partnerships
    assert ac.key == ("asha", "chitra") and ac.team_names == (
        "tigers",
        "Hawks",
    )  # most used, newest spelling
    assert bd.team_names == ("Lions", "Team B")
    repo.save(first.id, with_deals(open_match(("Tigers", "Pumas")), 2), first.revision)
    ac, bd = repo.statistics().partnerships
    assert ac.team_names == ("Tigers", "Hawks") and bd.team_names == ("Pumas", "Lions", "Team B")
