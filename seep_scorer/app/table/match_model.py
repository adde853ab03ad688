"""One match at the table, as its screens see it: the scoreboard's standings, deal rows and undo
history (`ScoreboardVM`), and a deal being entered or edited (`DealEntryVM`), kept as a draft on
the device until it is saved (`DraftBook`).

One match's scoreboard: standings, deal rows, and the undo and redo history of this phone."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, replace
from typing import Any, Callable

from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.i18n import texts
from seep_scorer.i18n.texts import REDO_LABELS, REDONE_TEXTS, UNDO_LABELS, UNDONE_TEXTS
from seep_scorer.i18n.translate import _, fmt, ngettext
from seep_scorer.rules import (
    SWEEP_KINDS,
    Deal,
    Match,
    MatchError,
    Sweep,
    replay,
    replay_deals,
    score_deal,
    validate_deal,
)
from seep_scorer.rules.cards import card_label
from seep_scorer.rules.deletion import Deletion, plan_deletion
from seep_scorer.rules.replay import DealResult, bidder_of
from seep_scorer.store.repository import MatchRepository, StaleRevision, StoredMatch

__all__ = [
    "DealRow",
    "ScoreboardVM",
    "Step",
    "sweeps_text",
    "deal_rows",
    "deal_view_lines",
]


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
        self._announced: Step | None = (
            None  # the step whose message is showing (its notice may offer Undo)
        )
        # A deletion refused because a later deal would fail (its dealer recomputed), while its
        # message shows: the way out, `delete_keeping_dealers`, applies to this very state only.
        self.refusal: Deletion | None = None
        self._refused_in: Match | None = None  # the match state the refusal was worked out on
        self.reload()

    # -- state
    def reload(self) -> None:
        self.stored = self.repo.get(self.match_id)
        self.match = self.stored.match
        self.standings = replay(self.match)

    def _forget_history(self) -> None:
        """The history belonged to a deal list that changed elsewhere: its states are no longer ours
        to restore."""
        self.undo_stack.clear()
        self.redo_stack.clear()

    def refresh_if_changed(self) -> bool:
        """Another phone saved: reload if the stored revision moved. Returns whether it did."""
        current = self.repo.get(self.match_id)
        return current.revision != self.stored.revision and self._take(current)

    def adopt(self, stored: StoredMatch) -> bool:
        """Another session of this process saved `stored` (app/shell/app.py): shown as if read
        back, with no read. Returns whether it moved (an older revision told late is not taken)."""
        newer = stored.id == self.match_id and stored.revision > self.stored.revision
        return newer and self._take(stored)

    def _take(self, stored: StoredMatch) -> bool:
        self.stored, self.match = stored, stored.match
        self.standings = replay(self.match)
        self._forget_history()
        self.refusal = None
        return True

    def _store(self, match: Match) -> bool:
        """Save `match` against the revision shown. On failure the state shown stays as it was
        (or becomes the stored one, when another phone saved first) and `message` says why."""
        self._announced = self.refusal = None
        try:
            self.stored = self.repo.save(self.match_id, match, self.stored.revision)
        except StaleRevision as err:
            self._forget_history()
            self.message = texts.store_fault_text(err)
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

    def standing_text(self, team: int) -> str:
        """A team's standing as one sentence: "Sharmas: 1 bazzi, 450 points" (ledger) or "Sharmas:
        450 points"."""
        f, st = fmt(), self.standings
        total = st.totals[team]
        points = ngettext("{points} point", "{points} points", total).format(points=f.number(total))
        name = self.team_names()[team]
        if self.uses_bazzis:
            n = st.bazzis[team]
            bazzis = ngettext("{count} bazzi", "{count} bazzis", n).format(count=f.number(n))
            # TRANSLATORS: a team's standing on the scoreboard, read aloud: "Sharmas: 1 bazzi, 450
            # points".
            return _("{team}: {bazzis}, {points}").format(team=name, bazzis=bazzis, points=points)
        return _("{team}: {points}").format(team=name, points=points)

    def bazzi_heading(self, number: int) -> str:
        """The heading over the deals of one bazzi."""
        if sum(self.standings.bazzis) >= number:
            return _("Bazzi {number}").format(number=fmt().number(number))
        return _("Bazzi {number}, in play").format(number=fmt().number(number))

    def undo_label(self) -> str:
        """What the undo button does, in words ("Take back deal 4")."""
        step = self._step_to_undo()
        if step is None:
            return _("Nothing to take back")
        return _(UNDO_LABELS[step.kind]).format(number=self._step_number(step))

    def redo_label(self) -> str:
        if not self.redo_stack:
            return _("Nothing to put back")
        step = self.redo_stack[-1]
        return _(REDO_LABELS[step.kind]).format(number=self._step_number(step))

    def format_text(self) -> str:
        mf, n = self.match.format, self.match.format.count
        if mf.type == "bazzis":
            return ngettext("Match of {count} bazzi", "Match of {count} bazzis", n).format(
                count=fmt().number(n)
            )
        if mf.type == "first_to":
            return ngettext("First to {count} bazzi", "First to {count} bazzis", n).format(
                count=fmt().number(n)
            )
        if mf.type == "target":
            return ngettext("First to {count} point", "First to {count} points", n).format(
                count=fmt().number(n)
            )
        return _("Open-ended match")

    def rows(self) -> list[DealRow]:
        """One row per deal, newest first (`bazzi`: the bazzi each belongs to, for the headings)."""
        return deal_rows(self.match, self.standings.deals)

    def deal_view(self, number: int) -> list[tuple[str, str]] | None:
        """Deal `number`, read-only: (what, value) lines; None when there is no such deal (any
        more)."""
        if not 1 <= number <= len(self.match.deals):
            return None
        return deal_view_lines(
            self.match, self.standings.deals[number - 1], self.match.deals[number - 1]
        )

    def _with_ended(self, ended: bool) -> Match:
        m = self.match
        return Match(
            m.rules, replace(m.format, ended=ended), m.teams, m.first_dealer, m.deals, m.extra
        )

    def _step_to_undo(self) -> Step | None:
        """The last change made here; with no history (a fresh start, or another phone changed the
        match) the last visible one: the ending of a stopped match, else its last deal."""
        if self.undo_stack:
            return self.undo_stack[-1]
        if self.can_reopen:
            return Step("end", None, self._with_ended(False), self.match)
        if self.match.deals:
            return Step(
                "record",
                len(self.match.deals),
                self.match.with_deals(self.match.deals[:-1]),
                self.match,
            )
        return None

    @property
    def can_undo(self) -> bool:
        return self._step_to_undo() is not None

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    @property
    def can_end(self) -> bool:
        """Any match still in play can be stopped ("we stop here"): whoever leads wins it, and undo
        or "Reopen the match" bring it back, as for an open-ended one."""
        return not self.finished

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
        """("deleted", (number, deal)) while the last change was a deletion (the notice offers
        Undo)."""
        step = self.undo_stack[-1] if self.undo_stack else None
        if step is None or step.kind != "delete":
            return None
        return ("deleted", (step.number, step.before.deals[step.number - 1]))

    @property
    def offers_undo(self) -> bool:
        """The notice of a change easy to regret (a deletion, ending the match) carries an Undo
        button."""
        step = self._announced
        return (
            bool(self.message)
            and step is not None
            and step.kind in ("delete", "end")
            and bool(self.undo_stack)
            and self.undo_stack[-1] is step
        )

    # -- changes (each one a step, saved against the revision we showed)
    def add_deal(self, deal: Deal) -> bool:
        return self._do(
            "record",
            len(self.match.deals) + 1,
            self.match.with_deals(self.match.deals + (deal,)),
            None,
        )

    def replace_deal(self, number: int, deal: Deal) -> bool:
        deals = list(self.match.deals)
        deals[number - 1] = deal
        return self._do(
            "edit",
            number,
            self.match.with_deals(deals),
            _("Deal {number} changed; everything after it was recomputed.").format(
                number=fmt().number(number)
            ),
        )

    def delete_deal(self, number: int) -> bool:
        """Delete deal `number`, the later deals' dealers computed anew; refused (with `refusal`
        and a message naming the later deal that would fail, and why) when that makes a later
        deal invalid."""
        self.refusal = None
        plan = plan_deletion(self.match, number, self.standings)
        if plan.error is not None:
            self.refusal, self._refused_in, self._announced = plan, self.match, None
            self.message = refused_text(self.match, plan)
            return False
        return self._do("delete", number, plan.match, deleted_text(plan, kept=False))

    def delete_keeping_dealers(self) -> bool:
        """The way out of a refused deletion: later deals keep the dealers they were shown with."""
        plan = self.refusal
        if plan is None or plan.kept is None or self._refused_in is not self.match:
            # offered on a state another phone has changed since: what it would keep is unknown
            self.message = texts.stale_text()
            return False
        return self._do("delete", plan.number, plan.kept, deleted_text(plan, kept=True))

    def end_match(self) -> bool:
        if not self.can_end:
            return False
        return self._do(
            "end", None, self._with_ended(True), _("The match is ended. Undo reopens it.")
        )

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
        return _(UNDONE_TEXTS[step.kind]).format(number=self._step_number(step))

    def _redone_text(self, step: Step) -> str:
        if step.kind == "delete":
            # deleted again: which later deals that changes the dealer of, as the first time
            plan = plan_deletion(step.before, step.number)
            if plan.error is None or step.after == plan.kept:
                return deleted_text(plan, kept=plan.error is not None)
        return _(REDONE_TEXTS[step.kind]).format(number=self._step_number(step))

    @staticmethod
    def _step_number(step: Step) -> str:
        return fmt().number(step.number) if step.number is not None else ""

    def dismiss(self) -> None:
        self.message, self.refusal = None, None

    def take_message(self) -> str | None:
        """The message of the last change, handed to the screen that shows it instead (the deal
        screen, when its save failed); the scoreboard then has none to show."""
        message, self.message = self.message, None
        return message


# ---- what the deal rows say
# What the scoreboard's deal rows and the read-only deal view say: each deal's own margin apart
# from the running difference, its sweeps, how a bazzi was won, and which bazzi the deal belongs
# to.


@dataclass(frozen=True)
class DealRow:
    number: int
    title: str  # "Deal 3: 71 : 79"
    margin: str  # the deal's own margin: "This deal: Team B +8"
    running: str  # the running difference after it (ledger) or the totals (cumulative)
    sweeps: str | None  # "Sweeps: Team A 1 · Team B 1 opening"
    dealer: str | None
    event: str | None  # how a bazzi was won, or the target reached
    bazzi: int | None  # the bazzi the deal belongs to (1-based; ledger scoring only)
    label: str  # what a screen reader says for the row (it opens the deal)


def _lead(match: Match, diff: int) -> str:
    f = fmt()
    if diff == 0:
        return f.digits(_("level"))
    # TRANSLATORS: a team's lead, e.g. "Team A +30".
    return _("{team} +{points}").format(
        team=texts.team_name(match, 0 if diff > 0 else 1), points=f.number(abs(diff))
    )


def sweeps_text(match: Match, deal: Deal) -> str | None:
    """The deal's sweeps by team ("Sweeps: Team A 2 sweeps, 1 opening sweep · Team B 1 sweep"), None
    without any."""
    f = fmt()
    teams = []
    for t in (0, 1):
        kinds = []
        for kind in ("normal", "opening", "last"):
            n = deal.sweep_count(t, kind)
            if n:
                kinds.append(_ngettext_sweep(kind, n).format(count=f.number(n)))
        if kinds:
            # TRANSLATORS: a team's sweeps in one deal, e.g. "Team A 2 sweeps, 1 opening sweep".
            sweeps = _("{team} {sweeps}")
            teams.append(sweeps.format(team=texts.team_name(match, t), sweeps=", ".join(kinds)))
    if not teams:
        return None
    return _("Sweeps: {list}").format(list=" · ".join(teams))


def _ngettext_sweep(kind: str, n: int) -> str:
    if kind == "opening":
        return ngettext("{count} opening sweep", "{count} opening sweeps", n)
    if kind == "last":
        return ngettext("{count} last-play sweep", "{count} last-play sweeps", n)
    return ngettext("{count} sweep", "{count} sweeps", n)


def deal_rows(match: Match, results: tuple[DealResult, ...]) -> list[DealRow]:
    """One row per deal, newest first."""
    f = fmt()
    ledger = match.rules.scoring == "ledger"
    rows = []
    before = (0, 0)
    for r, deal in zip(results, match.deals):
        margin = _("This deal: {lead}").format(lead=_lead(match, r.scores[0] - r.scores[1]))
        if ledger:
            running = _("Difference after it: {lead}").format(lead=_lead(match, r.difference))
        else:
            running = _("Totals after it: {total0} : {total1}").format(
                total0=f.side(r.totals[0]), total1=f.side(r.totals[1])
            )
        dealer = (
            None
            if r.dealer is None
            else _("dealt by {player}").format(player=match.seat_name(r.dealer))
        )
        title = texts.deal_row_text(match, r)
        event = texts.event_text(match, r)
        sweeps = sweeps_text(match, deal)
        label = ". ".join(p for p in (title, margin, running, sweeps, event) if p)
        rows.append(
            DealRow(
                r.number,
                title,
                margin,
                running,
                sweeps,
                dealer,
                event,
                sum(before) + 1 if ledger else None,
                label,
            )
        )
        before = r.bazzis
    rows.reverse()
    return rows


def deal_view_lines(match: Match, r: DealResult, deal: Deal) -> list[tuple[str, str]]:
    """The read-only view of one deal: (what, value) pairs, in reading order."""
    f = fmt()
    names = (texts.team_name(match, 0), texts.team_name(match, 1))
    lines: list[tuple[str, str]] = []
    if r.dealer is not None:
        lines.append((_("Dealer"), match.seat_name(r.dealer)))
    if r.bidder is not None:
        lines.append((_("Bidder"), match.seat_name(r.bidder)))
    for t in (0, 1):
        if deal.cards is not None:
            cards = ", ".join(
                f.code(card_label(c)) for c in match.rules.point_cards if c in deal.cards[t]
            )
            value = _("{points} card points ({cards})").format(
                points=f.number(r.card_points[t]), cards=cards or _("no point cards")
            )
        else:
            value = _("{points} card points").format(points=f.number(r.card_points[t]))
        lines.append((names[t], value))
    sweeps = sweeps_text(match, deal)
    lines.append((_("Sweeps"), sweeps.split(": ", 1)[-1] if sweeps else _("none")))
    if deal.most_cards is not None:
        lines.append(
            (
                _("Most cards"),
                fmt().digits(_("26 each")) if deal.most_cards == "tie" else names[deal.most_cards],
            )
        )
    for t in (0, 1):
        # TRANSLATORS: a team's score for one deal in the read-only deal view, e.g. "Team A: 71".
        lines.append((_("Score of {team}").format(team=names[t]), f.number(r.scores[t])))
    lines.append((_("This deal"), _lead(match, r.scores[0] - r.scores[1])))
    if match.rules.scoring == "ledger":
        lines.append((_("Difference after it"), _lead(match, r.difference)))
    else:
        lines.append((_("Totals after it"), f"{f.side(r.totals[0])} : {f.side(r.totals[1])}"))
    event = texts.event_text(match, r)
    if event:
        lines.append((_("Bazzi"), event))
    if deal.note:
        lines.append((_("Note"), deal.note))
    return lines


# ---- a deal being entered
#
# Entry of one deal (a new one, or a past one to edit): plain state, checked by the rules
# engine.

# Which team may make each kind of sweep: the opening one is the bidder's team's, the last-play
# one the dealer's team's (rules.md); a normal sweep is anyone's.
SWEEP_OWNER = {"opening": "bidder", "last": "dealer"}


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
        self.start_team = 0  # the team every card starts with (the instruction names it)
        self.mode = self.remembered_mode(match) if number is None else "cards"
        self.points_text = ""
        self.sweeps = {(t, k): 0 for t in (0, 1) for k in SWEEP_KINDS}
        self.most_cards: int | str | None = None
        self.dealer = self.computed_dealer
        self.original: Deal | None = None
        # A new entry starts valid (every card on one team): until something is entered, a stray tap
        # (a double tap on "Record deal" lands on Save) must not save it. Mutators set `touched`.
        self.touched = False
        # The deals of the match this entry was opened on: a deal another phone saves meanwhile is
        # asked about before this one is saved after it (`added_elsewhere`).
        self.seen = len(match.deals)
        if number is not None:
            self._load(match.deals[number - 1])

    def _load(self, deal: Deal) -> None:
        self.original = deal
        if deal.cards is not None:
            self.mode = "cards"
            self.owner = {c: (1 if c in deal.cards[1] else 0) for c in self.cards}
        else:
            self.mode = "points"
            self.points_text = str(
                deal.points[0]
            )  # the cards stay where __init__ put them: all on team 0
        for s in deal.sweeps:
            self.sweeps[(s.team, s.kind)] += 1
        self.most_cards = deal.most_cards
        if deal.dealer is not None:
            self.dealer = deal.dealer

    @staticmethod
    def remembered_mode(match: Match) -> str:
        """A new deal starts in the entry mode the match's last deal was recorded in (derived, so
        every phone and every session agrees): a table that scores by points is not asked to switch
        each time."""
        if match.deals and match.deals[-1].cards is None and match.deals[-1].points is not None:
            return "points"
        return "cards"

    def rebase(self, match: Match) -> None:
        """The match changed on another phone: keep the entry, recompute what depends on the deal
        list."""
        number = self.number
        if number is not None and number > len(match.deals):
            number = None
        before = match.deals if number is None else match.deals[: number - 1]
        old_computed = self.computed_dealer
        self.match, self.number = match, number
        self.computed_dealer = replay_deals(
            self.rules, match.format, match.first_dealer, before
        ).next_dealer
        if self.dealer == old_computed:
            self.dealer = self.computed_dealer
        # An undo elsewhere: a deal saved after it is a new one.
        self.seen = min(self.seen, len(match.deals))

    @property
    def untouched(self) -> bool:
        """A new entry nothing was entered in yet: not saved by a tap on Save."""
        return self.number is None and not self.touched

    @property
    def has_changes(self) -> bool:
        """Something entered that leaving would lose (Back asks first; kept as a draft)."""
        return self.touched and (self.number is None or self.build() != self.original)

    def untouched_hint(self) -> str | None:
        """What an untouched card entry waits for (said in place of an error; Save stays off)."""
        if not self.untouched or self.mode != "cards":
            return None  # an empty points field says so itself (`error`)
        team = self.match.teams[1 - self.start_team].name
        # the line over the cards says which to tap; this one says how to save "none" (issue 33:
        # "tap a card twice" puzzled)
        return _("Nothing entered yet. {team} took no cards? Tap one, then tap it again.").format(
            team=team
        )

    def added_elsewhere(self) -> tuple[int, ...]:
        """The numbers of the deals another phone saved since this new entry was opened."""
        if self.number is not None:
            return ()
        return tuple(range(self.seen + 1, len(self.match.deals) + 1))

    def accept_added(self, upto: int | None = None) -> None:
        """This entry is to be saved after the deals saved elsewhere, up to deal `upto` (those the
        question named; one saved while it was open is asked about again)."""
        self.seen = len(self.match.deals) if upto is None else min(upto, len(self.match.deals))

    # -- entry
    def toggle(self, code: str) -> None:
        self.touched = True
        self.owner[code] = 1 - self.owner[code]

    def swap_all(self) -> None:
        self.touched = True
        for code in self.cards:
            self.owner[code] = 1 - self.owner[code]

    def start_with(self, team: int) -> None:
        """A new card entry with every point card on `team` (the "cards to the second team"
        start)."""
        self.start_team = team
        self.owner = {c: team for c in self.cards}
        self.mode = "cards"
        self.touched = False  # the start chosen, nothing entered yet

    def set_mode(self, mode: str) -> None:
        # The points field starts empty: a figure carried over from the cards ("100") would only be
        # typed after ("10060").
        self.mode = mode

    def set_points_text(self, text: str) -> None:
        self.touched = True
        self.points_text = (text or "").strip()

    def inc(self, team: int, kind: str) -> None:
        self.touched = True
        self.sweeps[(team, kind)] += (
            1  # the screen offers it only where `can_add`; the rules check the rest
        )

    def dec(self, team: int, kind: str) -> None:
        self.touched = True
        self.sweeps[(team, kind)] = max(0, self.sweeps[(team, kind)] - 1)

    def set_most_cards(self, value: int | str | None) -> None:
        self.touched = True
        self.most_cards = value

    def set_dealer(self, seat: int) -> None:
        self.touched = True
        self.dealer = seat

    # -- derived
    @property
    def needs_most_cards(self) -> bool:
        return self.rules.needs_most_cards

    @property
    def bidder(self) -> int | None:
        return bidder_of(self.dealer)

    def sweep_team(self, kind: str) -> int | None:
        """The only team that may make a sweep of `kind` in this deal, None when either may
        (a normal sweep, or the dealer unknown)."""
        seat = {"bidder": self.bidder, "dealer": self.dealer}.get(SWEEP_OWNER.get(kind, ""))
        return None if seat is None else seat % 2

    def may_sweep(self, team: int, kind: str) -> bool:
        allowed = self.sweep_team(kind)
        return allowed is None or allowed == team

    def can_add(self, team: int, kind: str) -> bool:
        """Whether the screen offers one more sweep of `kind` to `team`: only to the team allowed to
        make it, and one opening or last-play sweep per deal at most."""
        if kind == "normal":
            return True
        return self.may_sweep(team, kind) and self.sweeps[(0, kind)] + self.sweeps[(1, kind)] == 0

    def team_of(self, code: str) -> int:
        return self.owner[code]

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
            cards = (
                frozenset(c for c in self.cards if self.owner[c] == 0),
                frozenset(c for c in self.cards if self.owner[c] == 1),
            )
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
            dealer=self.dealer
            if self.dealer != self.computed_dealer
            else (orig.dealer if orig and orig.dealer == self.dealer else None),
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

    def outcome(self):
        """What saving this entry would do, replayed with the match (pure): the deal's `DealResult`
        and the standings after it; None while the entry is not valid."""
        if self.error() is not None:
            return None
        deals = list(self.match.deals)
        if self.number is None:
            deals.append(self.build())
        else:
            deals[self.number - 1] = self.build()
        try:
            standings = replay(self.match.with_deals(deals))
        except MatchError:
            return None
        index = (self.number or len(deals)) - 1
        if index >= len(standings.deals):
            return None
        return standings.deals[index], standings

    def preview(self) -> str | None:
        """Said before saving when this deal would end a bazzi (or reach the target), and how; not
        for an untouched entry (its 100 : 0 is no one's deal yet)."""
        if self.untouched:
            return None
        found = self.outcome()
        if found is None:
            return None
        result, standings = found
        if result.event is None:
            return None
        index = result.number - 1
        before = standings.deals[index - 1].difference if index > 0 else 0
        text = _preview_text(self.match, result, before + result.scores[0] - result.scores[1])
        if standings.finished and standings.deals and standings.deals[-1].number == result.number:
            text = f"{text} {texts.result_text(self.match, standings)}"  # who wins it, or a draw
        return text

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
                    number=fmt().number(err.deal), reason=reason
                )
            return reason
        return None


def _preview_text(match: Match, result, raw_difference: int) -> str:
    """How the deal `result` ends its bazzi (or reaches the target), as a sentence."""
    f = fmt()
    event = result.event
    winner, loser = match.teams[event.winner].name, match.teams[1 - event.winner].name
    if event.cause == "minimum":
        return _("{loser} under the minimum: the bazzi goes to {winner}.").format(
            loser=loser, winner=winner
        )
    if event.cause == "lead":
        return _("{winner} ahead by {points}: the bazzi goes to {winner}.").format(
            winner=winner, points=f.number(abs(raw_difference))
        )
    return _("{total} of {target} reached by {winner}.").format(
        winner=winner,
        total=f.number(result.totals[event.winner]),
        target=f.number(match.format.count or 0),
    )


# ---- what deleting a deal says
# What deleting a deal says: why it is refused and the way out, or which later deals changed
# dealer.


def refused_text(match: Match, plan: Deletion) -> str:
    """Which later deal fails without the deal and why, then what to do instead."""
    f = fmt()
    number, later = f.number(plan.number), f.number(plan.failing or 0)
    cause = plan.dealer_cause
    if cause is not None and cause.after is not None:
        old = match.seat_name(cause.before) if cause.before is not None else "?"
        why = _(
            "Deal {number} cannot be deleted as it stands: without it, deal {later} would be "
            "dealt by {new} instead of {old}."
        ).format(number=number, later=later, new=match.seat_name(cause.after), old=old)
        # then the rules' own reason, about the dealer that deal would have
        why = f"{why} {texts.deal_fault_text(match, plan.error)}"
    elif plan.over_after is not None:
        why = _(
            "Deal {number} cannot be deleted as it stands: without it, the match would be "
            "over after deal {over}, and deal {later} could not follow."
        ).format(number=number, over=f.number(plan.over_after), later=later)
    else:
        why = _(
            "Deal {number} cannot be deleted as it stands: without it, deal {later} would be "
            "invalid."
        ).format(number=number, later=later)
        why = f"{why} {texts.deal_fault_text(match, plan.error)}"
    if plan.kept is not None:
        way = _(
            "Delete it keeping the dealers the later deals were shown with, or change deal "
            "{later} first."
        )
    else:
        way = _("Change deal {later} first.")
    return f"{why} {way.format(later=f.number(plan.to_change or 0))}"


def deleted_text(plan: Deletion, kept: bool) -> str:
    """A deletion done, and the later deals that now have another dealer (numbered as now)."""
    f = fmt()
    number = f.number(plan.number)
    if kept:
        return _(
            "Deal {number} deleted; the later deals keep the dealers they were shown with."
        ).format(number=number)
    if not plan.changes:
        return _("Deal {number} deleted.").format(number=number)
    count = len(plan.changes)
    deals = ", ".join(f.number(c.number - 1) for c in plan.changes)
    return ngettext(
        "Deal {number} deleted. {count} later deal now has another dealer: deal "
        "{deals} (as now numbered).",
        "Deal {number} deleted. {count} later deals now have other dealers: deals "
        "{deals} (as now numbered).",
        count,
    ).format(number=number, count=f.number(count), deals=deals)


# ---- drafts on this device
# Deal entries kept as drafts on this device: an entry with changes survives a reload or a
# dropped connection until it is saved or discarded (issue 19, item 4).
#
# Kept in this device's preferences (`app/shell/prefs.py`: the browser's localStorage), which the
# served app and the phone-only app both have and which outlive the session: after a dropped
# connection the server starts a new session, while the browser keeps its storage. One key holds a
# draft per match (a phone enters one deal of a match at a time). What comes back from storage is
# checked before use: a draft that does not fit the entry is ignored, never a fault.

log = logging.getLogger(__name__)
KEY = "deal_drafts"
MAX_DRAFTS = 20  # the most recent ones; an old match's forgotten draft is not kept forever
RETRY_S = 3.0  # after a start that found no drafts, when to ask the browser once more


def _deal_key(deal: Deal | None) -> Any:
    """The deal an edit started from, in a form that compares across sessions (a set's order
    does not)."""
    if deal is None:
        return None
    cards = None if deal.cards is None else [sorted(deal.cards[0]), sorted(deal.cards[1])]
    points = None if deal.points is None else list(deal.points)
    sweeps = sorted([s.team, s.kind] for s in deal.sweeps)
    return [cards, points, sweeps, deal.most_cards, deal.dealer]


def snapshot(vm: DealEntryVM) -> dict:
    """What was entered in `vm`, as plain JSON data."""
    return {
        "number": vm.number,
        "seen": vm.seen,
        "of": _deal_key(vm.original),
        "mode": vm.mode,
        "start": vm.start_team,
        "team1": sorted(c for c in vm.cards if vm.owner[c] == 1),
        "points": vm.points_text,
        "most": vm.most_cards,
        "sweeps": [[t, k, n] for (t, k), n in sorted(vm.sweeps.items()) if n],
        # the dealer only when chosen: one the match computes follows a deal saved elsewhere
        "dealer": vm.dealer if vm.dealer != vm.computed_dealer else None,
    }


def restore(vm: DealEntryVM, data: Any) -> bool:
    """Put the draft `data` into the fresh entry `vm` if it is a draft of this very entry (the same
    deal number; for an edit, of the same deal); True when done. Invalid data changes nothing."""
    if not isinstance(data, dict) or data.get("number") != vm.number:
        return False
    if vm.number is not None and data.get("of") != json.loads(json.dumps(_deal_key(vm.original))):
        return False  # the deal was changed elsewhere since: the draft is of another deal
    mode, start, team1 = data.get("mode"), data.get("start"), data.get("team1")
    points, most = data.get("points"), data.get("most")
    dealer, seen = data.get("dealer"), data.get("seen")
    sweeps = data.get("sweeps")
    ok = (
        mode in ("cards", "points")
        and start in (0, 1)
        and isinstance(team1, list)
        and all(c in vm.cards for c in team1)
        and isinstance(points, str)
        and len(points) <= 3
        and (points == "" or points.isdigit())
        and most in (None, 0, 1, "tie")
        and (dealer is None or dealer in (0, 1, 2, 3))
        and type(seen) is int
        and seen >= 0
        and isinstance(sweeps, list)
        and all(
            isinstance(s, list)
            and len(s) == 3
            and s[0] in (0, 1)
            and s[1] in SWEEP_KINDS
            and type(s[2]) is int
            and 0 < s[2] <= 50
            for s in sweeps
        )
    )
    if not ok:
        return False
    vm.mode, vm.start_team, vm.points_text, vm.most_cards = mode, start, points, most
    vm.owner = {c: (1 if c in team1 else 0) for c in vm.cards}
    vm.sweeps = {(t, k): 0 for t in (0, 1) for k in SWEEP_KINDS}
    for t, k, n in sweeps:
        vm.sweeps[(t, k)] = n
    if dealer is not None:
        vm.dealer = dealer
    if vm.number is None:
        vm.seen = min(seen, len(vm.match.deals))  # deals saved elsewhere since: asked about on Save
    vm.touched = True  # restored is entered: Save is on, and Back asks first
    return True


class DraftBook:
    """This device's drafts, one per match: read once at the start, written in the background."""

    def __init__(self, save: Callable[[str, Any], None]):
        self._save = save
        self.drafts: dict[str, dict] = {}
        self.written = False  # once this session has written, the stored drafts are its own

    def load(self, stored: dict) -> None:
        try:
            value = json.loads(stored.get(KEY) or "{}")
        except (TypeError, ValueError, RecursionError):
            value = None
        if isinstance(value, dict):
            self.drafts = {
                k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, dict)
            }

    async def read_again(self, prefs, handler, top) -> None:
        """The start found no drafts: none stored, or the browser did not answer (seen on the first
        session after a server restart, its client still reconnecting). Ask once more, a moment
        later, and bring back the draft of the entry on screen if nothing was entered in it yet."""
        if self.drafts or self.written:
            return
        await asyncio.sleep(RETRY_S)
        try:
            stored = await prefs.read([KEY])
            # none stored, or this session has written since: even a draft it kept and then
            # dropped (the deal saved) would come back from an answer older than the drop
            if KEY not in stored or self.written:
                return
            self.load(stored)
            screen = top()
            if getattr(screen, "drafts", None) is self:
                await handler(screen.take_draft, screen=screen)()
        except Exception:  # a second chance only: the app goes on without it
            log.debug("drafts not read again", exc_info=True)

    def restore(self, match_id: str, vm: DealEntryVM) -> bool:
        try:
            return restore(vm, self.drafts.get(match_id))
        except Exception:  # whatever storage held, the entry opens (fresh)
            log.debug("draft not restored", exc_info=True)
            return False

    def keep(self, match_id: str, vm: DealEntryVM) -> None:
        data = snapshot(vm)
        if self.drafts.get(match_id) == data:
            return
        self.drafts.pop(match_id, None)
        self.drafts[match_id] = data  # the newest last
        while len(self.drafts) > MAX_DRAFTS:
            self.drafts.pop(next(iter(self.drafts)))
        self._write()

    def drop(self, match_id: str) -> None:
        if self.drafts.pop(match_id, None) is not None:
            self._write()

    def _write(self) -> None:
        self.written = True
        self._save(KEY, json.dumps(self.drafts, separators=(",", ":")))
