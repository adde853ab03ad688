"""Invariants of the rules engine, checked with Hypothesis."""

from hypothesis import given
from hypothesis import strategies as st

from seep_scorer.rules import Deal, Replay, replay, score_deal
from tests.strategies import deals, matches, rules


@given(st.data())
def test_card_points_always_add_up_to_the_preset_total(data):
    r = data.draw(rules())
    deal = data.draw(deals(r))
    card_points = score_deal(deal, r).card_points
    assert sum(card_points) == r.card_total
    assert min(card_points) >= 0


@given(st.data())
def test_deal_scores_add_up_to_cards_bonus_and_sweeps(data):
    r = data.draw(rules())
    deal = data.draw(deals(r, dealer=data.draw(st.integers(0, 3))))
    score = score_deal(deal, r)
    sweeps = sum(r.sweep_values[s.kind] for s in deal.sweeps)
    assert sum(score.scores) == r.card_total + sum(score.bonus) + sweeps
    if r.needs_most_cards:
        assert sum(score.bonus) in (r.most_cards_bonus, 2 * r.most_cards_tie_bonus)


@given(matches())
def test_replay_is_deterministic(match):
    assert replay(match) == replay(match)


@given(matches())
def test_replaying_one_deal_at_a_time_equals_replaying_the_whole_list(match):
    whole = replay(match)
    state = Replay(match.rules, match.format, match.first_dealer)
    for k, deal in enumerate(match.deals):
        step = state.add(deal)
        assert step == whole.deals[k]
        assert replay(match.with_deals(match.deals[: k + 1])).deals[-1] == step
    assert state.standings() == whole


def reference_replay(match):
    """Each deal's (dealer, scores, difference, event, next dealer, bazzis, totals), straight from
    rules.md, one deal at a time and as plainly as it can be written: the engine's fold (one loop
    over thousands of deals for the file reader) must agree with it."""
    rules, out = match.rules, []
    dealer, difference, bazzis, totals = match.first_dealer, 0, [0, 0], [0, 0]
    for deal in match.deals:
        if deal.dealer is not None:
            dealer = deal.dealer
        score = score_deal(deal, rules)
        s0, s1 = score.scores
        totals = [totals[0] + s0, totals[1] + s1]
        event = None
        if rules.scoring == "ledger":
            difference += s0 - s1
            leading_team = 0 if difference > 0 else 1 if difference < 0 else None
            # The dealer's team ahead: the deal passes to the right; behind or level: the same
            # dealer again.
            following = (
                None
                if dealer is None
                else (dealer + 1) % 4
                if leading_team == dealer % 2
                else dealer
            )
            base = (
                score.scores
                if rules.minimum_counts_sweeps
                else (s0 - score.sweep_points[0], s1 - score.sweep_points[1])
            )
            if rules.minimum is not None and base[0] < rules.minimum:
                event = (1, "minimum")
            elif rules.minimum is not None and base[1] < rules.minimum:
                event = (0, "minimum")
            elif abs(difference) >= rules.lead_target:
                event = (leading_team, "lead")
            if event is not None:
                bazzis[event[0]] += 1
                difference = 0
                following = (
                    None if following is None else (following + 2) % 4
                )  # the bazzi passes to the partner
        else:
            difference = totals[0] - totals[1]
            following = None if dealer is None else (dealer + 1) % 4
            if (
                match.format.type == "target"
                and max(totals) >= match.format.count
                and difference != 0
            ):
                event = (0 if difference > 0 else 1, "target")
        out.append((dealer, (s0, s1), difference, event, following, tuple(bazzis), tuple(totals)))
        dealer = following
    return out


@given(matches())
def test_the_fold_agrees_with_a_plain_reading_of_the_rules(match):
    got = [
        (
            r.dealer,
            r.scores,
            r.difference,
            None if r.event is None else tuple(r.event),
            r.next_dealer,
            r.bazzis,
            r.totals,
        )
        for r in replay(match).deals
    ]
    assert got == reference_replay(match)


@given(matches(open_ended=True))
def test_difference_stays_inside_the_lead_target_and_bazzis_reset_it(match):
    s = replay(match)
    if match.rules.scoring != "ledger":
        return
    previous = 0
    for r in s.deals:
        assert abs(r.difference) < match.rules.lead_target
        if r.event is not None:
            assert r.difference == 0
            assert r.event.cause in ("lead", "minimum")
        else:
            assert r.difference == previous + r.scores[0] - r.scores[1]
        previous = r.difference
    assert sum(s.bazzis) == sum(1 for r in s.deals if r.event is not None)


@given(matches(open_ended=True))
def test_the_deal_goes_to_the_team_that_is_behind(match):
    s = replay(match)
    if match.rules.scoring != "ledger":
        return
    for r in s.deals:
        if r.event is None and r.difference != 0:
            behind = 1 if r.difference > 0 else 0
            assert r.next_dealer % 2 == behind
        if r.event is None and r.difference == 0:
            assert r.next_dealer == r.dealer


@given(matches())
def test_totals_are_the_sum_of_the_deal_scores(match):
    s = replay(match)
    assert s.totals == (sum(r.scores[0] for r in s.deals), sum(r.scores[1] for r in s.deals))


@given(matches(), st.data())
def test_editing_a_deal_equals_a_fresh_replay_of_the_edited_list(match, data):
    if not match.deals:
        return
    k = data.draw(st.integers(0, len(match.deals) - 1))
    # Editing to an identical deal with its dealer written down must not change anything.
    original = replay(match)
    dealer = original.deals[k].dealer
    edited = list(match.deals)
    d = edited[k]
    edited[k] = Deal(d.cards, d.points, d.sweeps, d.most_cards, dealer, d.bid, d.note)
    again = replay(match.with_deals(edited))
    assert [r.scores for r in again.deals] == [r.scores for r in original.deals]
    assert again.bazzis == original.bazzis and again.next_dealer == original.next_dealer
