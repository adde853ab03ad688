"""Issue 34: the wording modules keep codes and params, not a function per sentence. Each code maps
to data (seep_scorer.i18n.sentences); these tests check the grammar itself, that every sentence
in the tables is marked for the catalogs, and that no sentence hides in a function again."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.faults import NAME_FIELD_FAULTS
from seep_scorer.i18n.sentences import (
    Choice,
    Code,
    Codes,
    Field,
    Fixed,
    Joined,
    Names,
    Number,
    Numbers,
    Part,
    Plural,
    Say,
    Seat,
    Sum,
    Team,
    Text,
)
from seep_scorer.i18n.translate import N_, N_plural
from seep_scorer.i18n.wording import (
    EVENT_FAULTS,
    FAULTS,
    NOTICE_SENTENCES,
    PUBLISH_FAULTS,
    STORE_FAULTS,
)
from seep_scorer.rules import Match

ROOT = Path(__file__).resolve().parents[2]
TABLES = {
    "FAULTS": FAULTS,
    "STORE_FAULTS": STORE_FAULTS,
    "PUBLISH_FAULTS": PUBLISH_FAULTS,
    "EVENT_FAULTS": EVENT_FAULTS,
    "NOTICE_SENTENCES": NOTICE_SENTENCES,
    "NAME_FIELD_FAULTS": NAME_FIELD_FAULTS,
}


def msgids(part: Part):
    """Every msgid (a plural as its pair) a part words, through choices, joins and fields."""
    if isinstance(part, Say):
        yield part.msgid
        for field in part.fields.values():
            yield from msgids(field)
    elif isinstance(part, Plural):
        yield part.forms
        for field in part.fields.values():
            yield from msgids(field)
    elif isinstance(part, Choice):
        for case in (*part.cases.values(), part.otherwise):
            yield from msgids(case)
    elif isinstance(part, Joined):
        for each in part.parts:
            yield from msgids(each)


@pytest.fixture(scope="module")
def template():
    with (ROOT / "locales" / "messages.pot").open("rb") as f:
        return {m.id for m in read_po(f) if m.id}


def test_every_entry_of_every_table_is_data_and_every_sentence_is_in_the_catalogs(template):
    count = 0
    for name, table in TABLES.items():
        for code, entry in table.items():
            assert isinstance(entry, Part), (name, code)
            for msgid in msgids(entry):
                # a string not marked with N_ / N_plural would never reach a translator
                assert msgid in template, (name, code, msgid)
                count += 1
    assert count > 220  # the walk reaches the sentences inside choices and joins


WORDING_MODULES = ("faults.py", "filefaults.py", "storefaults.py", "eventfaults.py")
# The functions that may still word: the field and deal around a fault, the general notice, and
# Setting.show (a rule parameter's label, from PARAM_LABELS).
WORDING_FUNCTIONS = {"located_text", "event_text", "general", "show"}


def test_no_wording_module_words_a_sentence_in_a_function_of_its_own():
    wording = set()
    for module in WORDING_MODULES:
        tree = ast.parse((ROOT / "seep_scorer" / "i18n" / module).read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            calls = {getattr(n.func, "id", None) for n in ast.walk(fn) if isinstance(n, ast.Call)}
            if calls & {"_", "ngettext"}:
                wording.add(fn.name)
    assert wording == WORDING_FUNCTIONS


# ----- the grammar


def english(part: Part, params: dict, names: Names = Names()) -> str:
    with i18n.using(i18n.UILocale("en")):
        return part.text(params, names)


def test_a_field_reads_its_placeholders_param_a_named_one_or_a_constant():
    say = Say(N_("{a} {b} {c} {d}"), a=Number(), b=Code("x"), c=Number(7), d=Code(Fixed("KS")))
    assert say.needs == ("a", "x")
    assert english(say, {"a": 1200, "x": "y"}) == "1,200 y 7 KS"
    with pytest.raises(KeyError):  # the callers log it and say something general
        english(say, {"a": 1})


def test_a_default_stands_for_a_missing_or_empty_param_and_an_index_for_one_item():
    say = Say(N_("{a}|{b}"), a=Code("a", default=""), b=Number("pts", 1))
    assert english(say, {"a": None, "pts": (3, 4)}) == "|4"
    assert english(say, {"pts": (3, 4)}) == "|4"
    assert english(say, {"a": "z", "pts": (3, 4)}) == "z|4"


def test_lists_sums_teams_and_seats_are_shown_as_a_player_reads_them():
    match = Match()
    say = Say(
        N_("{t} {s} {bid} {sum} {n} {c}"),
        t=Team(),
        s=Seat("d"),
        bid=Seat("d", after=1),
        sum=Sum("pts"),
        n=Numbers("ns"),
        c=Codes("cs"),
    )
    params = {"t": 1, "d": 3, "pts": [60, 44], "ns": [1, 3], "cs": ["a", "b"]}
    assert english(say, params) == "Team 1 Seat 3 Seat 0 104 1, 3 a, b"
    named = english(say, params, Names(match))
    assert named.startswith(f"{match.teams[1].name} {match.seat_name(3)} {match.seat_name(0)} ")


def test_a_plural_takes_its_form_from_the_count_and_the_language():
    plural = Plural(N_plural("{n} item", "{n} items"), Field("n"), n=Number())
    assert plural.needs == ("n",)
    assert english(plural, {"n": 1}) == "1 item"
    assert english(plural, {"n": 1000}) == "1,000 items"


def test_a_choice_picks_by_value_or_by_a_key_and_says_what_it_needs():
    choice = Choice("disk", {"full": Say(N_("full"))}, Say(N_("{why}"), why=Text()))
    assert choice.needs == ("disk", "why")
    assert english(choice, {"disk": "full"}) == "full"
    assert english(choice, {"disk": "other", "why": "w"}) == "w"
    more = Choice("more", {False: Text("x")}, Say(N_("{x}+"), x=Text()), by=bool, optional=True)
    assert more.needs == ("x",)  # a raise site may leave an optional param out
    assert english(more, {"x": "a"}) == "a" and english(more, {"x": "a", "more": 2}) == "a+"


def test_joined_sentences_and_a_sentence_without_placeholders_read_as_they_are():
    joined = Joined(Say(N_("must be {type, count}")), Say(N_("{n}."), n=Number()))
    assert english(joined, {"n": 2}) == "must be {type, count} 2."


def test_a_sentence_reads_in_the_sessions_language_and_digits():
    say = Say(N_("The card points of {team} must be from 0 to {total}."), digits=True,
              team=Team(), total=Number())  # fmt: skip
    with i18n.using(i18n.UILocale("hi", native_digits=True)):
        hindi = say.text({"team": 0, "total": 104})
    assert "१०४" in hindi and "०" in hindi and "104" not in hindi
