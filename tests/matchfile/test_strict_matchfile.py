"""The match file is strict JSON: at most 32 levels deep, no NaN or Infinity, read from text or
built by code.

Whatever the reader accepts, the store can write and read back (issue 8, items 7 and 9).
"""

import json

import pytest

from seep_scorer.matchfile import dumps_match, jsonio, loads_match, match_from_dict, match_to_dict
from seep_scorer.matchfile.guards import checked
from seep_scorer.rules import Deal, Match, MatchError

from .test_matchfile import SPEC_EXAMPLE


def nest(depth: int):
    value: dict = {}
    for _ in range(depth - 1):
        value = {"a": value}
    return value


# Where unknown keys can sit, and how many levels of the file are above their value.
PLACES = {
    "top": lambda doc: doc,
    "rules": lambda doc: doc["rules"],
    "match": lambda doc: doc["match"],
    "team": lambda doc: doc["teams"][1],
    "deal": lambda doc: doc["deals"][1],
    "sweep": lambda doc: doc["deals"][0]["sweeps"][0],
}


def doc_with(place: str, value) -> dict:
    doc = json.loads(json.dumps(SPEC_EXAMPLE))
    PLACES[place](doc)["extra_key"] = value
    return doc


@pytest.mark.parametrize("place", PLACES)
def test_unknown_keys_may_nest_up_to_the_limit_and_not_one_level_more(place):
    for inner in range(1, 40):
        doc = doc_with(place, nest(inner))
        depth = jsonio.depth_of(doc, 100)
        text = json.dumps(doc)
        if depth <= jsonio.MAX_MATCH_DEPTH:
            match = match_from_dict(doc)
            assert loads_match(text) == match
            assert (
                loads_match(dumps_match(match)) == match
            )  # what is accepted is written and read back
        else:
            for read in (lambda: match_from_dict(doc), lambda: loads_match(text)):
                with pytest.raises(MatchError) as err:
                    read()
                assert err.value.field == "file"
                assert "nested more than 32 levels deep; a match needs far fewer" in str(err.value)
    assert depth > jsonio.MAX_MATCH_DEPTH  # the loop went past the limit at every place


@pytest.mark.parametrize("depth", [40, 500, 900, 990, 3000, 100_000])
def test_a_deeply_nested_file_is_refused_in_plain_words_never_a_recursion_error(depth):
    text = json.dumps(SPEC_EXAMPLE)[:-1] + ', "app": ' + "[" * depth + "]" * depth + "}"
    with pytest.raises(MatchError) as err:
        loads_match(text)
    assert str(err.value).startswith("field 'file': The file is nested more than 32 levels deep")


@pytest.mark.parametrize("depth", [40, 900, 5000])
def test_a_deeply_nested_dict_built_in_code_is_refused_in_plain_words(depth):
    doc = doc_with("deal", [])
    for _ in range(depth):
        doc["deals"][1]["extra_key"] = [doc["deals"][1]["extra_key"]]
    with pytest.raises(MatchError, match="nested more than 32 levels deep"):
        checked(match_from_dict, doc)


@pytest.mark.parametrize(
    "text, shown",
    [
        ("NaN", "NaN"),
        ("Infinity", "Infinity"),
        ("-Infinity", "-Infinity"),
        ("1e999", "1e999"),
        ("[1, 2.5, -1e400]", "-1e400"),
    ],
)
@pytest.mark.parametrize("place", PLACES)
def test_nan_and_infinity_are_refused_wherever_unknown_keys_sit(place, text, shown):
    doc = doc_with(place, "@@")
    with pytest.raises(MatchError) as err:
        loads_match(json.dumps(doc).replace('"@@"', text))
    assert err.value.field == "file" and shown in str(err.value)
    with pytest.raises(MatchError) as err:  # the same value put in a dict by code
        match_from_dict(doc_with(place, json.loads(text)))
    assert err.value.field == "file" and "which is not a JSON number" in str(err.value)


def test_finite_numbers_under_unknown_keys_are_kept():
    doc = doc_with("top", [0.5, -1e300, 12, 1e-300])
    assert match_to_dict(loads_match(json.dumps(doc)))["extra_key"] == [0.5, -1e300, 12, 1e-300]


def test_nan_is_never_written():
    plain = match_from_dict(SPEC_EXAMPLE)
    bad_match = Match(
        plain.rules,
        plain.format,
        plain.teams,
        plain.first_dealer,
        plain.deals,
        {"top": {"x": float("nan")}},
    )
    bad_deal = plain.with_deals([Deal(points=(50, 50), extra={"x": float("inf")})])
    for match in (bad_match, bad_deal):
        with pytest.raises(ValueError):  # MatchError is a ValueError
            dumps_match(match)
    assert "NaN" not in dumps_match(plain) and dumps_match(plain).endswith("}\n")


def test_checked_turns_a_strict_json_refusal_into_a_match_error():
    def reader():
        return jsonio.loads("[NaN]")

    with pytest.raises(MatchError) as err:
        checked(reader)
    assert (
        err.value.field == "file"
        and str(err.value) == "field 'file': The file holds NaN, which is not a JSON number."
    )
