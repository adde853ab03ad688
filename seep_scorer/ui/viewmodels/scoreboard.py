"""One match's scoreboard: standings, deal rows, and the undo and redo history of this phone."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...i18n import _, fmt, ngettext
from ...rules import Deal, Match, MatchError, replay, replay_deals
from ...rules.deletion import Deletion, plan_deletion
from ...store.repository import MatchRepository, StaleRevision, StoredMatch
from .. import texts
from .base import STORE_FAULTS
from .deal_delete import deleted_text, refused_text
from .deal_rows import DealRow, deal_rows, deal_view_lines
from .undo_texts import REDO_LABELS, REDONE_TEXTS, UNDO_LABELS, UNDONE_TEXTS

__all__ = ["DealRow", "ScoreboardVM", "Step"]


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
        """Another session of this process saved `stored` (live.py): shown as if read back, with
        no read. Returns whether it moved (an older revision told late is not taken)."""
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
