"""A match's deal table as CSV (RFC 4180), for spreadsheets."""

from __future__ import annotations

import csv
import io

from ..rules import Match, replay

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    # Names are user text: a spreadsheet would run "=HYPERLINK(...)" as a formula.
    return "'" + value if value.startswith(_FORMULA_START) else value


def deal_table_csv(match: Match) -> str:
    """Number, dealer, each team's card points, sweeps and deal score, difference after, bazzi
    event."""
    standings = replay(match)
    a, b = (_text(t.name) for t in match.teams)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        [
            "deal",
            "dealer",
            f"{a} card points",
            f"{b} card points",
            f"{a} sweeps",
            f"{b} sweeps",
            f"{a} last-play sweeps",
            f"{b} last-play sweeps",
            f"{a} score",
            f"{b} score",
            "difference",
            "event",
        ]
    )
    for deal, r in zip(match.deals, standings.deals):
        # The last play's sweep apart (issue 33): the standard rules score it nothing, and a count
        # with it read as sweeps the score did not show.
        sweeps = [sum(1 for s in deal.sweeps if s.team == t and s.kind != "last") for t in (0, 1)]
        last = [sum(1 for s in deal.sweeps if s.team == t and s.kind == "last") for t in (0, 1)]
        dealer = "" if r.dealer is None else _text(match.seat_name(r.dealer))
        event = ""
        if r.event is not None:
            winner = match.teams[r.event.winner].name
            event = _text(
                f"{winner} wins the match (target)"
                if r.event.cause == "target"
                else f"bazzi to {winner} ({r.event.cause})"
            )
        writer.writerow(
            [
                r.number,
                dealer,
                r.card_points[0],
                r.card_points[1],
                sweeps[0],
                sweeps[1],
                last[0],
                last[1],
                r.scores[0],
                r.scores[1],
                r.difference,
                event,
            ]
        )
    return out.getvalue()
