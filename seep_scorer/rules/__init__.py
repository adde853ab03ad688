"""The rules of Seep as a pure library: presets, deal validation, scoring, ledger, dealer.

No Flet, no TinyDB, no I/O: everything here is data in, data out.
"""

from seep_scorer.rules.cards import POINT_CARD_CODES, card_label
from seep_scorer.rules.errors import MatchError
from seep_scorer.rules.model import (
    DEAL_FIELDS,
    DEFAULT_TEAMS,
    SWEEP_FIELDS,
    TEAM_OF_SEAT,
    Deal,
    Match,
    Sweep,
    Team,
)
from seep_scorer.rules.names import MAX_NAME, check_name
from seep_scorer.rules.presets import (
    DEFAULT_MATCH,
    MATCH_TYPES,
    PRESET_IDS,
    PRESETS,
    SWEEP_KINDS,
    MatchFormat,
    Rules,
    make_rules,
)
from seep_scorer.rules.replay import (
    BazziEvent,
    DealResult,
    Replay,
    Standings,
    bidder_of,
    replay,
    replay_deals,
    stopped_early,
    validate_match,
)
from seep_scorer.rules.scoring import DealScore, score_deal, validate_deal

__all__ = [
    "POINT_CARD_CODES",
    "card_label",
    "MatchError",
    "Deal",
    "Match",
    "Sweep",
    "Team",
    "TEAM_OF_SEAT",
    "DEFAULT_TEAMS",
    "DEAL_FIELDS",
    "SWEEP_FIELDS",
    "MAX_NAME",
    "check_name",
    "DEFAULT_MATCH",
    "MATCH_TYPES",
    "PRESETS",
    "PRESET_IDS",
    "SWEEP_KINDS",
    "MatchFormat",
    "Rules",
    "make_rules",
    "BazziEvent",
    "DealResult",
    "Replay",
    "Standings",
    "bidder_of",
    "replay",
    "replay_deals",
    "stopped_early",
    "validate_match",
    "DealScore",
    "score_deal",
    "validate_deal",
]
