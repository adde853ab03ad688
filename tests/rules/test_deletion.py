"""Issue 19, item 3: deleting a deal says which later deal it would break and why, and offers to
keep the dealers the later deals were shown with."""

from seep_scorer.rules import Deal, Match, MatchFormat, Sweep, replay
from seep_scorer.rules.deletion import DealerChange, plan_deletion

# deal 1 (Asha, seat 0, deals): 60 : 40, her team leads, so seat 1 deals deal 2, which team 1 ends
# with a last-play sweep; without deal 1, seat 0 would deal deal 2 and that sweep could not be.
LAST_SWEEP = (
    Deal(points=(60, 40)),
    Deal(points=(50, 50), sweeps=(Sweep(1, "last"),)),
    Deal(points=(50, 50)),
)


def match(deals, fmt=MatchFormat("open", 0)):
    return Match(format=fmt, first_dealer=0, deals=tuple(deals))


def test_a_later_deal_whose_recomputed_dealer_breaks_it_is_named_with_the_change():
    plan = plan_deletion(match(LAST_SWEEP), 1)
    assert plan.failing == 2 and plan.error.code == "last_wrong_team"
    assert plan.dealer_cause == DealerChange(2, 1, 0) and plan.to_change == 2


def test_keeping_the_dealers_records_only_the_dealers_that_would_change():
    plan = plan_deletion(match(LAST_SWEEP), 1)
    assert [d.dealer for d in plan.kept.deals] == [1, None]  # deal 3 still follows the rules
    assert [r.dealer for r in replay(plan.kept).deals] == [1, 1]
    kept = plan.kept.deals[0]
    assert kept.sweeps == LAST_SWEEP[1].sweeps and kept.points == (50, 50)


def test_a_deletion_that_only_moves_a_dealer_lists_the_change():
    plan = plan_deletion(match((Deal(points=(60, 40)), Deal(points=(50, 50)))), 1)
    assert plan.error is None and plan.changes == (DealerChange(2, 1, 0),)
    assert [r.dealer for r in replay(plan.match).deals] == [0]


def test_a_deletion_that_changes_no_dealer_lists_nothing():
    plan = plan_deletion(match(LAST_SWEEP), 3)
    assert plan.error is None and plan.changes == () and len(plan.match.deals) == 2


def test_a_match_over_too_soon_names_the_deal_it_would_end_with():
    # one bazzi: without deal 1 (-60), deal 3 reaches +120 and ends the match: deal 4 cannot follow
    deals = [
        Deal(points=(20, 80)),
        Deal(points=(80, 20)),
        Deal(points=(80, 20)),
        Deal(points=(45, 55)),
    ]
    plan = plan_deletion(match(deals, MatchFormat("bazzis", 1)), 1)
    assert plan.error.code == "match_over" and plan.failing == 4 and plan.over_after == 3
    assert plan.to_change == 3 and plan.dealer_cause is None and plan.kept is None
