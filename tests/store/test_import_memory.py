"""`seep-scorer import` of a backup streams: its peak memory stays flat as the backup grows."""

import tracemalloc

import pytest

from seep_scorer.cli import main
from seep_scorer.rules import Deal
from seep_scorer.store.backup.file import end_line, header_line, record_line
from seep_scorer.store.registry import close_all, open_repository
from seep_scorer.store.repository import StoredMatch

from .conftest import open_match

# Long notes make each match large, so the backup grows in bytes far more than in matches (quick to
# validate).
NOTED_DEALS = [Deal(points=(50, 50), note=f"deal {n} " + "n" * 300) for n in range(40)]


def _write_backup(path, count: int) -> None:
    stamp = "2026-01-01T00:00:00Z"
    with open(path, "wb") as f:
        f.write(header_line(stamp, 2, {}))
        for n in range(count):
            match = open_match((f"Team {n}", "Rivals")).with_deals(NOTED_DEALS)
            f.write(record_line(StoredMatch(f"{n:08x}", match, 1, stamp, stamp, False)))
        f.write(end_line(count))


def _import_peak(data_dir, backup, capsys) -> int:
    """Peak Python memory of `seep-scorer import backup`, the store being open already (as the
    app has it)."""
    close_all()
    repo = open_repository(data_dir)
    for shard in range(
        256
    ):  # a long-running app has every index shard open: a fixed cost, not the command's
        repo._shard(f"{shard:02x}").table("matches")
    tracemalloc.start()
    try:
        assert main(["import", str(backup), "--data-dir", str(data_dir)]) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        close_all()
        capsys.readouterr()


@pytest.mark.slow
def test_import_memory_stays_flat_as_the_backup_grows(tmp_path, capsys):
    small, large = tmp_path / "small.jsonl", tmp_path / "large.jsonl"
    _write_backup(small, 20)
    _write_backup(large, 200)
    _import_peak(
        tmp_path / "warm-up", small, capsys
    )  # modules imported on first use are not the import's
    small_peak = _import_peak(tmp_path / "a", small, capsys)
    large_peak = _import_peak(tmp_path / "b", large, capsys)
    grown = large.stat().st_size - small.stat().st_size
    # Each file read costs a fixed few MB (its size limit) and each index shard a little (256 at
    # most); what must not grow is the rest with the backup.
    print(f"\nimport peak: {small_peak:,} -> {large_peak:,} bytes for {grown:,} bytes more")
    assert large_peak - small_peak < grown / 8, (
        f"{small_peak:,} -> {large_peak:,} bytes for {grown:,} bytes more"
    )
    assert len(open_repository(tmp_path / "b").list_matches()) == 200
