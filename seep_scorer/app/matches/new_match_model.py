"""A new match, and the fairest split of four named players into teams.

A new match: teams, players, rules preset and parameters, match length, first dealer."""

from __future__ import annotations

import logging
import random
import unicodedata
from dataclasses import dataclass
from typing import Any

from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import _, fmt
from seep_scorer.rules import (
    DEFAULT_MATCH,
    PRESETS,
    Match,
    MatchError,
    MatchFormat,
    Rules,
    Team,
    check_name,
    make_rules,
)
from seep_scorer.rules.names import tidied
from seep_scorer.stats import player_key
from seep_scorer.stats.ratings import TeamSplit, fair_teams
from seep_scorer.store.repository import KnownNames, MatchRepository, StoreError

log = logging.getLogger(__name__)
# The name fields: "team-<t>" and "player-<seat>" (seats 0 and 2 are team 0).
NAME_FIELDS = ("team-0", "team-1", "player-0", "player-1", "player-2", "player-3")
MAX_SUGGESTIONS = 6


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


# The parameters each preset shows (its own variant's, no more): race to 500 has no sweeps, no
# minimum and no lead target; the standard game has no most-cards bonus. Custom shows every
# parameter that its scoring uses.
PRESET_PARAMS: dict[str, tuple[str, ...]] = {
    "standard": (
        "scoring",
        "ten_of_diamonds",
        "sweep_normal",
        "sweep_opening",
        "sweep_last",
        "minimum",
        "minimum_counts_sweeps",
        "lead_target",
    ),
    "race500": ("scoring", "ten_of_diamonds", "most_cards_bonus", "most_cards_tie_bonus"),
    "custom": tuple(p.name for p in PARAMS),
}
LEDGER_ONLY = frozenset(
    {"minimum", "minimum_counts_sweeps", "lead_target"}
)  # bazzis: no use to running totals


def _param_value(rules: Rules, name: str) -> Any:
    if name == "ten_of_diamonds":
        return rules.card_values.get("10D", 0)
    return getattr(rules, name)


class NewMatchVM:
    def __init__(
        self, repo: MatchRepository, rng: random.Random | None = None, known_names: bool = False
    ):
        """`known_names`: read the names used before (a store call: off the loop) to offer them."""
        self.repo = repo
        self.rng = rng or random.Random()
        # What is typed, empty at first: each field shows its default as a hint, recorded when the
        # field stays empty, so a match can start without typing and no default has to be deleted.
        self.team_names = ["", ""]
        self.player_names = ["", "", "", ""]  # by seat (seats 0 and 2 are team 0)
        self.first_dealer: int | str = 0  # a seat, or "random"
        self.error: str | None = None
        # Sensible defaults in the user's language; players numbered round the table, in the
        # digits the player chose (issue 22). A default is recorded as shown; a typed name as typed.
        self.defaults = {
            "team-0": _("Team A"),
            "team-1": _("Team B"),
            **{
                f"player-{s}": _("Player {number}").format(number=fmt().number(s + 1))
                for s in range(4)
            },
        }
        self.known = KnownNames()
        # a team's key -> its players the last time it played
        self.lineups: dict[str, tuple[str, str]] = {}
        self._spellings: dict[str, dict[str, str]] = {
            "team": {},
            "player": {},
        }  # key -> spelling used before
        self.focused: str | None = None  # the name field whose suggestions are shown
        self.keep_typed: set[str] = (
            set()
        )  # fields whose name is kept as typed, not as spelled before
        self.set_preset("standard")
        if known_names:
            self.load_names()

    # -- names, and the names used before
    def load_names(self) -> None:
        try:
            self.known = self.repo.known_names()
        except Exception:  # suggestions are a help, never a reason to refuse a new match
            log.info("names used before are not available", exc_info=True)
            self.known = KnownNames()
        # A name stored before the rule of texts may hold an invisible character: offered tidied,
        # as the store now reads its match, so a suggestion taken is never a name the form refuses.
        self.known = KnownNames(
            *(
                tuple(dict.fromkeys(tidied(n) for n in names))
                for names in (self.known.teams, self.known.players)
            )
        )
        for kind, names in (("team", self.known.teams), ("player", self.known.players)):
            self._spellings[kind] = {}
            for n in names:
                self._spellings[kind].setdefault(player_key(n), n)
        self.lineups = {}
        try:
            summaries = sorted(self.repo.list_matches(), key=lambda s: s.updated, reverse=True)
        except Exception:  # as above: a help only
            log.info("teams played before are not available", exc_info=True)
            return
        for s in summaries:
            for team, players in zip(s.teams, s.players or ()):
                self.lineups.setdefault(player_key(tidied(team)), tuple(tidied(p) for p in players))

    def name(self, field: str) -> str:
        kind, i = field.split("-")
        return (self.team_names if kind == "team" else self.player_names)[int(i)]

    def set_name(self, field: str, value: str) -> None:
        kind, i = field.split("-")
        (self.team_names if kind == "team" else self.player_names)[int(i)] = value or ""
        self.focused = field
        self.keep_typed.discard(field)
        self.error = None

    def choose(self, field: str, name: str) -> None:
        """A suggestion taken: the name as spelled before. A team brings the two players it had
        the last time it played into its seats, where nothing is typed yet and neither plays
        elsewhere."""
        self.set_name(field, name)
        self.focused = None
        kind, i = field.split("-")
        if kind != "team":
            return
        t = int(i)
        for seat, player in zip((t, t + 2), self.lineups.get(player_key(name), ())):
            taken = {player_key(self.recorded_name(f"player-{s}")) for s in range(4) if s != seat}
            if not self.player_names[seat].strip() and player_key(player) not in taken:
                self.player_names[seat] = player
                self.keep_typed.discard(f"player-{seat}")

    def default(self, field: str) -> str:
        return self.defaults[field]

    def keep_as_typed(self, field: str) -> None:
        self.keep_typed.add(field)

    def recorded_name(self, field: str) -> str:
        """The spelling the match will store: a name used before (the same player however it is
        typed: case and spacing do not count) keeps its known spelling unless kept as typed; else
        the name as typed, without outer spaces and with inner runs of spaces made one."""
        typed = self.name(field)
        if not typed.strip():  # nothing typed: the default shown as the field's hint
            return self.defaults[field]
        known = self._spellings[field.split("-")[0]].get(player_key(typed))
        if known is not None and field not in self.keep_typed:
            return known
        return " ".join(unicodedata.normalize("NFC", typed).split())

    def recorded_hint(self, field: str) -> str | None:
        """ "Will be recorded as Asha" when that differs from what was typed."""
        recorded = self.recorded_name(field)
        if not self.name(field) or recorded == self.name(field).strip():  # empty: the hint says it
            return None
        return _("Will be recorded as {name}").format(name=recorded)

    def can_keep_typed(self, field: str) -> bool:
        """The known spelling replaces what was typed: offer to keep the typed one (in its own
        case)."""
        typed = " ".join(unicodedata.normalize("NFC", self.name(field)).split())
        return field not in self.keep_typed and bool(typed) and self.recorded_name(field) != typed

    def suggestions(self, field: str | None = None) -> list[str]:
        """Names used before for `field` (default: the focused one), the most recent first, that
        start with what is typed (or one of whose words does); none already on another field of the
        form."""
        field = field or self.focused
        if field is None:
            return []
        kind = field.split("-")[0]
        typed = self.name(field)
        key = player_key(typed)
        taken = {
            player_key(self.recorded_name(f))
            for f in NAME_FIELDS
            if f != field and f.startswith(kind)
        }
        found = []
        for n in self.known.teams if kind == "team" else self.known.players:
            k = player_key(n)
            if k == key or k in taken or (key and not (k.startswith(key) or f" {key}" in k)):
                continue
            found.append(n)
            if len(found) == MAX_SUGGESTIONS:
                break
        return found

    def set_preset(self, preset: str) -> None:
        self.preset = self.shown_from = preset
        base = PRESETS[preset]
        self.params: dict[str, Any] = {p.name: _param_value(base, p.name) for p in PARAMS}
        fmt = DEFAULT_MATCH[preset]
        self.match_type, self.match_count = fmt.type, fmt.count
        self.error = None

    def shown_params(self) -> tuple[str, ...]:
        """The parameters that apply to the preset chosen (and to its scoring)."""
        shown = PRESET_PARAMS[self.shown_from]
        if self.params.get("scoring") == "cumulative":
            shown = tuple(n for n in shown if n not in LEDGER_ONLY)
        if self.params.get("minimum") is None:
            shown = tuple(n for n in shown if n != "minimum_counts_sweeps")
        return shown

    def _to_custom(self) -> None:
        """A parameter changed: the rules are no longer the preset's, so they become Custom, with
        every value kept (the match length too). The fields shown stay those of the preset left, so
        none moves under the finger typing (tapping Custom, or changing the scoring, shows them
        all)."""
        self.preset = "custom"

    def set_param(self, name: str, value: Any) -> None:
        if self.params.get(name) != value:
            self._to_custom()
            if name == "scoring":  # the scoring decides which parameters apply: all of Custom's
                self.shown_from = "custom"
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
        before = self.params.get(name)
        if param.kind == "optional_int" and text == "":
            self.params[name] = None
        else:
            try:
                self.params[name] = int(text)
            except ValueError:
                self.params[name] = text  # make_rules reports it in plain words
        if self.params[name] != before:
            self._to_custom()

    def match_types(self) -> tuple[str, ...]:
        return (
            ("target", "open")
            if self.params.get("scoring") == "cumulative"
            else ("bazzis", "first_to", "open")
        )

    def overrides(self) -> dict[str, Any]:
        base = PRESETS[self.preset]
        return {
            name: value for name, value in self.params.items() if value != _param_value(base, name)
        }

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
        names = [self._checked(f"team-{t}", f"teams[{t}].name") for t in (0, 1)]
        players = [
            self._checked(f"player-{seat}", f"teams[{seat % 2}].players[{seat // 2}]")
            for seat in range(4)
        ]
        rules = self.rules()
        count = None if self.match_type == "open" else self.match_count
        fmt = MatchFormat(self.match_type, count)
        fmt.validate(rules)
        teams = (Team(names[0], (players[0], players[2])), Team(names[1], (players[1], players[3])))
        dealer = self.rng.randrange(4) if self.first_dealer == "random" else int(self.first_dealer)
        return Match(rules=rules, format=fmt, teams=teams, first_dealer=dealer)

    def _checked(self, name_field: str, field: str) -> str:
        """The name to store for a field: what was typed is checked first (so a fault's position
        counts from it), then the spelling that will be stored."""
        if self.name(name_field).strip():  # else the default, checked below
            _checked_name(self.name(name_field), field)
        return check_name(self.recorded_name(name_field), field)

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
    """A name as typed, without surrounding spaces; a MatchError (rules.check_name's codes) if it
    cannot be one. A control character's position counts from what the user typed."""
    value = value or ""
    stripped = value.strip()
    try:
        return check_name(stripped, field)
    except MatchError as err:
        if err.code == "name_control" and "position" in err.params:
            lead = len(value) - len(value.lstrip())
            raise MatchError(
                field=field,
                code=err.code,
                params={**err.params, "position": err.params["position"] + lead},
            ) from None
        raise


# ---- fair teams
# Fair teams on the new-match screen (stats.md "Ratings"): once four players are named, the split
# into two partnerships whose chances of winning a bazzi are closest to 50-50, from everyone's
# all-time rating; applied in one tap, and undone in one.

SEATS = (0, 2, 1, 3)  # team A's two seats, then team B's: the order fair_teams reads names in


class FairTeamsVM:
    def __init__(self, form: NewMatchVM):
        self.form = form
        self.split: TeamSplit | None = None
        self.error: str | None = None
        # what the seats held before the suggestion was applied, and after (undo while unchanged)
        self._before: tuple[list[str], set[str]] | None = None
        self._after: tuple[str, ...] | None = None

    def names(self) -> tuple[str, ...]:
        """The four players as the match will record them, by seat."""
        return tuple(self.form.recorded_name(f"player-{s}") for s in range(4))

    @property
    def available(self) -> bool:
        """Four different players typed in (a default "Player 1" is nobody to rate)."""
        typed = all(self.form.name(f"player-{s}").strip() for s in range(4))
        return typed and len({player_key(n) for n in self.names()}) == 4

    def suggest(self) -> None:
        """Reads every player's all-time rating (a store call: off the event loop)."""
        names = self.names()
        try:
            stats = self.form.repo.statistics(None)
        except STORE_FAULTS as err:
            self.error = texts.store_read_fault_text(err)
            return
        self.error = None
        ratings = {p.key[0]: p.rating for p in stats.players if p.rating is not None}
        self.split = fair_teams([names[s] for s in SEATS], ratings)

    @property
    def shown(self) -> TeamSplit | None:
        """The suggestion, while the four players are those it was made for."""
        if self.split is None or not self.available:
            return None
        suggested = {player_key(n) for team in self.split.teams for n in team}
        return self.split if suggested == {player_key(n) for n in self.names()} else None

    @property
    def seated_so(self) -> bool:
        """The players already sit as suggested (each partnership on one side)."""
        split = self.shown
        if split is None:
            return False
        names = self.names()
        seated = {frozenset(player_key(names[s]) for s in team) for team in ((0, 2), (1, 3))}
        return seated == {frozenset(player_key(n) for n in team) for team in split.teams}

    def apply(self) -> None:
        """Seats the suggested partnerships: the first in seats 1 and 3, the second in 2 and 4."""
        split = self.shown
        if split is None or self.seated_so:
            return
        form = self.form
        names = self.names()
        kept = {player_key(names[s]) for s in range(4) if f"player-{s}" in form.keep_typed}
        self._before = (list(form.player_names), set(form.keep_typed))
        order = [n for team in split.teams for n in team]
        for seat, name in zip(SEATS, order):
            form.player_names[seat] = name
            # a name kept as typed stays so in its new seat
            if player_key(name) in kept:
                form.keep_typed.add(f"player-{seat}")
            else:
                form.keep_typed.discard(f"player-{seat}")
        form.error = None
        self._after = self.names()

    @property
    def can_undo(self) -> bool:
        return self._before is not None and self.names() == self._after

    def undo(self) -> None:
        if not self.can_undo:
            return
        names, keep = self._before
        self.form.player_names[:] = names
        self.form.keep_typed = keep
        self._before = self._after = None
