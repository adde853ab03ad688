"""The one-pass deal reader (matchfile/deals.py, with the rules' fast_deal_check) against the
careful path it stands in for.

`fast_deal_check` may only accept a deal that deal_from_dict + Replay.add would accept, building the
same Deal and the same scores; everything else it hands to the careful path. So with the fast path
switched off the reader must give the same match and standings, or the same error (message, code,
deal, field, params), on valid files and on files damaged anywhere in a deal."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seep_scorer.matchfile import deals as matchdeals
from seep_scorer.matchfile import loads_scored_match, match_to_dict, scored_match_from_dict
from seep_scorer.rules import PRESETS, MatchError, Sweep, make_rules
from seep_scorer.rules.fastcheck import fast_deal_check
from tests.strategies import matches

from .test_matchfile import SPEC_EXAMPLE

# Values a damaged deal may hold where another was: every JSON type, near misses of the valid ones.
ODD = st.one_of(
    st.sampled_from(
        [
            None,
            True,
            False,
            0,
            1,
            2,
            3,
            4,
            -1,
            9,
            13,
            14,
            100,
            1.0,
            "",
            "tie",
            "normal",
            "opening",
            "last",
            "KS",
            "10D",
            "XX",
            [],
            {},
            ["KS"],
            ["KS", "KS"],
            [1],
            [[]],
            {"0": 1},
            {"0": 50, "1": 50},
            {"0": [], "1": []},
            {"2": []},
            [{"team": 0}],
            [{"team": 1, "kind": "last"}],
            [{"team": 0, "kind": "opening"}, {"team": 0, "kind": "opening"}],
            "x" * 2001,
        ]
    ),
    st.integers(-5, 200),
    st.text(max_size=5),
)
KEYS = st.sampled_from(
    ["cards", "points", "sweeps", "most_cards", "dealer", "bid", "note", "photo"]
)


def outcome(doc, *, text=False, keep_deals=True):
    try:
        if text:
            match, standings = loads_scored_match(json.dumps(doc), keep_deals=keep_deals)
        else:
            match, standings = scored_match_from_dict(doc, keep_deals=keep_deals)
    except MatchError as err:
        return ("error", str(err), err.code, err.deal, err.field, repr(err.params))
    return ("ok", match, standings)


def without_deals(result):
    """An outcome as `keep_deals=False` gives it: the same, but the match without its deals."""
    return result if result[0] == "error" else ("ok", result[1].with_deals(()), result[2])


def careful_outcome(doc, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(
            matchdeals,
            "fast_deal_check",
            lambda rules, from_json=False, keep_deals=True: lambda obj, dealer: None,
        )
        return outcome(doc)


@st.composite
def damaged(draw):
    doc = match_to_dict(draw(matches(max_deals=8)))
    if not doc["deals"]:
        doc["deals"].append({"points": {"0": 50, "1": 50}})
    for _ in range(draw(st.integers(0, 3))):
        deal = doc["deals"][draw(st.integers(0, len(doc["deals"]) - 1))]
        where = draw(st.sampled_from(["deal", "cards", "points", "sweep", "delete", "move"]))
        if where == "deal":
            deal[draw(KEYS)] = draw(ODD)
        elif where == "delete" and deal:
            del deal[draw(st.sampled_from(sorted(deal)))]
        elif where == "cards" and isinstance(deal.get("cards"), dict):
            side = deal["cards"].setdefault(draw(st.sampled_from(["0", "1"])), [])
            if not isinstance(side, list):
                continue
            if side and draw(st.booleans()):
                side[draw(st.integers(0, len(side) - 1))] = draw(ODD)
            else:
                side.append(draw(st.sampled_from(["KS", "AH", "10D", "2H", "10S"])))
        elif where == "points" and isinstance(deal.get("points"), dict):
            deal["points"][draw(st.sampled_from(["0", "1", "2"]))] = draw(ODD)
        elif where == "sweep":
            sweeps = deal.setdefault("sweeps", [])
            if isinstance(sweeps, list):
                sweeps.append(
                    {"team": draw(ODD), "kind": draw(ODD)}
                    if draw(st.booleans())
                    else {
                        "team": draw(st.sampled_from([0, 1])),
                        "kind": draw(st.sampled_from(["normal", "opening", "last"])),
                    }
                )
        elif where == "move":
            doc["deals"].append(copy.deepcopy(deal))  # often a deal after the match is over
    return json.loads(json.dumps(doc))


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(doc=damaged())
def test_the_fast_path_decides_as_the_careful_path(doc, monkeypatch):
    careful = careful_outcome(doc, monkeypatch)
    assert outcome(copy.deepcopy(doc)) == careful
    assert (
        outcome(doc, text=True) == careful
    )  # from json.loads: card codes' types not checked twice
    # Standings only (seep-scorer score): every check all the same, the same standings or the same
    # error.
    assert outcome(doc, text=True, keep_deals=False) == without_deals(careful)
    assert outcome(copy.deepcopy(doc), keep_deals=False) == without_deals(careful)


class Code(str):
    """Not what json.loads makes: a str subclass, which the file's card lists may not hold."""


def test_a_str_subclass_among_card_codes_is_refused_unless_json_made_the_value():
    deal = {"cards": {"0": [Code(c) for c in PRESETS["standard"].point_cards], "1": []}}
    with pytest.raises(MatchError) as caught:
        scored_match_from_dict(dict(SPEC_EXAMPLE, deals=[deal]))
    assert caught.value.field == "cards.0" and "card codes" in caught.value.message


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(match=matches(max_deals=20))
def test_valid_files_take_the_fast_path_and_read_back_the_same(match, monkeypatch):
    doc = json.loads(json.dumps(match_to_dict(match)))
    fast = fast_deal_check
    declined = []

    def counting(rules, from_json=False, keep_deals=True):
        check = fast(rules, from_json, keep_deals)

        def counted(obj, dealer):
            checked = check(obj, dealer)
            if checked is None:
                declined.append(obj)
            return checked

        return counted

    monkeypatch.setattr(matchdeals, "fast_deal_check", counting)
    got = outcome(doc)
    assert got[0] == "ok" and got[1] == match
    assert declined == []  # a valid deal never needs the careful path
    assert got == careful_outcome(doc, monkeypatch)


def test_a_rules_error_waits_for_a_later_file_error():
    """The careful path checked every deal's types before any rule: a type error in deal 3 wins
    over deal 1's sum."""
    doc = dict(
        SPEC_EXAMPLE,
        deals=[
            {"points": {"0": 60, "1": 30}},
            {"points": {"0": 50, "1": 50}},
            {"points": {"0": "50", "1": 50}},
        ],
    )
    with pytest.raises(MatchError) as caught:
        scored_match_from_dict(doc)
    assert caught.value.deal == 3 and caught.value.field == "points.0"
    doc["deals"].pop()
    with pytest.raises(MatchError) as caught:
        scored_match_from_dict(doc)
    assert caught.value.deal == 1 and caught.value.code == "points_sum"


def test_a_deal_after_the_end_is_refused_by_the_fast_reader_too():
    doc = dict(
        SPEC_EXAMPLE,
        match={"type": "bazzis", "count": 1},
        deals=[{"points": {"0": 8, "1": 92}}, {"points": {"0": 50, "1": 50}}],
    )
    with pytest.raises(MatchError) as caught:
        scored_match_from_dict(doc)
    assert caught.value.deal == 2 and caught.value.code == "match_over"


@pytest.mark.parametrize(
    "deal",
    [
        {"points": {"0": True, "1": 99}},  # a bool is not a number of points
        {"cards": {"0": ["KS", "KS"], "1": []}},
        {"points": {"0": 50, "1": 50}, "sweeps": [{"team": 0, "kind": "last"}], "dealer": 1},
        {"points": {"0": 50, "1": 50}, "sweeps": [{"team": 1, "kind": "opening"}], "dealer": 1},
        {"points": {"0": 50, "1": 50}, "bid": 14},
        {"points": {"0": 50, "1": 50}, "note": "x" * 2001},
        {"points": {"0": 50, "1": 50}, "most_cards": 2},
        {"points": {"0": 50, "1": 50}, "sweeps": [{"team": 0}] * 25},
    ],
)
def test_the_fast_path_declines_what_the_rules_refuse(deal):
    assert fast_deal_check(PRESETS["standard"])(deal, 0) is None


@pytest.mark.parametrize(
    "deal",
    [
        {
            "points": {"0": 50, "1": 50},
            "sweeps": [],
        },  # the usual two keys: cards or points, and sweeps
        {"points": {"0": 50, "1": 50}, "sweeps": [], "dealer": 1},
        {"points": {"0": 50, "1": 50}},
    ],
)
def test_rules_with_a_most_cards_bonus_need_to_be_told_who_took_most(deal):
    rules = make_rules("custom", {"most_cards_bonus": 3})
    assert fast_deal_check(rules)(deal, 0) is None
    assert fast_deal_check(rules)(dict(deal, most_cards="tie"), 0) is not None
    doc = dict(
        SPEC_EXAMPLE, rules={"preset": "custom", "overrides": {"most_cards_bonus": 3}}, deals=[deal]
    )
    with pytest.raises(MatchError) as caught:
        loads_scored_match(json.dumps(doc), keep_deals=False)
    assert caught.value.code == "most_cards_missing"


@pytest.mark.parametrize(
    "points", [{"0": 50, "1": 50, "2": 0}, {"0": 50}, {"0": 50, "2": 50}, {"1": 50, "x": 50}]
)
def test_points_for_other_than_the_two_teams_are_refused(points):
    deal = {"points": points, "sweeps": []}
    assert fast_deal_check(PRESETS["standard"])(deal, 0) is None
    with pytest.raises(MatchError):
        loads_scored_match(json.dumps(dict(SPEC_EXAMPLE, deals=[deal])), keep_deals=False)


@pytest.mark.parametrize("odd", [[], {}, 1, None, True, 1.5])
def test_a_card_code_that_is_not_text_is_refused_from_json_too(odd):
    codes = list(PRESETS["standard"].point_cards)
    codes[3] = odd
    doc = dict(SPEC_EXAMPLE, deals=[{"cards": {"0": codes, "1": []}}])
    with pytest.raises(MatchError) as caught:
        loads_scored_match(json.dumps(doc))
    assert (
        caught.value.deal == 1
        and caught.value.field == "cards.0"
        and "card codes" in caught.value.message
    )


def _standard_cards(mine: list[str]) -> dict:
    codes = PRESETS["standard"].point_cards
    return {"0": mine, "1": [c for c in codes if c not in mine]}


@pytest.mark.parametrize(
    "cards",
    [
        # Twice a card whose bit doubled is its neighbour's, the neighbour missing: the bits' sum
        # alone would match.
        {
            "0": ["2S", "2S"],
            "1": [c for c in PRESETS["standard"].point_cards if c not in ("2S", "3S")],
        },
        # A card in both teams' lists and another in neither.
        dict(_standard_cards(["KS", "QS"]), **{"0": ["KS", "KS"]}),
        # A card that is not a point card in place of one that is.
        {"0": ["2H"], "1": list(PRESETS["standard"].point_cards[1:])},
    ],
)
def test_the_card_sum_sees_a_card_twice_or_missing(cards):
    """The fast path's card check is a sum of numbers, one per point card: each of these keeps the
    count of codes right, and the fast path hands each to the careful one, which names the fault as
    before."""
    codes = PRESETS["standard"].point_cards
    assert len(cards["0"]) + len(cards["1"]) == len(codes)
    deal = {"cards": cards, "sweeps": []}
    assert fast_deal_check(PRESETS["standard"], True, False)(deal, 0) is None
    doc = json.loads(json.dumps(dict(SPEC_EXAMPLE, deals=[deal])))
    with pytest.raises(MatchError) as caught:
        loads_scored_match(json.dumps(doc), keep_deals=False)
    assert caught.value.deal == 1


def test_the_card_sum_gives_each_team_its_card_points():
    rules = make_rules("custom", {"card_values": {"10D": 7, "AH": 3}})
    mine = ["KS", "AH", "10D"]
    checked = fast_deal_check(rules, True, False)({"cards": _standard_cards(mine), "sweeps": []}, 0)
    assert checked[2] == (13 + 3 + 7, rules.card_total - 23)


@pytest.mark.parametrize("team", [False, True, 0.0, 1.0])
def test_a_normal_sweep_for_a_team_that_is_not_a_whole_number_is_refused(team):
    """{"team": false, "kind": "normal"} == {"team": 0, "kind": "normal"} in Python: the fast path
    counts normal sweeps by that comparison, and must still refuse a bool or a fraction as the team.
    """
    deal = {
        "points": {"0": 50, "1": 50},
        "sweeps": [{"team": 1, "kind": "normal"}, {"team": team, "kind": "normal"}],
    }
    assert fast_deal_check(PRESETS["standard"], True, False)(deal, 0) is None
    with pytest.raises(MatchError) as caught:
        loads_scored_match(json.dumps(dict(SPEC_EXAMPLE, deals=[deal])), keep_deals=False)
    assert caught.value.deal == 1 and caught.value.field == "sweeps[1].team"


def test_normal_sweeps_are_counted_for_their_teams():
    rules = make_rules("custom", {"sweep_normal": 25})
    sweeps = [
        {"team": 1, "kind": "normal"},
        {"kind": "normal", "team": 0},
        {"team": 1, "kind": "normal"},
    ]
    checked = fast_deal_check(rules)({"points": {"0": 50, "1": 50}, "sweeps": sweeps}, 0)
    assert checked[0].sweeps == (Sweep(1, "normal"), Sweep(0, "normal"), Sweep(1, "normal"))
    assert checked[3] == (25, 50) and checked[5] == (75, 100)
