"""Pairing properties (docs/events.md): perfect matchings, no avoidable rematch, byes rotate."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep_scorer.events import (
    History,
    PairsRound,
    individual,
    round_robin,
    round_robin_rounds,
    swiss,
)


def keys(n: int) -> list[str]:
    return [f"e{i:02d}" for i in range(n)]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 17))
def test_a_round_robin_meets_everyone_once_with_one_bye_a_round_when_odd(n):
    entrants = keys(n)
    met = Counter()
    byes = Counter()
    for r in range(1, round_robin_rounds(n) + 1):
        rnd = round_robin(entrants, r)
        seated = [k for t in rnd.tables for k in t] + list(rnd.byes)
        assert sorted(seated) == entrants  # everyone plays or has the bye, once
        assert len(rnd.byes) == n % 2
        met.update(frozenset(t) for t in rnd.tables)
        byes.update(rnd.byes)
    assert set(met) == {frozenset(p) for p in itertools.combinations(entrants, 2)}
    assert set(met.values()) == {1}
    assert all(byes[k] == 1 for k in entrants) if n % 2 else not byes
    with pytest.raises(ValueError):
        round_robin(entrants, round_robin_rounds(n) + 1)


def _play(rnd: PairsRound, points: Counter, rng: random.Random) -> None:
    for a, b in rnd.tables:
        winner = rng.choice([a, b, None])
        if winner is None:
            points[a] += 1
            points[b] += 1
        else:
            points[winner] += 2
    for k in rnd.byes:
        points[k] += 2


def _ranked(entrants, points):
    return sorted(entrants, key=lambda k: (-points[k], k))


def _matchings(nodes):
    """Every perfect matching of `nodes` (brute force, for small rounds)."""
    if not nodes:
        yield []
        return
    first, rest = nodes[0], nodes[1:]
    for i, other in enumerate(rest):
        for m in _matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *m]


def _faults(pairs, history):
    """(rematches, repeated byes) of a pairing; None stands for the bye."""
    rematches = sum(history.met[frozenset(p)] > 0 for p in pairs if None not in p)
    repeated = sum(history.byes[a or b] > 0 for a, b in pairs if None in (a, b))
    return rematches, repeated


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 9), st.integers(0, 10**6))
def test_swiss_rounds_are_perfect_with_no_avoidable_rematch_and_rotating_byes(n, seed):
    rng = random.Random(seed)
    entrants = keys(n)
    history, points = History(), Counter()
    for _ in range(min(n + 1, 6)):
        rnd = swiss(_ranked(entrants, points), dict(points), history, rng)
        seated = [k for t in rnd.tables for k in t] + list(rnd.byes)
        assert sorted(seated) == entrants
        assert len(rnd.byes) == n % 2
        # As few rematches as any pairing allows, then as few second byes.
        nodes = entrants + ([None] if n % 2 else [])
        best = min(_faults(m, history) for m in _matchings(nodes))
        chosen = list(rnd.tables) + [(k, None) for k in rnd.byes]
        assert _faults(chosen, history) == best, rnd
        history.add_pairs_round(rnd)
        _play(rnd, points, rng)


def test_swiss_pairs_equal_points_together_and_gives_the_bye_to_the_lowest_ranked():
    ranked = ["a", "b", "c", "d", "e"]
    points = {"a": 4, "b": 4, "c": 2, "d": 2, "e": 0}
    rnd = swiss(ranked, points, History(met=Counter({frozenset("xy"): 1})), random.Random(1))
    assert rnd.byes == ("e",)
    assert rnd.tables == (("a", "b"), ("c", "d"))
    # e had the bye already: the lowest-ranked without one (d) gets it
    history = History(met=Counter({frozenset("xy"): 1}), byes=Counter({"e": 1}))
    rnd = swiss(ranked, points, history, random.Random(1))
    assert rnd.byes == ("d",) and rnd.tables == (("a", "b"), ("c", "e"))
    # a and b met already: the leaders split, still next to their nearest points
    history = History(met=Counter({frozenset("ab"): 1}))
    rnd = swiss(ranked, points, history, random.Random(1))
    assert frozenset(("a", "b")) not in {frozenset(t) for t in rnd.tables}


def test_the_first_swiss_round_is_random_but_repeatable_from_its_seed():
    entrants = keys(8)
    one = swiss(entrants, {}, History(), random.Random(5))
    again = swiss(entrants, {}, History(), random.Random(5))
    other = swiss(entrants, {}, History(), random.Random(6))
    assert one == again and one != other


@settings(max_examples=25, deadline=None)
@given(st.integers(4, 14), st.integers(0, 10**6))
def test_individual_rounds_repeat_no_partnership_while_avoidable(n, seed):
    rng = random.Random(seed)
    players = keys(n)
    history, points = History(), Counter()
    sat_out = Counter()
    # With 4k players each round uses k·2 partnerships of n·(n-1)/2: a few rounds stay fresh.
    rounds = 3 if n >= 8 else 1
    for _ in range(rounds):
        rnd = individual(_ranked(players, points), dict(points), history, rng)
        seated = [k for t in rnd.tables for team in t for k in team]
        assert len(seated) == len(set(seated)) == n - n % 4
        assert sorted(seated + list(rnd.sitting_out)) == players
        for team_a, team_b in rnd.tables:
            assert history.partnered[frozenset(team_a)] == 0
            assert history.partnered[frozenset(team_b)] == 0
        # Sitting out goes in turn: nobody sits out twice before everyone has once.
        sat_out.update(rnd.sitting_out)
        assert not sat_out or max(sat_out.values()) - min(sat_out[k] for k in players) <= 1
        history.add_individual_round(rnd)
        for team_a, team_b in rnd.tables:
            for k in rng.choice([team_a, team_b]):
                points[k] += 2


def test_individual_with_eight_players_over_three_rounds_varies_opponents():
    players = keys(8)
    history = History()
    rng = random.Random(3)
    for _ in range(3):
        rnd = individual(players, {}, history, rng)
        history.add_individual_round(rnd)
    assert max(history.partnered.values()) == 1  # 12 partnerships, none twice
    assert max(history.met.values()) <= 2
    with pytest.raises(ValueError):
        individual(keys(3), {}, History(), rng)
