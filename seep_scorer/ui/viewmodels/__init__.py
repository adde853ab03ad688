"""One small view-model per screen: plain Python, no Flet, testable without a page.

They talk to the store only through the MatchRepository interface and derive
everything (standings, ledger, bazzis, next dealer) by replaying the deal list.
An edit or delete of a past deal is a new deal list replayed, never a patch.
A view-model changes only its own state.

Those of screens not shown first load when their name is first asked for (PEP 562 `__getattr__`).
"""

from importlib import import_module

from .base import STORE_FAULTS, off_loop
from .matches import MatchesVM
from .session import SessionVM
from .settings import THEMES, SettingsVM

_MODULES = {
    "DealEntryVM": "deal",
    "PARAMS": "new_match",
    "NewMatchVM": "new_match",
    "Param": "new_match",
    "DealRow": "scoreboard",
    "ScoreboardVM": "scoreboard",
    "Step": "scoreboard",
    "StatsVM": "stats",
    "PlayerVM": "player",
    "ReviewVM": "review",
    "EventsVM": "events",
    "NewEventVM": "events",
    "EventVM": "event",
    "CardsVM": "event_cards",
}

__all__ = [
    "off_loop",
    "STORE_FAULTS",
    "MatchesVM",
    "NewMatchVM",
    "Param",
    "PARAMS",
    "ScoreboardVM",
    "DealRow",
    "Step",
    "DealEntryVM",
    "StatsVM",
    "SettingsVM",
    "THEMES",
    "SessionVM",
]


def __getattr__(name: str):
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{_MODULES[name]}", __name__), name)
    return value
