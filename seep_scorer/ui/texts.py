"""Whole translated sentences the screens show. Each is one gettext message with named placeholders."""

from __future__ import annotations

import errno
import logging
import re

from ..i18n import N_, _, fmt, ngettext
from ..rules import MAX_NAME, Match, MatchError, Standings, card_label
from ..rules.cards import POINT_CARD_CODES
from ..rules.replay import DealResult
from ..store.repository import MatchNotFound, StaleRevision, StoreError
from .notice_texts import store_notice_text  # noqa: F401  (the screens word notices through texts)

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
THEME_LABELS = {
    "system": N_("System"),
    "light": N_("Light"),
    "dark": N_("Dark"),
    "black": N_("Black"),
}
# What a screen reader calls each digits chip in Settings; {digits} is the sample the chip shows (123456).
DIGIT_CHOICE_NAMES = {
    # TRANSLATORS: 0123456789, the digits English writes; call them as people do (e.g. “English digits”).
    "latin": N_("Latin digits, {digits}"),
    # TRANSLATORS: the language's own digits, named as in the title “Native digits” (e.g. देवनागरी अंक).
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
        number=f.number(r.number), score0=f.number(r.scores[0]), score1=f.number(r.scores[1])
    )


def deal_row_detail(match: Match, r: DealResult) -> str:
    f = fmt()
    if match.rules.scoring == "ledger":
        if r.difference == 0:
            diff = f.digits(_("difference 0"))
        else:
            # TRANSLATORS: a team's lead after this deal, e.g. "Team A +30".
            diff = _("{team} +{points}").format(
                team=team_name(match, 0 if r.difference > 0 else 1),
                points=f.number(abs(r.difference)),
            )
    else:
        diff = _("totals {total0} : {total1}").format(
            total0=f.number(r.totals[0]), total1=f.number(r.totals[1])
        )
    dealer = (
        "" if r.dealer is None else _("dealt by {player}").format(player=match.seat_name(r.dealer))
    )
    parts = [p for p in (diff, dealer) if p]
    return " · ".join(parts)


def deals_count_text(n: int) -> str:
    return ngettext("{count} deal", "{count} deals", n).format(count=fmt().number(n))


# --------------------------------------------------------------------------- faults, in the user's language


def _cards(codes: str) -> str:
    """A card-code list from the rules layer ("KS, QS") shown with suit signs, kept left to right."""
    f = fmt()
    return ", ".join(
        f.code(card_label(c.strip())) if c.strip() in POINT_CARD_CODES else f.code(c.strip())
        for c in str(codes).split(",")
        if c.strip()
    )


def deal_fault_text(match: Match, err: MatchError) -> str:
    """One whole translated sentence for a deal fault the rules engine found (by its code)."""
    f = fmt()
    p = err.params
    code = err.code
    names = (team_name(match, 0), team_name(match, 1))

    def team(i) -> str:
        return names[i] if i in (0, 1) else str(i)

    if code == "dealer_seat":
        return _("Choose the dealer: one of the four players.")
    if code == "cards_and_points":
        return _("Give either the cards or the card points of the deal, not both.")
    if code in ("deal_empty", "cards_shape", "points_shape"):
        return _("Enter the point cards each team took, or the card points of each team.")
    if code in ("most_cards_missing", "most_cards_bad"):
        return _("Say which team took more cards, or that it was a tie.")
    if code == "bid_range":
        return _("A bid is a house value from {low} to {high}.").format(
            low=f.number(9), high=f.number(13)
        )
    if code == "note_too_long":
        return ngettext(
            "A note holds at most {count} character.",
            "A note holds at most {count} characters.",
            2000,
        ).format(count=f.number(2000))
    if code == "note_control":
        # TRANSLATORS: a control character is an invisible character (such as a tab or a
        # text-direction mark).
        return _("The note holds an invisible control character (character {position}).").format(
            position=f.number(p.get("position", 1))
        )
    if code == "cards_both_teams":
        return _("Each card goes to one team only; given to both: {cards}.").format(
            cards=_cards(p.get("cards", ""))
        )
    if code == "cards_unknown":
        return _("Not card codes: {cards}.").format(cards=_cards(p.get("cards", "")))
    if code == "cards_not_point":
        # TRANSLATORS: {cards} is a list of card codes such as "K♠, 10♦".
        return _("These cards score nothing under these rules: {cards}.").format(
            cards=_cards(p.get("cards", ""))
        )
    if code == "cards_missing":
        # TRANSLATORS: {cards} is a list of card codes such as "K♠, 10♦".
        return _("Every point card goes to one team; missing: {cards}.").format(
            cards=_cards(p.get("cards", ""))
        )
    if code == "points_range":
        return f.digits(_("The card points of {team} must be from 0 to {total}.")).format(
            team=team(p.get("team")), total=f.number(p.get("total", match.rules.card_total))
        )
    if code == "points_sum":
        pts = p.get("points", (0, 0))
        # TRANSLATORS: card points of the two teams, their sum and the total they must make, e.g. "90 + 20 = 110, not 104".
        return _("The card points must add up to {total}: {points0} + {points1} = {sum}.").format(
            total=f.number(p.get("total", match.rules.card_total)),
            points0=f.number(pts[0]),
            points1=f.number(pts[1]),
            sum=f.number(pts[0] + pts[1]),
        )
    if code in ("sweep_team", "sweep_kind"):
        return _(
            "Each sweep belongs to one of the two teams and is a normal, an opening or a last-play sweep."
        )
    if code == "opening_twice":
        return _("There can be only one opening sweep in a deal.")
    if code == "last_twice":
        return _("There can be only one last-play sweep in a deal.")
    if code == "sweeps_too_many":
        count = p.get("count", 0)
        return ngettext(
            "{count} sweep for {team}, but a team makes only {max} plays in a deal.",
            "{count} sweeps for {team}, but a team makes only {max} plays in a deal.",
            count,
        ).format(team=team(p.get("team")), count=f.number(count), max=f.number(p.get("max", 12)))
    if code == "opening_wrong_team":
        dealer = p.get("dealer", 0)
        return _(
            "The opening sweep is made on the bidder's first play, so it belongs to {team} ({bidder} bids)."
        ).format(team=team(p.get("team")), bidder=match.seat_name((dealer + 1) % 4))
    if code == "last_wrong_team":
        return _(
            "The last play is the dealer's, so a last-play sweep belongs to {team} ({dealer} deals)."
        ).format(team=team(p.get("team")), dealer=match.seat_name(p.get("dealer", 0)))
    if code == "match_over":
        return _("The match was already over after deal {number}; no deal can follow it.").format(
            number=f.number(p.get("after", 0))
        )
    log.info("deal fault without a wording: %s", err)
    return _("This deal cannot be saved as entered.")


_NAME_FIELD = re.compile(r"^teams\[(?P<team>[01])\]\.(?:name|players\[(?P<index>[01])\])$")


def name_fault_text(err: MatchError) -> str | None:
    """A team or player name refused by rules.check_name (by its code), naming the field as the
    new-match screen labels it ("Team 1", "Seat 3"); None when `err` is no name fault."""
    m = _NAME_FIELD.match(err.field or "")
    if m is None or err.code not in ("name_empty", "name_too_long", "name_control"):
        return None
    f = fmt()
    team = int(m["team"])
    player = m["index"] is not None
    number = f.number(
        team + 2 * int(m["index"]) + 1 if player else team + 1
    )  # seats: team 0 holds 0 and 2
    if err.code == "name_empty":
        if player:
            return _("Give the player at seat {number} a name.").format(number=number)
        return _("Give team {number} a name.").format(number=number)
    if err.code == "name_too_long":
        limit = err.params.get("max", MAX_NAME)
        if player:
            return ngettext(
                "The name of the player at seat {number} is too long: at most {count} character.",
                "The name of the player at seat {number} is too long: at most {count} characters.",
                limit,
            ).format(number=number, count=f.number(limit))
        return ngettext(
            "The name of team {number} is too long: at most {count} character.",
            "The name of team {number} is too long: at most {count} characters.",
            limit,
        ).format(number=number, count=f.number(limit))
    position = f.number(err.params.get("position", 1))
    if player:
        # TRANSLATORS: a control character is an invisible character (a tab, a direction mark).
        return _(
            "The name of the player at seat {number} holds an invisible control character "
            "(character {position}). Type the name again."
        ).format(number=number, position=position)
    # TRANSLATORS: a control character is an invisible character (a tab, a direction mark).
    return _(
        "The name of team {number} holds an invisible control character (character {position}). "
        "Type the name again."
    ).format(number=number, position=position)


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


def _setting(name) -> str:
    label = PARAM_LABELS.get(name)
    return _(label) if label else fmt().code(str(name))


def setting_fault_text(err: MatchError) -> str | None:
    """A new-match setting refused by the rules (rules.presets.SETTING_FAULT_CODES), as one whole sentence."""
    f = fmt()
    p, code = err.params, err.code
    if code == "match_type_unknown":
        return _("Choose one of the match lengths offered.")
    if code == "match_count_whole":
        return _("Enter the match length as a whole number, or leave it empty.")
    if code == "match_count_range":
        return _("Enter the match length as a whole number from {low} to {high}.").format(
            low=f.number(p.get("low", 1)), high=f.number(p.get("high", 1000))
        )
    if code == "target_needs_totals":
        return _(
            "A match to a target total needs running totals: choose that scoring, or another match length."
        )
    if code == "bazzis_need_ledger":
        return _(
            "A match of bazzis needs the difference ledger: choose that scoring, or another match length."
        )
    if code == "not_true_or_false":
        if p.get("setting") not in PARAM_LABELS:
            return _("A setting that is on or off was given something else.")
        return _("“{setting}” must be on or off.").format(setting=_setting(p.get("setting")))
    if code == "preset_unknown":
        return _("Choose one of the rule presets offered.")
    if code == "card_unknown":
        return _("{card} is not a card that can score points.").format(
            card=f.code(str(p.get("card", "")))
        )
    if code == "card_value_range":
        card = str(p.get("card", ""))
        return _("The points of {card} must be a whole number from {low} to {high}.").format(
            card=f.code(card_label(card) if card in POINT_CARD_CODES else card),
            low=f.number(p.get("low", 0)),
            high=f.number(p.get("high", 1000)),
        )
    if code == "no_point_card":
        return _("At least one card must score points.")
    if code == "value_range":
        return _("“{setting}” must be a whole number from {low} to {high}.").format(
            setting=_setting(p.get("setting")),
            low=f.number(p.get("low", 0)),
            high=f.number(p.get("high", 1000)),
        )
    if code == "minimum_range":
        return _(
            "The minimum deal score must be a whole number from {low} to {high}, or empty for no minimum."
        ).format(low=f.number(p.get("low", 0)), high=f.number(p.get("high", 1000)))
    if code == "minimum_too_high":
        return _(
            "With these card points the minimum deal score can be at most {high}, or empty for no minimum."
        ).format(high=f.number(p.get("high", 0)))
    if code == "scoring_unknown":
        return _("Choose the scoring: the difference ledger with bazzis, or running totals.")
    if code == "param_unknown":
        return _("There is no rule setting called {setting}.").format(
            setting=f.code(str(p.get("setting", "")))
        )
    if code == "card_values_shape":
        return _("The card points are not in a form the app can read; choose the preset again.")
    return None


def _disk_full(err: BaseException | None) -> bool:
    """Whether the fault, or what caused it, is the disk being full (an OSError, or a store error
    that kept the errno of the OSError it replaced)."""
    seen = 0
    while err is not None and seen < 10:
        if getattr(err, "errno", None) in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return True
        err, seen = err.__cause__ or err.__context__, seen + 1
    return False


def store_fault_text(err: Exception) -> str:
    """What the user is told when a change could not be saved: the store refused (its own messages
    are English) or the system failed (a full disk, a lost folder). Nothing was changed."""
    if isinstance(err, StaleRevision):
        return _(STALE_MESSAGE)
    if isinstance(err, MatchNotFound):
        return _("This match is no longer stored; it may have been deleted on another phone.")
    log.warning("store error: %r", err)
    if _disk_full(err):
        return _(
            "The device that keeps the matches is full, so this was not saved. "
            "Free some space on it, then try again."
        )
    return _(
        "The change could not be saved. Try again; if it keeps failing, ask whoever runs Seep Scorer "
        "to check its data folder."
    )


def store_read_fault_text(err: Exception) -> str:
    """The saved matches could not be read (what was shown before stays on screen)."""
    log.warning("store read error: %r", err)
    return _(
        "The saved matches could not be read just now. Try again; if it keeps failing, "
        "ask whoever runs Seep Scorer to check its data folder."
    )


# The last resort when a handler fails in a way nobody foresaw (the details go to the log).
INTERNAL_FAULT = N_("Something went wrong; nothing was changed. Try again.")
STORE_UNAVAILABLE = N_(
    "The saved matches cannot be opened on this device. Check the data folder, then reload the page."
)

STALE_MESSAGE = N_(
    "This match was changed on another phone. The current state is shown; "
    "nothing you entered was saved yet."
)

# Help marks: the rules section each one opens, and its label (the tooltip and what a screen reader says).
HELP_MARKS = {
    "help-sweeps": ("scoring", N_("About sweeps")),
    "help-scoring": ("scoring", N_("About scoring")),
    "help-bazzi": ("bazzi", N_("About bazzis")),
    "help-most-cards": ("variants", N_("About the most-cards bonus")),
    "help-dealer": ("bazzi", N_("About who deals and bids")),
    "help-presets": ("variants", N_("About the rule presets")),
}
