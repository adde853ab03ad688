"""The whole sentences the screens show: labels, faults and notices as the screens word them, and
what undo and redo say.

Whole translated sentences the screens show. Each is one gettext message with named
placeholders.
"""

from __future__ import annotations

import logging

from seep_scorer.i18n.faults import PARAM_LABELS, name_fault_text  # noqa: F401
from seep_scorer.i18n.translate import N_, _, fmt, ngettext
from seep_scorer.i18n.wording import (  # noqa: F401
    fault_text,
    notice_text,
    read_fault_text,
    save_fault_text,
    stale_text,
)
from seep_scorer.rules import MAX_NAME, Match, MatchError, Standings
from seep_scorer.rules.presets import SETTING_FAULT_CODES
from seep_scorer.rules.replay import DealResult
from seep_scorer.store.repository import StoreError

__all__ = [
    "deal_fault_text",
    "match_setup_fault_text",
    "name_fault_text",
    "setting_fault_text",
    "store_fault_text",
    "store_notice_text",
    "store_read_fault_text",
    "stale_text",
    "REDONE_TEXTS",
    "REDO_LABELS",
    "UNDONE_TEXTS",
    "UNDO_LABELS",
    "team_name",
    "difference_text",
    "next_dealer_text",
    "result_text",
    "event_text",
    "deal_row_text",
    "deals_count_text",
]

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

# ---- faults and notices on the phone
# Faults and notices on the phone: the rules' and the store's codes worded by
# seep_scorer.i18n.faults,
# with the screens' fallbacks. The store's refusals to save and read, with what the user does next,
# are the wording package's sentences: one for the phone and the command line alike.


def deal_fault_text(match: Match, err: MatchError) -> str:
    """One whole translated sentence for a deal fault the rules engine found (by its code)."""
    return fault_text(err, match) or _("This deal cannot be saved as entered.")


def setting_fault_text(err: MatchError) -> str | None:
    """A new-match setting refused by the rules (rules.presets.SETTING_FAULT_CODES), as one whole
    sentence; None for any other fault."""
    return fault_text(err) if err.code in SETTING_FAULT_CODES else None


def store_notice_text(notice) -> str:
    """A repair the store made when it opened (a store.notices.Notice), worded whole in the user's
    language; the English, with the cause, goes to the log for whoever runs the app."""
    log.warning("store notice: %s", notice)
    return notice_text(notice)


def match_setup_fault_text(err: Exception) -> str:
    """A fault in the new-match settings (from the rules layer or the store), by its code."""
    f = fmt()
    if isinstance(err, (StoreError, OSError)):
        return store_fault_text(err)
    if isinstance(err, MatchError):
        worded = name_fault_text(err) or setting_fault_text(err)
        if worded:
            return worded
    field = getattr(err, "field", None) or ""
    if field == "teams" or field.startswith("teams["):
        return _("Every team and player needs a name of at most {count} characters.").format(
            count=f.number(MAX_NAME)
        )
    log.info("match setup fault without a wording: %s", err)
    return _("The match cannot start with these settings.")


def store_fault_text(err: Exception) -> str:
    """What the user is told when a change could not be saved (worded by seep_scorer.i18n.faults, as
    the command line says it). Nothing was changed."""
    return save_fault_text(err)


def store_read_fault_text(err: Exception) -> str:
    """The saved matches could not be read (what was shown before stays on screen)."""
    return read_fault_text(err)


# ---- undo and redo
# What undo and redo say on the scoreboard, by the kind of step (`scoreboard.Step.kind`).

# What undo and redo say, by the kind of step taken back or put back.
UNDONE_TEXTS = {
    "record": N_("Deal {number} taken back."),
    "edit": N_("The change to deal {number} was taken back."),
    "delete": N_("Deal {number} restored."),
    "end": N_("The match is open again."),
    "reopen": N_("The match is ended again."),
}
REDONE_TEXTS = {
    "record": N_("Deal {number} put back."),
    "edit": N_("Deal {number} changed again."),
    "delete": N_("Deal {number} deleted."),
    "end": N_("The match is ended again."),
    "reopen": N_("The match is open again."),
}

# What the undo and redo buttons say they will do (their names for a screen reader).
UNDO_LABELS = {
    "record": N_("Take back deal {number}"),
    "edit": N_("Take back the change to deal {number}"),
    "delete": N_("Restore deal {number}"),
    "end": N_("Reopen the match"),
    "reopen": N_("End the match again"),
}
REDO_LABELS = {
    "record": N_("Put deal {number} back"),
    "edit": N_("Change deal {number} again"),
    "delete": N_("Delete deal {number} again"),
    "end": N_("End the match again"),
    "reopen": N_("Reopen the match"),
}
