"""The match model: settings plus the list of deals. Everything else is derived by replay."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from seep_scorer.rules.presets import DEFAULT_MATCH, PRESETS, MatchFormat, Rules

TEAM_OF_SEAT = (0, 1, 0, 1)


@dataclass(frozen=True, slots=True)
class Sweep:
    team: int
    kind: str  # normal | opening | last


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as the table recorded it: either `cards` or `points`, never both.

    `cards[t]` is the set of point-card codes team t took; `points[t]` its card points.
    """

    cards: tuple[frozenset[str], frozenset[str]] | None = None
    points: tuple[int, int] | None = None
    sweeps: tuple[Sweep, ...] = ()
    most_cards: int | str | None = None  # 0, 1 or "tie"
    dealer: int | None = None
    bid: int | None = None
    note: str | None = None
    extra: Mapping[str, object] = field(
        default_factory=dict
    )  # unknown file keys, kept on re-export

    def sweep_count(self, team: int, kind: str) -> int:
        return sum(1 for s in self.sweeps if s.team == team and s.kind == kind)


# A deal's and a sweep's fields as a match file names them (a deal's `extra` holds the file's
# others).
DEAL_FIELDS = frozenset(f.name for f in fields(Deal)) - {"extra"}
SWEEP_FIELDS = frozenset(f.name for f in fields(Sweep))


@dataclass(frozen=True, slots=True)
class Team:
    name: str
    players: tuple[str, str]  # by seat: team 0 holds seats 0 and 2, team 1 seats 1 and 3


DEFAULT_TEAMS = (Team("Team A", ("Player 1", "Player 3")), Team("Team B", ("Player 2", "Player 4")))


@dataclass(frozen=True, slots=True)
class Match:
    rules: Rules = field(default_factory=lambda: PRESETS["standard"])
    format: MatchFormat = field(default_factory=lambda: DEFAULT_MATCH["standard"])
    teams: tuple[Team, Team] = DEFAULT_TEAMS
    first_dealer: int | None = 0
    deals: tuple[Deal, ...] = ()
    extra: Mapping[str, object] = field(
        default_factory=dict
    )  # unknown file keys, kept on re-export

    def seat_name(self, seat: int) -> str:
        return self.teams[seat % 2].players[seat // 2]

    def with_deals(self, deals) -> "Match":
        return Match(
            self.rules, self.format, self.teams, self.first_dealer, tuple(deals), self.extra
        )
