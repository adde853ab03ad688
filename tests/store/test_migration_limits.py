"""The schema 1 -> 2 migration with hostile or unlucky old stores: huge revisions, duplicate ids (issue 8, item 10)."""

import json

import pytest

from seep_scorer.store import migrations, open_repository
from seep_scorer.store.matchfile import match_to_dict

from .conftest import finishing_match, level_deal, open_match, with_deals


def _record(
    mid, match, revision=3, created="2025-03-01T10:00:00+00:00", updated="2025-03-02T18:30:00+00:00"
):
    return {
        "id": mid,
        "created": created,
        "updated": updated,
        "revision": revision,
        "match": match_to_dict(match),
    }


def write_v1(data_dir, records: list[dict]) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    tables = {"matches": {str(n): r for n, r in enumerate(records, 1)}, "settings": {}}
    (data_dir / "seep-scorer.json").write_text(json.dumps(tables))


@pytest.mark.parametrize("revision", [10**9 + 1, 2**63, 10**30])
def test_a_huge_revision_is_clamped_and_the_match_stays_usable(data_dir, revision):
    match = with_deals(open_match(("Old", "Timers")), 3)
    write_v1(data_dir, [_record("0a1b2c3d", match, revision=revision)])

    repo = open_repository(data_dir, fresh=True)
    stored = repo.get("0a1b2c3d")
    assert stored.match == match and stored.revision == migrations.MAX_MIGRATED_REVISION == 10**9
    saved = repo.save(
        stored.id, stored.match.with_deals([*stored.match.deals, level_deal(4)]), stored.revision
    )
    assert saved.revision == 10**9 + 1

    again = open_repository(
        data_dir, fresh=True
    )  # still there after a reopen: its file name is one the store reads
    assert (
        again.get("0a1b2c3d").match == saved.match and again.get("0a1b2c3d").revision == 10**9 + 1
    )
    assert again.notices == [] and list((data_dir / "damaged").iterdir()) == []
    assert [s.id for s in again.list_matches()] == ["0a1b2c3d"]


def test_ordinary_revisions_are_kept_as_they_were(data_dir):
    write_v1(data_dir, [_record("0a1b2c3d", open_match(), revision=10**9)])
    assert open_repository(data_dir, fresh=True).get("0a1b2c3d").revision == 10**9


def _duplicates():
    first = with_deals(open_match(("Reds", "Blues")), 2)
    second = finishing_match()
    third = with_deals(open_match(("Lions", "Tigers")), 5)
    return (
        first,
        second,
        third,
        [
            _record("0a1b2c3d", first),
            _record("0a1b2c3d", second, revision=1, updated="2025-04-01T09:00:00+00:00"),
            _record("0a1b2c3d", third, revision=7, updated="2025-05-01T09:00:00+00:00"),
        ],
    )


def test_records_with_one_id_are_all_kept_the_later_ones_under_new_ids(data_dir):
    first, second, third, records = _duplicates()
    write_v1(data_dir, records)

    repo = open_repository(data_dir, fresh=True)

    summaries = repo.list_matches()
    assert len(summaries) == 3
    assert repo.get("0a1b2c3d").match == first  # the first keeps its id
    others = {
        s.teams: s.id for s in summaries if s.id != "0a1b2c3d"
    }  # each match has its own team names
    assert repo.get(others[("East", "West")]).match == second
    assert (
        repo.get(others[("Lions", "Tigers")]).match == third
        and repo.get(others[("Lions", "Tigers")]).revision == 7
    )
    assert len(repo.notices) == 2
    for teams, notice in zip((("East", "West"), ("Lions", "Tigers")), repo.notices):
        assert f"{teams[0]} – {teams[1]}" in notice and others[teams] in notice
        assert "same id as another match" in notice and "Both matches are kept" in notice

    again = open_repository(data_dir, fresh=True)
    assert (
        sorted(s.id for s in again.list_matches()) == sorted(s.id for s in summaries)
        and again.notices == []
    )


def test_an_id_derived_for_an_odd_id_never_overwrites_a_real_one(data_dir):
    # Make the odd id's derived id collide with a real id that comes later in the old store.
    import hashlib

    derived = hashlib.sha256(b"legacy-7|1").hexdigest()[:8]
    odd, real = finishing_match(), with_deals(open_match(("Reds", "Blues")), 2)
    write_v1(data_dir, [_record("legacy-7", odd), _record(derived, real)])

    repo = open_repository(data_dir, fresh=True)

    assert len(repo.list_matches()) == 2
    assert repo.get(derived).match == odd  # the derived id went first
    [moved] = [s.id for s in repo.list_matches() if s.id != derived]
    assert repo.get(moved).match == real
    assert len(repo.notices) == 1 and moved in repo.notices[0] and "Reds – Blues" in repo.notices[0]


def test_a_migration_with_duplicates_interrupted_half_way_gives_the_same_ids_when_run_again(
    data_dir, monkeypatch
):
    first, second, third, records = _duplicates()
    write_v1(data_dir, records)
    write_v1(data_dir / "whole", records)
    from seep_scorer.store.tinyrepo import TinyMatchRepository

    uninterrupted = {
        repo_summary.id
        for repo_summary in open_repository(data_dir / "whole", fresh=True).list_matches()
    }

    real_commit = TinyMatchRepository._commit
    calls = []

    def dies_on_the_third(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt  # the process stops mid-migration
        return real_commit(self, *args, **kwargs)

    monkeypatch.setattr(TinyMatchRepository, "_commit", dies_on_the_third)
    with pytest.raises(KeyboardInterrupt):
        open_repository(data_dir, fresh=True)
    monkeypatch.setattr(TinyMatchRepository, "_commit", real_commit)

    repo = open_repository(data_dir, fresh=True)
    assert {s.id for s in repo.list_matches()} == uninterrupted  # no copy made twice, none lost
    by_teams = {s.teams: repo.get(s.id).match for s in repo.list_matches()}
    assert [by_teams[m.teams[0].name, m.teams[1].name] for m in (first, second, third)] == [
        first,
        second,
        third,
    ]
