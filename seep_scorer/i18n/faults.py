"""The sentences of the rules' faults (MatchError.code), with who they are about (teams and seats by
name) and the labels of the rule parameters; a match file's faults join them from filefaults.py.

Each code maps to its sentence as data (sentences.py): tests/i18n/test_wording.py checks that
every code raised in rules/, matchfile/ and store/ has one, that each raise site gives the params
it reads (`needs`), and that each is worded in every language.
"""

from __future__ import annotations

import logging
import re

from seep_scorer.i18n.filefaults import FILE_FAULTS
from seep_scorer.i18n.sentences import (
    Choice,
    Code,
    Field,
    Names,
    Number,
    Part,
    Plural,
    Say,
    Seat,
    Sum,
    Team,
    Text,
)
from seep_scorer.i18n.translate import N_, N_plural, _, fmt
from seep_scorer.rules import MAX_NAME, MatchError, card_label, errors
from seep_scorer.rules.cards import POINT_CARD_CODES
from seep_scorer.rules.names import MAX_NOTE

__all__ = ["FAULTS", "PARAM_LABELS", "fault_text", "located_text", "name_fault_text"]

log = logging.getLogger(__name__)


# ---- the rule parameters' labels
# Labels of the rule parameters, as the new-match screen shows them and setting faults name
# them. One label per parameter, no per-preset text.
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


class Cards(Field):
    """A card-code list from the rules layer ("KS, QS") with suit signs, kept left to right."""

    def show(self, value, names: Names) -> str:
        f = fmt()
        shown = (c.strip() for c in str(value).split(","))
        return ", ".join(f.code(card_label(c) if c in POINT_CARD_CODES else c) for c in shown if c)


class Setting(Field):
    """A rule parameter by its label, or by its name when it has none."""

    def show(self, value, names: Names) -> str:
        label = PARAM_LABELS.get(value)
        return _(label) if label else fmt().code(str(value))


class Fault(Field):
    """A fault wrapped in this one (a backup's line), with its deal and field."""

    def show(self, value, names: Names) -> str:
        return located_text(value, file_field=False)


_CHARACTERS = N_plural(
    "A note holds at most {count} character.", "A note holds at most {count} characters."
)
_ONE_SWEEP = N_(
    "Each sweep belongs to one of the two teams and is a normal, an opening or a last-play sweep."
)
_POINTS_OR_CARDS = N_("Enter the point cards each team took, or the card points of each team.")
_MOST_CARDS = N_("Say which team took more cards, or that it was a tie.")

FAULTS: dict[str, Part] = {
    # ---- a deal
    "dealer_seat": Say(N_("Choose the dealer: one of the four players.")),
    "cards_and_points": Say(N_("Give either the cards or the card points of the deal, not both.")),
    "deal_empty": Say(_POINTS_OR_CARDS),
    "cards_shape": Say(_POINTS_OR_CARDS),
    "points_shape": Say(_POINTS_OR_CARDS),
    "most_cards_missing": Say(_MOST_CARDS),
    "most_cards_bad": Say(_MOST_CARDS),
    "bid_range": Say(
        N_("A bid is a house value from {low} to {high}."), low=Number(9), high=Number(13)
    ),
    "note_too_long": Plural(_CHARACTERS, Field(MAX_NOTE), count=Number(MAX_NOTE)),
    "note_control": Say(
        # TRANSLATORS: a control character is an invisible character (such as a tab or a
        # text-direction mark).
        N_("The note holds an invisible control character (character {position})."),
        position=Number(),
    ),
    "cards_both_teams": Say(
        N_("Each card goes to one team only; given to both: {cards}."), cards=Cards()
    ),
    "cards_unknown": Say(N_("Not card codes: {cards}."), cards=Cards()),
    "cards_not_point": Say(
        # TRANSLATORS: {cards} is a list of card codes such as "K♠, 10♦".
        N_("These cards score nothing under these rules: {cards}."),
        cards=Cards(),
    ),
    "cards_missing": Say(
        # TRANSLATORS: {cards} is a list of card codes such as "K♠, 10♦".
        N_("Every point card goes to one team; missing: {cards}."),
        cards=Cards(),
    ),
    "points_range": Say(
        N_("The card points of {team} must be from 0 to {total}."),
        digits=True,
        team=Team(),
        total=Number(),
    ),
    "points_sum": Say(
        # TRANSLATORS: card points of the two teams, their sum and the total they must make, e.g.
        # "90 + 20 = 110, not 104".
        N_("The card points must add up to {total}: {points0} + {points1} = {sum}."),
        total=Number(),
        points0=Number("points", 0),
        points1=Number("points", 1),
        sum=Sum("points"),
    ),
    "sweep_team": Say(_ONE_SWEEP),
    "sweep_kind": Say(_ONE_SWEEP),
    "opening_twice": Say(N_("There can be only one opening sweep in a deal.")),
    "last_twice": Say(N_("There can be only one last-play sweep in a deal.")),
    "sweeps_too_many": Plural(
        N_plural(
            "{count} sweep for {team}, but a team makes only {max} plays in a deal.",
            "{count} sweeps for {team}, but a team makes only {max} plays in a deal.",
        ),
        Field("count"),
        team=Team(),
        count=Number(),
        max=Number(),
    ),
    "opening_wrong_team": Say(
        N_(
            "The opening sweep is made on the bidder's first play, so it belongs to {team} "
            "({bidder} bids)."
        ),
        team=Team(),
        bidder=Seat("dealer", after=1),
    ),
    "last_wrong_team": Say(
        N_(
            "The last play is the dealer's, so a last-play sweep belongs to {team} ({dealer} "
            "deals)."
        ),
        team=Team(),
        dealer=Seat(),
    ),
    "match_over": Say(
        N_("The match was already over after deal {number}; no deal can follow it."),
        number=Number("after"),
    ),
    # ---- the match's settings
    "match_type_unknown": Say(N_("Choose one of the match lengths offered.")),
    "match_count_whole": Say(N_("Enter the match length as a whole number, or leave it empty.")),
    "match_count_range": Say(
        N_("Enter the match length as a whole number from {low} to {high}."),
        low=Number(),
        high=Number(),
    ),
    "target_needs_totals": Say(
        N_(
            "A match to a target total needs running totals: choose that scoring, or another "
            "match length."
        )
    ),
    "bazzis_need_ledger": Say(
        N_(
            "A match of bazzis needs the difference ledger: choose that scoring, or another match "
            "length."
        )
    ),
    "not_true_or_false": Choice(
        "setting",
        {False: Say(N_("A setting that is on or off was given something else."))},
        Say(N_("“{setting}” must be on or off."), setting=Setting()),
        by=lambda setting: setting in PARAM_LABELS,
    ),
    "preset_unknown": Say(N_("Choose one of the rule presets offered.")),
    "card_unknown": Say(N_("{card} is not a card that can score points."), card=Code()),
    "card_value_range": Say(
        N_("The points of {card} must be a whole number from {low} to {high}."),
        card=Cards(),
        low=Number(),
        high=Number(),
    ),
    "no_point_card": Say(N_("At least one card must score points.")),
    "value_range": Say(
        N_("“{setting}” must be a whole number from {low} to {high}."),
        setting=Setting(),
        low=Number(),
        high=Number(),
    ),
    "minimum_range": Say(
        N_(
            "The minimum deal score must be a whole number from {low} to {high}, or empty for no "
            "minimum."
        ),
        low=Number(),
        high=Number(),
    ),
    "minimum_too_high": Say(
        N_(
            "With these card points the minimum deal score can be at most {high}, or empty for no "
            "minimum."
        ),
        high=Number(),
    ),
    "scoring_unknown": Say(
        N_("Choose the scoring: the difference ledger with bazzis, or running totals.")
    ),
    "param_unknown": Say(N_("There is no rule setting called {setting}."), setting=Code()),
    "card_values_shape": Say(
        N_("The card points are not in a form the app can read; choose the preset again.")
    ),
    # ---- names (no field known)
    "name_empty": Say(N_("A name needs at least one letter.")),
    "name_too_long": Plural(
        N_plural(
            "A name holds at most {count} character.", "A name holds at most {count} characters."
        ),
        Field("max", default=MAX_NAME),
        count=Number("max", default=MAX_NAME),
    ),
    "name_control": Say(
        # TRANSLATORS: a control character is an invisible character (such as a tab or a
        # text-direction mark).
        N_(
            "The name holds an invisible control character (character {position}). Type the name "
            "again."
        ),
        position=Number(),
    ),
    # ---- a match file's or a backup's form
    **FILE_FAULTS,
    # ---- a backup's line, with the fault in it
    "backup_line": Say(N_("Line {line} of the backup: {cause}"), line=Text(), cause=Fault()),
    "backup_match": Say(
        N_("Match {number} of the backup (line {line}): {cause}"),
        number=Text(),
        line=Text(),
        cause=Fault(),
    ),
    "backup_match_n": Say(
        N_("Match {number} of the backup: {cause}"), number=Text(), cause=Fault()
    ),
}


def fault_text(err, match=None) -> str | None:
    """Why `err` (a MatchError) was refused, as one sentence; team and seat names from `match`
    when given. None when its code has no wording (the caller says something general)."""
    named = name_fault_text(err)
    if named is not None:
        return named
    entry = FAULTS.get(getattr(err, "code", None))
    if entry is None:
        log.info("fault without a wording: %s", getattr(err, "code", err))
        return None
    try:
        return entry.text(err.params, Names(match))
    except (KeyError, IndexError, TypeError, ValueError):  # params not as the raise sites give them
        log.warning("fault not worded: %s %r", err.code, err.params, exc_info=True)
        return None


def located_text(err, match=None, *, file_field: bool = True) -> str:
    """The fault with where it is (deal, field), as the command line says it."""
    text = fault_text(err, match) or errors.plain(err.code, err.params)
    field = err.field if (file_field or err.field != "file") else None
    if err.deal is not None and field:
        return _("deal {number}, field '{field}': {text}").format(
            number=err.deal, field=field, text=text
        )
    if err.deal is not None:
        return _("deal {number}: {text}").format(number=err.deal, text=text)
    if field:
        return _("field '{field}': {text}").format(field=field, text=text)
    return text


# ---- name fields
# A team or player name refused by rules.check_name, naming the field as the new-match screen
# labels it ("Team 1", "Seat 3"): the same words on the phone and on the command line.

_NAME_FIELD = re.compile(r"^teams\[(?P<team>[01])\]\.(?:name|players\[(?P<index>[01])\])$")
# (code, a player's name rather than a team's) -> its sentence; {number} is the field's number.
NAME_FIELD_FAULTS: dict[tuple[str, bool], Part] = {
    ("name_empty", True): Say(N_("Give the player at seat {number} a name."), number=Number()),
    ("name_empty", False): Say(N_("Give team {number} a name."), number=Number()),
    ("name_too_long", True): Plural(
        N_plural(
            "The name of the player at seat {number} is too long: at most {count} character.",
            "The name of the player at seat {number} is too long: at most {count} characters.",
        ),
        Field("max"),
        number=Number(),
        count=Number("max"),
    ),
    ("name_too_long", False): Plural(
        N_plural(
            "The name of team {number} is too long: at most {count} character.",
            "The name of team {number} is too long: at most {count} characters.",
        ),
        Field("max"),
        number=Number(),
        count=Number("max"),
    ),
    ("name_control", True): Say(
        # TRANSLATORS: a control character is an invisible character (a tab, a direction mark).
        N_(
            "The name of the player at seat {number} holds an invisible control character "
            "(character {position}). Type the name again."
        ),
        number=Number(),
        position=Number(),
    ),
    ("name_control", False): Say(
        # TRANSLATORS: a control character is an invisible character (a tab, a direction mark).
        N_(
            "The name of team {number} holds an invisible control character (character "
            "{position}). Type the name again."
        ),
        number=Number(),
        position=Number(),
    ),
}


def name_fault_text(err: MatchError) -> str | None:
    """A team or player name refused by rules.check_name (by its code), naming the field as the
    new-match screen labels it ("Team 1", "Seat 3"); None when `err` is no name fault."""
    m = _NAME_FIELD.match(err.field or "")
    player = m is not None and m["index"] is not None
    entry = NAME_FIELD_FAULTS.get((err.code, player)) if m is not None else None
    if entry is None:
        return None
    team = int(m["team"])
    params = {
        "number": team + 2 * int(m["index"]) + 1 if player else team + 1,  # team 0 sits at 0 and 2
        "max": err.params.get("max", MAX_NAME),
        "position": err.params.get("position", 1),
    }
    return entry.text(params)
