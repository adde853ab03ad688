"""Choosing a page of the history from match summaries: order, search, status, names used before.

Pure (no I/O): the TinyDB repository runs it over its cached index, and any
other repository can run it over its own summaries, so the order and the
search mean the same everywhere.
"""

from __future__ import annotations

from typing import Iterable

from ..stats import player_key
from .repository import STATUSES, KnownNames, MatchPage, MatchQuery, MatchSummary

__all__ = ["history_order", "search_keys", "select", "known_names", "MAX_QUERY_TEXT", "MAX_PAGE"]

MAX_QUERY_TEXT = 100
MAX_PAGE = 200


def history_order(summaries: Iterable[MatchSummary]) -> list[MatchSummary]:
    """Matches in progress first, then the most recently updated first."""
    ordered = sorted(summaries, key=lambda s: s.updated, reverse=True)
    ordered.sort(key=lambda s: s.finished)  # stable: keeps newest first within each group
    return ordered


def search_keys(summary: MatchSummary) -> str:
    """Every team and player name of a match, compared as stats.md compares names, in one string."""
    names = list(summary.teams) + [p for team in (summary.players or ()) for p in team]
    return "\n".join(player_key(n) for n in names)


def _wanted(summary: MatchSummary, status: str) -> bool:
    return status == "all" or (status == "finished") == summary.finished


def select(
    ordered: list[MatchSummary], query: MatchQuery, keys: list[str] | None = None
) -> MatchPage:
    """The page of `ordered` (already in history order) that `query` asks for.

    `keys`, when given, are the precomputed `search_keys` of `ordered`, index for index.
    """
    if query.status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}")
    offset = max(0, int(query.offset))
    limit = min(max(1, int(query.limit)), MAX_PAGE)
    needle = player_key(query.text[:MAX_QUERY_TEXT]) if query.text else ""
    if needle:
        keys = keys if keys is not None else [search_keys(s) for s in ordered]
        found = [s for s, k in zip(ordered, keys) if needle in k and _wanted(s, query.status)]
    else:
        found = (
            [s for s in ordered if _wanted(s, query.status)] if query.status != "all" else ordered
        )
    return MatchPage(tuple(found[offset : offset + limit]), len(found), offset)


def known_names(summaries: Iterable[MatchSummary]) -> KnownNames:
    """Team and player names, the most recently used first, one spelling each (the most recent)."""
    teams: dict[str, str] = {}
    players: dict[str, str] = {}
    for s in sorted(summaries, key=lambda s: s.updated, reverse=True):
        for name in s.teams:
            teams.setdefault(player_key(name), name)
        for team in s.players or ():
            for name in team:
                players.setdefault(player_key(name), name)
    return KnownNames(tuple(teams.values()), tuple(players.values()))
