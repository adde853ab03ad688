"""The events' refusals (store.events.EventError, by code), for the organiser's screens and the
command line alike.

A damaged or hostile event file shares a few codes (`event_*`: the field and what was expected);
what an organiser can get wrong has its own sentence, as data (sentences.py). A wrapped fault
(`cause`: a name or format the rules refused, a CSV row) is worded in the same language.
"""

from __future__ import annotations

import logging

from seep_scorer.i18n.faults import FAULTS, name_fault_text
from seep_scorer.i18n.sentences import (
    Choice,
    Code,
    Codes,
    Field,
    Names,
    Number,
    Numbers,
    Part,
    Plural,
    Say,
    Text,
)
from seep_scorer.i18n.translate import N_, N_plural, _
from seep_scorer.rules import errors

__all__ = ["EVENT_FAULTS", "cause_text", "event_text"]

log = logging.getLogger(__name__)


def event_text(err, *, located: bool = True) -> str:
    """An EventError as one sentence, after the field at fault when `located` (the command line
    names it; a screen shows the sentence alone). A code nothing words is shown as it is."""
    code, params = getattr(err, "code", None), getattr(err, "params", {})
    entry = EVENT_FAULTS.get(code)
    text = None
    if entry is not None:
        try:
            text = entry.text(params)
        except (KeyError, IndexError, TypeError, ValueError):  # params not as raised
            log.warning("event fault not worded: %s %r", code, params, exc_info=True)
    if text is None:
        text = errors.plain(code, params) if code is not None else str(err)
    field = getattr(err, "field", None)
    if located and field:
        return _("field '{field}': {text}").format(field=field, text=text)
    return text


def cause_text(cause) -> str:
    """A fault wrapped in an event's: another EventError, a MatchError of the rules or a refused
    JSON value (by its code)."""
    code, params = getattr(cause, "code", None), getattr(cause, "params", {})
    if code in EVENT_FAULTS:  # another EventError: its sentence, without its field
        return event_text(cause, located=False)
    if hasattr(cause, "field"):
        named = name_fault_text(cause)
        if named is not None:
            return named
    entry = FAULTS.get(code)
    if entry is not None:
        try:
            return entry.text(params)
        except (KeyError, IndexError, TypeError, ValueError):
            log.warning("fault not worded: %s %r", code, params, exc_info=True)
    return errors.plain(code, params) if code is not None else str(cause)


class Cause(Field):
    """A fault wrapped in this one, in its own words (without its field)."""

    def show(self, value, names: Names) -> str:
        return cause_text(value)


class Located(Field):
    """An event's fault wrapped in this one, after the field at fault."""

    def show(self, value, names: Names) -> str:
        return event_text(value)


EVENT_FAULTS: dict[str, Part] = {
    # ----- a damaged or hostile event file (the field names where) -----
    "event_rule": Cause("cause"),
    "event_number": Say(
        N_("must be a whole number from {low} to {high}"), low=Number(), high=Number()
    ),
    "event_list": Plural(
        N_plural("must be a list of at most {max} item", "must be a list of at most {max} items"),
        Field("max"),
        max=Number(),
    ),
    "event_count": Plural(
        N_plural("must hold exactly {count} item", "must hold exactly {count} items"),
        Field("count"),
        count=Number(),
    ),
    "event_position": Say(N_("must be {number}"), number=Number()),
    "event_choice": Say(N_("must be one of {choices}"), choices=Codes()),
    "event_value": Choice(
        "expected",
        {
            "object": Say(N_("must be an object")),
            "true_false": Say(N_("must be true or false")),
            "entrant": Say(N_("must name an entrant of the event")),
            "event_id": Say(N_("must be 8 lowercase hex digits")),
            "match_id": Say(N_("must be a match id")),
            "iso_time": Say(N_("must be a date and time in ISO 8601")),
            "name_key": Say(N_("must be the name's key")),
            "format_keys": Say(N_("must be {type, count}")),
        },
        Say(N_("is not what an event file holds here")),
    ),
    "event_repeated": Choice(
        "what",
        {
            "entrant": Say(N_("names an entrant twice")),
            "round": Say(N_("names a round twice")),
            "match": Say(N_("names a match already in the event")),
            "seated": Say(N_("seats an entrant twice in the round")),
            "bye": Say(N_("gives a seated entrant a bye")),
        },
        Say(N_("names something twice")),
    ),
    "event_file_object": Say(N_("An event file must hold a JSON object.")),
    "not_event_file": Say(N_("This is not a Seep event file.")),
    "event_newer": Say(
        N_("This event is version {version}, newer than this app reads; update Seep Scorer."),
        version=Number(),
    ),
    "event_file_too_large": Say(N_("The event file is over {max} MB."), max=Number()),
    "event_file_not_utf8": Say(N_("The event file is not UTF-8 text.")),
    "event_file_refused": Say(N_("The event file is not strict JSON: {cause}"), cause=Cause()),
    "event_file_not_json": Say(N_("The event file is not valid JSON.")),
    "event_file_damaged": Say(
        N_("The event file {path} is damaged and was not used ({cause})."),
        path=Code(),
        cause=Located(),
    ),
    "event_file_other_id": Say(
        N_("The event file {path} holds another event's id; it was not used."), path=Code()
    ),
    "event_match_not_its_own": Say(
        N_(
            "It names match {match}, which the file does not hold: an event brings only its own "
            "matches."
        ),
        match=Code(),
    ),
    "event_in_file_damaged": Say(N_("The file's event is damaged ({cause})."), cause=Located()),
    # ----- what an organiser asks for -----
    "no_event": Say(N_("There is no event with id {id}."), id=Code()),
    "no_data_folder": Say(N_("Events need the app's data folder.")),
    "system_kind": Choice(
        "kind",
        {
            "individual": Say(
                N_("The {system} system does not suit an individual event."), system=Code()
            )
        },
        Say(N_("The {system} system does not suit an event of pairs."), system=Code()),
    ),
    "match_option": Say(N_("The match format must be first_to:N, bazzis:N or target:N.")),
    "pair_same_player": Say(N_("A pair is two different players.")),
    "csv_too_large": Say(N_("{file} is over {max} KB."), file=Code(), max=Number()),
    "csv_not_utf8": Say(N_("{file} is not UTF-8 text (byte {byte})."), file=Code(), byte=Number()),
    "csv_unreadable": Say(
        # TRANSLATORS: {detail} is the csv reader's own words, in English.
        N_("{file} is not a CSV file this app reads ({detail})."),
        file=Code(),
        detail=Code(),
    ),
    "csv_header": Say(
        N_("{file} must start with the header {header}."), file=Code(), header=Code()
    ),
    "csv_too_many": Say(N_("{file} lists more than {max} entrants."), file=Code(), max=Number()),
    "csv_columns": Plural(
        N_plural(
            "{file} row {row} must have {count} column.",
            "{file} row {row} must have {count} columns.",
        ),
        Field("count"),
        file=Code(),
        row=Number(),
        count=Number(),
    ),
    "csv_row": Say(
        N_("{file} row {row}, column {column}: {cause}"),
        file=Code(),
        row=Number(),
        column=Code(),
        cause=Cause(),
    ),
    "csv_entrants": Say(N_("{file}: {cause}"), file=Code(), cause=Cause()),
    "entrants_after_pairing": Say(N_("Entrants are added before round 1 is paired.")),
    "pair_three_names": Say(N_("A pair is added as TEAM PLAYER1 PLAYER2.")),
    "too_many_entrants": Say(N_("An event has at most {max} entrants."), max=Number()),
    "entrant_twice": Say(N_("{name} is already an entrant."), name=Text()),
    "player_twice": Say(N_("{name} already plays in another pair."), name=Text()),
    "not_an_entrant": Say(N_("{name} is not an entrant of this event."), name=Text()),
    "round_still_open": Say(
        N_(
            "Round {round} is still being played at table(s) {tables}: enter their results or "
            "end the round first."
        ),
        round=Number(),
        tables=Numbers(),
    ),
    "all_rounds_paired": Say(N_("The event has {rounds} rounds, all paired."), rounds=Number()),
    "too_few_entrants": Say(N_("A round needs at least {need} entrants present."), need=Number()),
    "rounds_needed": Say(
        N_("A {system} event is played over a set number of rounds: say how many."), system=Code()
    ),
    "no_round_yet": Say(N_("No round has been paired yet.")),
    "no_such_table": Say(N_("Round {round} has no table {table}."), round=Number(), table=Number()),
    "result_players": Say(N_("The players must be table {table}'s, team by team."), table=Number()),
    "result_format": Say(N_("The match must be played in the event's rules and format.")),
    "round_not_reopenable": Say(N_("The round can no longer be reopened.")),
    "event_too_large": Say(
        N_("The event is too large to export in one file (its record is over {max} KB)."),
        max=Number(),
    ),
}
