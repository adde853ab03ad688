"""Presets as data, each rule parameter and each variant of rules.md."""

import pytest

from seep_scorer.rules import (
    POINT_CARD_CODES,
    PRESETS,
    BazziEvent,
    Deal,
    MatchError,
    MatchFormat,
    Replay,
    Sweep,
    make_rules,
    score_deal,
)

STD, RACE = PRESETS["standard"], PRESETS["race500"]
OPEN = MatchFormat("open", None)


def test_standard_point_cards_add_up_to_100():
    assert STD.card_total == 100
    assert sum(STD.card_values[f"{r}S"] for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()) == 91
    assert STD.card_values["10D"] == 6
    assert [STD.card_values[c] for c in ("AH", "AD", "AC")] == [1, 1, 1]
    assert STD.point_cards == POINT_CARD_CODES
    assert STD.sweep_values == {"normal": 50, "opening": 25, "last": 0}
    assert STD.minimum == 9 and STD.minimum_counts_sweeps and STD.lead_target == 100
    assert STD.scoring == "ledger" and not STD.needs_most_cards


def test_race500_preset():
    assert RACE.card_values["10D"] == 2
    assert RACE.card_total == 96
    assert RACE.deal_total == 100
    assert (RACE.most_cards_bonus, RACE.most_cards_tie_bonus) == (4, 2)
    assert RACE.sweep_values == {"normal": 0, "opening": 0, "last": 0}
    assert RACE.minimum is None and RACE.scoring == "cumulative" and RACE.needs_most_cards


def test_custom_starts_from_standard_and_every_parameter_is_editable():
    rules = make_rules(
        "custom",
        {
            "ten_of_diamonds": 10,
            "card_values": {"AH": 3},
            "most_cards_bonus": 5,
            "most_cards_tie_bonus": 1,
            "sweep_normal": 30,
            "sweep_opening": 15,
            "sweep_last": 5,
            "minimum": 20,
            "minimum_counts_sweeps": False,
            "scoring": "ledger",
            "lead_target": 150,
        },
    )
    assert rules.card_total == 100 + 4 + 2
    assert rules.sweep_values == {"normal": 30, "opening": 15, "last": 5}
    assert (rules.minimum, rules.minimum_counts_sweeps, rules.lead_target) == (20, False, 150)
    assert rules.overrides()["card_values"] == {"10D": 10, "AH": 3}
    assert make_rules("custom", rules.overrides()) == rules


def test_a_card_worth_nothing_is_not_a_point_card():
    rules = make_rules("custom", {"ten_of_diamonds": 0})
    assert "10D" not in rules.point_cards and rules.card_total == 94


@pytest.mark.parametrize(
    "overrides, field",
    [
        ({"sweep_normal": -1}, "rules.overrides.sweep_normal"),
        ({"sweep_normal": "50"}, "rules.overrides.sweep_normal"),
        ({"minimum": 70}, "rules.overrides.minimum"),
        ({"lead_target": 0}, "rules.overrides.lead_target"),
        ({"scoring": "golf"}, "rules.overrides.scoring"),
        ({"card_values": {"JD": 5}}, "rules.overrides.card_values"),
        ({"card_values": {c: 0 for c in POINT_CARD_CODES}}, "rules.overrides.card_values"),
        ({"bogus": 1}, "rules.overrides.bogus"),
        ({"minimum_counts_sweeps": 1}, "rules.overrides.minimum_counts_sweeps"),
    ],
)
def test_bad_parameters_are_named(overrides, field):
    with pytest.raises(MatchError) as err:
        make_rules("custom", overrides)
    assert err.value.field == field


def test_unknown_preset():
    with pytest.raises(MatchError) as err:
        make_rules("poker")
    assert err.value.code == "preset_unknown" and err.value.field == "rules.preset"


def test_a_team_may_sweep_several_times_and_each_kind_has_its_value():
    deal = Deal(
        points=(40, 60),
        sweeps=(Sweep(0, "normal"), Sweep(0, "normal"), Sweep(1, "opening"), Sweep(0, "last")),
    )
    score = score_deal(deal, STD)
    assert score.sweep_points == (100, 25)
    assert score.scores == (140, 85)


def test_last_play_sweep_scores_nothing_but_is_recorded():
    deal = Deal(points=(50, 50), sweeps=(Sweep(0, "last"),))
    result = Replay(STD, OPEN, 0).add(deal)
    assert result.scores == (50, 50)
    assert deal.sweep_count(0, "last") == 1


def test_minimum_counts_sweeps_by_default():
    # 5 card points plus a 50 sweep is 55: not under 9.
    deal = Deal(points=(5, 95), sweeps=(Sweep(0, "normal"),))
    assert Replay(STD, OPEN, 0).add(deal).event is None


def test_minimum_on_card_points_only_when_selected():
    rules = make_rules("custom", {"minimum_counts_sweeps": False})
    deal = Deal(points=(5, 95), sweeps=(Sweep(0, "normal"),))
    assert Replay(rules, OPEN, 0).add(deal).event == BazziEvent(1, "minimum")


def test_exactly_nine_is_not_under_nine():
    assert Replay(STD, OPEN, 0).add(Deal(points=(9, 91))).event is None
    assert Replay(STD, OPEN, 0).add(Deal(points=(91, 9))).event is None
    assert Replay(STD, OPEN, 0).add(Deal(points=(92, 8))).event == BazziEvent(0, "minimum")


def test_minimum_off():
    rules = make_rules("custom", {"minimum": None})
    assert Replay(rules, OPEN, 0).add(Deal(points=(0, 100))).event == BazziEvent(1, "lead")
    assert Replay(rules, OPEN, 0).add(Deal(points=(4, 96))).event is None


def test_minimum_comes_before_the_lead():
    state = Replay(STD, OPEN, 0)
    state.add(Deal(points=(80, 20)))  # +60
    # 150 : 8 would be a lead of +202, but team 1 is under 9: team 0 wins on the minimum.
    result = state.add(Deal(points=(92, 8), sweeps=(Sweep(0, "normal"),)))
    assert result.event == BazziEvent(0, "minimum")


def test_custom_lead_target():
    rules = make_rules("custom", {"lead_target": 50})
    assert Replay(rules, OPEN, 0).add(Deal(points=(75, 25))).event == BazziEvent(0, "lead")
    assert Replay(rules, OPEN, 0).add(Deal(points=(74, 26))).event is None


def test_most_cards_bonus_and_tie_split():
    assert score_deal(Deal(points=(50, 46), most_cards=0), RACE).scores == (54, 46)
    assert score_deal(Deal(points=(50, 46), most_cards=1), RACE).scores == (50, 50)
    assert score_deal(Deal(points=(50, 46), most_cards="tie"), RACE).scores == (52, 48)


def test_race500_sweeps_are_recorded_but_not_scored():
    deal = Deal(points=(50, 46), most_cards=0, sweeps=(Sweep(1, "normal"),))
    assert score_deal(deal, RACE).scores == (54, 46)


def test_race500_deal_passes_right_every_deal():
    state = Replay(RACE, MatchFormat("target", 500), 2)
    dealers = []
    for p0 in (90, 10, 50, 50):
        dealers.append(state.add(Deal(points=(p0, 96 - p0), most_cards="tie")).dealer)
    assert dealers == [2, 3, 0, 1]
    assert state.standings().next_dealer == 2


def test_race500_first_to_500():
    state = Replay(RACE, MatchFormat("target", 500), 0)
    results = [state.add(Deal(points=(96, 0), most_cards=0)) for _ in range(5)]
    assert [r.totals[0] for r in results] == [100, 200, 300, 400, 500]
    assert results[-1].event == BazziEvent(0, "target")
    standings = state.standings()
    assert standings.finished and standings.winner == 0
    assert standings.difference == 500  # cumulative: the difference is the gap in totals


def test_race500_both_reach_the_target_in_one_deal_the_higher_total_wins():
    state = Replay(RACE, MatchFormat("target", 180), 0)
    state.add(Deal(points=(96, 0), most_cards=0))  # 100 : 0
    state.add(Deal(points=(46, 50), most_cards="tie"))  # 148 : 52
    state.add(Deal(points=(20, 76), most_cards=1))  # 168 : 132
    result = state.add(Deal(points=(16, 80), most_cards=1))  # 184 : 216, both past 180
    assert result.totals == (184, 216)
    assert result.event == BazziEvent(1, "target")
    assert state.standings().winner == 1


def test_race500_both_reach_the_target_equal_play_on():
    state = Replay(RACE, MatchFormat("target", 100), 0)
    state.add(Deal(points=(48, 48), most_cards="tie"))  # 50 : 50
    result = state.add(Deal(points=(48, 48), most_cards="tie"))  # 100 : 100: equal, play on
    assert result.event is None and not state.standings().finished
    result = state.add(Deal(points=(56, 40), most_cards=0))  # 160 : 140
    assert result.event == BazziEvent(0, "target")
    assert state.standings().winner == 0
