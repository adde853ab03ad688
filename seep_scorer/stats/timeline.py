"""Results over time: a player's or a partnership's finished
matches counted per calendar month (UTC)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Iterable


@dataclass(frozen=True)
class MonthResults:
    year: int
    month: int
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def finished(self) -> int:
        return self.wins + self.draws + self.losses


def _utc_month(created: str) -> tuple[int, int] | None:
    try:
        when = datetime.fromisoformat(created.replace("Z", "+00:00"))
    except (AttributeError, ValueError):
        return None
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc)
    return when.year, when.month


def results_by_month(
    timeline: Iterable[tuple[str, str | None]], last: int = 12
) -> list[MonthResults]:
    """Calendar months, oldest first, up to the newest one with a finished match: the last `last`
    of them, but none before the first month with one (`timeline` as `Figures.timeline`: (created,
    "win" | "loss" | "draw" | None)). A month in between
    with no finished match is there, empty, so a
    chart shows the gap. Unfinished matches and unreadable dates are left out."""
    counts: dict[tuple[int, int], list[int]] = {}
    slot = {"win": 0, "draw": 1, "loss": 2}
    for created, result in timeline:
        if result not in slot:
            continue
        month = _utc_month(created)
        if month is None:
            continue
        counts.setdefault(month, [0, 0, 0])[slot[result]] += 1
    if not counts or last < 1:
        return []
    (y0, m0), (y1, m1) = min(counts), max(counts)
    newest = y1 * 12 + m1 - 1
    first = max(y0 * 12 + m0 - 1, newest - last + 1)
    months = [divmod(n, 12) for n in range(first, newest + 1)]
    return [MonthResults(y, m + 1, *counts.get((y, m + 1), (0, 0, 0))) for y, m in months]


__all__ = ["MonthResults", "results_by_month"]
