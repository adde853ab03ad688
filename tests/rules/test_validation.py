"""Deal validation names the deal and the fault in plain words."""

import pytest

from seep_scorer.rules import (
    POINT_CARD_CODES,
    PRESETS,
    Deal,
    Match,
    MatchError,
    MatchFormat,
    Sweep,
    replay,
    validate_deal,
)

STD, RACE = PRESETS["standard"], PRESETS["race500"]
ALL = frozenset(POINT_CARD_CODES)


def fault(deal, rules=STD, dealer=None):
    with pytest.raises(MatchError) as err:
        validate_deal(deal, rules, dealer)
    return err.value


def test_a_valid_card_deal_passes():
    validate_deal(Deal(cards=(ALL, frozenset())), STD, 0)


def test_missing_card():
    err = fault(Deal(cards=(ALL - {"10D", "AH"}, frozenset())))
    assert err.field == "cards"
    assert (err.code, err.params) == ("cards_missing", {"cards": "AH, 10D"})
    assert "AH, 10D" not in err.message and "A♥, 10♦" in err.message  # worded with suit signs


def test_card_given_to_both_teams():
    err = fault(Deal(cards=(ALL, frozenset({"KS"}))))
    assert (err.code, err.params) == ("cards_both_teams", {"cards": "KS"})


def test_unknown_card_code_and_non_point_card():
    assert fault(Deal(cards=(ALL | {"ZZ"}, frozenset()))).params == {"cards": "ZZ"}
    assert fault(Deal(cards=(ALL | {"ZZ"}, frozenset()))).code == "cards_unknown"
    assert fault(Deal(cards=(ALL | {"KH"}, frozenset()))).code == "cards_not_point"


def test_both_cards_and_points():
    assert "not both" in fault(Deal(cards=(ALL, frozenset()), points=(100, 0))).message
    assert fault(Deal(cards=(ALL, frozenset()), points=(100, 0))).code == "cards_and_points"


def test_neither_cards_nor_points():
    assert fault(Deal()).field == "cards"


@pytest.mark.parametrize(
    "points, code",
    [
        ((60, 30), "points_sum"),
        ((101, -1), "points_range"),
        ((50.0, 50), "points_shape"),
        ((True, 99), "points_shape"),
    ],
)
def test_bad_points(points, code):
    err = fault(Deal(points=points))
    assert err.field == "points" and err.code == code


def test_race500_points_add_up_to_96():
    assert "must add up to 96" in fault(Deal(points=(50, 50), most_cards=0), RACE).message
    validate_deal(Deal(points=(50, 46), most_cards=0), RACE)


def test_missing_most_cards_where_the_rules_need_it():
    err = fault(Deal(points=(50, 46)), RACE)
    assert err.field == "most_cards" and err.code == "most_cards_missing"


@pytest.mark.parametrize("value", [2, "both", 0.0, True])
def test_bad_most_cards(value):
    assert fault(Deal(points=(50, 46), most_cards=value), RACE).field == "most_cards"


def test_too_many_sweeps_for_one_team():
    err = fault(Deal(points=(50, 50), sweeps=(Sweep(0, "normal"),) * 25))
    assert "only 24 plays" in err.message
    validate_deal(Deal(points=(50, 50), sweeps=(Sweep(0, "normal"),) * 24), STD)


def test_at_most_one_opening_and_one_last_sweep():
    assert (
        "only one opening"
        in fault(Deal(points=(50, 50), sweeps=(Sweep(1, "opening"), Sweep(1, "opening")))).message
    )
    assert (
        "only one last-play"
        in fault(Deal(points=(50, 50), sweeps=(Sweep(0, "last"), Sweep(1, "last")))).message
    )


def test_opening_sweep_belongs_to_the_bidders_team():
    # Seat 0 deals: seat 1 (team 1) bids and makes the opening play.
    validate_deal(Deal(points=(50, 50), sweeps=(Sweep(1, "opening"),)), STD, dealer=0)
    err = fault(Deal(points=(50, 50), sweeps=(Sweep(0, "opening"),)), dealer=0)
    assert "bidder" in err.message and err.field == "sweeps"


def test_last_play_sweep_belongs_to_the_dealers_team():
    validate_deal(Deal(points=(50, 50), sweeps=(Sweep(1, "last"),)), STD, dealer=3)
    err = fault(Deal(points=(50, 50), sweeps=(Sweep(0, "last"),)), dealer=3)
    assert (err.code, err.params) == ("last_wrong_team", {"team": 1, "dealer": 3})


def test_sweep_team_checks_skipped_when_the_dealer_is_unknown():
    validate_deal(
        Deal(points=(50, 50), sweeps=(Sweep(0, "opening"), Sweep(1, "last"))), STD, dealer=None
    )


def test_bad_sweep_shapes():
    assert fault(Deal(points=(50, 50), sweeps=(Sweep(0, "huge"),))).code == "sweep_kind"
    assert fault(Deal(points=(50, 50), sweeps=(Sweep(2, "normal"),))).code == "sweep_team"


@pytest.mark.parametrize(
    "deal, field",
    [
        (Deal(points=(50, 50), dealer=4), "dealer"),
        (Deal(points=(50, 50), bid=8), "bid"),
        (Deal(points=(50, 50), bid=14), "bid"),
        (Deal(points=(50, 50), note="x" * 3000), "note"),
    ],
)
def test_dealer_bid_note(deal, field):
    assert fault(deal).field == field


def test_replay_names_the_deal_number():
    match = Match(deals=(Deal(points=(50, 50)), Deal(points=(50, 40))))
    with pytest.raises(MatchError) as err:
        replay(match)
    assert err.value.deal == 2
    assert str(err.value).startswith("deal 2, field 'points': ")


def test_replay_checks_sweeps_against_the_computed_dealer():
    # First dealer seat 0; deal 1 level so seat 0 deals again; an opening sweep by team 0 is wrong.
    match = Match(
        first_dealer=0,
        deals=(Deal(points=(50, 50)), Deal(points=(50, 50), sweeps=(Sweep(0, "opening"),))),
    )
    with pytest.raises(MatchError) as err:
        replay(match)
    assert err.value.deal == 2 and "bidder" in err.value.message


def test_no_deal_after_the_match_is_over():
    match = Match(
        format=MatchFormat("bazzis", 1), deals=(Deal(points=(92, 8)), Deal(points=(50, 50)))
    )
    with pytest.raises(MatchError) as err:
        replay(match)
    assert err.value.deal == 2 and "already over after deal 1" in err.value.message


def test_every_deal_fault_carries_a_code_for_the_ui():
    cases = [
        (Deal(cards=(ALL - {"10D"}, frozenset())), None, "cards_missing", {"cards": "10D"}),
        (Deal(cards=(ALL, frozenset({"KS"}))), None, "cards_both_teams", {"cards": "KS"}),
        (Deal(points=(60, 30)), None, "points_sum", {"points": (60, 30), "total": 100}),
        (
            Deal(points=(50, 50), sweeps=(Sweep(0, "opening"),)),
            0,
            "opening_wrong_team",
            {"team": 1, "dealer": 0},
        ),
        (
            Deal(points=(50, 50), sweeps=(Sweep(1, "last"),)),
            0,
            "last_wrong_team",
            {"team": 0, "dealer": 0},
        ),
        (Deal(points=(50, 46)), None, "most_cards_missing", {}),
    ]
    for deal, dealer, code, params in cases:
        rules = RACE if code == "most_cards_missing" else STD
        err = fault(deal, rules, dealer)
        assert (err.code, err.params) == (code, params)
    match = Match(
        format=MatchFormat("bazzis", 1), deals=(Deal(points=(92, 8)), Deal(points=(50, 50)))
    )
    with pytest.raises(MatchError) as err:
        replay(match)
    assert err.value.code == "match_over" and err.value.params == {"after": 1}
