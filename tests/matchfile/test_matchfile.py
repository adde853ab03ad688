"""The match file, format version 1: read, write, validate, keep unknown keys, never crash."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seep_scorer.matchfile import dumps_match, loads_match, match_from_dict, match_to_dict
from seep_scorer.rules import MatchError, replay
from tests.strategies import matches

SPEC_EXAMPLE = {
    "format": "seep-match",
    "version": 1,
    "rules": {"preset": "standard", "overrides": {}},
    "match": {"type": "bazzis", "count": 3},
    "teams": [
        {"name": "Team A", "players": ["Asha", "Bilal"]},
        {"name": "Team B", "players": ["Chitra", "Dev"]},
    ],
    "first_dealer": 0,
    "deals": [
        {
            "cards": {
                "0": ["KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH"],
                "1": ["AS", "2S", "3S", "4S", "5S", "6S", "AD", "AC", "10D"],
            },
            "sweeps": [{"team": 1, "kind": "normal"}],
            "dealer": 0,
            "bid": 11,
            "note": "free text",
        },
        {"points": {"0": 8, "1": 92}, "sweeps": []},
    ],
}


def test_reads_the_spec_example():
    match = match_from_dict(SPEC_EXAMPLE)
    assert match.teams[0].players == ("Asha", "Bilal")
    assert match.seat_name(1) == "Chitra" and match.seat_name(2) == "Bilal"
    assert match.deals[0].bid == 11 and match.deals[0].note == "free text"
    assert [r.scores for r in replay(match).deals] == [(71, 79), (8, 92)]


def test_unknown_keys_are_kept_on_re_export():
    data = json.loads(json.dumps(SPEC_EXAMPLE))
    data["app"] = {"who": "someone"}
    data["rules"]["comment"] = "house rules"
    data["match"]["venue"] = "Diwali"
    data["teams"][1]["colour"] = "red"
    data["deals"][1]["photo"] = "x.jpg"
    again = match_to_dict(match_from_dict(data))
    assert again["app"] == {"who": "someone"}
    assert again["rules"]["comment"] == "house rules"
    assert again["match"]["venue"] == "Diwali"
    assert again["teams"][1]["colour"] == "red"
    assert again["deals"][1]["photo"] == "x.jpg"
    assert match_from_dict(again) == match_from_dict(data)


def test_writer_always_writes_format_and_version():
    out = match_to_dict(match_from_dict(SPEC_EXAMPLE))
    assert out["format"] == "seep-match" and out["version"] == 1


def test_overrides_round_trip():
    data = dict(
        SPEC_EXAMPLE,
        rules={"preset": "custom", "overrides": {"ten_of_diamonds": 10, "sweep_normal": 40}},
        deals=[{"points": {"0": 52, "1": 52}}],
    )
    match = match_from_dict(data)
    assert match.rules.card_total == 104 and match.rules.sweep_normal == 40
    assert match_from_dict(match_to_dict(match)) == match


@pytest.mark.parametrize(
    "change, text",
    [
        ({"format": "chess-game"}, "not a Seep match file"),
        ({"version": 2}, "newer than this app reads"),
        ({"version": "1"}, "whole number"),
        ({"rules": {"preset": "bridge"}}, "rule presets"),
        ({"match": {"type": "bazzis", "count": -1}}, "from 1 to"),
        ({"teams": [{"name": "A"}]}, "two teams"),
        ({"first_dealer": 7}, "seat number"),
        ({"deals": {"0": {}}}, "list of deals"),
    ],
)
def test_bad_files_are_refused_with_a_clear_message(change, text):
    data = dict(SPEC_EXAMPLE, **change)
    with pytest.raises(MatchError, match=text):
        match_from_dict(data)


@pytest.mark.parametrize(
    "deal, where",
    [
        ({"cards": {"0": ["KS", "KS"], "1": []}}, "deal 1, field 'cards.0': KS is listed twice"),
        ({"cards": {"0": ["KS"], "2": []}}, "deal 1, field 'cards'"),
        ({"points": {"0": 60}}, "deal 1, field 'points'"),
        ({"points": {"0": "60", "1": 40}}, "deal 1, field 'points.0'"),
        ({"points": {"0": 60, "1": 40}, "cards": {}}, "not both"),
        ({"points": {"0": 60, "1": 40}, "sweeps": [{"team": 3}]}, "deal 1, field 'sweeps[0].team'"),
        (
            {"points": {"0": 60, "1": 40}, "sweeps": [{"team": 0, "kind": "mega"}]},
            "deal 1, field 'sweeps[0].kind'",
        ),
        ({"points": {"0": 60, "1": 40}, "note": 5}, "deal 1, field 'note'"),
        ({}, "deal 1, field 'cards'"),
        (
            {"points": {"0": 60, "1": 40}, "dealer": [], "sweeps": [{"team": 0, "kind": "last"}]},
            "deal 1, field 'dealer'",
        ),
        ([], "deal 1, field 'deal'"),
    ],
)
def test_bad_deals_name_the_deal_and_the_field(deal, where):
    with pytest.raises(MatchError) as err:
        match_from_dict(dict(SPEC_EXAMPLE, deals=[deal]))
    assert where in str(err.value)


def test_loads_refuses_bad_bytes():
    with pytest.raises(MatchError, match="not UTF-8"):
        loads_match(b"\xff\xfe{")
    with pytest.raises(MatchError, match="not valid JSON"):
        loads_match(b'{"format": "seep-match",')
    with pytest.raises(MatchError, match="at most"):
        loads_match(b" " * (6 * 1024 * 1024))
    with pytest.raises(MatchError):
        loads_match("[" * 100_000 + "]" * 100_000)
    with pytest.raises(MatchError):
        loads_match('{"format": "seep-match", "version": 1, "first_dealer": ' + "9" * 5000 + "}")


def test_a_million_deals_is_refused():
    text = '{"format": "seep-match", "version": 1, "deals": [' + ",".join(["{}"] * 1_000_000) + "]}"
    with pytest.raises(MatchError):
        loads_match(text)


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=60)
@given(matches())
def test_write_then_read_gives_an_equal_match(match):
    assert loads_match(dumps_match(match)) == match
    assert loads_match(dumps_match(match).encode("utf-8")) == match


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_no_json_value_crashes_the_reader(value):
    try:
        match_from_dict(value)
    except MatchError:
        pass


KEYS = [
    "format",
    "version",
    "rules",
    "preset",
    "overrides",
    "match",
    "type",
    "count",
    "ended",
    "teams",
    "name",
    "players",
    "first_dealer",
    "deals",
    "cards",
    "points",
    "sweeps",
    "team",
    "kind",
    "most_cards",
    "dealer",
    "bid",
    "note",
    "0",
    "1",
    "ten_of_diamonds",
    "card_values",
    "minimum",
    "scoring",
    "lead_target",
]


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


@given(st.data())
def test_no_mutation_of_a_valid_file_crashes_the_reader(data):
    doc = json.loads(json.dumps(SPEC_EXAMPLE))
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        path = data.draw(st.sampled_from(paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()):
            parent[path[-1]] = data.draw(json_values)
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(KEYS))] = data.draw(json_values)
            del parent[path[-1]]
    try:
        loads_match(json.dumps(doc))
    except MatchError:
        pass


def test_a_byte_order_mark_is_dropped_as_utf_8_sig_drops_it():
    text = json.dumps(SPEC_EXAMPLE)
    assert loads_match(b"\xef\xbb\xbf" + text.encode()) == loads_match(text.encode())
    with pytest.raises(MatchError) as caught:
        loads_match(b"\xef\xbb\xbf" + text.encode()[:10] + b"\xff")
    assert caught.value.message == "The file is not UTF-8 text (bad byte at position 10)."
