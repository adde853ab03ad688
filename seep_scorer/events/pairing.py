"""Pairing a round of an event: round robin, Swiss and individual movement (docs/events.md).

Pure: entrants are keys (strings), the history is passed in, randomness comes from the caller's
`random.Random`. Swiss and individual rounds are minimum-cost perfect matchings (networkx), so a
rematch happens only when no other pairing of the present entrants exists.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

BYE = None  # the empty seat of a round with an odd number of pairs

# Costs, from the rule that must hold most to the preference that yields first. Each tier is far
# above the largest sum the tiers below it can reach in any event a hall can run.
REMATCH = 10**15
REPEAT_BYE = 10**11
BYE_RANK = 10**7  # per place above the last: the bye goes to the lowest-ranked who had none


@dataclass(frozen=True, slots=True)
class PairsRound:
    """Tables of a pairs round (two entrant keys each, in table order) and who has the bye."""

    tables: tuple[tuple[str, str], ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class IndividualRound:
    """Tables of four players (team A is seats 0 and 2) and who sits out."""

    tables: tuple[tuple[tuple[str, str], tuple[str, str]], ...]
    sitting_out: tuple[str, ...] = ()


@dataclass
class History:
    """What earlier rounds did: meetings, partners, byes, sit-outs (by entrant or player key)."""

    met: Counter = field(default_factory=Counter)  # frozenset({a, b}) -> times opposed
    partnered: Counter = field(default_factory=Counter)  # frozenset({a, b}) -> times partners
    byes: Counter = field(default_factory=Counter)  # key -> byes (or rounds sat out)

    def add_pairs_round(self, rnd: PairsRound) -> None:
        for a, b in rnd.tables:
            self.met[frozenset((a, b))] += 1
        for key in rnd.byes:
            self.byes[key] += 1

    def add_individual_round(self, rnd: IndividualRound) -> None:
        for team_a, team_b in rnd.tables:
            for team in (team_a, team_b):
                self.partnered[frozenset(team)] += 1
            for a in team_a:
                for b in team_b:
                    self.met[frozenset((a, b))] += 1
        for key in rnd.sitting_out:
            self.byes[key] += 1


def round_robin(entrants: Sequence[str], round_number: int) -> PairsRound:
    """Round `round_number` (1-based) of the circle method: everyone meets everyone once.

    With an odd number of entrants one sits out each round (a bye); there are n - 1 rounds for an
    even n, n for an odd one.
    """
    seats: list[str | None] = list(entrants)
    if len(seats) % 2:
        seats.append(BYE)
    n = len(seats)
    if n < 2 or not 1 <= round_number <= n - 1:
        raise ValueError(f"a round robin of {len(entrants)} entrants has no round {round_number}")
    turn = round_number - 1
    rest = seats[1:]
    rest = rest[-turn:] + rest[:-turn] if turn else rest
    circle = [seats[0], *rest]
    tables, byes = [], []
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if a is BYE or b is BYE:
            byes.append(b if a is BYE else a)
        else:
            tables.append((a, b))
    return PairsRound(tuple(tables), tuple(byes))


def round_robin_rounds(count: int) -> int:
    """How many rounds a round robin of `count` entrants has."""
    return count - 1 if count % 2 == 0 else count


def _min_cost_matching(nodes: Sequence, cost) -> list[tuple]:
    """A minimum-cost perfect matching of `nodes` (an even number) under `cost(a, b)`."""
    import networkx as nx  # imported where used: the rest of the app never needs it

    graph = nx.Graph()
    graph.add_nodes_from(range(len(nodes)))
    for i in range(len(nodes)):
        for j in range(i + 1, len(nodes)):
            graph.add_edge(i, j, weight=cost(nodes[i], nodes[j]))
    matching = nx.min_weight_matching(graph)
    if 2 * len(matching) != len(nodes):  # a complete graph always has one: a bug if not
        raise AssertionError("no perfect matching")
    return [(nodes[i], nodes[j]) for i, j in matching]


def swiss(
    ranked: Sequence[str], points: dict[str, int], history: History, rng: random.Random
) -> PairsRound:
    """A Swiss round: `ranked` are the present entrants, best first (by the standings).

    Entrants with equal or nearest points meet; never a rematch while another pairing exists;
    with an odd number, the bye goes to the lowest-ranked entrant without one. Round 1 (no
    history) is the caller's order shuffled by `rng` when all points are equal.
    """
    if len(ranked) < 2:
        raise ValueError("a round needs at least two entrants")
    order = list(ranked)
    if not history.met and len(set(points.get(k, 0) for k in order)) <= 1:
        rng.shuffle(order)
    place = {key: i for i, key in enumerate(order)}
    nodes: list[str | None] = list(order) + ([BYE] if len(order) % 2 else [])

    def cost(a: str | None, b: str | None) -> int:
        if a is BYE or b is BYE:
            key = b if a is BYE else a
            return REPEAT_BYE * history.byes[key] + BYE_RANK * (len(order) - 1 - place[key])
        gap = points.get(a, 0) - points.get(b, 0)
        # gap² keeps score groups together; the places break ties towards neighbours.
        return REMATCH * history.met[frozenset((a, b))] + 100 * gap * gap + abs(place[a] - place[b])

    pairs = _min_cost_matching(nodes, cost)
    tables, byes = [], []
    for a, b in pairs:
        if a is BYE or b is BYE:
            byes.append(b if a is BYE else a)
        else:
            tables.append((a, b) if place[a] < place[b] else (b, a))
    tables.sort(key=lambda t: place[t[0]])  # table 1 for the leaders
    return PairsRound(tuple(tables), tuple(byes))


def individual(
    ranked: Sequence[str], points: dict[str, int], history: History, rng: random.Random
) -> IndividualRound:
    """An individual round: tables of four, partners new where possible, opponents varied.

    Players beyond a multiple of four sit out, those who sat out least first (the lowest-ranked
    among them). Partnerships are a minimum-cost matching (a repeat partner costs most), then the
    partnerships are matched into tables (repeat opponents cost most, then the points gap).
    """
    order = list(ranked)
    if len(order) < 4:
        raise ValueError("an individual round needs at least four players")
    if not history.partnered and len(set(points.get(k, 0) for k in order)) <= 1:
        rng.shuffle(order)
    place = {key: i for i, key in enumerate(order)}
    extra = len(order) % 4
    out = sorted(order, key=lambda k: (history.byes[k], -place[k]))[:extra]
    playing = [k for k in order if k not in out]

    def partner_cost(a: str, b: str) -> int:
        gap = points.get(a, 0) - points.get(b, 0)
        return REMATCH * history.partnered[frozenset((a, b))] + 100 * gap * gap

    teams = [tuple(sorted(t, key=place.get)) for t in _min_cost_matching(playing, partner_cost)]

    def table_cost(x: tuple, y: tuple) -> int:
        repeats = sum(history.met[frozenset((a, b))] for a in x for b in y)
        gap = sum(points.get(k, 0) for k in x) - sum(points.get(k, 0) for k in y)
        return REPEAT_BYE * repeats + 100 * gap * gap

    tables = []
    for x, y in _min_cost_matching(teams, table_cost):
        pair = (x, y) if place[x[0]] < place[y[0]] else (y, x)
        tables.append(pair)
    tables.sort(key=lambda t: place[t[0][0]])
    return IndividualRound(tuple(tables), tuple(sorted(out, key=place.get)))


def first_dealers(table_count: int, rng: random.Random) -> list[int]:
    """A random first dealer (seat 0-3) for each table."""
    return [rng.randrange(4) for _ in range(table_count)]


__all__ = [
    "BYE",
    "History",
    "IndividualRound",
    "PairsRound",
    "first_dealers",
    "individual",
    "round_robin",
    "round_robin_rounds",
    "swiss",
]
