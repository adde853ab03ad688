"""The events' refusals (store.events.EventError, by code), for the organiser's screens and the
command line alike.

A damaged or hostile event file shares a few codes (`event_*`: the field and what was expected);
what an organiser can get wrong has its own sentence. A wrapped fault (`cause`: a name or format
the rules refused, a CSV row) is worded in the same language.
"""

from __future__ import annotations

import logging

from seep_scorer.i18n.faults import (
    FAULTS,
    Names,
    name_fault_text,
    registrar,
    shown_code,
    shown_number,
)
from seep_scorer.i18n.translate import _, ngettext
from seep_scorer.rules import errors

log = logging.getLogger(__name__)

EVENT_FAULTS: dict = {}  # code -> (params it needs, function(params) -> str)


event_words = registrar(EVENT_FAULTS)
_c, _n = shown_code, shown_number


def event_text(err, *, located: bool = True) -> str:
    """An EventError as one sentence, after the field at fault when `located` (the command line
    names it; a screen shows the sentence alone). A code nothing words is shown as it is."""
    code, params = getattr(err, "code", None), getattr(err, "params", {})
    entry = EVENT_FAULTS.get(code)
    text = None
    if entry is not None:
        try:
            text = entry[1](params)
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
            return entry[1](params, Names(None))
        except (KeyError, IndexError, TypeError, ValueError):
            log.warning("fault not worded: %s %r", code, params, exc_info=True)
    return errors.plain(code, params) if code is not None else str(cause)


# ----- a damaged or hostile event file (the field names where) -----


@event_words("event_rule", ("cause",))
def _rule(p) -> str:
    return cause_text(p["cause"])


@event_words("event_number", ("low", "high"))
def _number(p) -> str:
    return _("must be a whole number from {low} to {high}").format(
        low=_n(p["low"]), high=_n(p["high"])
    )


@event_words("event_list", ("max",))
def _list(p) -> str:
    return ngettext(
        "must be a list of at most {max} item",
        "must be a list of at most {max} items",
        p["max"],
    ).format(max=_n(p["max"]))


@event_words("event_count", ("count",))
def _count(p) -> str:
    return ngettext(
        "must hold exactly {count} item", "must hold exactly {count} items", p["count"]
    ).format(count=_n(p["count"]))


@event_words("event_position", ("number",))
def _position(p) -> str:
    return _("must be {number}").format(number=_n(p["number"]))


@event_words("event_choice", ("choices",))
def _choice(p) -> str:
    return _("must be one of {choices}").format(choices=", ".join(map(_c, p["choices"])))


def _expected(what) -> str:
    if what == "object":
        return _("must be an object")
    if what == "true_false":
        return _("must be true or false")
    if what == "entrant":
        return _("must name an entrant of the event")
    if what == "event_id":
        return _("must be 8 lowercase hex digits")
    if what == "match_id":
        return _("must be a match id")
    if what == "iso_time":
        return _("must be a date and time in ISO 8601")
    if what == "name_key":
        return _("must be the name's key")
    if what == "format_keys":
        return _("must be {type, count}")
    return _("is not what an event file holds here")


@event_words("event_value", ("expected",))
def _value(p) -> str:
    return _expected(p["expected"])


def _repeated(what) -> str:
    if what == "entrant":
        return _("names an entrant twice")
    if what == "round":
        return _("names a round twice")
    if what == "match":
        return _("names a match already in the event")
    if what == "seated":
        return _("seats an entrant twice in the round")
    if what == "bye":
        return _("gives a seated entrant a bye")
    return _("names something twice")


@event_words("event_repeated", ("what",))
def _repeat(p) -> str:
    return _repeated(p["what"])


@event_words("event_file_object")
def _file_object(p) -> str:
    return _("An event file must hold a JSON object.")


@event_words("not_event_file")
def _not_event_file(p) -> str:
    return _("This is not a Seep event file.")


@event_words("event_newer", ("version",))
def _newer(p) -> str:
    return _(
        "This event is version {version}, newer than this app reads; update Seep Scorer."
    ).format(version=_n(p["version"]))


@event_words("event_file_too_large", ("max",))
def _too_large(p) -> str:
    return _("The event file is over {max} MB.").format(max=_n(p["max"]))


@event_words("event_file_not_utf8")
def _not_utf8(p) -> str:
    return _("The event file is not UTF-8 text.")


@event_words("event_file_refused", ("cause",))
def _refused(p) -> str:
    return _("The event file is not strict JSON: {cause}").format(cause=cause_text(p["cause"]))


@event_words("event_file_not_json")
def _not_json(p) -> str:
    return _("The event file is not valid JSON.")


@event_words("event_file_damaged", ("path", "cause"))
def _damaged(p) -> str:
    cause = event_text(p["cause"])
    return _("The event file {path} is damaged and was not used ({cause}).").format(
        path=_c(p["path"]), cause=cause
    )


@event_words("event_file_other_id", ("path",))
def _other_id(p) -> str:
    return _("The event file {path} holds another event's id; it was not used.").format(
        path=_c(p["path"])
    )


@event_words("event_match_not_its_own", ("match",))
def _match_not_its_own(p) -> str:
    return _(
        "It names match {match}, which the file does not hold: an event brings only its own "
        "matches."
    ).format(match=_c(p["match"]))


@event_words("event_in_file_damaged", ("cause",))
def _in_file_damaged(p) -> str:
    return _("The file's event is damaged ({cause}).").format(cause=event_text(p["cause"]))


# ----- what an organiser asks for -----


@event_words("no_event", ("id",))
def _no_event(p) -> str:
    return _("There is no event with id {id}.").format(id=_c(p["id"]))


@event_words("no_data_folder")
def _no_data_folder(p) -> str:
    return _("Events need the app's data folder.")


@event_words("system_kind", ("system", "kind"))
def _system_kind(p) -> str:
    if p["kind"] == "individual":
        return _("The {system} system does not suit an individual event.").format(
            system=_c(p["system"])
        )
    return _("The {system} system does not suit an event of pairs.").format(system=_c(p["system"]))


@event_words("match_option")
def _match_option(p) -> str:
    return _("The match format must be first_to:N, bazzis:N or target:N.")


@event_words("pair_same_player")
def _pair_same_player(p) -> str:
    return _("A pair is two different players.")


@event_words("csv_too_large", ("file", "max"))
def _csv_too_large(p) -> str:
    return _("{file} is over {max} KB.").format(file=_c(p["file"]), max=_n(p["max"]))


@event_words("csv_not_utf8", ("file", "byte"))
def _csv_not_utf8(p) -> str:
    return _("{file} is not UTF-8 text (byte {byte}).").format(
        file=_c(p["file"]), byte=_n(p["byte"])
    )


@event_words("csv_unreadable", ("file", "detail"))
def _csv_unreadable(p) -> str:
    # TRANSLATORS: {detail} is the csv reader's own words, in English.
    return _("{file} is not a CSV file this app reads ({detail}).").format(
        file=_c(p["file"]), detail=_c(p["detail"])
    )


@event_words("csv_header", ("file", "header"))
def _csv_header(p) -> str:
    return _("{file} must start with the header {header}.").format(
        file=_c(p["file"]), header=_c(p["header"])
    )


@event_words("csv_too_many", ("file", "max"))
def _csv_too_many(p) -> str:
    return _("{file} lists more than {max} entrants.").format(file=_c(p["file"]), max=_n(p["max"]))


@event_words("csv_columns", ("file", "row", "count"))
def _csv_columns(p) -> str:
    return ngettext(
        "{file} row {row} must have {count} column.",
        "{file} row {row} must have {count} columns.",
        p["count"],
    ).format(file=_c(p["file"]), row=_n(p["row"]), count=_n(p["count"]))


@event_words("csv_row", ("file", "row", "column", "cause"))
def _csv_row(p) -> str:
    return _("{file} row {row}, column {column}: {cause}").format(
        file=_c(p["file"]), row=_n(p["row"]), column=_c(p["column"]), cause=cause_text(p["cause"])
    )


@event_words("csv_entrants", ("file", "cause"))
def _csv_entrants(p) -> str:
    return _("{file}: {cause}").format(file=_c(p["file"]), cause=cause_text(p["cause"]))


@event_words("entrants_after_pairing")
def _after_pairing(p) -> str:
    return _("Entrants are added before round 1 is paired.")


@event_words("pair_three_names")
def _three_names(p) -> str:
    return _("A pair is added as TEAM PLAYER1 PLAYER2.")


@event_words("too_many_entrants", ("max",))
def _too_many(p) -> str:
    return _("An event has at most {max} entrants.").format(max=_n(p["max"]))


@event_words("entrant_twice", ("name",))
def _entrant_twice(p) -> str:
    return _("{name} is already an entrant.").format(name=p["name"])


@event_words("player_twice", ("name",))
def _player_twice(p) -> str:
    return _("{name} already plays in another pair.").format(name=p["name"])


@event_words("not_an_entrant", ("name",))
def _not_an_entrant(p) -> str:
    return _("{name} is not an entrant of this event.").format(name=p["name"])


@event_words("round_still_open", ("round", "tables"))
def _round_open(p) -> str:
    tables = ", ".join(_n(t) for t in p["tables"])
    return _(
        "Round {round} is still being played at table(s) {tables}: enter their results or end "
        "the round first."
    ).format(round=_n(p["round"]), tables=tables)


@event_words("all_rounds_paired", ("rounds",))
def _all_paired(p) -> str:
    return _("The event has {rounds} rounds, all paired.").format(rounds=_n(p["rounds"]))


@event_words("too_few_entrants", ("need",))
def _too_few(p) -> str:
    return _("A round needs at least {need} entrants present.").format(need=_n(p["need"]))


@event_words("rounds_needed", ("system",))
def _rounds_needed(p) -> str:
    return _("A {system} event is played over a set number of rounds: say how many.").format(
        system=_c(p["system"])
    )


@event_words("no_round_yet")
def _no_round(p) -> str:
    return _("No round has been paired yet.")


@event_words("no_such_table", ("round", "table"))
def _no_table(p) -> str:
    return _("Round {round} has no table {table}.").format(
        round=_n(p["round"]), table=_n(p["table"])
    )


@event_words("result_players", ("table",))
def _result_players(p) -> str:
    return _("The players must be table {table}'s, team by team.").format(table=_n(p["table"]))


@event_words("result_format")
def _result_format(p) -> str:
    return _("The match must be played in the event's rules and format.")


@event_words("round_not_reopenable")
def _not_reopenable(p) -> str:
    return _("The round can no longer be reopened.")


@event_words("event_too_large", ("max",))
def _event_too_large(p) -> str:
    return _("The event is too large to export in one file (its record is over {max} KB).").format(
        max=_n(p["max"])
    )
