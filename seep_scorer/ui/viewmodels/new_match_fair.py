"""Fair teams on the new-match screen (stats.md "Ratings"): once four players are named, the split
into two partnerships whose chances of winning a bazzi are closest to 50-50, from everyone's
all-time rating; applied in one tap, and undone in one."""

from __future__ import annotations

from ...stats import player_key
from ...stats.ratings import TeamSplit, fair_teams
from .. import texts
from .base import STORE_FAULTS
from .new_match import NewMatchVM

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
