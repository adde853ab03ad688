"""Whole translated sentences the screens show. Each is one gettext message with named placeholders."""

from __future__ import annotations

from ..i18n import N_, _, ngettext
from ..rules import Match, Standings
from ..rules.replay import DealResult

SWEEP_KIND_LABELS = {"normal": N_("Sweeps"), "opening": N_("Opening sweeps"), "last": N_("Last-play sweeps")}

# Labels of the rule parameters the new-match screen edits (one label per parameter, no per-preset text).
PARAM_LABELS = {
    "ten_of_diamonds": N_("Ten of diamonds (points)"),
    "most_cards_bonus": N_("Most-cards bonus"),
    "most_cards_tie_bonus": N_("Most-cards bonus on a 26-26 tie (each)"),
    "sweep_normal": N_("Sweep (points)"),
    "sweep_opening": N_("Opening sweep (points)"),
    "sweep_last": N_("Last-play sweep (points)"),
    "minimum": N_("Minimum deal score"),
    "minimum_counts_sweeps": N_("Sweeps count towards the minimum"),
    "scoring": N_("Scoring"),
    "lead_target": N_("Lead that wins a bazzi"),
}
SCORING_LABELS = {"ledger": N_("Difference ledger and bazzis"), "cumulative": N_("Running totals")}
PRESET_LABELS = {"standard": N_("Standard"), "race500": N_("Race to 500"), "custom": N_("Custom")}
MATCH_TYPE_LABELS = {
    "bazzis": N_("Fixed count"),
    "first_to": N_("First to"),
    "open": N_("Open-ended"),
    "target": N_("Target total"),
}
THEME_LABELS = {"system": N_("System"), "light": N_("Light"), "dark": N_("Dark"), "black": N_("Black")}


def tr(message: str) -> str:
    return _(message)


def team_name(match: Match, team: int) -> str:
    return match.teams[team].name


def difference_text(match: Match, standings: Standings) -> str:
    lead = standings.leader
    if lead is None:
        return _("Level: difference 0")
    return _("{team} leads by {points}").format(team=team_name(match, lead), points=abs(standings.difference))


def next_dealer_text(match: Match, standings: Standings) -> str:
    if standings.finished:
        return _("The match is over.")
    nd, nb = standings.next_dealer, standings.next_bidder
    if nd is None:
        return _("Next dealer unknown")
    return _("{dealer} deals next; {bidder} bids").format(dealer=match.seat_name(nd), bidder=match.seat_name(nb))


def result_text(match: Match, standings: Standings) -> str:
    w = standings.winner
    if w == "draw":
        return _("The match is a draw.")
    if match.rules.scoring == "ledger":
        return _("{team} wins the match, {won} bazzis to {lost}.").format(
            team=team_name(match, w), won=standings.bazzis[w], lost=standings.bazzis[1 - w])
    return _("{team} wins the match, {won} points to {lost}.").format(
        team=team_name(match, w), won=standings.totals[w], lost=standings.totals[1 - w])


def event_text(match: Match, r: DealResult) -> str | None:
    if r.event is None:
        return None
    team = team_name(match, r.event.winner)
    if r.event.cause == "lead":
        return _("{team} wins the bazzi on the lead").format(team=team)
    if r.event.cause == "minimum":
        loser = team_name(match, 1 - r.event.winner)
        return _("{team} wins the bazzi: {loser} scored under the minimum").format(team=team, loser=loser)
    return _("{team} reaches the target").format(team=team)


def deal_row_text(match: Match, r: DealResult) -> str:
    return _("Deal {number}: {score0} : {score1}").format(number=r.number, score0=r.scores[0], score1=r.scores[1])


def deal_row_detail(match: Match, r: DealResult) -> str:
    if match.rules.scoring == "ledger":
        if r.difference == 0:
            diff = _("difference 0")
        else:
            diff = _("{team} +{points}").format(team=team_name(match, 0 if r.difference > 0 else 1), points=abs(r.difference))
    else:
        diff = _("totals {total0} : {total1}").format(total0=r.totals[0], total1=r.totals[1])
    dealer = "" if r.dealer is None else _("dealt by {player}").format(player=match.seat_name(r.dealer))
    parts = [p for p in (diff, dealer) if p]
    return " · ".join(parts)


def deals_count_text(n: int) -> str:
    return ngettext("{count} deal", "{count} deals", n).format(count=n)
