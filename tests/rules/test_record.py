"""The rules' classes are frozen records (rules/record.py), not dataclasses: the surface callers use is kept."""

import copy
import dataclasses
import pickle
import subprocess
import sys

import pytest

from seep_scorer.rules import (
    PRESETS,
    Deal,
    Match,
    MatchFormat,
    Rules,
    Sweep,
    Team,
    make_rules,
    replay,
)
from seep_scorer.rules.record import FrozenInstanceError


def test_construction_defaults_equality_hash_and_repr():
    deal = Deal(points=(60, 40))
    assert deal == Deal(None, (60, 40), (), None, None, None, None, {}) and deal != Deal(
        points=(40, 60)
    )
    assert (
        deal.extra == {} and deal.extra is not Deal(points=(60, 40)).extra
    )  # a new dict each time
    assert Sweep(0, "normal") == Sweep(0, "normal") and hash(Sweep(0, "normal")) == hash(
        Sweep(0, "normal")
    )
    assert Sweep(0, "normal") != (0, "normal")
    assert repr(Sweep(1, "last")) == "Sweep(team=1, kind='last')"
    assert (
        MatchFormat() == MatchFormat("bazzis", 3, False) and {MatchFormat(): 1}[MatchFormat()] == 1
    )
    assert Match().rules is PRESETS["standard"] and Match().teams[0] == Team(
        "Team A", ("Player 1", "Player 3")
    )


def test_records_are_frozen():
    deal, rules = Deal(points=(60, 40)), PRESETS["standard"]
    with pytest.raises(FrozenInstanceError):
        deal.points = (0, 100)
    with pytest.raises(AttributeError):
        del rules.minimum
    with pytest.raises(AttributeError):
        deal.colour = "red"  # slots: no new attributes either


def test_dataclasses_fields_and_replace_still_work():
    fmt = dataclasses.replace(MatchFormat("bazzis", 5), ended=True)
    assert fmt == MatchFormat("bazzis", 5, True)
    assert tuple(f.name for f in dataclasses.fields(Rules)) == Rules._fields and Rules._fields[
        :2
    ] == ("preset", "card_values")
    rules = dataclasses.replace(PRESETS["standard"], sweep_normal=60)
    assert rules.sweep_values["normal"] == 60  # derived values computed again
    assert rules == make_rules("standard", {"sweep_normal": 60})


def test_pickle_and_deepcopy():
    match = Match(deals=(Deal(points=(60, 40), sweeps=(Sweep(0, "normal"),)),))
    assert pickle.loads(pickle.dumps(match)) == match
    assert copy.deepcopy(match) == match and replay(copy.deepcopy(match)) == replay(match)


def test_the_rules_load_neither_dataclasses_nor_typing():
    code = (
        "import sys, seep_scorer.rules; print(sorted({'dataclasses', 'typing'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_make_builds_the_same_frozen_record():
    """Deal._make: the reader's cheap constructor (every field by position) gives a plain, frozen Deal."""
    made = Deal._make(None, (60, 40), (Sweep(0, "normal"),), None, 1, None, None, {})
    assert type(made) is Deal and made == Deal(
        points=(60, 40), sweeps=(Sweep(0, "normal"),), dealer=1
    )
    with pytest.raises(FrozenInstanceError):
        made.dealer = 2
    assert pickle.loads(pickle.dumps(made)) == made


def test_init_is_compiled_at_the_first_record_built_and_then_is_the_class_own():
    """`seep-scorer score` builds no Deal: its __init__ is compiled when a first one is built, then kept."""
    from seep_scorer.rules.record import record

    @record
    class Point:
        x: int
        y: int = 2

    class Named(Point):  # a subclass built first compiles its base's __init__ all the same
        pass

    stub = Point.__init__
    assert Named(1).y == 2 and Point.__init__ is not stub
    assert Point(3) == Point(3, 2) and Point(y=5, x=1).y == 5
    with pytest.raises(TypeError):
        Point()
    with pytest.raises(TypeError):
        Point(1, 2, 3)

    @record(slots=True)
    class Pair:
        a: int
        b: str = "b"

    with pytest.raises(TypeError):
        Pair(a=1, c=2)  # the first call, refused by the compiled __init__
    assert (
        Pair(1) == Pair(1, "b")
        and Pair._make(1, "c") == Pair(1, "c")
        and type(Pair._make(1, "c")) is Pair
    )


def test_score_compiles_no_deal_record(tmp_path):
    """A new interpreter that imports what `seep-scorer score` imports has not compiled Deal's __init__ or _make."""
    code = (
        "from seep_scorer.store.matchfile import read_scored_match_file\n"
        "from seep_scorer.rules import Deal\n"
        "print(Deal.__init__.__code__.co_varnames[:3], Deal.__dict__['_make'].__func__.__name__)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "('self', 'args', 'kwargs') _make"
