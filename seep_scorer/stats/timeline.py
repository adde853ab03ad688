"""Results over time: a player's or a partnership's finished matches counted per calendar month (UTC)."""

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


def results_by_month(timeline: Iterable[tuple[str, str | None]], last: int = 12) -> list[MonthResults]:
    """The last `last` months that have a finished match, oldest first (`timeline` as `Figures.timeline`:
    (created, "win" | "loss" | "draw" | None)). Unfinished matches and unreadable dates are left out."""
    counts: dict[tuple[int, int], list[int]] = {}
    slot = {"win": 0, "draw": 1, "loss": 2}
    for created, result in timeline:
        if result not in slot:
            continue
        month = _utc_month(created)
        if month is None:
            continue
        counts.setdefault(month, [0, 0, 0])[slot[result]] += 1
    months = sorted(counts)[-last:] if last > 0 else []
    return [MonthResults(y, m, *counts[(y, m)]) for y, m in months]


__all__ = ["MonthResults", "results_by_month"]
