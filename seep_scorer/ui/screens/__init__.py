"""The screens: each builds a Flet `View` from its view-model and refreshes it in place.

One module per screen; `base` holds the `Screen` class and the pieces every screen shows
(app bar, navigation bar, help mark). Screens depend on the `Host` interface (`..host`),
never on the app itself, and never on the repository: the app builds their view-models.
"""

from .base import Screen, app_bar, help_mark, nav_bar, num
from .deal import DealScreen
from .invite import InviteScreen
from .matches import MatchesScreen
from .new_match import NewMatchScreen
from .rules import RulesScreen, load_rule_sections, markdown_controls
from .scoreboard import ScoreboardScreen
from .settings import SettingsScreen
from .stats import StatsScreen

__all__ = [
    "Screen", "app_bar", "help_mark", "nav_bar", "num", "MatchesScreen", "NewMatchScreen", "ScoreboardScreen",
    "DealScreen", "RulesScreen", "load_rule_sections", "markdown_controls", "StatsScreen", "SettingsScreen",
    "InviteScreen",
]
