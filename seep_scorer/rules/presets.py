"""Rule presets as data. A variant is a preset plus overrides, never a branch in the UI.

Parameter names (also the keys of a match file's `rules.overrides`):

- ``card_values``: {card code: points}; a card worth 0 is not a point card.
- ``ten_of_diamonds``: shorthand for ``card_values["10D"]``.
- ``most_cards_bonus``: points for the team that took more than 26 cards.
- ``most_cards_tie_bonus``: points for each team when both took 26.
- ``sweep_normal``, ``sweep_opening``, ``sweep_last``: points per sweep of that kind.
- ``minimum``: a team whose deal score is under this loses the bazzi (null: off).
- ``minimum_counts_sweeps``: whether sweeps count towards the minimum.
- ``scoring``: ``ledger`` (difference ledger and bazzis) or ``cumulative`` (running totals).
- ``lead_target``: the lead that wins a bazzi (ledger scoring).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace

from seep_scorer.rules.cards import POINT_CARD_CODES, standard_values
from seep_scorer.rules.errors import MatchError

SWEEP_KINDS = ("normal", "opening", "last")
SCORING_MODES = ("ledger", "cumulative")
MATCH_TYPES = ("bazzis", "first_to", "open", "target")
PRESET_IDS = ("standard", "race500", "custom")

_MAX_VALUE = 1000  # no sane rule gives one card or sweep more than this

# The codes of the setting faults below (MatchError.code): a UI words each in the user's language.
SETTING_FAULT_CODES = (
    "match_type_unknown",
    "match_count_whole",
    "match_count_range",
    "target_needs_totals",
    "bazzis_need_ledger",
    "not_true_or_false",
    "preset_unknown",
    "card_unknown",
    "card_value_range",
    "no_point_card",
    "value_range",
    "minimum_range",
    "minimum_too_high",
    "scoring_unknown",
    "param_unknown",
    "card_values_shape",
)


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """How long the match lasts. `ended` marks a match the players stopped themselves."""

    type: str = "bazzis"
    count: int | None = 3
    ended: bool = False

    def validate(self, rules: "Rules") -> None:
        if self.type not in MATCH_TYPES:
            raise MatchError(
                field="match.type",
                code="match_type_unknown",
            )
        if self.type == "open":
            if self.count is not None and not _is_int(self.count):
                raise MatchError(
                    field="match.count",
                    code="match_count_whole",
                )
        else:
            limit = 100_000 if self.type == "target" else 1000
            if not _is_int(self.count) or not 1 <= self.count <= limit:
                raise MatchError(
                    field="match.count",
                    code="match_count_range",
                    params={"low": 1, "high": limit},
                )
        if self.type == "target" and rules.scoring != "cumulative":
            raise MatchError(
                field="match.type",
                code="target_needs_totals",
            )
        if self.type in ("bazzis", "first_to") and rules.scoring != "ledger":
            raise MatchError(
                field="match.type",
                code="bazzis_need_ledger",
            )
        if not isinstance(self.ended, bool):
            raise MatchError(
                field="match.ended",
                code="not_true_or_false",
                params={"setting": "ended"},
            )


def _derived():
    """A value __post_init__ computes from the parameters: not a parameter, nor compared."""
    return field(init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Rules:
    preset: str = "standard"
    card_values: Mapping[str, int] = field(default_factory=lambda: standard_values(6))
    most_cards_bonus: int = 0
    most_cards_tie_bonus: int = 0
    sweep_normal: int = 50
    sweep_opening: int = 25
    sweep_last: int = 0
    minimum: int | None = 9
    minimum_counts_sweeps: bool = True
    scoring: str = "ledger"
    lead_target: int = 100
    # Derived once: replay reads these for every deal.
    point_cards: tuple[str, ...] = _derived()
    point_card_set: frozenset[str] = _derived()
    card_total: int = _derived()
    sweep_values: dict[str, int] = _derived()

    def __post_init__(self) -> None:
        values = {
            c: v for c, v in self.card_values.items() if _is_int(v)
        }  # validate() reports the rest
        point_cards = tuple(c for c in POINT_CARD_CODES if values.get(c, 0) > 0)
        object.__setattr__(self, "point_cards", point_cards)
        object.__setattr__(self, "point_card_set", frozenset(point_cards))
        object.__setattr__(self, "card_total", sum(values[c] for c in point_cards))
        object.__setattr__(
            self,
            "sweep_values",
            {"normal": self.sweep_normal, "opening": self.sweep_opening, "last": self.sweep_last},
        )

    @property
    def needs_most_cards(self) -> bool:
        return self.most_cards_bonus > 0 or self.most_cards_tie_bonus > 0

    @property
    def deal_total(self) -> int:
        """What the two teams' deal scores add up to before sweeps."""
        return self.card_total + max(self.most_cards_bonus, 2 * self.most_cards_tie_bonus)

    def overrides(self) -> dict[str, object]:
        """The parameters that differ from this rule set's preset (what a match file stores)."""
        base = PRESETS.get(self.preset, PRESETS["standard"])
        out: dict[str, object] = {}
        for name in PARAMETER_NAMES:
            mine, theirs = getattr(self, name), getattr(base, name)
            if name == "card_values":
                diff = {c: v for c, v in mine.items() if theirs.get(c, 0) != v}
                diff.update({c: 0 for c in theirs if c not in mine and theirs[c] != 0})
                if diff:
                    out["card_values"] = diff
            elif mine != theirs:
                out[name] = mine
        return out

    def validate(self) -> None:
        if self.preset not in PRESET_IDS:
            raise MatchError(
                field="rules.preset",
                code="preset_unknown",
            )
        for code, value in self.card_values.items():
            if code not in POINT_CARD_CODES:
                raise MatchError(
                    field="rules.overrides.card_values",
                    code="card_unknown",
                    params={"card": str(code)},
                )
            if not _is_int(value) or not 0 <= value <= _MAX_VALUE:
                raise MatchError(
                    field="rules.overrides.card_values",
                    code="card_value_range",
                    params={"card": code, "low": 0, "high": _MAX_VALUE},
                )
        if not self.point_cards:
            raise MatchError(
                field="rules.overrides.card_values",
                code="no_point_card",
            )
        for name in (
            "most_cards_bonus",
            "most_cards_tie_bonus",
            "sweep_normal",
            "sweep_opening",
            "sweep_last",
        ):
            value = getattr(self, name)
            if not _is_int(value) or not 0 <= value <= _MAX_VALUE:
                raise MatchError(
                    field=f"rules.overrides.{name}",
                    code="value_range",
                    params={"setting": name, "low": 0, "high": _MAX_VALUE},
                )
        if self.minimum is not None and (
            not _is_int(self.minimum) or not 0 <= self.minimum <= _MAX_VALUE
        ):
            raise MatchError(
                field="rules.overrides.minimum",
                code="minimum_range",
                params={"low": 0, "high": _MAX_VALUE},
            )
        if self.minimum is not None and 2 * (self.minimum - 1) >= self.card_total:
            # Keeps the rule well defined: both teams can never be under the minimum at once.
            raise MatchError(
                field="rules.overrides.minimum",
                code="minimum_too_high",
                params={"high": (self.card_total + 1) // 2},  # the largest minimum allowed
            )
        if not isinstance(self.minimum_counts_sweeps, bool):
            raise MatchError(
                field="rules.overrides.minimum_counts_sweeps",
                code="not_true_or_false",
                params={"setting": "minimum_counts_sweeps"},
            )
        if self.scoring not in SCORING_MODES:
            raise MatchError(
                field="rules.overrides.scoring",
                code="scoring_unknown",
            )
        if not _is_int(self.lead_target) or not 1 <= self.lead_target <= 100_000:
            raise MatchError(
                field="rules.overrides.lead_target",
                code="value_range",
                params={"setting": "lead_target", "low": 1, "high": 100_000},
            )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


PRESETS: dict[str, Rules] = {
    # North India (gamerules, Pagat): the default.
    "standard": Rules(),
    # Sweep as described by ourpastimes: cumulative race to 500, 10♦ worth 2,
    # +4 for most cards (2 each on 26-26), sweeps not scored, no minimum.
    "race500": Rules(
        preset="race500",
        card_values=standard_values(2),
        most_cards_bonus=4,
        most_cards_tie_bonus=2,
        sweep_normal=0,
        sweep_opening=0,
        sweep_last=0,
        minimum=None,
        scoring="cumulative",
    ),
    # Custom starts from the standard rules; every parameter is then editable.
    "custom": Rules(preset="custom"),
}

DEFAULT_MATCH: dict[str, MatchFormat] = {
    "standard": MatchFormat("bazzis", 3),
    "race500": MatchFormat("target", 500),
    "custom": MatchFormat("bazzis", 3),
}

# The parameters of a rule set (its init fields but the preset), and what a file's overrides may
# name.
PARAMETER_NAMES = tuple(f.name for f in fields(Rules) if f.init and f.name != "preset")
OVERRIDE_NAMES = PARAMETER_NAMES + ("ten_of_diamonds",)


def make_rules(preset: str = "standard", overrides: Mapping[str, object] | None = None) -> Rules:
    """A preset with overrides applied, validated. Raises MatchError naming the bad parameter."""
    if preset not in PRESETS:
        raise MatchError(
            field="rules.preset",
            code="preset_unknown",
        )
    base = PRESETS[preset]
    if not overrides:
        return base
    changes: dict[str, object] = {}
    card_values = dict(base.card_values)
    for name, value in overrides.items():
        if name not in OVERRIDE_NAMES:
            raise MatchError(
                field=f"rules.overrides.{name}",
                code="param_unknown",
                params={"setting": str(name)},
            )
        if name == "card_values":
            if not isinstance(value, Mapping):
                raise MatchError(
                    field="rules.overrides.card_values",
                    code="card_values_shape",
                )
            card_values.update(value)
        elif name == "ten_of_diamonds":
            card_values["10D"] = value
        else:
            changes[name] = value
    rules = replace(base, card_values=card_values, **changes)
    rules.validate()
    return rules
