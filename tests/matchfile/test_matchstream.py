"""Reading a match file deal by deal (store/matchstream.py) against reading its whole JSON value first.

The stream is only a quicker road: on any text it must give the same match and standings, or decline (None)
so that the usual reading gives the same error. Valid files as the app writes them must take it, and it must
hold one deal's objects at a time.
"""

import json
import random
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seep_scorer.rules import MatchError
from seep_scorer.store import matchfile, matchstream
from seep_scorer.store.matchfile import dumps_match, loads_scored_match, match_to_dict
from tests.strategies import matches

from .test_matchdeals import damaged
from .test_matchfile import SPEC_EXAMPLE

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from replay import generate_match  # noqa: E402


def outcome(text, keep_deals=True):
    try:
        match, standings = loads_scored_match(text, keep_deals=keep_deals)
    except MatchError as err:
        return ("error", str(err), err.code, err.deal, err.field, repr(err.params))
    return ("ok", match, standings)


def whole_outcome(text, monkeypatch, keep_deals=True):
    """The usual reading alone: the whole value first."""
    with monkeypatch.context() as m:
        m.setattr(matchfile, "stream_scored", lambda *args: None)
        return outcome(text, keep_deals)


def streamed(text, keep_deals=True):
    return matchstream.stream_scored(
        text, matchfile._header_check, matchfile._TOP_KEYS, matchfile.MAX_DEALS, keep_deals
    )


SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


# Characters per batch of deals read in one call of the scanner (matchstream._BATCH): small ones make batches
# of one, two or a few deals in these short files, and the real one none.
BATCHES = st.sampled_from([0, 1, 60, 150, 400, matchstream._BATCH])


@SETTINGS
@given(
    match=matches(max_deals=20),
    indent=st.sampled_from([None, 1, 2]),
    keep=st.booleans(),
    batch=BATCHES,
)
def test_valid_files_take_the_stream_and_read_as_a_whole_read_them(
    match, indent, keep, batch, monkeypatch
):
    monkeypatch.setattr(matchstream, "_BATCH", batch)
    text = json.dumps(match_to_dict(match), indent=indent)
    got = streamed(text, keep)
    assert got is not None, "a valid file as the app writes it must be read deal by deal"
    expected = whole_outcome(text, monkeypatch, keep)
    assert ("ok", *got) == expected
    assert outcome(text, keep) == expected


@SETTINGS
@given(doc=damaged(), indent=st.sampled_from([None, 1]), batch=BATCHES)
def test_damaged_files_read_as_a_whole_read_them(doc, indent, batch, monkeypatch):
    monkeypatch.setattr(matchstream, "_BATCH", batch)
    text = json.dumps(doc, indent=indent)
    assert outcome(text) == whole_outcome(text, monkeypatch)
    assert outcome(text, keep_deals=False) == whole_outcome(text, monkeypatch, keep_deals=False)


@SETTINGS
@given(
    doc=damaged(),
    cut=st.integers(0, 10_000),
    junk=st.sampled_from(["", "]", "}", ",", " ,", "x", "[", '"', "{}"]),
    batch=BATCHES,
)
def test_broken_texts_read_as_a_whole_read_them(doc, cut, junk, batch, monkeypatch):
    """A text cut anywhere, or with stray characters put in: the same error either way."""
    monkeypatch.setattr(matchstream, "_BATCH", batch)
    text = json.dumps(doc, indent=1)
    cut %= len(text) + 1
    text = text[:cut] + junk + text[cut:]
    assert outcome(text) == whole_outcome(text, monkeypatch)


def _text(**changes) -> str:
    return json.dumps(dict(SPEC_EXAMPLE, **changes), indent=1)


@pytest.mark.parametrize(
    "text",
    [
        # the rules after the deals: the deals cannot be checked as they come
        json.dumps(
            {
                "deals": SPEC_EXAMPLE["deals"],
                **{k: v for k, v in SPEC_EXAMPLE.items() if k != "deals"},
            }
        ),
        # a key twice: JSON's last value wins, which only the whole reading knows
        _text()[:-2] + ', "format": "seep-match"}',
        _text()[:-2] + ', "deals": []}',
        # a known key after the deals
        json.dumps(
            {k: v for k, v in SPEC_EXAMPLE.items() if k != "teams"}
            | {"teams": SPEC_EXAMPLE["teams"]}
        ),
        # a deal after the end of the match
        _text(
            match={"type": "bazzis", "count": 1},
            deals=[{"points": {"0": 8, "1": 92}}, {"points": {"0": 50, "1": 50}}],
        ),
        # a deal the fast check leaves to the careful one (a key it does not know)
        _text(deals=[{"points": {"0": 50, "1": 50}, "photo": "x.jpg"}]),
        # a comma after whitespace
        '{"format": "seep-match", "version": 1, "deals": [{"points": {"0": 50, "1": 50}} , {"points": {"0": 50, "1": 50}}]}',
    ],
)
def test_what_the_stream_declines_the_whole_reading_takes_as_before(text, monkeypatch):
    assert streamed(text) is None
    assert outcome(text) == whole_outcome(text, monkeypatch)


def test_unknown_keys_after_the_deals_are_kept_and_checked():
    doc = dict(
        SPEC_EXAMPLE, app={"who": "someone"}
    )  # after "deals", as the app writes unknown keys back
    text = json.dumps(doc, indent=1)
    assert text.index('"app"') > text.index('"deals"')
    match, _ = streamed(text)
    assert match.extra == {"top": {"app": {"who": "someone"}}}
    assert (
        streamed(text.replace('"someone"', "NaN")) is None
    )  # not JSON: the whole reading words it
    with pytest.raises(MatchError):
        loads_scored_match(text.replace('"someone"', "NaN"))


@pytest.mark.parametrize("batch", [0, 100, matchstream._BATCH])
def test_more_deals_than_a_match_holds_are_refused_as_before(batch, monkeypatch):
    monkeypatch.setattr(matchfile, "MAX_DEALS", 3)
    monkeypatch.setattr(matchstream, "_BATCH", batch)
    text = _text(deals=[{"points": {"0": 50, "1": 50}}] * 4)
    assert streamed(text) is None
    with pytest.raises(MatchError) as caught:
        loads_scored_match(text)
    assert "at most 3 deals" in caught.value.message
    assert streamed(_text(deals=[{"points": {"0": 50, "1": 50}}] * 3)) is not None


def test_the_stream_holds_one_deal_at_a_time():
    """The whole reading holds every deal's objects at once; the stream, only the replay's results."""
    text = dumps_match(generate_match(random.Random(7), 1500))

    def peak(read) -> int:
        tracemalloc.start()
        try:
            read()
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    whole = peak(
        lambda: matchfile.scored_match_from_dict(json.loads(text), from_json=True, keep_deals=False)
    )
    stream = peak(lambda: streamed(text, keep_deals=False))
    assert stream < whole / 2, (stream, whole)


def test_a_byte_order_mark_is_dropped_as_utf_8_sig_drops_it():
    text = _text()
    assert loads_scored_match(b"\xef\xbb\xbf" + text.encode()) == loads_scored_match(text.encode())
    with pytest.raises(MatchError) as caught:
        loads_scored_match(b"\xef\xbb\xbf" + text.encode()[:10] + b"\xff")
    assert caught.value.message == "The file is not UTF-8 text (bad byte at position 10)."
    try:
        (b"\xef\xbb\xbf" + text.encode()[:10] + b"\xff").decode("utf-8-sig")
    except UnicodeDecodeError as err:
        assert err.start == 10  # where utf-8-sig puts it too


def _count_scans(monkeypatch) -> list:
    calls = []
    scan = matchstream._scan

    def counted(text, at):
        calls.append(at)
        return scan(text, at)

    monkeypatch.setattr(matchstream, "_scan", counted)
    return calls


def test_an_indented_file_is_read_a_batch_of_deals_at_a_time(monkeypatch):
    text = dumps_match(generate_match(random.Random(3), 400))
    calls = _count_scans(monkeypatch)
    match, standings = streamed(text, keep_deals=True)
    assert len(standings.deals) == 400 and len(match.deals) == 400
    assert len(calls) < 40, (
        f"{len(calls)} calls of the scanner for 400 deals"
    )  # one by one: over 400
    assert (match, standings) == whole_outcome(text, monkeypatch)[1:]


def test_a_separator_inside_a_deal_sends_the_rest_deal_by_deal(monkeypatch):
    """Hand-indented sweeps that close as deals do ("},\n  {" inside a deal): the batch that ends there is not
    a list of whole deals, and the deals are read one by one, to the same result."""
    deal = {
        "points": {"0": 50, "1": 50},
        "sweeps": [{"team": 0, "kind": "normal"}, {"team": 1, "kind": "normal"}],
    }
    deals = ",\n  ".join(json.dumps(deal).replace("}, {", "},\n  {") for _ in range(30))
    text = (
        json.dumps(dict(SPEC_EXAMPLE, match={"type": "open"}, deals=[]))[:-3]
        + "[\n  "
        + deals
        + "\n ]}"
    )
    monkeypatch.setattr(matchstream, "_BATCH", 50)
    calls = _count_scans(monkeypatch)
    match, standings = streamed(text)
    assert (
        len(standings.deals) == 30 and len(calls) >= 30
    )  # the batch was refused: every deal on its own
    assert ("ok", match, standings) == whole_outcome(text, monkeypatch)
