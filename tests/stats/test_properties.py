"""Invariants of the statistics over random matches (Hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from seep_scorer.rules import Match, Team, replay
from seep_scorer.stats import aggregate, contribution_of
from tests.strategies import matches

NAMES = ["Asha", "Bilal", "Chitra", "Dev", "Eve", "Farid"]


@st.composite
def histories(draw):
    history = []
    for n in range(draw(st.integers(0, 6))):
        m = draw(matches(max_deals=12))
        seats = draw(st.permutations(NAMES))[:4]
        m = Match(
            m.rules,
            m.format,
            (Team("A", (seats[0], seats[2])), Team("B", (seats[1], seats[3]))),
            m.first_dealer,
            m.deals,
            m.extra,
        )
        stamp = f"2026-0{1 + n % 9}-1{n % 10}T12:00:00.000Z"
        history.append(contribution_of(m, replay(m), stamp, stamp))
    return history


@settings(max_examples=60, deadline=None)
@given(histories(), st.randoms(use_true_random=False))
def test_figures_add_up_and_do_not_depend_on_order(history, rng: random.Random):
    stats = aggregate(history)
    shuffled = list(history)
    rng.shuffle(shuffled)
    assert aggregate(shuffled).to_json() == stats.to_json()
    counted = [c for c in history if c["deals"] > 0]
    assert stats.matches == len(counted) and stats.deals == sum(c["deals"] for c in counted)
    # Four distinct names per match: every match counts for four players and two partnerships.
    assert sum(p.matches for p in stats.players) == 4 * stats.matches
    assert sum(p.matches for p in stats.partnerships) == 2 * stats.matches
    assert sum(h.matches for h in stats.head_to_head) == stats.matches
    card_points = sum(t["card_points"] for c in counted for t in c["teams"])
    assert sum(p.card_points for p in stats.players) == 2 * card_points
    for p in stats.players + stats.partnerships:
        assert p.wins + p.losses + p.draws == p.finished <= p.matches
        assert p.bazzis_won_by_minimum <= p.bazzis_won
    assert sum(p.bazzis_won for p in stats.partnerships) == sum(
        p.bazzis_lost for p in stats.partnerships
    )
