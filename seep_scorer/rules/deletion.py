"""Deleting a deal: what it does to the deals after it.

A deal recorded without a dealer is dealt by whoever the rules compute from the deals before
it, so deleting a deal can change the dealer of a later one, and with it the team that may make
its opening or last-play sweep. `plan_deletion` says which later deals change dealer, which deal
would then be invalid and why, and builds the way out: the later deals keeping the dealers they
were shown with, recorded on them (the match file's own optional `dealer` field: the format is
unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from seep_scorer.rules.errors import MatchError
from seep_scorer.rules.model import Deal, Match
from seep_scorer.rules.replay import Replay, Standings, replay


class DealerChange(NamedTuple):
    """A later deal whose dealer a deletion changes (numbered as before the deletion)."""

    number: int
    before: int | None
    after: int | None


@dataclass(frozen=True, slots=True)
class Deletion:
    """Deleting deal `number`; every deal number here counts as before the deletion."""

    number: int
    match: Match  # without the deal, later dealers computed anew (invalid when `error` is set)
    changes: tuple  # DealerChange of each later deal whose dealer changes (up to `failing`)
    error: MatchError | None  # why `match` is invalid, as its replay said
    failing: int | None  # the deal `error` is about
    over_after: int | None  # a match over too soon (code match_over): the deal it would end with
    kept: Match | None  # the way out, later deals keeping the dealers shown; None if invalid too

    @property
    def dealer_cause(self) -> DealerChange | None:
        """The failing deal's change of dealer, when that is what makes it fail."""
        if self.over_after is not None:
            return None
        return next((c for c in self.changes if c.number == self.failing), None)

    @property
    def to_change(self) -> int | None:
        """The deal to change first: the failing one, or the one the match would end with."""
        return self.over_after if self.over_after is not None else self.failing


def plan_deletion(match: Match, number: int, standings: Standings | None = None) -> Deletion:
    """Deleting deal `number` (1-based) of a valid match; `standings`: replay(match), if known."""
    shown = [r.dealer for r in (standings or replay(match)).deals]
    deals = match.deals
    before, later = deals[: number - 1], deals[number:]
    changes = []
    error = failing = over_after = None
    state = _replay(match, before)
    for n, deal in enumerate(later, start=number + 1):
        dealer = deal.dealer if deal.dealer is not None else state.dealer
        if dealer != shown[n - 1]:
            changes.append(DealerChange(n, shown[n - 1], dealer))
        try:
            state.add(deal)
        except MatchError as err:
            error, failing = err, n
            if err.code == "match_over":
                # the replay numbered the deals without the deleted one
                over_after = err.params.get("after", 0) + 1
            break
    return Deletion(
        number,
        match.with_deals(before + later),
        tuple(changes),
        error,
        failing,
        over_after,
        _keeping_dealers(match, before, later, shown, number),
    )


def _replay(match: Match, deals) -> Replay:
    state = Replay(match.rules, match.format, match.first_dealer)
    state.extend(deals)
    return state


def _keeping_dealers(match: Match, before, later, shown, number: int) -> Match | None:
    """The match without the deal, each later deal whose dealer would change recording the one
    it was shown with (only those: the others go on following the rules); None when even that
    is invalid."""
    state = _replay(match, before)
    kept = list(before)
    try:
        for n, deal in enumerate(later, start=number + 1):
            if deal.dealer is None and state.dealer != shown[n - 1]:
                deal = Deal(
                    deal.cards,
                    deal.points,
                    deal.sweeps,
                    deal.most_cards,
                    shown[n - 1],
                    deal.bid,
                    deal.note,
                    deal.extra,
                )
            state.add(deal)
            kept.append(deal)
    except MatchError:
        return None
    return match.with_deals(kept)
