"""Replay: standings, ledger, bazzis and next dealer, derived from the settings and the deals.

Editing or deleting a past deal is a new replay of the changed list, never a patch.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from seep_scorer.rules.errors import MatchError
from seep_scorer.rules.model import Deal, Match
from seep_scorer.rules.presets import MatchFormat, Rules
from seep_scorer.rules.scoring import score_deal, validate_deal


# Named tuples: replay builds one per deal.
class BazziEvent(NamedTuple):
    """A bazzi won (or, cumulative scoring, the target reached): by team `winner`, and why."""

    winner: int
    cause: str  # lead | minimum | target


class DealResult(NamedTuple):
    """One deal replayed: its scores and everything derived after it."""

    number: int  # 1-based
    dealer: int | None
    bidder: int | None
    card_points: tuple[int, int]
    sweep_points: tuple[int, int]
    bonus: tuple[int, int]
    scores: tuple[int, int]
    difference: int  # running difference (team 0 minus team 1) after the deal
    event: BazziEvent | None
    next_dealer: int | None
    bazzis: tuple[int, int]  # tally after the deal
    totals: tuple[int, int]  # cumulative deal scores after the deal


# Events are immutable: one of each, shared by every deal that ends a bazzi.
_MINIMUM = (BazziEvent(0, "minimum"), BazziEvent(1, "minimum"))
_LEAD = (BazziEvent(0, "lead"), BazziEvent(1, "lead"))
_TARGET = (BazziEvent(0, "target"), BazziEvent(1, "target"))


@dataclass(frozen=True, slots=True)
class Standings:
    deals: tuple[DealResult, ...]
    bazzis: tuple[int, int]
    difference: int
    totals: tuple[int, int]
    finished: bool
    winner: int | str | None  # 0, 1, "draw" or None
    next_dealer: int | None
    next_bidder: int | None

    @property
    def leader(self) -> int | None:
        """The team ahead in the current difference, or None when level."""
        return 0 if self.difference > 0 else 1 if self.difference < 0 else None


def bidder_of(dealer: int | None) -> int | None:
    """The bidder sits on the dealer's right."""
    return None if dealer is None else (dealer + 1) % 4


class Replay:
    """Folds deals one at a time; `replay()` is this fold over a whole list."""

    __slots__ = (
        "rules",
        "format",
        "dealer",
        "difference",
        "bazzis",
        "totals",
        "results",
        "finished_after",
        "winner",
        "_ledger",
        "_minimum",
        "_minimum_counts_sweeps",
        "_lead_target",
    )

    def __init__(self, rules: Rules, match_format: MatchFormat, first_dealer: int | None):
        self.rules = rules
        self.format = match_format
        self.dealer = first_dealer
        self.difference = 0
        self.bazzis = (0, 0)
        self.totals = (0, 0)
        self.results: list[DealResult] = []
        self.finished_after: int | None = None  # deal number after which the match was over
        self.winner: int | str | None = None
        # The rules the fold reads for every deal, looked up once (a file's reader folds thousands).
        self._ledger = rules.scoring == "ledger"
        self._minimum = rules.minimum
        self._minimum_counts_sweeps = rules.minimum_counts_sweeps
        self._lead_target = rules.lead_target

    def add(self, deal: Deal) -> DealResult:
        self.fold_scored(self._scored((deal,)))
        return self.results[-1]

    def extend(self, deals: Iterable[Deal]) -> None:
        """add() for each deal, in one fold."""
        self.fold_scored(self._scored(deals))

    def _scored(self, deals: Iterable[Deal]):
        """Each deal validated (with the dealer the fold left) and scored, as fold_scored takes
        them."""
        rules = self.rules
        for deal in deals:
            number = len(self.results) + 1
            if self.finished_after is not None:
                raise MatchError(
                    deal=number,
                    code="match_over",
                    params={"after": self.finished_after},
                )
            dealer = deal.dealer if deal.dealer is not None else self.dealer
            try:
                validate_deal(deal, rules, dealer)
            except MatchError as err:
                raise err.located(deal=number) from None
            yield (deal, dealer, *score_deal(deal, rules))

    def fold_scored(self, scored: Iterable[tuple]) -> None:
        """Fold deals already validated (validate_deal with the dealer the fold left, the match
        not over) and scored (score_deal): items (deal, dealer, card_points, sweep_points, bonus,
        scores), in one loop; the fold does not look at the deal itself (None is fine). A match
        file's reader checks each deal while it parses it, and folds thousands. The state is
        current after each item (`dealer`, `finished_after`), so a generator may read it to check
        the next deal; it must not give a deal once the match is over (add refuses one)."""
        results = self.results
        append = results.append
        difference, bazzis, totals = self.difference, self.bazzis, self.totals
        t0, t1 = totals
        ledger, minimum, counts_sweeps, lead = (
            self._ledger,
            self._minimum,
            self._minimum_counts_sweeps,
            self._lead_target,
        )
        fmt = self.format
        target = fmt.count if fmt.type == "target" else None
        try:
            for _deal, dealer, card_points, sweep_points, bonus, scores in scored:
                s0, s1 = scores
                t0 += s0
                t1 += s1
                totals = (t0, t1)
                bidder = None if dealer is None else (dealer + 1) % 4
                event = None
                if ledger:
                    raw = difference + s0 - s1
                    if dealer is None:
                        would_be = None
                    elif raw > 0 if dealer % 2 == 0 else raw < 0:
                        would_be = bidder  # the dealer's team leads: the deal passes to the right
                    else:
                        would_be = dealer
                    if minimum is not None:
                        if counts_sweeps:
                            b0, b1 = s0, s1
                        else:
                            b0, b1 = s0 - sweep_points[0], s1 - sweep_points[1]
                        if b0 < minimum:
                            event = _MINIMUM[1]
                        elif b1 < minimum:
                            event = _MINIMUM[0]
                    if event is None and (raw >= lead or -raw >= lead):
                        event = _LEAD[0 if raw > 0 else 1]
                    if event is None:
                        difference = raw
                        next_dealer = would_be
                    else:
                        difference = 0  # any excess over the target is discarded
                        bazzis = (
                            (bazzis[0] + 1, bazzis[1])
                            if event.winner == 0
                            else (bazzis[0], bazzis[1] + 1)
                        )
                        next_dealer = None if would_be is None else (would_be + 2) % 4
                else:
                    difference = t0 - t1
                    next_dealer = bidder
                    if target is not None and (t0 >= target or t1 >= target) and t0 != t1:
                        event = _TARGET[0 if t0 > t1 else 1]
                append(
                    DealResult(
                        len(results) + 1,
                        dealer,
                        bidder,
                        card_points,
                        sweep_points,
                        bonus,
                        scores,
                        difference,
                        event,
                        next_dealer,
                        bazzis,
                        totals,
                    )
                )
                self.dealer = next_dealer
                if event is not None:
                    self.difference, self.bazzis, self.totals = difference, bazzis, totals
                    self._check_finished(len(results), event)
        finally:
            self.difference, self.bazzis, self.totals = difference, bazzis, totals

    def _check_finished(self, number: int, event: BazziEvent) -> None:
        fmt, (b0, b1) = self.format, self.bazzis
        if event.cause == "target":
            self.finished_after, self.winner = number, event.winner
        elif fmt.type == "bazzis" and b0 + b1 >= fmt.count:
            self.finished_after, self.winner = number, 0 if b0 > b1 else 1 if b1 > b0 else "draw"
        elif fmt.type == "first_to" and max(b0, b1) >= fmt.count:
            self.finished_after, self.winner = number, 0 if b0 > b1 else 1

    def standings(self) -> Standings:
        finished, winner = self.finished_after is not None, self.winner
        if not finished and self.format.ended:
            # The players stopped the match: whoever is ahead wins it.
            finished = True
            a, b = self.bazzis if self.rules.scoring == "ledger" else self.totals
            winner = 0 if a > b else 1 if b > a else "draw"
        return Standings(
            tuple(self.results),
            self.bazzis,
            self.difference,
            self.totals,
            finished,
            winner,
            self.dealer,
            bidder_of(self.dealer),
        )


def replay_deals(
    rules: Rules, match_format: MatchFormat, first_dealer: int | None, deals: Iterable[Deal]
) -> Standings:
    state = Replay(rules, match_format, first_dealer)
    state.extend(deals)
    return state.standings()


def stopped_early(match_format: MatchFormat, standings: Standings) -> bool:
    """Whether the players stopped a match that its format would have gone on with (an open-ended
    match has no other way to end, so it never counts as stopped early)."""
    if not match_format.ended or match_format.type == "open":
        return False
    b0, b1 = standings.bazzis
    if match_format.type == "bazzis":
        return b0 + b1 < match_format.count
    if match_format.type == "first_to":
        return max(b0, b1) < match_format.count
    # a target match ends with the deal that reaches the target: it is the last one
    last = standings.deals[-1].event if standings.deals else None
    return last is None or last.cause != "target"


def replay(match: Match) -> Standings:
    """Validate and replay a whole match. Raises MatchError naming the first bad deal."""
    return replay_deals(match.rules, match.format, match.first_dealer, match.deals)


def validate_match(match: Match) -> Standings:
    """Settings and every deal checked; returns the standings of a valid match."""
    match.rules.validate()
    match.format.validate(match.rules)
    if match.first_dealer is not None and not (
        type(match.first_dealer) is int and 0 <= match.first_dealer <= 3
    ):
        raise MatchError(field="first_dealer", code="dealer_seat")
    return replay(match)
