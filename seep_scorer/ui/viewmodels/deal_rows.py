"""What the scoreboard's deal rows and the read-only deal view say: each deal's own margin apart
from the running difference, its sweeps, how a bazzi was won, and which bazzi the deal belongs
to."""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import _, fmt, ngettext
from ...rules import Deal, Match
from ...rules.cards import card_label
from ...rules.replay import DealResult
from .. import texts


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
