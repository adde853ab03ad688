"""The rules' records: frozen dataclasses and named tuples, with what callers rely on."""

import copy
import dataclasses
import pickle

import pytest

from seep_scorer.rules import (
    PRESETS,
    BazziEvent,
    Deal,
    Match,
    MatchFormat,
    Rules,
    Sweep,
    Team,
    make_rules,
    replay,
)


def test_construction_defaults_equality_hash_and_repr():
    deal = Deal(points=(60, 40))
    assert deal == Deal(None, (60, 40), (), None, None, None, None, {}) and deal != Deal(
        points=(40, 60)
    )
    assert deal.extra == {} and deal.extra is not Deal(points=(60, 40)).extra  # a new dict each
    assert hash(Sweep(0, "normal")) == hash(Sweep(0, "normal"))
    assert Sweep(0, "normal") != (0, "normal")
    assert repr(Sweep(1, "last")) == "Sweep(team=1, kind='last')"
    assert MatchFormat() == MatchFormat("bazzis", 3, False) and {MatchFormat(): 1}[MatchFormat()]
    assert Match().rules is PRESETS["standard"]
    assert Match().teams[0] == Team("Team A", ("Player 1", "Player 3"))


def test_records_are_frozen():
    deal, rules = Deal(points=(60, 40)), PRESETS["standard"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        deal.points = (0, 100)
    with pytest.raises(AttributeError):
        del rules.minimum
    with pytest.raises((AttributeError, TypeError)):
        deal.colour = "red"  # slots: no new attributes either


def test_replace_computes_the_derived_values_again():
    rules = dataclasses.replace(PRESETS["standard"], sweep_normal=60)
    assert rules.sweep_values["normal"] == 60
    assert rules == make_rules("standard", {"sweep_normal": 60})
    no_ten = dataclasses.replace(PRESETS["standard"], card_values={"AS": 1})
    assert no_ten.point_cards == ("AS",) and no_ten.card_total == 1
    assert "point_cards" not in repr(no_ten)  # derived: not a parameter


def test_pickle_and_deepcopy():
    match = Match(deals=(Deal(points=(60, 40), sweeps=(Sweep(0, "normal"),)),))
    assert pickle.loads(pickle.dumps(match)) == match
    assert copy.deepcopy(match) == match and replay(copy.deepcopy(match)) == replay(match)
    rules = pickle.loads(pickle.dumps(Rules(sweep_normal=10)))
    assert rules.sweep_values["normal"] == 10 and rules.card_total == PRESETS["standard"].card_total


def test_a_pattern_matches_by_position():
    match BazziEvent(1, "minimum"):
        case BazziEvent(winner, "minimum"):
            assert winner == 1
        case _:
            pytest.fail("no match")


def test_the_records_are_the_standard_library_s():
    from seep_scorer.rules import DealResult, DealScore, Standings
    from seep_scorer.rules.deletion import DealerChange, Deletion

    for cls in (Deal, Sweep, Team, Match, Rules, MatchFormat, Standings, Deletion):
        params = cls.__dataclass_params__  # set by @dataclass itself, nothing else
        assert params.frozen and "__slots__" in cls.__dict__, cls
    for cls in (BazziEvent, DealResult, DealScore, DealerChange):
        assert issubclass(cls, tuple) and tuple(cls.__annotations__) == cls._fields, cls
