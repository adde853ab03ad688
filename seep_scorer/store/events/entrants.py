"""An event's entrants: a pair or a player from names as entered, a CSV file of them, and the
changes to them (added before round 1, withdrawn, absent for a round), each checked in full before
anything is written (docs/events.md)."""

from __future__ import annotations

import csv
import io

from seep_scorer.rules import MatchError, check_name
from seep_scorer.stats.players import player_key
from seep_scorer.store.events.record import (
    MAX_ENTRANTS,
    Entrant,
    Event,
    EventError,
    EventFolder,
    check_entrants,
)

MAX_CSV_BYTES = 1024 * 1024


def entrant_of(kind: str, names: list[str], fields: list[str]) -> Entrant:
    """A pair (team name, two players) or a player, from names as entered; `fields` name them."""
    checked = []
    for name, where in zip(names, fields):
        try:
            checked.append(check_name(name.strip(), where))
        except MatchError as err:
            raise EventError("event_rule", where, cause=err) from None
    if kind == "pairs":
        team, *players = checked
        if player_key(players[0]) == player_key(players[1]):
            raise EventError("pair_same_player", fields[2])
        return Entrant(player_key(team), team, tuple(players))
    return Entrant(player_key(checked[0]), checked[0], (checked[0],))


def entrants_from_csv(data: bytes, kind: str, where: str) -> list[Entrant]:
    """Entrants from a CSV file with the header `team,player1,player2` (pairs) or `player`."""
    if len(data) > MAX_CSV_BYTES:
        raise EventError("csv_too_large", "--entrants", file=where, max=MAX_CSV_BYTES // 1024)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise EventError("csv_not_utf8", "--entrants", file=where, byte=err.start) from None
    header = ["team", "player1", "player2"] if kind == "pairs" else ["player"]
    try:
        rows = [r for r in csv.reader(io.StringIO(text, newline="")) if any(c.strip() for c in r)]
    except csv.Error as err:  # a field past the csv module's limit, say
        raise EventError("csv_unreadable", "--entrants", file=where, detail=str(err)) from None
    if not rows or [c.strip().casefold() for c in rows[0]] != header:
        raise EventError("csv_header", "--entrants", file=where, header=",".join(header))
    if len(rows) - 1 > MAX_ENTRANTS:
        raise EventError("csv_too_many", "--entrants", file=where, max=MAX_ENTRANTS)
    out = []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise EventError("csv_columns", "--entrants", file=where, row=number, count=len(header))
        try:
            out.append(entrant_of(kind, row, header))
        except EventError as err:
            raise EventError(
                "csv_row", "--entrants", file=where, row=number, column=err.field, cause=err
            ) from None
    try:
        check_entrants(out, kind)
    except EventError as err:
        raise EventError("csv_entrants", "--entrants", file=where, cause=err) from None
    return out


def change_entrants(folder: EventFolder, event_id: str, action: str, names: list[str]) -> Event:
    """add (before round 1), withdraw (from the next round on) or absent (for the next round)."""
    with folder.locked():
        event = folder.read(event_id)
        if action == "add":
            if event.rounds:
                raise EventError("entrants_after_pairing", "add")
            size = 3 if event.kind == "pairs" else 1
            if event.kind == "pairs" and len(names) != 3:
                raise EventError("pair_three_names", "NAME")
            for i in range(0, len(names), size):
                event.entrants.append(entrant_of(event.kind, names[i : i + size], ["NAME"] * 3))
            if len(event.entrants) > MAX_ENTRANTS:
                raise EventError("too_many_entrants", "NAME", max=MAX_ENTRANTS)
            try:
                check_entrants(event.entrants, event.kind)
            except EventError as err:
                raise EventError(err.code, "NAME", **err.params) from None
        else:
            keys = [_known(event, name) for name in names]
            target = event.withdrawn if action == "withdraw" else None
            if target is None:
                target = event.absent.setdefault(len(event.rounds) + 1, [])
            target.extend(k for k in dict.fromkeys(keys) if k not in target)
        folder.write(event)
        return event


def _known(event: Event, name: str) -> str:
    key = player_key(name)
    if not any(e.key == key for e in event.entrants):
        raise EventError("not_an_entrant", "NAME", name=name)
    return key


__all__ = ["MAX_CSV_BYTES", "change_entrants", "entrant_of", "entrants_from_csv"]
