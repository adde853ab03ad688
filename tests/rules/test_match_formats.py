"""Match formats: a fixed number of bazzis, first to N, open-ended, target total; who deals."""

import pytest

from seep_scorer.rules import (
    PRESETS,
    BazziEvent,
    Deal,
    Match,
    MatchError,
    MatchFormat,
    Replay,
    make_rules,
    replay,
    validate_match,
)

STD = PRESETS["standard"]
WIN0, WIN1, EVEN = Deal(points=(92, 8)), Deal(points=(8, 92)), Deal(points=(50, 50))


def play(fmt, deals, rules=STD):
    return replay(Match(rules=rules, format=fmt, deals=tuple(deals)))


def test_fixed_number_of_bazzis():
    s = play(MatchFormat("bazzis", 3), [WIN0, WIN1])
    assert s.bazzis == (1, 1) and not s.finished
    s = play(MatchFormat("bazzis", 3), [WIN0, WIN1, WIN1])
    assert s.finished and s.winner == 1


def test_even_number_of_bazzis_can_draw():
    s = play(MatchFormat("bazzis", 2), [WIN0, WIN1])
    assert s.finished and s.winner == "draw"


def test_first_to_n_bazzis():
    s = play(MatchFormat("first_to", 2), [WIN0, WIN1, WIN1, WIN0][:3])
    assert s.finished and s.winner == 1 and s.bazzis == (1, 2)
    assert not play(MatchFormat("first_to", 2), [WIN0, WIN1]).finished


def test_open_ended_runs_until_the_players_end_it():
    s = play(MatchFormat("open", None), [WIN0] * 10)
    assert not s.finished and s.bazzis == (10, 0)
    s = play(MatchFormat("open", None, ended=True), [WIN0, WIN1, WIN1])
    assert s.finished and s.winner == 1
    assert play(MatchFormat("open", None, ended=True), [WIN0, WIN1]).winner == "draw"


def test_a_match_ended_early_goes_to_whoever_is_ahead():
    s = play(MatchFormat("bazzis", 5, ended=True), [WIN0])
    assert s.finished and s.winner == 0


def test_format_and_scoring_must_fit():
    with pytest.raises(MatchError, match="running totals"):
        validate_match(Match(rules=STD, format=MatchFormat("target", 500)))
    with pytest.raises(MatchError, match="difference ledger"):
        validate_match(Match(rules=PRESETS["race500"], format=MatchFormat("bazzis", 3)))
    with pytest.raises(MatchError) as err:
        validate_match(Match(format=MatchFormat("bazzis", 0)))
    assert err.value.field == "match.count"
    with pytest.raises(MatchError):
        validate_match(Match(format=MatchFormat("marathon", 3)))


def test_custom_cumulative_rules_to_a_target():
    rules = make_rules("custom", {"scoring": "cumulative", "minimum": None})
    s = replay(
        Match(rules=rules, format=MatchFormat("target", 200), deals=(Deal(points=(100, 0)),) * 2)
    )
    assert s.finished and s.winner == 0 and s.deals[-1].event == BazziEvent(0, "target")


def test_cumulative_target_reached_by_the_second_team():
    rules = make_rules("custom", {"scoring": "cumulative", "minimum": None})
    s = replay(
        Match(rules=rules, format=MatchFormat("target", 150), deals=(Deal(points=(20, 80)),) * 2)
    )
    assert s.finished and s.winner == 1 and s.deals[-1].event == BazziEvent(1, "target")
    assert s.deals[0].event is None and s.totals == (40, 160) and s.difference == -120


def test_dealer_sequence_through_a_bazzi():
    state = Replay(STD, MatchFormat("open", None), 0)
    r1 = state.add(Deal(points=(70, 30)))  # +40; dealer 0's team leads: pass to seat 1
    r2 = state.add(Deal(points=(40, 60)))  # +20; dealer 1's team behind: seat 1 again
    r3 = state.add(Deal(points=(90, 10)))  # +100: team 0 wins; would_be 1 -> partner seat 3
    assert [r.dealer for r in (r1, r2, r3)] == [0, 1, 1]
    assert [r.bidder for r in (r1, r2, r3)] == [1, 2, 2]
    assert [r.next_dealer for r in (r1, r2, r3)] == [1, 1, 3]
    assert r3.event == BazziEvent(0, "lead")


def test_bazzi_ended_by_the_minimum_uses_raw_for_the_next_dealer():
    state = Replay(STD, MatchFormat("open", None), 2)
    r = state.add(Deal(points=(95, 5)))  # raw +90: dealer 2 (team 0) leads -> would_be 3 -> next 1
    assert r.event == BazziEvent(0, "minimum") and r.next_dealer == 1


def test_recorded_dealer_overrides_the_computed_one():
    state = Replay(STD, MatchFormat("open", None), 0)
    r = state.add(Deal(points=(50, 50), dealer=2))
    assert r.dealer == 2 and r.bidder == 3 and r.next_dealer == 2


def test_unknown_first_dealer():
    s = replay(Match(first_dealer=None, deals=(EVEN,)))
    assert s.deals[0].dealer is None and s.next_dealer is None and s.next_bidder is None
    s = replay(Match(first_dealer=None, deals=(EVEN, Deal(points=(60, 40), dealer=1))))
    assert s.next_dealer == 1
