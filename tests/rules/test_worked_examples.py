"""The worked examples of shared/spec/rules.md, each as a test."""

from seep_scorer.rules import (
    POINT_CARD_CODES,
    PRESETS,
    BazziEvent,
    Deal,
    MatchFormat,
    Replay,
    Sweep,
    score_deal,
)

STD = PRESETS["standard"]
OPEN = MatchFormat("open", None)


def cards_deal(team0, sweeps=()):
    team0 = frozenset(team0.split())
    return Deal(cards=(team0, frozenset(POINT_CARD_CODES) - team0), sweeps=tuple(sweeps))


def test_example_1_seven_spades_and_an_ace_against_a_sweep():
    deal = cards_deal("KS QS JS 10S 9S 8S 7S AH", [Sweep(1, "normal")])
    score = score_deal(deal, STD)
    assert score.card_points == (71, 29)
    assert score.sweep_points == (0, 50)
    assert score.scores == (71, 79)
    result = Replay(STD, OPEN, 0).add(deal)
    assert (result.scores, result.difference, result.event) == ((71, 79), -8, None)


def test_example_2_under_nine_loses_the_bazzi_whatever_the_difference():
    state = Replay(STD, OPEN, 1)  # seat 1 deals, seat 2 (team 0) bids
    state.add(Deal(points=(60, 40), sweeps=(Sweep(0, "opening"),)))  # 85 : 40
    state.add(Deal(points=(75, 25)))
    assert state.difference == 95
    result = state.add(Deal(points=(8, 92)))
    assert result.scores == (8, 92)
    assert result.event == BazziEvent(1, "minimum")
    assert result.difference == 0
    assert result.bazzis == (0, 1)


def test_example_3_lead_of_100_wins_and_the_excess_is_discarded():
    state = Replay(STD, OPEN, 0)
    state.add(Deal(points=(80, 20)))
    assert state.difference == 60
    result = state.add(Deal(points=(75, 25)))
    assert result.event == BazziEvent(0, "lead")
    assert result.difference == 0
    assert result.bazzis == (1, 0)
    # Nothing of the extra 10 is carried into the next bazzi.
    assert state.add(Deal(points=(50, 50))).difference == 0


def test_example_4_deal_passes_right_only_when_the_dealers_team_leads():
    assert Replay(STD, OPEN, 1).add(Deal(points=(35, 65))).next_dealer == 2  # D = -30, team 1 leads
    assert Replay(STD, OPEN, 1).add(Deal(points=(50, 50))).next_dealer == 1  # level: same dealer
    assert Replay(STD, OPEN, 1).add(Deal(points=(65, 35))).next_dealer == 1  # team 1 behind


def test_example_5_after_a_bazzi_the_partner_of_who_would_have_dealt_deals():
    state = Replay(STD, OPEN, 0)
    state.add(Deal(points=(23, 77)))  # D = -54
    result = state.add(Deal(points=(25, 75), dealer=3))  # raw D = -104: team 1 wins the bazzi
    assert result.event == BazziEvent(1, "lead")
    assert result.dealer == 3
    assert result.next_dealer == 2
    assert state.standings().next_bidder == 3


def test_json_example_of_the_match_format_spec():
    state = Replay(STD, MatchFormat("bazzis", 3), 0)
    first = state.add(cards_deal("KS QS JS 10S 9S 8S 7S AH", [Sweep(1, "normal")]))
    second = state.add(Deal(points=(8, 92)))
    assert (first.scores, first.difference, first.event, first.next_dealer) == (
        (71, 79),
        -8,
        None,
        0,
    )
    assert (second.scores, second.difference, second.event, second.next_dealer) == (
        (8, 92),
        0,
        BazziEvent(1, "minimum"),
        2,
    )
    standings = state.standings()
    assert standings.bazzis == (0, 1)
    assert standings.totals == (79, 171)
    assert not standings.finished and standings.winner is None
