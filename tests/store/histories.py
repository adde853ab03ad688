"""A small history with every case of the stats spec, and its figures computed by hand (store and
CLI tests).

    M1  "Asha"/"Chitra" v "Bilal"/"Dev", best of 2 bazzis: 5-95 (B/D win on the minimum),
        95-5 (A/C win on the minimum): a draw
    M2  " asha  "/"Chitra" v "Bilal"/"Dev", best of 3: 50-50: unfinished, no bazzi
    M3  "Bilal"/"Dev" v "ASHA"/"chitra", open, stopped by the players: 95-5 (B/D win on the
        minimum), 40+25 (opening sweep of B/D) v 60: B/D ahead 1-0, so they win
    M4  "Asha"/"Chitra" v "Bilal"/"Dev", no deals: counted nowhere
    M5  "Asha"/"Eve" v "asha"/"Dev", best of 1: 95-5 (Asha/Eve win on the minimum): Asha is on
        both teams, so counts for no player or partnership; Eve and Dev count

Asha is spelled three ways ("Asha", " asha  ", "ASHA"); the newest counted spelling is
M3's. Created a day apart from 2026-03-01, M1 first.
"""

from __future__ import annotations

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Sweep, Team
from seep_scorer.store.backup.file import end_line, header_line, record_line
from seep_scorer.store.repository import StoredMatch


def pts(a: int, b: int, *sweeps: tuple[int, str]) -> Deal:
    return Deal(points=(a, b), sweeps=tuple(Sweep(t, k) for t, k in sweeps))


def _match(teams, fmt: MatchFormat, deals) -> Match:
    return Match(
        PRESETS["standard"], fmt, (Team("Home", teams[0]), Team("Away", teams[1])), 0, tuple(deals)
    )


def history() -> list[Match]:
    return [
        _match(
            (("Asha", "Chitra"), ("Bilal", "Dev")),
            MatchFormat("bazzis", 2),
            [pts(5, 95), pts(95, 5)],
        ),
        _match(((" asha  ", "Chitra"), ("Bilal", "Dev")), MatchFormat("bazzis", 3), [pts(50, 50)]),
        _match(
            (("Bilal", "Dev"), ("ASHA", "chitra")),
            MatchFormat("open", None, ended=True),
            [pts(95, 5), pts(40, 60, (0, "opening"))],
        ),
        _match((("Asha", "Chitra"), ("Bilal", "Dev")), MatchFormat("bazzis", 1), []),
        _match((("Asha", "Eve"), ("asha", "Dev")), MatchFormat("bazzis", 1), [pts(95, 5)]),
    ]


def created_of(n: int) -> str:
    """Match n (0-based) was created and last updated on 2026-03-0(n+1), at noon UTC."""
    return f"2026-03-{n + 1:02d}T12:00:00.000Z"


def history_backup() -> bytes:
    """The history as a backup file, with its dates, ids 0000000m."""
    lines = [header_line("2026-03-09T00:00:00Z", 3, {})]
    for n, match in enumerate(history()):
        lines.append(
            record_line(StoredMatch(f"{n + 1:08x}", match, 1, created_of(n), created_of(n), False))
        )
    lines.append(end_line(len(history())))
    return b"".join(lines)


def _figures(
    head: dict,
    matches,
    finished,
    wins,
    losses,
    draws,
    deals,
    card_points,
    sweeps,
    won,
    lost,
    by_min,
):
    return {
        **head,
        "matches": matches,
        "finished": finished,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "deals": deals,
        "card_points": card_points,
        "sweeps": {"normal": sweeps[0], "opening": sweeps[1], "last": sweeps[2]},
        "bazzis_won": won,
        "bazzis_lost": lost,
        "bazzis_won_by_minimum": by_min,
    }


# Asha and Chitra: M1 (100 card points, a bazzi won and one lost, both on the minimum, a draw),
# M2 (50), M3 (5 + 60, a bazzi lost, a loss). Bilal: M1 (100), M2 (50), M3 (95 + 40, a bazzi
# won, the opening sweep, a win). Dev: Bilal's, and M5 (5, a bazzi lost, a loss). Eve: M5.
ASHA = dict(
    matches=3,
    finished=2,
    wins=0,
    losses=1,
    draws=1,
    deals=5,
    card_points=215,
    sweeps=(0, 0, 0),
    won=1,
    lost=2,
    by_min=1,
)
BILAL = dict(
    matches=3,
    finished=2,
    wins=1,
    losses=0,
    draws=1,
    deals=5,
    card_points=285,
    sweeps=(0, 1, 0),
    won=2,
    lost=1,
    by_min=2,
)
DEV = dict(
    matches=4,
    finished=3,
    wins=1,
    losses=1,
    draws=1,
    deals=6,
    card_points=290,
    sweeps=(0, 1, 0),
    won=2,
    lost=2,
    by_min=2,
)
EVE = dict(
    matches=1,
    finished=1,
    wins=1,
    losses=0,
    draws=0,
    deals=1,
    card_points=95,
    sweeps=(0, 0, 0),
    won=1,
    lost=0,
    by_min=1,
)

EXPECTED = {
    "matches": 4,
    "finished": 3,
    "deals": 6,
    "players": [
        _figures({"name": "ASHA"}, **ASHA),
        _figures({"name": "Bilal"}, **BILAL),
        _figures({"name": "chitra"}, **ASHA),
        _figures({"name": "Dev"}, **DEV),
        _figures({"name": "Eve"}, **EVE),
    ],
    "partnerships": [
        _figures({"players": ["ASHA", "chitra"]}, **ASHA),
        _figures({"players": ["Bilal", "Dev"]}, **BILAL),
    ],
    "head_to_head": [
        {
            "partnerships": [["ASHA", "chitra"], ["Bilal", "Dev"]],
            "matches": 3,
            "finished": 2,
            "wins": [0, 1],
            "draws": 1,
        },
    ],
}

# --since 2026-03-03: M3, M4 (no deals) and M5 only.
EXPECTED_SINCE_MARCH_3 = {
    "matches": 2,
    "finished": 2,
    "deals": 3,
    "players": [
        _figures({"name": "ASHA"}, 1, 1, 0, 1, 0, 2, 65, (0, 0, 0), 0, 1, 0),
        _figures({"name": "Bilal"}, 1, 1, 1, 0, 0, 2, 135, (0, 1, 0), 1, 0, 1),
        _figures({"name": "chitra"}, 1, 1, 0, 1, 0, 2, 65, (0, 0, 0), 0, 1, 0),
        _figures({"name": "Dev"}, 2, 2, 1, 1, 0, 3, 140, (0, 1, 0), 1, 1, 1),
        _figures({"name": "Eve"}, **EVE),
    ],
    "partnerships": [
        _figures({"players": ["ASHA", "chitra"]}, 1, 1, 0, 1, 0, 2, 65, (0, 0, 0), 0, 1, 0),
        _figures({"players": ["Bilal", "Dev"]}, 1, 1, 1, 0, 0, 2, 135, (0, 1, 0), 1, 0, 1),
    ],
    "head_to_head": [
        {
            "partnerships": [["ASHA", "chitra"], ["Bilal", "Dev"]],
            "matches": 1,
            "finished": 1,
            "wins": [0, 1],
            "draws": 0,
        },
    ],
}


def _rated_by_hand(games: list[tuple[tuple[str, str], tuple[str, str]]]) -> dict[str, dict]:
    """Each player's rating after `games` ((winners, losers) by player key), openskill called
    directly: PlackettLuce with its defaults, one `rate` per game, rank 0 for the winners."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    state: dict[str, object] = {}
    played: dict[str, int] = {}
    for winners, losers in games:
        teams = [[state.get(k) or model.rating() for k in side] for side in (winners, losers)]
        for side, rated in zip((winners, losers), model.rate(teams, ranks=[0, 1])):
            for key, rating in zip(side, rated):
                state[key], played[key] = rating, played.get(key, 0) + 1
    out = {}
    for key, r in state.items():
        out[key] = {
            "mu": round(r.mu, 2),
            "sigma": round(r.sigma, 2),
            "rating": round(r.mu - 3 * r.sigma, 2),
            "games": played[key],
        }
    return out


# Ratings: M1's two bazzis (B/D, then A/C), M3's one (B/D); M2 and M4 won none; M5 has Asha on
# both teams, so it rates nobody and Eve keeps the starting rating (mu 25, sigma 25/3, no games).
UNRATED = {"mu": 25.0, "sigma": 8.33, "rating": 0.0, "games": 0}
AC, BD = ("asha", "chitra"), ("bilal", "dev")
for expected, games in (
    (EXPECTED, [(BD, AC), (AC, BD), (BD, AC)]),
    (EXPECTED_SINCE_MARCH_3, [(BD, AC)]),
):
    rated = _rated_by_hand(games)
    for player in expected["players"]:
        player["rating"] = rated.get(player["name"].strip().lower(), UNRATED)
