"""Rule presets: the refusals name limits that hold."""

from __future__ import annotations

import pytest


def test_a_minimum_too_high_names_the_largest_minimum_allowed():
    """The refusal's "at most" is itself allowed, and one more is refused (100 or 101 points)."""
    from dataclasses import replace

    from seep_scorer.rules import PRESETS, MatchError

    for values in ({}, {"10D": 3}):  # 100 card points; 101 with a 10♦ worth 3
        base = PRESETS["standard"]
        rules = replace(base, card_values={**base.card_values, **values}) if values else base
        try:
            replace(rules, minimum=rules.card_total).validate()
        except MatchError as err:
            assert err.code == "minimum_too_high"
            high = err.params["high"]
        replace(rules, minimum=high).validate()  # allowed
        with pytest.raises(MatchError):
            replace(rules, minimum=high + 1).validate()
