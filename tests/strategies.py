"""Hypothesis strategies shared by the rules, match-file and store tests."""

from __future__ import annotations

from hypothesis import strategies as st

from seep_scorer.rules import (
    DEFAULT_MATCH,
    PRESETS,
    Deal,
    Match,
    MatchFormat,
    Replay,
    Sweep,
    Team,
    make_rules,
)
from seep_scorer.rules.names import first_refused

# Any name check_name accepts: no control or format characters (Cc, Cf: bidi controls, zero-width
# characters), no line separators, and none of the invisible characters first_refused refuses
# (a rare draw of them used to fail store tests: U+2066 once).
names = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp")),
    min_size=1,
    max_size=20,
).filter(lambda n: n.strip() and first_refused(n) is None)


@st.composite
def rules(draw):
    """A preset, sometimes with random but valid overrides."""
    preset = draw(st.sampled_from(["standard", "race500", "custom"]))
    if preset != "custom" or draw(st.booleans()):
        return PRESETS[preset]
    overrides = {
        "ten_of_diamonds": draw(st.integers(0, 20)),
        "sweep_normal": draw(st.integers(0, 100)),
        "sweep_opening": draw(st.integers(0, 60)),
        "sweep_last": draw(st.integers(0, 60)),
        "lead_target": draw(st.integers(20, 300)),
        "minimum_counts_sweeps": draw(st.booleans()),
        "most_cards_bonus": draw(st.integers(0, 6)),
        "most_cards_tie_bonus": draw(st.integers(0, 3)),
    }
    overrides["minimum"] = draw(st.one_of(st.none(), st.integers(0, 30)))
    return make_rules("custom", overrides)


@st.composite
def deals(draw, rules, dealer=None):
    """A deal valid under `rules` when dealt by `dealer` (None: no opening or last-play sweep)."""
    if draw(st.booleans()):
        to_team1 = draw(
            st.lists(
                st.booleans(), min_size=len(rules.point_cards), max_size=len(rules.point_cards)
            )
        )
        team1 = frozenset(c for c, t in zip(rules.point_cards, to_team1) if t)
        cards, points = (frozenset(rules.point_cards) - team1, team1), None
    else:
        p0 = draw(st.integers(0, rules.card_total))
        cards, points = None, (p0, rules.card_total - p0)
    sweeps = [Sweep(t, "normal") for t in (0, 1) for _ in range(draw(st.integers(0, 2)))]
    if dealer is not None:
        if draw(st.integers(0, 4)) == 0:
            sweeps.append(Sweep((dealer + 1) % 2, "opening"))
        if draw(st.integers(0, 4)) == 0:
            sweeps.append(Sweep(dealer % 2, "last"))
    sweeps = draw(st.permutations(sweeps)) if sweeps else []
    most_cards = draw(st.sampled_from([0, 1, "tie"])) if rules.needs_most_cards else None
    return Deal(cards, points, tuple(sweeps), most_cards)


@st.composite
def matches(draw, max_deals=25, open_ended=False):
    """A valid match: deals are drawn one at a time against
    the replayed dealer, stopping at the end."""
    r = draw(rules())
    if open_ended:
        fmt = MatchFormat("open", None)
    elif r.scoring == "cumulative":
        fmt = draw(
            st.sampled_from(
                [DEFAULT_MATCH["race500"], MatchFormat("target", 300), MatchFormat("open", None)]
            )
        )
    else:
        fmt = draw(
            st.sampled_from(
                [
                    MatchFormat("bazzis", draw(st.integers(1, 5))),
                    MatchFormat("first_to", draw(st.integers(1, 3))),
                    MatchFormat("open", None),
                ]
            )
        )
    teams = (
        Team(draw(names), (draw(names), draw(names))),
        Team(draw(names), (draw(names), draw(names))),
    )
    first_dealer = draw(st.integers(0, 3))
    state = Replay(r, fmt, first_dealer)
    chosen = []
    for _ in range(draw(st.integers(0, max_deals))):
        if state.finished_after is not None:
            break
        deal = draw(deals(r, state.dealer))
        state.add(deal)
        chosen.append(deal)
    return Match(r, fmt, teams, first_dealer, tuple(chosen))
