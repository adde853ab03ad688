"""One small view-model per screen: plain Python, no Flet, testable without a page.

They talk to the store only through the MatchRepository interface and derive
everything (standings, ledger, bazzis, next dealer) by replaying the deal list.
An edit or delete of a past deal is a new deal list replayed, never a patch.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sys
from dataclasses import dataclass, fields, replace
from typing import Any, Callable

from ...i18n import LANGUAGES, _, fmt, ngettext
from ...locale_format import has_native_digits
from ...rules import (DEFAULT_MATCH, PRESET_IDS, PRESETS, SWEEP_KINDS, Deal, Match, MatchError, MatchFormat,
                     Rules, Standings, Sweep, Team, card_label, check_name, make_rules, replay, replay_deals,
                     score_deal, validate_deal)
from ...store.repository import MatchRepository, MatchSummary, StaleRevision, StoredMatch, StoreError
from .. import texts

log = logging.getLogger(__name__)


async def off_loop(fn: Callable, *args) -> Any:
    """`fn(*args)` where it cannot stall the event loop that serves every phone: a worker thread
    (which gets this task's context, so the session's language comes along). The browser build
    (Pyodide) has no threads: there it runs right here."""
    if sys.platform == "emscripten":
        return fn(*args)
    return await asyncio.to_thread(fn, *args)


THEMES = ("system", "light", "dark", "black")
# What the store may raise: its own refusals, and the operating system's (a full disk, a lost folder).
STORE_FAULTS = (StoreError, OSError)
STALE_MESSAGE = texts.STALE_MESSAGE


# --------------------------------------------------------------------------- matches list

class MatchesVM:
    def __init__(self, repo: MatchRepository):
        self.repo = repo
        self.matches: list[MatchSummary] = []
        self.deleted: StoredMatch | None = None
        self.message: str | None = None
        self._read_fault = False
        self.reload()

    def reload(self) -> None:
        try:
            self.matches = list(self.repo.list_matches())
        except STORE_FAULTS as err:
            self.message, self._read_fault = texts.store_read_fault_text(err), True  # the last list stays shown
            return
        if self._read_fault:  # read again fine: the fault notice has done its job
            self.message, self._read_fault = None, False

    def delete(self, match_id: str) -> None:
        try:
            self.deleted = self.repo.delete(match_id)
        except STORE_FAULTS as err:
            self.message = texts.store_fault_text(err)
            self.deleted = None
        else:
            self.message = _("Match deleted.")
        self.reload()

    def undo_delete(self) -> None:
        if self.deleted is not None:
            try:
                self.repo.restore(self.deleted)
            except STORE_FAULTS as err:
                self.message = texts.store_fault_text(err)
            else:
                self.message = _("Match restored.")
            self.deleted = None
        self.reload()

    def dismiss(self) -> None:
        self.message, self.deleted = None, None


# --------------------------------------------------------------------------- new match

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


# --------------------------------------------------------------------------- scoreboard

@dataclass(frozen=True)
class DealRow:
    number: int
    title: str
    detail: str
    event: str | None


@dataclass(frozen=True)
class Step:
    """One change this phone made to a match, as the two states it moved between: undo saves
    `before` again, redo saves `after`. Ending and reopening a match are steps like any other,
    so a sequence of undos can never skip over one of them and take a deal with it."""

    kind: str  # record | edit | delete | end | reopen
    number: int | None  # the deal it concerns (1-based), None for end and reopen
    before: Match
    after: Match


class ScoreboardVM:
    """One match: its standings, and the undo and redo history of the changes made on this phone."""

    def __init__(self, repo: MatchRepository, match_id: str):
        self.repo = repo
        self.match_id = match_id
        self.undo_stack: list[Step] = []
        self.redo_stack: list[Step] = []
        self.message: str | None = None
        self._announced: Step | None = None  # the step whose message is showing (its notice may offer Undo)
        self.reload()

    # -- state
    def reload(self) -> None:
        self.stored = self.repo.get(self.match_id)
        self.match = self.stored.match
        self.standings = replay(self.match)

    def _forget_history(self) -> None:
        """The history belonged to a deal list that changed elsewhere: its states are no longer ours to restore."""
        self.undo_stack.clear()
        self.redo_stack.clear()

    def refresh_if_changed(self) -> bool:
        """Another phone saved: reload if the stored revision moved. Returns whether it did."""
        current = self.repo.get(self.match_id)
        if current.revision == self.stored.revision:
            return False
        self.stored, self.match = current, current.match
        self.standings = replay(self.match)
        self._forget_history()
        return True

    def _store(self, match: Match) -> bool:
        """Save `match` against the revision shown. On failure the state shown stays as it was
        (or becomes the stored one, when another phone saved first) and `message` says why."""
        self._announced = None
        try:
            self.stored = self.repo.save(self.match_id, match, self.stored.revision)
        except StaleRevision:
            self._forget_history()
            self.message = _(STALE_MESSAGE)
            try:
                self.reload()
            except STORE_FAULTS as err:
                self.message = texts.store_fault_text(err)
            return False
        except MatchError as err:
            self.message = texts.deal_fault_text(self.match, err)
            return False
        except STORE_FAULTS as err:
            self.message = texts.store_fault_text(err)
            return False
        self.match = self.stored.match
        self.standings = replay(self.match)
        return True

    def _do(self, kind: str, number: int | None, after: Match, message: str | None) -> bool:
        """A new step: saved, then undoable; it starts a new future, so the redo history goes."""
        before = self.match
        if not self._store(after):
            return False
        step = Step(kind, number, before, self.match)
        self.undo_stack.append(step)
        self.redo_stack.clear()
        self.message, self._announced = message, step
        return True

    # -- display
    @property
    def deals(self) -> tuple[Deal, ...]:
        return self.match.deals

    @property
    def finished(self) -> bool:
        return self.standings.finished

    @property
    def uses_bazzis(self) -> bool:
        return self.match.rules.scoring == "ledger"

    def team_names(self) -> tuple[str, str]:
        return (self.match.teams[0].name, self.match.teams[1].name)

    def difference_text(self) -> str:
        return texts.difference_text(self.match, self.standings)

    def next_dealer_text(self) -> str:
        return texts.next_dealer_text(self.match, self.standings)

    def result_text(self) -> str | None:
        return texts.result_text(self.match, self.standings) if self.finished else None

    def format_text(self) -> str:
        mf, n = self.match.format, self.match.format.count
        if mf.type == "bazzis":
            return ngettext("Match of {count} bazzi", "Match of {count} bazzis", n).format(count=fmt().number(n))
        if mf.type == "first_to":
            return ngettext("First to {count} bazzi", "First to {count} bazzis", n).format(count=fmt().number(n))
        if mf.type == "target":
            return ngettext("First to {count} point", "First to {count} points", n).format(count=fmt().number(n))
        return _("Open-ended match")

    def rows(self) -> list[DealRow]:
        return [DealRow(r.number, texts.deal_row_text(self.match, r), texts.deal_row_detail(self.match, r),
                        texts.event_text(self.match, r)) for r in reversed(self.standings.deals)]

    def _with_ended(self, ended: bool) -> Match:
        m = self.match
        return Match(m.rules, replace(m.format, ended=ended), m.teams, m.first_dealer, m.deals, m.extra)

    def _step_to_undo(self) -> Step | None:
        """The last change made here; with no history (a fresh start, or another phone changed the
        match) the last visible one: the ending of a stopped match, else its last deal."""
        if self.undo_stack:
            return self.undo_stack[-1]
        if self.can_reopen:
            return Step("end", None, self._with_ended(False), self.match)
        if self.match.deals:
            return Step("record", len(self.match.deals), self.match.with_deals(self.match.deals[:-1]), self.match)
        return None

    @property
    def can_undo(self) -> bool:
        return self._step_to_undo() is not None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    @property
    def can_end(self) -> bool:
        return self.match.format.type == "open" and not self.finished

    @property
    def can_reopen(self) -> bool:
        """Stopped by the players, and its format would take more deals (a match won on bazzis or a
        target total is over for good)."""
        if not self.match.format.ended:
            return False
        m = self._with_ended(False)
        return not replay_deals(m.rules, m.format, m.first_dealer, m.deals).finished

    @property
    def undo_action(self) -> tuple[str, Any] | None:
        """("deleted", (number, deal)) while the last change was a deletion (the notice offers Undo)."""
        step = self.undo_stack[-1] if self.undo_stack else None
        if step is None or step.kind != "delete":
            return None
        return ("deleted", (step.number, step.before.deals[step.number - 1]))

    @property
    def offers_undo(self) -> bool:
        """The notice of a change easy to regret (a deletion, ending the match) carries an Undo button."""
        step = self._announced
        return (bool(self.message) and step is not None and step.kind in ("delete", "end")
                and bool(self.undo_stack) and self.undo_stack[-1] is step)

    # -- changes (each one a step, saved against the revision we showed)
    def add_deal(self, deal: Deal) -> bool:
        return self._do("record", len(self.match.deals) + 1, self.match.with_deals(self.match.deals + (deal,)), None)

    def replace_deal(self, number: int, deal: Deal) -> bool:
        deals = list(self.match.deals)
        deals[number - 1] = deal
        return self._do("edit", number, self.match.with_deals(deals),
                        _("Deal {number} changed; everything after it was recomputed.").format(number=fmt().number(number)))

    def delete_deal(self, number: int) -> bool:
        deals = list(self.match.deals)
        deals.pop(number - 1)
        return self._do("delete", number, self.match.with_deals(deals),
                        _("Deal {number} deleted.").format(number=fmt().number(number)))

    def end_match(self) -> bool:
        if not self.can_end:
            return False
        return self._do("end", None, self._with_ended(True), _("The match is ended. Undo reopens it."))

    def reopen_match(self) -> bool:
        if not self.can_reopen:
            return False
        return self._do("reopen", None, self._with_ended(False), _("The match is open again."))

    def undo(self) -> bool:
        """Take back the last step: a deal, an edit, a deletion, ending or reopening the match."""
        step = self._step_to_undo()
        if step is None or not self._store(step.before):
            return False
        if self.undo_stack and self.undo_stack[-1] is step:
            self.undo_stack.pop()
        self.redo_stack.append(step)
        self.message = self._undone_text(step)
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        step = self.redo_stack[-1]
        if not self._store(step.after):
            return False
        self.redo_stack.pop()
        self.undo_stack.append(step)
        self.message = self._redone_text(step)
        return True

    # The names the scoreboard and the deal screen have always used.
    undo_last = undo

    def undo_delete(self) -> bool:
        return self.undo() if self.undo_action else False

    def _undone_text(self, step: Step) -> str:
        n = fmt().number(step.number) if step.number is not None else ""
        if step.kind == "record":
            return _("Deal {number} taken back.").format(number=n)
        if step.kind == "edit":
            return _("The change to deal {number} was taken back.").format(number=n)
        if step.kind == "delete":
            return _("Deal {number} restored.").format(number=n)
        if step.kind == "end":
            return _("The match is open again.")
        return _("The match is ended again.")

    def _redone_text(self, step: Step) -> str:
        n = fmt().number(step.number) if step.number is not None else ""
        if step.kind == "record":
            return _("Deal {number} put back.").format(number=n)
        if step.kind == "edit":
            return _("Deal {number} changed again.").format(number=n)
        if step.kind == "delete":
            return _("Deal {number} deleted.").format(number=n)
        if step.kind == "end":
            return _("The match is ended again.")
        return _("The match is open again.")

    def dismiss(self) -> None:
        self.message = None


# --------------------------------------------------------------------------- record / edit a deal

class DealEntryVM:
    """Entry of one deal: a new one (number None) or deal `number` (1-based) to edit."""

    def __init__(self, match: Match, number: int | None = None):
        self.match = match
        self.rules = match.rules
        self.number = number
        self.cards: tuple[str, ...] = tuple(self.rules.point_cards)
        before = match.deals if number is None else match.deals[: number - 1]
        prior = replay_deals(self.rules, match.format, match.first_dealer, before)
        self.computed_dealer: int | None = prior.next_dealer
        self.owner: dict[str, int] = {c: 0 for c in self.cards}
        self.mode = "cards"
        self.points_text = ""
        self.sweeps = {(t, k): 0 for t in (0, 1) for k in SWEEP_KINDS}
        self.most_cards: int | str | None = None
        self.dealer = self.computed_dealer
        self.original: Deal | None = None
        if number is not None:
            self._load(match.deals[number - 1])

    def _load(self, deal: Deal) -> None:
        self.original = deal
        if deal.cards is not None:
            self.mode = "cards"
            self.owner = {c: (1 if c in deal.cards[1] else 0) for c in self.cards}
        else:
            self.mode = "points"
            self.points_text = str(deal.points[0])
            c0 = self._points_to_cards_guess()
            self.owner = c0
        for s in deal.sweeps:
            self.sweeps[(s.team, s.kind)] += 1
        self.most_cards = deal.most_cards
        if deal.dealer is not None:
            self.dealer = deal.dealer

    def rebase(self, match: Match) -> None:
        """The match changed on another phone: keep the entry, recompute what depends on the deal list."""
        number = self.number
        if number is not None and number > len(match.deals):
            number = None
        before = match.deals if number is None else match.deals[: number - 1]
        old_computed = self.computed_dealer
        self.match, self.number = match, number
        self.computed_dealer = replay_deals(self.rules, match.format, match.first_dealer, before).next_dealer
        if self.dealer == old_computed:
            self.dealer = self.computed_dealer

    def _points_to_cards_guess(self) -> dict[str, int]:
        return {c: 0 for c in self.cards}

    # -- entry
    def toggle(self, code: str) -> None:
        self.owner[code] = 1 - self.owner[code]

    def swap_all(self) -> None:
        for code in self.cards:
            self.owner[code] = 1 - self.owner[code]

    def set_mode(self, mode: str) -> None:
        if mode == "points" and self.mode == "cards" and not self.points_text:
            self.points_text = str(self.card_points()[0])  # carry the cards over
        self.mode = mode

    def set_points_text(self, text: str) -> None:
        self.points_text = (text or "").strip()

    def inc(self, team: int, kind: str) -> None:
        self.sweeps[(team, kind)] += 1

    def dec(self, team: int, kind: str) -> None:
        self.sweeps[(team, kind)] = max(0, self.sweeps[(team, kind)] - 1)

    def set_most_cards(self, value: int | str | None) -> None:
        self.most_cards = value

    def set_dealer(self, seat: int) -> None:
        self.dealer = seat

    # -- derived
    @property
    def needs_most_cards(self) -> bool:
        return self.rules.needs_most_cards

    def team_of(self, code: str) -> int:
        return self.owner[code]

    def card_text(self, code: str) -> str:
        return card_label(code)

    def card_points(self) -> tuple[int, int] | None:
        if self.mode == "cards":
            values = self.rules.card_values
            c0 = sum(values[c] for c in self.cards if self.owner[c] == 0)
            return c0, self.rules.card_total - c0
        try:
            p0 = int(self.points_text)
        except ValueError:
            return None
        return p0, self.rules.card_total - p0

    def _sweeps(self) -> tuple[Sweep, ...]:
        return tuple(Sweep(t, k) for (t, k), n in sorted(self.sweeps.items()) for _i in range(n))

    def build(self) -> Deal:
        """The deal as entered (possibly invalid)."""
        if self.mode == "cards":
            cards = (frozenset(c for c in self.cards if self.owner[c] == 0),
                     frozenset(c for c in self.cards if self.owner[c] == 1))
            points = None
        else:
            cards, cp = None, self.card_points()
            points = cp if cp is not None else None
        orig = self.original
        return Deal(
            cards=cards,
            points=points,
            sweeps=self._sweeps(),
            most_cards=self.most_cards if self.needs_most_cards else None,
            dealer=self.dealer if self.dealer != self.computed_dealer else (orig.dealer if orig and orig.dealer == self.dealer else None),
            bid=orig.bid if orig else None,
            note=orig.note if orig else None,
            extra=orig.extra if orig else {},
        )

    def totals(self) -> tuple[int, int] | None:
        cp = self.card_points()
        if cp is None or not all(0 <= p <= self.rules.card_total for p in cp):
            return None
        deal = self.build()
        if deal.points is None and deal.cards is None:
            return None
        return score_deal(deal, self.rules).scores

    def error(self) -> str | None:
        """Why this entry cannot be saved, in the user's language; None when it can.

        Only the entry checks the rules engine cannot make are done here (an empty or
        non-numeric points field); every deal fault is the engine's, worded by its code.
        """
        names = (self.match.teams[0].name, self.match.teams[1].name)
        if self.mode == "points":
            if self.points_text == "":
                return _("Enter the card points of {team}.").format(team=names[0])
            try:
                int(self.points_text)
            except ValueError:
                return _("The card points must be a whole number.")
        deal = self.build()
        number = self.number or len(self.match.deals) + 1
        try:
            validate_deal(deal, self.rules, self.dealer)
        except MatchError as err:
            return texts.deal_fault_text(self.match, err)
        deals = list(self.match.deals)
        if self.number is None:
            deals.append(deal)
        else:
            deals[self.number - 1] = deal
        try:
            replay(self.match.with_deals(deals))
        except MatchError as err:
            reason = texts.deal_fault_text(self.match, err)
            if err.deal is not None and err.deal != number:
                return _("With this change, deal {number} is no longer valid: {reason}").format(
                    number=fmt().number(err.deal), reason=reason)
            return reason
        return None


# --------------------------------------------------------------------------- statistics

class StatsVM:
    """The statistics' figures, read from the store when loaded (off the event loop), never when drawn."""

    def __init__(self, repo: MatchRepository):
        self.repo = repo
        self.matches = self.finished = self.deals = 0
        self.sweeps = {k: 0 for k in SWEEP_KINDS}
        self.message: str | None = None
        self.reload()

    def reload(self) -> None:
        try:
            summaries = self.repo.list_matches()
        except STORE_FAULTS as err:
            self.message = texts.store_read_fault_text(err)
            return
        sweeps = {k: 0 for k in SWEEP_KINDS}
        for m in summaries:
            try:
                for d in self.repo.get(m.id).match.deals:
                    for s in d.sweeps:
                        sweeps[s.kind] += 1
            except Exception:
                log.debug("statistics: match %s skipped", m.id, exc_info=True)
        self.matches, self.finished = len(summaries), sum(1 for m in summaries if m.finished)
        self.deals, self.sweeps, self.message = sum(m.deals for m in summaries), sweeps, None


# --------------------------------------------------------------------------- settings

class SettingsVM:
    """This device's settings: language, theme and native digits (kept by the caller, e.g. in the
    browser's localStorage, through `save(key, value)`). A first start follows the device's language
    when the app has it, else English; the store's settings are only a fallback default for the theme."""

    KEYS = ("language", "theme", "native_digits")

    def __init__(self, repo: MatchRepository | None = None, stored: dict | None = None,
                 save: Callable[[str, Any], None] | None = None, device_language: str | None = None):
        stored = stored or {}
        self._save = save
        language = stored.get("language")
        if language not in LANGUAGES:
            language = device_language if device_language in LANGUAGES else "en"
        self.language = language
        theme = stored.get("theme")
        if theme not in THEMES and repo is not None:
            try:
                theme = repo.get_setting("theme", None)
            except Exception:
                theme = None
        self.theme = theme if theme in THEMES else "system"
        self.native_digits = stored.get("native_digits") is True

    @property
    def offers_native_digits(self) -> bool:
        return has_native_digits(self.language)

    def _put(self, key: str, value: Any) -> None:
        if self._save is not None:
            self._save(key, value)

    def set_language(self, code: str) -> None:
        if code in LANGUAGES:
            self.language = code
            self._put("language", code)

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self.theme = theme
            self._put("theme", theme)

    def set_native_digits(self, on: bool) -> None:
        self.native_digits = bool(on)
        self._put("native_digits", self.native_digits)
