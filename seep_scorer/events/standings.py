"""Standings of an event (docs/events.md): match points, then the tie-breaks, with shared ranks.

Pure: the caller gives the finished results (who met whom, how it ended, bazzis and card points)
and the byes. A result's sides are entrant keys: a pair's key in a pairs event; in an individual
event each player of a team is an entrant, so a team's result counts for both its players.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from seep_scorer.stats.players import player_key

WIN, DRAW, LOSS, BYE_POINTS = 2, 1, 0, 2


@dataclass(frozen=True, slots=True)
class Result:
    """One finished match: the entrants of each side, the winner (0, 1 or "draw"), bazzis, card
    points."""

    sides: tuple[tuple[str, ...], tuple[str, ...]]
    winner: int | str
    bazzis: tuple[int, int]
    card_points: tuple[int, int]


@dataclass
class Standing:
    entrant: str
    name: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    bazzi_diff: int = 0
    card_point_diff: int = 0
    rank: int = 0
    # Opponents met (entrant -> match points taken from them), for head to head.
    against: dict[str, int] = field(default_factory=dict, repr=False)

    @property
    def match_points(self) -> int:
        return WIN * self.wins + DRAW * self.draws + BYE_POINTS * self.byes

    def to_json(self) -> dict:
        return {
            "rank": self.rank,
            "entrant": self.name,
            "played": self.played,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "byes": self.byes,
            "match_points": self.match_points,
            "bazzi_diff": self.bazzi_diff,
            "card_point_diff": self.card_point_diff,
        }


def standings(
    entrants: dict[str, str], results: Iterable[Result], byes: Iterable[str] = ()
) -> list[Standing]:
    """Every entrant ({key: name as entered}) in rank order; equal ranks for entrants equal on
    every tie-break (match points, bazzi difference, card-point difference, head to head)."""
    table = {key: Standing(key, name) for key, name in entrants.items()}
    for key in byes:
        if key in table:
            table[key].byes += 1
    for result in results:
        for side in (0, 1):
            other = 1 - side
            if result.winner == "draw":
                points, outcome = DRAW, "draws"
            elif result.winner == side:
                points, outcome = WIN, "wins"
            else:
                points, outcome = LOSS, "losses"
            for key in result.sides[side]:
                s = table.get(key)
                if s is None:
                    continue
                s.played += 1
                setattr(s, outcome, getattr(s, outcome) + 1)
                s.bazzi_diff += result.bazzis[side] - result.bazzis[other]
                s.card_point_diff += result.card_points[side] - result.card_points[other]
                for rival in result.sides[other]:
                    s.against[rival] = s.against.get(rival, 0) + points
    return _ranked(list(table.values()))


def _primary(s: Standing) -> tuple[int, int, int]:
    return (s.match_points, s.bazzi_diff, s.card_point_diff)


def _ranked(rows: list[Standing]) -> list[Standing]:
    rows.sort(key=lambda s: tuple(-v for v in _primary(s)))
    ordered: list[Standing] = []
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and _primary(rows[j]) == _primary(rows[i]):
            j += 1
        group = rows[i:j]
        keys = {s.entrant for s in group}
        # Head to head among exactly the tied entrants: match points taken from each other, and
        # only where every two of them met (as the direct-encounter rule of Swiss events has it):
        # else one who never met the others would rank below them for that alone.
        met_all = all(keys - {s.entrant} <= s.against.keys() for s in group)
        mutual = {
            s.entrant: sum(p for k, p in s.against.items() if k in keys) if met_all else 0
            for s in group
        }
        group.sort(key=lambda s: (-mutual[s.entrant], player_key(s.name), s.entrant))
        for s in group:
            before = ordered[-1] if ordered else None
            tied = (
                before is not None
                and before.entrant in keys
                and mutual[before.entrant] == mutual[s.entrant]
            )
            s.rank = before.rank if tied else len(ordered) + 1
            ordered.append(s)
        i = j
    return ordered


def points_of(rows: Sequence[Standing]) -> dict[str, int]:
    """Match points by entrant key: what Swiss pairing groups by."""
    return {s.entrant: s.match_points for s in rows}


__all__ = ["BYE_POINTS", "DRAW", "LOSS", "WIN", "Result", "Standing", "points_of", "standings"]
