"""Replay benchmark: 1,000 generated matches of 40 deals each; prints deals per second.

The statistics screens replay all history, so replay must stay fast:
the goal is at least 100,000 deals per second on the project's 2-core machines.
Run: python bench/replay.py [--matches N] [--deals N] [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Replay, Sweep, replay  # noqa: E402

GOAL = 100_000


def generate_match(rng: random.Random, n_deals: int) -> Match:
    rules = PRESETS[rng.choice(["standard", "standard", "race500"])]
    fmt = MatchFormat("open", None)
    first_dealer = rng.randrange(4)
    state = Replay(rules, fmt, first_dealer)
    deals = []
    for _ in range(n_deals):
        dealer = state.dealer
        if rng.random() < 0.5:
            team1 = frozenset(c for c in rules.point_cards if rng.random() < 0.5)
            deal_kw = {"cards": (rules.point_card_set - team1, team1)}
        else:
            p0 = rng.randint(0, rules.card_total)
            deal_kw = {"points": (p0, rules.card_total - p0)}
        sweeps = [Sweep(rng.randrange(2), "normal") for _ in range(rng.choice([0, 0, 0, 1, 2]))]
        if rng.random() < 0.1:
            sweeps.append(Sweep((dealer + 1) % 2, "opening"))
        if rng.random() < 0.1:
            sweeps.append(Sweep(dealer % 2, "last"))
        most = rng.choice([0, 1, "tie"]) if rules.needs_most_cards else None
        deal = Deal(sweeps=tuple(sweeps), most_cards=most, **deal_kw)
        state.add(deal)
        deals.append(deal)
    return Match(rules=rules, format=fmt, first_dealer=first_dealer, deals=tuple(deals))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(2026)
    matches = [generate_match(rng, args.deals) for _ in range(args.matches)]
    total = sum(len(m.deals) for m in matches)
    rates = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        for m in matches:
            replay(m)
        rates.append(total / (time.perf_counter() - start))
    median = statistics.median(rates)
    print(
        f"replayed {args.matches} matches x {args.deals} deals = {total} deals, {args.repeat} runs"
    )
    print(f"deals per second: median {median:,.0f} (min {min(rates):,.0f}, max {max(rates):,.0f})")
    print(f"goal {GOAL:,}: {'met' if median >= GOAL else 'NOT MET'}")
    return 0 if median >= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
