"""Ratings kept by the store: always what a rating from scratch gives, cheap after a save, and
started from a cache by a new process (stats.md "Ratings", issue 23)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team, replay
from seep_scorer.stats import contribution_of
from seep_scorer.stats import ratings as ratings_module
from seep_scorer.stats.ratings import rate_all
from seep_scorer.store.registry import close_all, open_repository
from seep_scorer.store.statistics import CACHE_NAME, WRITE_AFTER

NAMES = ["Asha", "Bilal", "Chitra", "Dev", "Eve", "Farid"]


def a_match(seats, outcomes) -> Match:
    """A first-to-3 match; each outcome wins a bazzi on the minimum for team 0 or 1."""
    deals = [Deal(points=(95, 5)) if o == 0 else Deal(points=(5, 95)) for o in outcomes]
    return Match(
        PRESETS["standard"],
        MatchFormat("first_to", 3),
        (Team("A", (seats[0], seats[2])), Team("B", (seats[1], seats[3]))),
        0,
        tuple(deals),
    )


def scratch(repo) -> dict:
    """The ratings of every stored match, rated from scratch without the store's ledger."""
    items = []
    for summary in repo.list_matches():
        stored = repo.get(summary.id)
        c = contribution_of(stored.match, replay(stored.match), stored.created, stored.updated)
        items.append(((stored.created, stored.id), c))
    return rate_all(items)


def shown(repo) -> dict:
    return {p.key[0]: p.rating for p in repo.statistics().players if p.rating.games}


def assert_same(got: dict, want: dict) -> None:
    assert set(got) == set(want)
    for key, rating in want.items():
        assert got[key].games == rating.games, key
        assert got[key].mu == pytest.approx(rating.mu) and got[key].sigma == pytest.approx(
            rating.sigma
        ), key


@pytest.fixture
def counted(monkeypatch):
    """How many matches the ledgers rated (RatingLedger._rate calls)."""
    calls = []
    original = ratings_module.RatingLedger._rate

    def spy(self, state, sig):
        calls.append(sig)
        return original(self, state, sig)

    monkeypatch.setattr(ratings_module.RatingLedger, "_rate", spy)
    return calls


def test_statistics_carry_the_ratings_and_stats_json_shows_them(repo):
    repo.create(a_match(NAMES[:4], [0, 1, 0, 0]))
    repo.create(a_match(["Eve", "Asha", "Dev", "Farid"], [1, 1]))
    assert_same(shown(repo), scratch(repo))
    asha = repo.statistics().player("asha").to_json()
    assert (
        set(asha["rating"]) == {"mu", "sigma", "rating", "games"} and asha["rating"]["games"] == 6
    )


def test_a_save_re_rates_one_match_and_an_edit_of_an_old_one_re_rates_from_it(repo, counted):
    stored = [repo.create(a_match(NAMES[:4], [0])) for _ in range(5)]
    repo.statistics()
    counted.clear()
    newest = stored[-1]
    repo.save(newest.id, a_match(NAMES[:4], [0, 1]), newest.revision)
    got = shown(repo)
    assert len(counted) == 1  # the newest match alone
    assert_same(got, scratch(repo))
    counted.clear()
    oldest = stored[0]
    repo.save(oldest.id, a_match(NAMES[:4], [1]), oldest.revision)
    got = shown(repo)
    assert len(counted) == 5  # from the edited match on
    assert_same(got, scratch(repo))
    counted.clear()
    repo.statistics()
    assert counted == []  # nothing changed: nothing rated


def test_a_new_process_starts_from_the_cache_and_a_damaged_cache_is_rated_again(data_dir, counted):
    repo = open_repository(data_dir, fresh=True)
    for n in range(WRITE_AFTER + 2):
        repo.create(a_match(NAMES[n % 3 : n % 3 + 4], [n % 2]))
    want = scratch(repo)
    repo.statistics()
    assert (data_dir / CACHE_NAME).exists()
    close_all()
    counted.clear()
    repo = open_repository(data_dir)
    got = shown(repo)
    assert counted == []  # everything came from the cache
    assert_same(got, want)
    close_all()
    cache = json.loads((data_dir / CACHE_NAME).read_text())
    cache["ledger"]["after"][3] = {k: [99.0, 1.0, 1] for k in cache["ledger"]["after"][3]}
    (data_dir / CACHE_NAME).write_text(json.dumps(cache))  # tampered: its digest no longer fits
    for damaged in (json.dumps(cache), "{", "[]", "x" * 100):
        (data_dir / CACHE_NAME).write_text(damaged)
        counted.clear()
        repo = open_repository(data_dir)
        got = shown(repo)
        assert len(counted) == WRITE_AFTER + 2  # rated from scratch, right all the same
        assert_same(got, want)
        close_all()


OPS = st.lists(
    st.tuples(
        st.sampled_from(["create", "save", "edit", "delete", "restore", "import"]),
        st.permutations(NAMES),
        st.lists(st.sampled_from([0, 1]), max_size=3),
        st.integers(0, 50),
    ),
    min_size=1,
    max_size=6,
)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(OPS)
def test_stored_ratings_equal_a_rating_from_scratch_after_any_changes(tmp_path, ops):
    data = tmp_path / f"h{time.monotonic_ns()}"
    repo = open_repository(data, fresh=True)
    deleted = []
    for op, seats, outcomes, pick in ops:
        ids = [s.id for s in repo.list_matches()]
        if op == "create" or not ids and op in ("save", "edit", "delete"):
            repo.create(a_match(seats[:4], outcomes))
        elif op in ("save", "edit"):
            target = repo.get(sorted(ids)[pick % len(ids)])
            if target.match.format.type == "first_to":
                repo.save(target.id, a_match(seats[:4], outcomes), target.revision)
        elif op == "delete":
            deleted.append(repo.delete(sorted(ids)[pick % len(ids)]))
        elif op == "restore" and deleted:
            repo.restore(deleted.pop())
        elif op == "import":
            other = open_repository(data.with_name(data.name + "-other"), fresh=True)
            other.create(a_match(seats[:4], outcomes))
            repo.import_bytes(other.export_backup_text())
        assert_same(shown(repo), scratch(repo))
    close_all()
    assert_same(shown(open_repository(data)), scratch(open_repository(data)))
    close_all()


def test_a_cache_tampered_with_its_digest_remade_or_holding_infinity_is_rated_again(
    data_dir, counted
):
    """Issue 32, item 6: the digest was unkeyed, so a cache edited by hand with its digest worked
    out again was trusted (its ratings are never compared with anything), and `Infinity` in it was
    read and printed by `stats --json`, which is then not JSON. The digest is keyed with the
    store's own key; the cache is read as strict JSON."""
    import hashlib

    repo = open_repository(data_dir, fresh=True)
    for n in range(WRITE_AFTER + 2):
        repo.create(a_match(NAMES[n % 3 : n % 3 + 4], [n % 2]))
    want = scratch(repo)
    repo.statistics()
    close_all()
    written = json.loads((data_dir / CACHE_NAME).read_text())
    last = len(written["ledger"]["after"]) - 1
    for figures in ([99.0, 1.0, 1], [25.0, float("inf"), 1]):
        cache = json.loads(json.dumps(written))
        cache["ledger"]["after"][last] = {k: figures for k in cache["ledger"]["after"][last]}
        body = json.dumps(cache["ledger"], sort_keys=True).encode()
        cache["sha256"] = hashlib.sha256(body).hexdigest()  # as the old, unkeyed digest
        (data_dir / CACHE_NAME).write_text(json.dumps(cache))
        counted.clear()
        repo = open_repository(data_dir)
        got = shown(repo)
        assert len(counted) == WRITE_AFTER + 2  # not trusted: rated from scratch
        assert_same(got, want)
        close_all()
        (data_dir / CACHE_NAME).write_text(json.dumps(cache))
        done = subprocess.run(
            [sys.executable, "-m", "seep_scorer", "stats", "--json", "--data-dir", str(data_dir)],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )

        def refuse(name):
            raise ValueError(f"{name} is not JSON")

        printed = json.loads(done.stdout, parse_constant=refuse)
        assert "99.0" not in done.stdout and printed
