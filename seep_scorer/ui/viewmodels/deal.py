"""Entry of one deal (a new one, or a past one to edit): plain state, checked by the rules
engine."""

from __future__ import annotations

from ...i18n import _, fmt
from ...rules import (
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
from ...rules.replay import bidder_of
from .. import texts

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
