"""Team and player names in match files: no control characters
or bidi overrides (issue 8, item 6, store side).

Names reach terminals through `seep-scorer list` and `score`: an escape sequence
could rewrite what the terminal shows, a bidi override could make a name read as
another. Files and imports holding one are refused with a clear message.
"""

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep_scorer.matchfile import loads_match, match_from_dict
from seep_scorer.rules import MatchError
from seep_scorer.store.registry import close_all, open_repository
from tests.matchfile.test_matchfile import SPEC_EXAMPLE

BAD = {
    "escape": "Reds\x1b[2J",
    "bell": "Re\x07ds",
    "newline": "Reds\nBlues",
    "tab": "Re\tds",
    "delete": "Reds\x7f",
    "C1 CSI": "Reds\x9b31m",
    "C1 NEL": "Reds\x85",
    "RLO": "\u202eReds",
    "LRO": "Reds\u202d",
    "RLE": "\u202bReds",
    "PDF": "Reds\u202c",
    "RLI": "Reds\u2067x",
    "LRI": "\u2066Reds",
    "FSI": "Reds\u2068",
    "PDI": "Reds\u2069",
}
FIELDS = [
    "teams[0].name",
    "teams[1].name",
    "teams[0].players[0]",
    "teams[0].players[1]",
    "teams[1].players[1]",
]


def doc_with(field: str, name: str) -> dict:
    doc = json.loads(json.dumps(SPEC_EXAMPLE))
    team = doc["teams"][int(field[6])]
    if field.endswith(".name"):
        team["name"] = name
    else:
        team["players"][int(field[-2])] = name
    return doc


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("kind", BAD)
def test_a_name_with_a_control_or_bidi_override_character_is_refused_naming_the_field(field, kind):
    doc = doc_with(field, BAD[kind])
    for read in (lambda: match_from_dict(doc), lambda: loads_match(json.dumps(doc))):
        with pytest.raises(MatchError) as err:
            read()
        assert err.value.field == field and err.value.code == "name_control"
        what = "team" if field.endswith(".name") else "the player at seat"
        assert str(err.value).startswith(f"field '{field}': The name of {what} ")
        assert "holds an invisible control character (character" in str(err.value)


@pytest.mark.parametrize(
    "name", ["Asha", "आशा", "Équipe A", "فريق", "O'Brien & Sons", "ਟੀਮ ੧", "Zoë-Ann"]
)
def test_ordinary_names_in_any_script_are_kept(name):
    match = match_from_dict(doc_with("teams[1].players[0]", name))
    assert match.teams[1].players[0] == name


@pytest.mark.parametrize(
    "name, code",
    [("", "name_empty"), ("   ", "name_empty"), (5, "name_empty"), ("x" * 61, "name_too_long")],
)
def test_empty_and_overlong_names_keep_being_refused(name, code):
    with pytest.raises(MatchError) as err:
        match_from_dict(doc_with("teams[0].players[1]", name))
    assert err.value.field == "teams[0].players[1]" and err.value.code == code


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "field, kind",
    [
        ("teams[0].name", "escape"),
        ("teams[0].players[1]", "RLO"),
        ("teams[1].players[0]", "C1 CSI"),
    ],
)
def test_score_and_import_refuse_such_a_file_in_one_line(tmp_path, field, kind):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(doc_with(field, BAD[kind]), ensure_ascii=False), encoding="utf-8")
    data_dir = tmp_path / "data"

    for args in (["score", path], ["--data-dir", data_dir, "import", path]):
        done = cli(*args)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert (
            f"field '{field}': The name of " in done.stderr
            and "holds an invisible control character" in done.stderr
        )
        assert (
            "\x1b" not in done.stderr and "\u202e" not in done.stderr and "\x9b" not in done.stderr
        )
    assert open_repository(data_dir, fresh=True).list_matches() == []
    close_all()


@settings(max_examples=400, deadline=None)
@given(
    st.text(min_size=1, max_size=60)
    | st.text(
        alphabet="a\u0915\u094d\u200c\u200d\u200e\ufe0f\u2764\u0628 ", min_size=1, max_size=12
    )
)
def test_any_text_is_judged_as_the_rule_reads_character_by_character(text):
    """first_refused skips the Unicode database for printable text (names.py): the same verdict
    as looking up every character, and the same first position."""
    from seep_scorer.rules import MatchError, check_name
    from seep_scorer.rules.names import _refused

    expected = next(_refused(text), None)
    try:
        check_name(text, "teams[0].name")
    except MatchError as err:
        assert err.code == "name_empty" and not text.strip() or err.params == {"position": expected}
    else:
        assert expected is None
