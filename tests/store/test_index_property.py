"""Property: whatever is done to the store, the index's contributions equal a recomputation from the
match files.

Any sequence of create, save (a deal edited, added or deleted), delete, restore and
import (match files and backups); after each step the stored contributions, players
and winners equal what the match files give from scratch, statistics() equals
aggregate over those, and find_matches/known_names agree with history.select over
list_matches. Then a fresh open (the cache read again from the shards) agrees too.
"""

from __future__ import annotations

import json
import tempfile
from datetime import date
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from seep_scorer.matchfile import dumps_match
from seep_scorer.rules import MatchError, replay
from seep_scorer.stats import aggregate, contribution_of, player_key
from seep_scorer.stats.figures import created_on_or_after
from seep_scorer.stats.ratings import rate_all
from seep_scorer.store.backup.file import end_line, header_line, record_line
from seep_scorer.store.files import parse_match_file_name
from seep_scorer.store.index import known_names, select
from seep_scorer.store.registry import close_all, open_repository
from seep_scorer.store.repository import STATUSES, MatchQuery, StoredMatch
from seep_scorer.store.tinyfiles import read_match_file
from tests.strategies import deals, matches

OPS = ("create", "edit", "add", "drop_deal", "delete", "restore", "import_file", "import_backup")


def _from_scratch(data_dir: Path) -> dict[str, dict]:
    """{id: contribution} read straight from the match files, ignoring the index."""
    out = {}
    for path in (data_dir / "matches").iterdir():
        parsed = parse_match_file_name(path.name)
        if parsed:
            stored = read_match_file(path, parsed[0])
            assert parsed[0] not in out, "two revisions of one match left behind"
            out[parsed[0]] = contribution_of(
                stored.match, replay(stored.match), stored.created, stored.updated
            )
    return out


def _index_lines(data_dir: Path) -> dict[str, dict]:
    lines = {}
    for path in (data_dir / "index").glob("*.json"):
        for line in json.loads(path.read_text())["matches"].values():
            lines[line["id"]] = line
    return lines


def _check(repo, data, queries) -> None:
    truth = _from_scratch(repo.data_dir)
    lines = _index_lines(repo.data_dir)
    assert set(lines) == set(truth)
    for mid, line in lines.items():
        c = truth[mid]
        assert line["stats"] == c
        assert (
            line["players"] == [t["players"] for t in c["teams"]] and line["winner"] == c["winner"]
        )
    summaries = repo.list_matches()
    assert {s.id: (s.players, s.winner) for s in summaries} == {
        mid: (tuple(tuple(t["players"]) for t in c["teams"]), c["winner"])
        for mid, c in truth.items()
    }
    # The ratings too: the store's ledgers against a rating from scratch (stats.ratings).
    rated = [((c["created"], mid), c) for mid, c in truth.items()]
    expected = aggregate(truth.values()).with_ratings(rate_all(rated))
    assert repo.statistics().to_json() == expected.to_json()
    since = date(2026, 1, 1)
    recent = [item for item in rated if created_on_or_after(item[1], since)]
    expected = aggregate(truth.values(), since).with_ratings(rate_all(recent))
    assert repo.statistics(since).to_json() == expected.to_json()
    for query in queries:
        assert repo.find_matches(query) == select(summaries, query)
    assert repo.known_names() == known_names(summaries)


@settings(max_examples=40)
@given(st.data())
def test_stored_contributions_always_equal_a_recomputation(data):
    with tempfile.TemporaryDirectory(prefix="seep-prop-") as tmp:
        repo = open_repository(Path(tmp) / "data", fresh=True)
        deleted: list[StoredMatch] = []
        try:
            for _ in range(data.draw(st.integers(1, 7), label="steps")):
                op = data.draw(st.sampled_from(OPS), label="op")
                current = repo.list_matches()
                if op == "create" or (not current and op in ("edit", "add", "drop_deal", "delete")):
                    repo.create(data.draw(matches(max_deals=6), label="new match"))
                elif op in ("edit", "add", "drop_deal"):
                    stored = repo.get(
                        data.draw(st.sampled_from([s.id for s in current]), label="which")
                    )
                    dealt = list(stored.match.deals)
                    new_deal = data.draw(deals(stored.match.rules), label="deal")
                    if op == "add":
                        dealt.append(new_deal)
                    elif dealt:
                        at = data.draw(st.integers(0, len(dealt) - 1), label="at")
                        if op == "edit":
                            dealt[at] = new_deal
                        else:
                            del dealt[at]
                    try:
                        repo.save(stored.id, stored.match.with_deals(dealt), stored.revision)
                    except MatchError:
                        # the change does not add up (a deal after the end, say): nothing is stored
                        pass
                elif op == "delete":
                    deleted.append(
                        repo.delete(
                            data.draw(st.sampled_from([s.id for s in current]), label="which")
                        )
                    )
                elif op == "restore" and deleted:
                    repo.restore(
                        deleted.pop(data.draw(st.integers(0, len(deleted) - 1), label="which"))
                    )
                elif op == "import_file":
                    repo.import_bytes(dumps_match(data.draw(matches(max_deals=6), label="file")))
                elif op == "import_backup":
                    if current and data.draw(st.booleans(), label="own backup"):
                        repo.import_bytes(
                            repo.export_backup_text()
                        )  # every match again, under new ids
                    else:
                        new = data.draw(
                            st.lists(matches(max_deals=4), min_size=1, max_size=3), label="backup"
                        )
                        stamp = data.draw(
                            st.sampled_from(
                                ["2025-12-31T23:00:00.000Z", "2026-02-01T00:00:00+05:30"]
                            )
                        )
                        lines = [header_line(stamp, 3, {})]
                        lines += [
                            record_line(StoredMatch(f"{n:08x}", m, 1, stamp, stamp, False))
                            for n, m in enumerate(new)
                        ]
                        repo.import_bytes(b"".join([*lines, end_line(len(new))]))
                summaries = repo.list_matches()
                names = [n for s in summaries for team in (s.players or ()) for n in team] + [
                    "nobody"
                ]
                text = data.draw(st.sampled_from(names), label="search")
                queries = [
                    MatchQuery(
                        text=data.draw(
                            st.sampled_from([text, text.upper(), f" {player_key(text)} "])
                        ),
                        status=data.draw(st.sampled_from(STATUSES)),
                        limit=5,
                    ),
                    MatchQuery(offset=1, limit=3),
                ]
                _check(repo, data, queries)
            _check(open_repository(repo.data_dir, fresh=True), data, [MatchQuery()])
        finally:
            close_all()
