"""The sentences of the rules' and the store's faults, by code, with who they are about (teams and
seats by name) and the labels of the rule parameters.

Every fault the rules and the store raise (MatchError.code), as one whole translated sentence.

Each wording reads only the params it declares (`needs`); tests/i18n/test_wording.py checks that
every code raised in rules/ and store/ has one, that each raise site gives what it needs, and that
each words in every language.
"""

from __future__ import annotations

import logging
import re

from seep_scorer.i18n.translate import N_, _, fmt, ngettext
from seep_scorer.rules import MAX_NAME, MatchError, card_label
from seep_scorer.rules.cards import POINT_CARD_CODES
from seep_scorer.rules.names import MAX_NOTE

log = logging.getLogger(__name__)

FAULTS: dict = {}  # code -> (params it needs, function(params, names) -> str)


def words(*codes: str, needs: tuple[str, ...] = ()):
    def register(fn):
        for code in codes:
            FAULTS[code] = (needs, fn)
        return fn

    return register


def registrar(table: dict):
    """A decorator for another table of wordings: `@table_words(code, needs)` files a function
    under `code` with the params it reads (as `words` does for FAULTS)."""

    def table_words(code: str, needs: tuple[str, ...] = ()):
        def register(fn):
            table[code] = (needs, fn)
            return fn

        return register

    return table_words


def shown_code(value) -> str:
    """A code, flag or path inside a sentence, kept left to right."""
    return fmt().code(str(value))


def shown_number(value) -> str:
    return fmt().number(value)


# --------------------------------------------------------------------------- a deal


@words("dealer_seat")
def _dealer_seat(p, n: Names) -> str:
    return _("Choose the dealer: one of the four players.")


@words("cards_and_points")
def _cards_and_points(p, n: Names) -> str:
    return _("Give either the cards or the card points of the deal, not both.")


@words("deal_empty", "cards_shape", "points_shape")
def _deal_empty(p, n: Names) -> str:
    return _("Enter the point cards each team took, or the card points of each team.")


@words("most_cards_missing", "most_cards_bad")
def _most_cards(p, n: Names) -> str:
    return _("Say which team took more cards, or that it was a tie.")


@words("bid_range")
def _bid_range(p, n: Names) -> str:
    return _("A bid is a house value from {low} to {high}.").format(
        low=fmt().number(9), high=fmt().number(13)
    )


@words("note_too_long")
def _note_too_long(p, n: Names) -> str:
    return ngettext(
        "A note holds at most {count} character.",
        "A note holds at most {count} characters.",
        MAX_NOTE,
    ).format(count=fmt().number(MAX_NOTE))


@words("note_control", needs=("position",))
def _note_control(p, n: Names) -> str:
    # TRANSLATORS: a control character is an invisible character (such as a tab or a
    # text-direction mark).
    return _("The note holds an invisible control character (character {position}).").format(
        position=fmt().number(p["position"])
    )


@words("cards_both_teams", needs=("cards",))
def _cards_both_teams(p, n: Names) -> str:
    return _("Each card goes to one team only; given to both: {cards}.").format(
        cards=cards(p["cards"])
    )


@words("cards_unknown", needs=("cards",))
def _cards_unknown(p, n: Names) -> str:
    return _("Not card codes: {cards}.").format(cards=cards(p["cards"]))


@words("cards_not_point", needs=("cards",))
def _cards_not_point(p, n: Names) -> str:
    # TRANSLATORS: {cards} is a list of card codes such as "K♠, 10♦".
    return _("These cards score nothing under these rules: {cards}.").format(
        cards=cards(p["cards"])
    )


@words("cards_missing", needs=("cards",))
def _cards_missing(p, n: Names) -> str:
    # TRANSLATORS: {cards} is a list of card codes such as "K♠, 10♦".
    return _("Every point card goes to one team; missing: {cards}.").format(cards=cards(p["cards"]))


@words("points_range", needs=("team", "total"))
def _points_range(p, n: Names) -> str:
    f = fmt()
    return f.digits(_("The card points of {team} must be from 0 to {total}.")).format(
        team=n.team(p["team"]), total=f.number(p["total"])
    )


@words("points_sum", needs=("points", "total"))
def _points_sum(p, n: Names) -> str:
    f, pts = fmt(), p["points"]
    # TRANSLATORS: card points of the two teams, their sum and the total they must make, e.g.
    # "90 + 20 = 110, not 104".
    return _("The card points must add up to {total}: {points0} + {points1} = {sum}.").format(
        total=f.number(p["total"]),
        points0=f.number(pts[0]),
        points1=f.number(pts[1]),
        sum=f.number(pts[0] + pts[1]),
    )


@words("sweep_team", "sweep_kind")
def _sweep(p, n: Names) -> str:
    return _(
        "Each sweep belongs to one of the two teams and is a normal, an opening or a last-play "
        "sweep."
    )


@words("opening_twice")
def _opening_twice(p, n: Names) -> str:
    return _("There can be only one opening sweep in a deal.")


@words("last_twice")
def _last_twice(p, n: Names) -> str:
    return _("There can be only one last-play sweep in a deal.")


@words("sweeps_too_many", needs=("team", "count", "max"))
def _sweeps_too_many(p, n: Names) -> str:
    f, count = fmt(), p["count"]
    return ngettext(
        "{count} sweep for {team}, but a team makes only {max} plays in a deal.",
        "{count} sweeps for {team}, but a team makes only {max} plays in a deal.",
        count,
    ).format(team=n.team(p["team"]), count=f.number(count), max=f.number(p["max"]))


@words("opening_wrong_team", needs=("team", "dealer"))
def _opening_wrong_team(p, n: Names) -> str:
    return _(
        "The opening sweep is made on the bidder's first play, so it belongs to {team} ({bidder} "
        "bids)."
    ).format(team=n.team(p["team"]), bidder=n.seat((p["dealer"] + 1) % 4))


@words("last_wrong_team", needs=("team", "dealer"))
def _last_wrong_team(p, n: Names) -> str:
    return _(
        "The last play is the dealer's, so a last-play sweep belongs to {team} ({dealer} deals)."
    ).format(team=n.team(p["team"]), dealer=n.seat(p["dealer"]))


@words("match_over", needs=("after",))
def _match_over(p, n: Names) -> str:
    return _("The match was already over after deal {number}; no deal can follow it.").format(
        number=fmt().number(p["after"])
    )


# --------------------------------------------------------------------------- the match's settings


def _setting(name) -> str:

    label = PARAM_LABELS.get(name)
    return _(label) if label else fmt().code(str(name))


@words("match_type_unknown")
def _match_type_unknown(p, n: Names) -> str:
    return _("Choose one of the match lengths offered.")


@words("match_count_whole")
def _match_count_whole(p, n: Names) -> str:
    return _("Enter the match length as a whole number, or leave it empty.")


@words("match_count_range", needs=("low", "high"))
def _match_count_range(p, n: Names) -> str:
    return _("Enter the match length as a whole number from {low} to {high}.").format(
        low=fmt().number(p["low"]), high=fmt().number(p["high"])
    )


@words("target_needs_totals")
def _target_needs_totals(p, n: Names) -> str:
    return _(
        "A match to a target total needs running totals: choose that scoring, or another match "
        "length."
    )


@words("bazzis_need_ledger")
def _bazzis_need_ledger(p, n: Names) -> str:
    return _(
        "A match of bazzis needs the difference ledger: choose that scoring, or another match "
        "length."
    )


@words("not_true_or_false", needs=("setting",))
def _not_true_or_false(p, n: Names) -> str:

    if p["setting"] not in PARAM_LABELS:
        return _("A setting that is on or off was given something else.")
    return _("“{setting}” must be on or off.").format(setting=_setting(p["setting"]))


@words("preset_unknown")
def _preset_unknown(p, n: Names) -> str:
    return _("Choose one of the rule presets offered.")


@words("card_unknown", needs=("card",))
def _card_unknown(p, n: Names) -> str:
    return _("{card} is not a card that can score points.").format(card=fmt().code(str(p["card"])))


@words("card_value_range", needs=("card", "low", "high"))
def _card_value_range(p, n: Names) -> str:
    f, card = fmt(), str(p["card"])
    return _("The points of {card} must be a whole number from {low} to {high}.").format(
        card=f.code(card_label(card) if card in POINT_CARD_CODES else card),
        low=f.number(p["low"]),
        high=f.number(p["high"]),
    )


@words("no_point_card")
def _no_point_card(p, n: Names) -> str:
    return _("At least one card must score points.")


@words("value_range", needs=("setting", "low", "high"))
def _value_range(p, n: Names) -> str:
    f = fmt()
    return _("“{setting}” must be a whole number from {low} to {high}.").format(
        setting=_setting(p["setting"]), low=f.number(p["low"]), high=f.number(p["high"])
    )


@words("minimum_range", needs=("low", "high"))
def _minimum_range(p, n: Names) -> str:
    return _(
        "The minimum deal score must be a whole number from {low} to {high}, or empty for no "
        "minimum."
    ).format(low=fmt().number(p["low"]), high=fmt().number(p["high"]))


@words("minimum_too_high", needs=("high",))
def _minimum_too_high(p, n: Names) -> str:
    return _(
        "With these card points the minimum deal score can be at most {high}, or empty for no "
        "minimum."
    ).format(high=fmt().number(p["high"]))


@words("scoring_unknown")
def _scoring_unknown(p, n: Names) -> str:
    return _("Choose the scoring: the difference ledger with bazzis, or running totals.")


@words("param_unknown", needs=("setting",))
def _param_unknown(p, n: Names) -> str:
    return _("There is no rule setting called {setting}.").format(
        setting=fmt().code(str(p["setting"]))
    )


@words("card_values_shape")
def _card_values_shape(p, n: Names) -> str:
    return _("The card points are not in a form the app can read; choose the preset again.")


# --------------------------------------------------------------------------- names (no field known)


@words("name_empty")
def _name_empty(p, n: Names) -> str:
    return _("A name needs at least one letter.")


@words("name_too_long", needs=("max",))
def _name_too_long(p, n: Names) -> str:
    limit = p.get("max", MAX_NAME)
    return ngettext(
        "A name holds at most {count} character.", "A name holds at most {count} characters.", limit
    ).format(count=fmt().number(limit))


@words("name_control", needs=("position",))
def _name_control(p, n: Names) -> str:
    # TRANSLATORS: a control character is an invisible character (such as a tab or a
    # text-direction mark).
    return _(
        "The name holds an invisible control character (character {position}). Type the name again."
    ).format(position=fmt().number(p["position"]))


# ---- who a fault is about
# Who a fault is about: the teams and seats by name when the match is known, else by number.


class Names:
    """Team and seat names for a wording: the match's own, or "Team 0" / "Seat 2" as a file numbers
    them (the command line, where the match could not be read)."""

    def __init__(self, match=None) -> None:
        self.match = match

    def team(self, i) -> str:
        if i not in (0, 1):
            return str(i)
        if self.match is not None:
            return self.match.teams[i].name
        return _("Team {number}").format(number=fmt().number(i))

    def seat(self, i) -> str:
        if self.match is not None:
            return self.match.seat_name(i)
        return _("Seat {number}").format(number=fmt().number(i))


def cards(codes) -> str:
    """A card-code list from the rules layer ("KS, QS") with suit signs, kept left to right."""
    f = fmt()
    return ", ".join(
        f.code(card_label(c.strip())) if c.strip() in POINT_CARD_CODES else f.code(c.strip())
        for c in str(codes).split(",")
        if c.strip()
    )


# ---- the rule parameters' labels
# Labels of the rule parameters, as the new-match screen shows them and setting faults name
# them.

# One label per parameter, no per-preset text.
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

# ---- name fields
# A team or player name refused by rules.check_name, naming the field as the new-match screen
# labels it ("Team 1", "Seat 3"): the same words on the phone and on the command line.

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
