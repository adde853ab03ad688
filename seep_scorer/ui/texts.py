"""Whole translated sentences the screens show. Each is one gettext message with named
placeholders."""

from __future__ import annotations

import logging

from ..i18n import N_, _, fmt, ngettext
from ..rules import Match, Standings
from ..rules.replay import DealResult
from ..wording.labels import PARAM_LABELS  # noqa: F401  (the new-match screen's labels)
from .fault_texts import (  # noqa: F401  (the screens word faults and notices through texts)
    deal_fault_text,
    match_setup_fault_text,
    name_fault_text,
    setting_fault_text,
    stale_text,
    store_fault_text,
    store_notice_text,
    store_read_fault_text,
)

log = logging.getLogger(__name__)

SWEEP_KIND_LABELS = {
    "normal": N_("Sweeps"),
    "opening": N_("Opening sweeps"),
    "last": N_("Last-play sweeps"),
}
# What the sweep counters' buttons do, and for whom (a screen reader's name for each button).
SWEEP_ADD_LABELS = {
    "normal": N_("Add a normal sweep for {team}"),
    "opening": N_("Add an opening sweep for {team}"),
    "last": N_("Add a last-play sweep for {team}"),
}
SWEEP_REMOVE_LABELS = {
    "normal": N_("Remove a normal sweep from {team}"),
    "opening": N_("Remove an opening sweep from {team}"),
    "last": N_("Remove a last-play sweep from {team}"),
}

SCORING_LABELS = {"ledger": N_("Difference ledger and bazzis"), "cumulative": N_("Running totals")}
PRESET_LABELS = {"standard": N_("Standard"), "race500": N_("Race to 500"), "custom": N_("Custom")}
MATCH_TYPE_LABELS = {
    "bazzis": N_("Fixed count"),
    "first_to": N_("First to"),
    "open": N_("Open-ended"),
    "target": N_("Target total"),
}
THEME_LABELS = {
    "system": N_("System"),
    "light": N_("Light"),
    "dark": N_("Dark"),
    "black": N_("Black"),
}
# What a screen reader calls each digits chip in Settings; {digits} is the sample the chip shows
# (123456).
DIGIT_CHOICE_NAMES = {
    # TRANSLATORS: 0123456789, the digits English writes; call them as people do
    # (e.g. “English digits”).
    "latin": N_("Latin digits, {digits}"),
    # TRANSLATORS: the language's own digits, named as in the title “Native digits”
    # (e.g. देवनागरी अंक).
    "native": N_("Native digits, {digits}"),
    # TRANSLATORS: the digits Urdu writes (۰۱۲۳), offered in Sindhi beside its own set (٠١٢٣).
    "native-alt": N_("Urdu digits, {digits}"),
}


def team_name(match: Match, team: int) -> str:
    return match.teams[team].name


def difference_text(match: Match, standings: Standings) -> str:
    if standings.finished and standings.winner == "draw":
        # an ended draw says so here too, not who leads the bazzi left unfinished
        f = fmt()
        if match.rules.scoring == "ledger":
            n = standings.bazzis[0]
            return ngettext("A draw: {count} bazzi each", "A draw: {count} bazzis each", n).format(
                count=f.number(n)
            )
        n = standings.totals[0]
        return ngettext("A draw: {count} point each", "A draw: {count} points each", n).format(
            count=f.number(n)
        )
    lead = standings.leader
    if lead is None:
        return fmt().digits(_("Level: difference 0"))
    # TRANSLATORS: the running difference, "Guptas ahead by 46" (no verb: names are often plural).
    return _("{team} ahead by {points}").format(
        team=team_name(match, lead), points=fmt().number(abs(standings.difference))
    )


def next_dealer_text(match: Match, standings: Standings) -> str:
    if standings.finished:
        return _("The match is over.")
    nd, nb = standings.next_dealer, standings.next_bidder
    if nd is None:
        return _("Next dealer unknown")
    return _("{dealer} deals next; {bidder} bids").format(
        dealer=match.seat_name(nd), bidder=match.seat_name(nb)
    )


def result_text(match: Match, standings: Standings) -> str:
    w = standings.winner
    if w == "draw":
        return _("The match is a draw.")
    f = fmt()
    if match.rules.scoring == "ledger":
        won, lost = standings.bazzis[w], standings.bazzis[1 - w]
        return ngettext(
            "Match won by {team}, {won} bazzi to {lost}.",
            "Match won by {team}, {won} bazzis to {lost}.",
            won,
        ).format(team=team_name(match, w), won=f.number(won), lost=f.number(lost))
    won, lost = standings.totals[w], standings.totals[1 - w]
    return ngettext(
        "Match won by {team}, {won} point to {lost}.",
        "Match won by {team}, {won} points to {lost}.",
        won,
    ).format(team=team_name(match, w), won=f.number(won), lost=f.number(lost))


def event_text(match: Match, r: DealResult) -> str | None:
    if r.event is None:
        return None
    team = team_name(match, r.event.winner)
    if r.event.cause == "lead":
        return _("Bazzi won by {team} on the lead").format(team=team)
    if r.event.cause == "minimum":
        loser = team_name(match, 1 - r.event.winner)
        return _("Bazzi won by {team}: {loser} scored under the minimum").format(
            team=team, loser=loser
        )
    return _("Target reached by {team}").format(team=team)


def deal_row_text(match: Match, r: DealResult) -> str:
    f = fmt()
    return _("Deal {number}: {score0} : {score1}").format(
        number=f.number(r.number), score0=f.side(r.scores[0]), score1=f.side(r.scores[1])
    )


def deals_count_text(n: int) -> str:
    return ngettext("{count} deal", "{count} deals", n).format(count=fmt().number(n))


# The last resort when a handler fails in a way nobody foresaw (the details go to the log).
INTERNAL_FAULT = N_("Something went wrong; nothing was changed. Try again.")
STORE_UNAVAILABLE = N_(
    "The saved matches cannot be opened on this device. Check the data folder, then reload the "
    "page."
)

# Help marks: the rules section each one opens, and its label (the tooltip and what a screen
# reader says).
HELP_MARKS = {
    "help-sweeps": ("scoring", N_("About sweeps")),
    "help-scoring": ("scoring", N_("About scoring")),
    "help-bazzi": ("bazzi", N_("About bazzis")),
    "help-most-cards": ("variants", N_("About the most-cards bonus")),
    "help-dealer": ("bazzi", N_("About who deals and bids")),
    "help-presets": ("variants", N_("About the rule presets")),
}
