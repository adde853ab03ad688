"""Two sessions on one match: a save based on a stale revision is refused; no update is ever
lost."""

import os
import threading

import pytest

from seep_scorer.rules import Deal
from seep_scorer.store.registry import close_all, open_repository
from seep_scorer.store.repository import StaleRevision

from .conftest import level_deal, open_match


def test_a_save_based_on_a_stale_revision_is_refused_with_the_current_state(repo):
    start = repo.create(open_match())
    phone_a = repo.get(start.id)
    phone_b = repo.get(start.id)
    saved_a = repo.save(start.id, phone_a.match.with_deals([level_deal(1)]), phone_a.revision)

    with pytest.raises(StaleRevision) as refused:
        repo.save(start.id, phone_b.match.with_deals([level_deal(99)]), phone_b.revision)

    err = refused.value
    assert err.based_on == 1 and err.current == 2 and err.match_id == start.id
    assert "changed on another phone" in str(err) and "was not saved" in str(err)
    current = repo.get(start.id)  # what the screen shows next
    assert current == saved_a and current.match.deals == (level_deal(1),)
    # Based on the current revision, phone B's save goes through.
    assert (
        repo.save(
            start.id, current.match.with_deals([level_deal(1), level_deal(2)]), current.revision
        ).revision
        == 3
    )


def _add_deals_with_retry(repo, match_id, count, tag):
    for i in range(count):
        while True:
            current = repo.get(match_id)
            deals = current.match.deals + (Deal(points=(50, 50), note=f"{tag}-{i}"),)
            try:
                repo.save(match_id, current.match.with_deals(deals), current.revision)
                break
            except StaleRevision:
                continue


def test_threads_saving_the_same_match_lose_no_update(repo):
    match_id = repo.create(open_match()).id
    threads = [
        threading.Thread(target=_add_deals_with_retry, args=(repo, match_id, 15, f"t{n}"))
        for n in range(6)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = repo.get(match_id)
    assert len(final.match.deals) == 90 and final.revision == 91
    assert len({d.note for d in final.match.deals}) == 90


def test_two_processes_saving_the_same_match_lose_no_update(data_dir):
    repo = open_repository(data_dir)
    match_id = repo.create(open_match()).id
    close_all()
    pids = []
    for n in range(2):
        pid = os.fork()
        if pid == 0:  # child: its own repository, as a second app process (or the CLI) would have
            code = 1
            try:
                _add_deals_with_retry(open_repository(data_dir, fresh=True), match_id, 20, f"p{n}")
                code = 0
            finally:
                os._exit(code)
        pids.append(pid)
    for pid in pids:
        assert os.waitpid(pid, 0)[1] == 0
    final = open_repository(data_dir, fresh=True).get(match_id)
    assert len(final.match.deals) == 40 and final.revision == 41
