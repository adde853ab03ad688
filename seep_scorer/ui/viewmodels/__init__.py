"""One small view-model per screen: plain Python, no Flet, testable without a page.

They talk to the store only through the MatchRepository interface and derive
everything (standings, ledger, bazzis, next dealer) by replaying the deal list.
An edit or delete of a past deal is a new deal list replayed, never a patch.
A view-model changes only its own state.
"""

from .base import STORE_FAULTS, off_loop
from .deal import DealEntryVM
from .matches import MatchesVM
from .new_match import PARAMS, NewMatchVM, Param
from .scoreboard import DealRow, ScoreboardVM, Step
from .session import SessionVM
from .settings import THEMES, SettingsVM
from .stats import StatsVM

__all__ = [
    "off_loop", "STORE_FAULTS", "MatchesVM", "NewMatchVM", "Param", "PARAMS", "ScoreboardVM", "DealRow", "Step",
    "DealEntryVM", "StatsVM", "SettingsVM", "THEMES", "SessionVM",
]
