"""A match's review: the difference after each deal (totals for a cumulative match), the tally,
every deal, a plain-text result to share, the match file and CSV to download, and a rematch."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime

from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.app.table.match_model import DealRow, deal_rows
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import _, fmt
from seep_scorer.rules import Match, MatchError, replay
from seep_scorer.store.repository import MatchNotFound, MatchRepository


@dataclass(frozen=True)
class ChartPoint:
    deal: int  # 0: before the first deal
    value: int
    bazzi: int | None = None  # the team that won a bazzi (or reached the target) with this deal


@dataclass(frozen=True)
class Series:
    team: (
        int | None
    )  # whose totals (a cumulative match); None: the difference (team 0 minus team 1)
    points: tuple[ChartPoint, ...]


class ReviewVM:
    def __init__(self, repo: MatchRepository, match_id: str):
        self.repo = repo
        self.match_id = match_id
        self.message: str | None = None
        self.gone = False
        self.reload()

    # -- state (reading is a store call: off the loop)
    def reload(self) -> None:
        """Raises MatchNotFound when there is no such match at first; later (another phone deleted
        it) the last state stays shown and `gone` says so."""
        try:
            stored = self.repo.get(self.match_id)
        except MatchNotFound:
            if not hasattr(self, "stored"):
                raise
            self.gone, self.message = True, _("This match was deleted on another phone.")
            return
        except STORE_FAULTS as err:
            if not hasattr(self, "stored"):
                raise
            self.message = texts.store_read_fault_text(err)
            return
        self.stored, self.match = stored, stored.match
        self.standings = replay(self.match)

    @property
    def uses_bazzis(self) -> bool:
        return self.match.rules.scoring == "ledger"

    @property
    def finished(self) -> bool:
        return self.standings.finished

    def team_names(self) -> tuple[str, str]:
        return (self.match.teams[0].name, self.match.teams[1].name)

    # -- the chart
    def series(self) -> list[Series]:
        """Ledger: one line per bazzi, the difference after each deal from 0 to the deal that won it
        (its value as it stood before the ledger went back to 0), marked with the winner.
        Cumulative: each team's total after each deal, the deal that reached the target marked."""
        results = self.standings.deals
        if not self.uses_bazzis:
            return [
                Series(
                    t,
                    (ChartPoint(0, 0),)
                    + tuple(
                        ChartPoint(
                            r.number,
                            r.totals[t],
                            r.event.winner if r.event and r.event.winner == t else None,
                        )
                        for r in results
                    ),
                )
                for t in (0, 1)
            ]
        out: list[Series] = []
        points = [ChartPoint(0, 0)]
        before = 0
        for r in results:
            if r.event is None:
                points.append(ChartPoint(r.number, r.difference))
                before = r.difference
                continue
            raw = before + r.scores[0] - r.scores[1]
            points.append(ChartPoint(r.number, raw, r.event.winner))
            out.append(Series(None, tuple(points)))
            points, before = [ChartPoint(r.number, 0)], 0
        if len(points) > 1 or not out:
            out.append(Series(None, tuple(points)))
        return out

    def chart_range(self) -> tuple[int, int]:
        """The y axis: at least the lead target (or the target total) either way, more if a value
        went past it."""
        values = [p.value for s in self.series() for p in s.points]
        if self.uses_bazzis:
            top = max([self.match.rules.lead_target] + [abs(v) for v in values])
            return -top, top
        target = self.match.format.count or 0
        return 0, max([target, 1] + values)

    def chart_summary(self) -> str:
        """What the chart shows, in words (its semantics label)."""
        if self.uses_bazzis:
            return _("The difference after each deal; each bazzi won is marked.")
        return _("Each team's total after each deal.")

    # -- the tally and the deals
    def result_text(self) -> str:
        if self.finished:
            return texts.result_text(self.match, self.standings)
        return _("In progress: {standing}").format(
            standing=texts.difference_text(self.match, self.standings)
        )

    def tally(self) -> tuple[int, int]:
        return self.standings.bazzis if self.uses_bazzis else self.standings.totals

    def rows(self) -> list[DealRow]:
        """Every deal, first to last."""
        return deal_rows(self.match, self.standings.deals)[::-1]

    def played_on(self) -> str:
        try:
            return fmt().date(
                datetime.fromisoformat(self.stored.created.replace("Z", "+00:00")).astimezone(),
                with_time=False,
            )
        except ValueError:
            return fmt().digits(self.stored.created[:10])

    # -- sharing: a plain-text result for a chat, in the user's language
    def share_text(self) -> str:
        m, f = self.match, fmt()
        names = self.team_names()
        a, b = self.tally()
        tally = (
            _("Bazzis: {team0} {count0}, {team1} {count1}")
            if self.uses_bazzis
            else _("Points: {team0} {count0}, {team1} {count1}")
        )
        lines = [
            _("Seep: {team0} vs {team1}").format(team0=names[0], team1=names[1]),
            *(
                _("{team}: {first} and {second}").format(
                    team=t.name, first=t.players[0], second=t.players[1]
                )
                for t in m.teams
            ),
            self.result_text(),
            tally.format(team0=names[0], count0=f.number(a), team1=names[1], count1=f.number(b)),
            _("{deals}, {date}").format(
                deals=texts.deals_count_text(len(m.deals)), date=self.played_on()
            ),
        ]
        return "\n".join(lines)

    # -- downloads (store calls: off the loop)
    def _file_name(self, extension: str) -> str:
        day = self.stored.created[:10]
        safe_id = re.sub(r"[^A-Za-z0-9_-]", "", self.match_id)
        return f"seep-{day}-{safe_id}.{extension}"

    def export_match(self) -> tuple[str, bytes] | None:
        """The match file (format seep-match): its name and content; None with `message` set."""
        return self._export("json", self.repo.export_match_text)

    def export_csv(self) -> tuple[str, bytes] | None:
        return self._export("csv", self.repo.export_csv)

    def _export(self, extension: str, read) -> tuple[str, bytes] | None:
        try:
            return self._file_name(extension), read(self.match_id).encode("utf-8")
        except STORE_FAULTS as err:
            self.message = texts.store_read_fault_text(err)
            return None

    # -- rematch
    def rematch_match(self) -> Match:
        """The same teams, players and rules; the first deal goes to the next dealer in turn."""
        m, st = self.match, self.standings
        dealer = st.next_dealer
        if dealer is None:
            last = next((r.dealer for r in reversed(st.deals) if r.dealer is not None), None)
            dealer = (last + 1) % 4 if last is not None else m.first_dealer
        return Match(
            rules=m.rules, format=replace(m.format, ended=False), teams=m.teams, first_dealer=dealer
        )

    def rematch(self) -> str | None:
        """Creates the new match; its id, or None with `message` set."""
        try:
            return self.repo.create(self.rematch_match()).id
        except (MatchError, *STORE_FAULTS) as err:
            self.message = texts.match_setup_fault_text(err)
            return None

    def dismiss(self) -> None:
        self.message = None
