"""A new match: teams, players, rules preset and parameters, match length, first dealer."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...i18n import _
from ...rules import (DEFAULT_MATCH, PRESETS, Match, MatchError, MatchFormat, Rules, Team, check_name,
                      make_rules)
from ...store.repository import MatchRepository, StoreError
from .. import texts


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # int | optional_int | bool | choice
    choices: tuple[str, ...] = ()


# The editable rule parameters, generic over presets: a variant is data, not a branch.
PARAMS: tuple[Param, ...] = (
    Param("scoring", "choice", ("ledger", "cumulative")),
    Param("ten_of_diamonds", "int"),
    Param("sweep_normal", "int"),
    Param("sweep_opening", "int"),
    Param("sweep_last", "int"),
    Param("minimum", "optional_int"),
    Param("minimum_counts_sweeps", "bool"),
    Param("lead_target", "int"),
    Param("most_cards_bonus", "int"),
    Param("most_cards_tie_bonus", "int"),
)


def _param_value(rules: Rules, name: str) -> Any:
    if name == "ten_of_diamonds":
        return rules.card_values.get("10D", 0)
    return getattr(rules, name)


class NewMatchVM:
    def __init__(self, repo: MatchRepository, rng: random.Random | None = None):
        self.repo = repo
        self.rng = rng or random.Random()
        # Sensible defaults in the user's language, so a match can start without typing.
        self.team_names = [_("Team A"), _("Team B")]
        # players by seat (seats 0 and 2 are team 0), numbered round the table
        self.player_names = [_("Player {number}").format(number=seat + 1) for seat in range(4)]
        self.first_dealer: int | str = 0  # a seat, or "random"
        self.error: str | None = None
        self.set_preset("standard")

    def set_preset(self, preset: str) -> None:
        self.preset = preset
        base = PRESETS[preset]
        self.params: dict[str, Any] = {p.name: _param_value(base, p.name) for p in PARAMS}
        fmt = DEFAULT_MATCH[preset]
        self.match_type, self.match_count = fmt.type, fmt.count
        self.error = None

    def set_param(self, name: str, value: Any) -> None:
        self.params[name] = value
        if name == "scoring":  # keep the match length meaningful for the scoring mode
            wanted = ("target",) if value == "cumulative" else ("bazzis", "first_to")
            if self.match_type not in wanted + ("open",):
                fmt = DEFAULT_MATCH["race500" if value == "cumulative" else "standard"]
                self.match_type, self.match_count = fmt.type, fmt.count

    def set_param_text(self, name: str, text: str) -> None:
        """A number typed in a parameter field; empty means 'off' for an optional number."""
        param = next(p for p in PARAMS if p.name == name)
        text = (text or "").strip()
        if param.kind == "optional_int" and text == "":
            self.params[name] = None
            return
        try:
            self.params[name] = int(text)
        except ValueError:
            self.params[name] = text  # make_rules reports it in plain words

    def match_types(self) -> tuple[str, ...]:
        return ("target", "open") if self.params.get("scoring") == "cumulative" else ("bazzis", "first_to", "open")

    def overrides(self) -> dict[str, Any]:
        base = PRESETS[self.preset]
        return {name: value for name, value in self.params.items() if value != _param_value(base, name)}

    def rules(self) -> Rules:
        return make_rules(self.preset, self.overrides())

    def set_count_text(self, text: str) -> None:
        try:
            self.match_count = int(text.strip())
        except ValueError:
            self.match_count = None

    def build(self) -> Match:
        # Names first: they are the first fields on the screen. Each is checked as the rules
        # layer checks every stored name, so the message can say which field and why.
        names = [_checked_name(n, f"teams[{t}].name") for t, n in enumerate(self.team_names)]
        players = [_checked_name(p, f"teams[{seat % 2}].players[{seat // 2}]") for seat, p in enumerate(self.player_names)]
        rules = self.rules()
        count = None if self.match_type == "open" else self.match_count
        fmt = MatchFormat(self.match_type, count)
        fmt.validate(rules)
        teams = (Team(names[0], (players[0], players[2])), Team(names[1], (players[1], players[3])))
        dealer = self.rng.randrange(4) if self.first_dealer == "random" else int(self.first_dealer)
        return Match(rules=rules, format=fmt, teams=teams, first_dealer=dealer)

    def start(self) -> str | None:
        """Creates the match; returns its id, or None with `error` set."""
        try:
            stored = self.repo.create(self.build())
        except (MatchError, StoreError, OSError) as err:
            self.error = texts.match_setup_fault_text(err)
            return None
        self.error = None
        return stored.id


def _checked_name(value: str, field: str) -> str:
    """A name as typed, without surrounding spaces; a MatchError (rules.check_name's codes) if it cannot be one.
    A control character's position counts from what the user typed."""
    value = value or ""
    stripped = value.strip()
    try:
        return check_name(stripped, field)
    except MatchError as err:
        if err.code == "name_control" and "position" in err.params:
            lead = len(value) - len(value.lstrip())
            raise MatchError(err.message, field=field, code=err.code,
                             params={**err.params, "position": err.params["position"] + lead}) from None
        raise
