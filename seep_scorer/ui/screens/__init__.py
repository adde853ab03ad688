"""The screens: each builds a Flet `View` from its view-model and refreshes it in place.

One module per screen; `base` holds the `Screen` class and the pieces every screen shows
(app bar, navigation bar, help mark). Screens depend on the `Host` interface (`..host`),
never on the app itself, and never on the repository: the app builds their view-models.

A screen's module loads when its name is first asked for (PEP 562 `__getattr__`): the phone-only app
starts sooner without the screens, and the charts, it does not show first.
"""

from importlib import import_module

from .base import Screen, app_bar, hand_over, help_mark, nav_bar, num

_MODULES = {
    "DealScreen": "deal",
    "InviteScreen": "invite",
    "MatchesScreen": "matches",
    "NewMatchScreen": "new_match",
    "RulesScreen": "rules",
    "load_rule_sections": "rules",
    "markdown_controls": "rules",
    "ScoreboardScreen": "scoreboard",
    "SettingsScreen": "settings",
    "StatsScreen": "stats",
    "DealViewScreen": "scoreboard",
    "PlayerScreen": "player",
    "ReviewScreen": "review",
    "EventsScreen": "events",
    "NewEventScreen": "events",
    "EventScreen": "event",
    "EventCardsScreen": "event_cards",
    "EventBoardScreen": "event_board",
    "EventOverScreen": "event_phone",
}

__all__ = [
    "Screen",
    "app_bar",
    "hand_over",
    "help_mark",
    "nav_bar",
    "num",
    "MatchesScreen",
    "NewMatchScreen",
    "ScoreboardScreen",
    "DealScreen",
    "RulesScreen",
    "load_rule_sections",
    "markdown_controls",
    "StatsScreen",
    "SettingsScreen",
    "InviteScreen",
]


def __getattr__(name: str):
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{_MODULES[name]}", __name__), name)
    return value
