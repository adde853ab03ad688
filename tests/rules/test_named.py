"""rules/named.py: the named tuples of replay and scoring behave as collections.namedtuple's did."""

import copy
import pickle
from collections import namedtuple

import pytest

from seep_scorer.rules import BazziEvent, DealResult, DealScore
from seep_scorer.rules.named import named_tuple

Point = named_tuple("Point", ("x", "y"), "A point.", __name__)
Reference = namedtuple("Point", ("x", "y"))


def test_as_namedtuple_gives_it():
    p, q = Point(1, y=2), Reference(1, y=2)
    assert p == q == (1, 2) and hash(p) == hash(q) and repr(p) == repr(q) == "Point(x=1, y=2)"
    assert (p.x, p.y) == (1, 2) and p._fields == q._fields and p._asdict() == q._asdict()
    assert p._replace(y=5) == (1, 5) and type(p._replace(y=5)) is Point
    assert Point._make([3, 4]) == (3, 4) and type(Point._make([3, 4])) is Point
    assert isinstance(p, tuple) and Point.__doc__ == "A point."
    with pytest.raises(AttributeError):
        p.x = 3
    with pytest.raises(AttributeError):
        p.z = 3  # no __dict__: as small as a tuple


@pytest.mark.parametrize(
    "make",
    [
        lambda: Point(1),
        lambda: Point(1, 2, 3),
        lambda: Point(1, z=2),
        lambda: Point(1, 2, y=2),
        lambda: Point._make([1]),
    ],
)
def test_the_wrong_arguments_are_refused(make):
    with pytest.raises(TypeError):
        make()


def test_pickled_and_copied_they_come_back_the_same():
    for value in (Point(1, 2), BazziEvent(0, "lead"), DealScore((1, 2), (0, 0), (0, 0), (1, 2))):
        for back in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
            assert back == value and type(back) is type(value)


def test_a_pattern_matches_by_position():
    match BazziEvent(1, "minimum"):
        case BazziEvent(winner, "minimum"):
            assert winner == 1
        case _:
            pytest.fail("no match")
    assert DealResult._fields[0] == "number" and len(DealResult._fields) == 12
