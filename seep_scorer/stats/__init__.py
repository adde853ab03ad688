"""Statistics by player and by partnership (docs/statistics.md), as a pure library.

No Flet, no TinyDB, no I/O. A match gives one small JSON-able *contribution*
(`contribution_of`), which the store keeps beside the match's summary so that
the statistics never need to open every match file; `aggregate` folds any set
of contributions into the figures of the spec.
"""

from seep_scorer.stats.contribution import CONTRIBUTION_VERSION, contribution_of
from seep_scorer.stats.figures import Figures, HeadToHead, Stats, aggregate
from seep_scorer.stats.players import partnership_key, player_key
from seep_scorer.stats.timeline import MonthResults, results_by_month

__all__ = [
    "CONTRIBUTION_VERSION",
    "contribution_of",
    "Figures",
    "HeadToHead",
    "Stats",
    "aggregate",
    "partnership_key",
    "player_key",
    "MonthResults",
    "results_by_month",
]
