"""The history's order, search and paging (store/index.py), on summaries made by hand."""

from __future__ import annotations

import pytest

from seep_scorer.store.index import history_order, known_names, select
from seep_scorer.store.repository import MatchQuery, MatchSummary


def summary(
    mid,
    updated,
    finished,
    teams=("Sharmas", "Khans"),
    players=(("Asha", "Chitra"), ("Bilal", "Dev")),
):
    return MatchSummary(
        mid,
        teams,
        3,
        "2026-01-01T00:00:00Z",
        updated,
        finished,
        1,
        players,
        0 if finished else None,
    )


HISTORY = history_order(
    [
        summary("a", "2026-01-01T10:00:00Z", True),
        summary(
            "b",
            "2026-01-03T10:00:00Z",
            True,
            teams=("Lions", "Tigers"),
            players=(("Ravi  Kumar", "Eve"), ("Farid", "Gita")),
        ),
        summary("c", "2026-01-02T10:00:00Z", False),
        summary("d", "2026-01-04T10:00:00Z", True),
    ]
)


def test_in_progress_first_then_the_newest():
    assert [s.id for s in HISTORY] == ["c", "d", "b", "a"]


def test_pages_and_totals():
    first = select(HISTORY, MatchQuery(limit=3))
    assert [s.id for s in first.matches] == ["c", "d", "b"] and first.total == 4 and first.has_more
    rest = select(HISTORY, MatchQuery(offset=3, limit=3))
    assert [s.id for s in rest.matches] == ["a"] and not rest.has_more


@pytest.mark.parametrize(
    "text,ids",
    [
        ("asha", ["c", "d", "a"]),
        ("  RAVI kumar ", ["b"]),
        ("tig", ["b"]),
        ("khans", ["c", "d", "a"]),
        ("nobody", []),
    ],
)
def test_search_ignores_case_and_spacing_in_team_and_player_names(text, ids):
    assert [s.id for s in select(HISTORY, MatchQuery(text=text)).matches] == ids


def test_status_filter():
    assert [s.id for s in select(HISTORY, MatchQuery(status="playing")).matches] == ["c"]
    assert [s.id for s in select(HISTORY, MatchQuery(status="finished", text="asha")).matches] == [
        "d",
        "a",
    ]
    with pytest.raises(ValueError):
        select(HISTORY, MatchQuery(status="lost"))


def test_known_names_most_recent_first_one_spelling_each():
    names = known_names(
        HISTORY
        + [
            summary(
                "e", "2026-01-05T10:00:00Z", True, players=(("ASHA", "Chitra"), ("Bilal", "Dev"))
            )
        ]
    )
    assert names.players[:4] == ("ASHA", "Chitra", "Bilal", "Dev")
    assert "Asha" not in names.players and "Ravi  Kumar" in names.players
    assert names.teams == ("Sharmas", "Khans", "Lions", "Tigers")
