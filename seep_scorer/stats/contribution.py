"""What one match adds to the statistics, small enough to keep beside its summary in the index.

A contribution is plain JSON: a version, the match's dates, deal count, whether
it finished and who won, and per team the two player names (as spelled), card
points, sweeps by kind and bazzis by cause. Everything is derived from one
replay; `aggregate` never needs the match itself.
"""

from __future__ import annotations

from typing import Any

from seep_scorer.rules import SWEEP_KINDS, Match, Standings

CONTRIBUTION_VERSION = 2  # 2: `games`, what the match rates (ratings.py)


def contribution_of(
    match: Match, standings: Standings, created: str, updated: str
) -> dict[str, Any]:
    """The statistics contribution of a replayed match (`standings` is `replay(match)`)."""
    teams = []
    for t in (0, 1):
        sweeps = {kind: 0 for kind in SWEEP_KINDS}
        for deal in match.deals:
            for sweep in deal.sweeps:
                if sweep.team == t:
                    sweeps[sweep.kind] += 1
        won = {"lead": 0, "minimum": 0}
        lost = 0
        for result in standings.deals:
            event = result.event
            if event is None or event.cause not in won:  # "target" ends a race; it is not a bazzi
                continue
            if event.winner == t:
                won[event.cause] += 1
            else:
                lost += 1
        teams.append(
            {
                "players": list(match.teams[t].players),
                "card_points": sum(r.card_points[t] for r in standings.deals),
                "sweeps": sweeps,
                "bazzis_won": won["lead"] + won["minimum"],
                "bazzis_won_by_minimum": won["minimum"],
                "bazzis_lost": lost,
            }
        )
    winner = standings.winner if standings.finished else None
    return {
        "v": CONTRIBUTION_VERSION,
        "created": created,
        "updated": updated,
        "deals": len(match.deals),
        "finished": standings.finished,
        "winner": winner,
        "teams": teams,
        "games": rated_games_of(match, standings),
    }


def rated_games_of(match: Match, standings: Standings) -> list:
    """The games a match rates: the winner of each bazzi, in order; with running totals (no
    bazzis), one game for a finished match: its winner, or "draw"."""
    if match.rules.scoring == "ledger":
        return [
            r.event.winner
            for r in standings.deals
            if r.event is not None and r.event.cause in ("lead", "minimum")
        ]
    return [standings.winner] if standings.finished else []


__all__ = ["CONTRIBUTION_VERSION", "contribution_of", "rated_games_of"]
