"""Events: tournaments over many tables (docs/events.md), as a pure library.

Pairing (round robin, Swiss, individual movement) and standings with their tie-breaks. No Flet,
no TinyDB, no I/O: the store keeps events, the UI and the command line run them.
"""

from seep_scorer.events.pairing import (
    BYE,
    History,
    IndividualRound,
    PairsRound,
    first_dealers,
    individual,
    round_robin,
    round_robin_rounds,
    swiss,
)
from seep_scorer.events.standings import Result, Standing, points_of, standings

__all__ = [
    "BYE",
    "History",
    "IndividualRound",
    "PairsRound",
    "Result",
    "Standing",
    "first_dealers",
    "individual",
    "points_of",
    "round_robin",
    "round_robin_rounds",
    "standings",
    "swiss",
]
