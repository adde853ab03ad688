"""Labels whose translation holds a figure ("Last 30 days", "Race to 500", "26-26", "from 0 to")
show it in the digits the player chose, like every computed number."""

from seep_scorer.app.history.stats import period_chips
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.rules import Match, Team
from seep_scorer.rules.errors import MatchError

LATIN = set("0123456789")


def _texts(control) -> list[str]:
    out, stack = [], [control]
    while stack:
        c = stack.pop()
        for name in ("value", "text", "label"):
            v = getattr(c, name, None)
            if isinstance(v, str) and v:
                out.append(v)
        for name in ("content", "controls"):
            v = getattr(c, name, None)
            if isinstance(v, list):
                stack.extend(v)
            elif v is not None and not isinstance(v, str):
                stack.append(v)
    return out


def test_the_last_30_days_chip_in_gurmukhi_digits():
    with using(UILocale("pa", "native")):
        shown = " ".join(_texts(period_chips("stats-period", "all", lambda p: lambda e=None: None)))
    assert "੩੦" in shown and not LATIN & set(shown)


def test_the_points_range_fault_in_urdu_digits():
    match = Match(teams=(Team("A", ("a", "b")), Team("B", ("c", "d"))))
    err = MatchError(
        field="points", code="points_range", params={"team": 0, "value": 120, "total": 100}
    )
    with using(UILocale("ur", "native")):
        said = texts.deal_fault_text(match, err)
    assert "۰" in said and "۱۰۰" in said and not LATIN & set(said)
