"""Running an event over the match store: entrants, pairing a round, results, ending a round,
standings (docs/events.md).

Each table of a round is an ordinary stored match created through the repository's public API, so
history, statistics and ratings count it; the event record (events.py) holds the match ids, and
each match carries `"event": {"id", "round", "table"}` in its file as well. The pairing and the
standings are the pure library's (seep_scorer.events); randomness is the event's seed, one
`random.Random` per round, so a round is the same however often the organiser asks to pair it.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace

from seep_scorer.events import (
    History,
    IndividualRound,
    PairsRound,
    Result,
    first_dealers,
    points_of,
    round_robin,
    round_robin_rounds,
    standings,
    swiss,
)
from seep_scorer.events import individual as pair_individual
from seep_scorer.rules import (
    MAX_NAME,
    PRESETS,
    Match,
    MatchError,
    MatchFormat,
    Team,
    check_name,
    replay,
)
from seep_scorer.stats.players import player_key
from seep_scorer.store.events.codes import ensure_codes
from seep_scorer.store.events.entrants import change_entrants, entrant_of, entrants_from_csv
from seep_scorer.store.events.record import (
    CLI_PRESETS,
    Entrant,
    Event,
    EventError,
    EventFolder,
    Round,
    Table,
    check_entrants,
    check_format,
    new_event_id,
    new_seed,
)
from seep_scorer.store.records import now_iso

# ----- a new event and its entrants (checked before anything is written) -----


def default_format(preset: str) -> tuple[str, int | None]:
    """The match format an event plays when none is given: its preset's usual one."""
    from seep_scorer.rules import DEFAULT_MATCH

    fmt = DEFAULT_MATCH[preset]
    return fmt.type, fmt.count


def plan_event(
    name: str,
    kind: str,
    system: str | None,
    planned_rounds: int | None,
    preset: str,
    match: tuple[str, int] | None,
    entrants: list[Entrant],
) -> Event:
    """A new event, checked in full, not yet stored."""
    try:
        check_name(name, "NAME", what="event name")
    except MatchError as err:
        raise EventError("event_rule", "NAME", cause=err) from None
    if system is None:
        system = (
            "individual" if kind == "individual" else "swiss" if planned_rounds else "round-robin"
        )
    if (system == "individual") != (kind == "individual"):
        raise EventError("system_kind", "--system", system=system, kind=kind)
    if planned_rounds is not None and not 1 <= planned_rounds <= 100:
        raise EventError("event_number", "--rounds", low=1, high=100)
    if planned_rounds is None and system != "round-robin":  # spec: Swiss and individual, N rounds
        raise EventError("rounds_needed", "--rounds", system=system)
    if preset not in CLI_PRESETS:
        raise EventError("event_choice", "--preset", choices=CLI_PRESETS)
    match_type, count = match or default_format(preset)
    check_format(preset, match_type, count, "--match")
    event = Event(
        new_event_id(), name, kind, system, planned_rounds, preset, match_type, count, now_iso(),
        new_seed(),
    )  # fmt: skip
    event.entrants = list(entrants)
    check_entrants(event.entrants, kind)
    return event


# ----- rounds -----


def table_matches(repo, rnd: Round) -> list[tuple[Table, object]]:
    """Each table with its stored match (None where the match is no longer stored)."""
    from seep_scorer.store.repository import MatchNotFound

    out = []
    for t in rnd.tables:
        try:
            out.append((t, repo.get(t.match)))
        except MatchNotFound:
            out.append((t, None))
    return out


def round_open(repo, rnd: Round) -> list[int]:
    """The tables of a round whose match is still being played (none once the round is ended)."""
    if rnd.ended:
        return []
    return [t.table for t, stored in table_matches(repo, rnd) if stored and not stored.finished]


def pair_next_round(repo, folder: EventFolder, event_id: str) -> tuple[Event, Round]:
    """Pair round k+1 and create its matches; refused while a match of round k is open.

    Safe against a process killed at any point: the round is first written to the record as
    being paired, with the ids its matches will have, then the matches are made, then the round
    is marked paired. A record left half-way is finished by `settle` (the next command, or the
    server's start); a refusal on the way takes the round back."""
    with folder.locked():
        event = settle(repo, folder, folder.read(event_id))
        number = len(event.rounds) + 1
        if event.rounds and (open_tables := round_open(repo, event.rounds[-1])):
            raise EventError("round_still_open", "ID", round=number - 1, tables=open_tables)
        if event.planned_rounds is not None and number > event.planned_rounds:
            raise EventError("all_rounds_paired", "ID", rounds=event.planned_rounds)
        rng = random.Random(f"{event.seed}:{number}")
        seats = _seating(repo, event, number, rng)
        dealers = first_dealers(len(seats[0]), rng)
        ids = _free_ids(repo, len(seats[0]))
        tables = [
            Table(n, mid, sides, dealer)
            for n, (mid, sides, dealer) in enumerate(zip(ids, seats[0], dealers), start=1)
        ]
        rnd = Round(number, tables, list(seats[1]), pairing=True)
        before = (list(event.circle), dict(event.codes))
        event.rounds.append(rnd)
        folder.write(ensure_codes(event))  # the plan first: from here on the round is made whole
        try:
            _make_matches(repo, event, rnd)
        except BaseException:
            _take_back(repo, folder, event, before)
            raise
        rnd.pairing = False
        folder.write(event)
        return event, rnd


def _free_ids(repo, count: int) -> list[str]:
    """`count` match ids stored nowhere yet (the round's matches get them)."""
    from seep_scorer.store.files import new_match_id
    from seep_scorer.store.repository import MatchNotFound

    ids: list[str] = []
    while len(ids) < count:
        mid = new_match_id()
        if mid in ids:
            continue
        try:
            repo.get(mid)
        except MatchNotFound:
            ids.append(mid)
    return ids


def _make_matches(repo, event: Event, rnd: Round) -> None:
    """The round's matches, under the ids its record names; one already made is left as it is."""
    from seep_scorer.store.repository import MatchNotFound, StoredMatch

    created = now_iso()
    for t in rnd.tables:
        try:
            repo.get(t.match)
            continue
        except MatchNotFound:
            pass
        match = _table_match(event, rnd.number, t.table, t.sides, t.first_dealer)
        repo.restore(StoredMatch(t.match, match, 1, created, created, False))


def _take_back(repo, folder: EventFolder, event: Event, before: tuple[list, dict]) -> None:
    """A pairing refused half-way (a full disk): no match of it stays, nor the round. Whatever
    cannot be undone now is finished instead by `settle`, the round's plan being stored."""
    from seep_scorer.store.repository import MatchNotFound

    rnd = event.rounds[-1]
    try:
        for t in rnd.tables:
            with contextlib.suppress(MatchNotFound):
                repo.delete(t.match)
        event.rounds.pop()
        event.circle, event.codes = before  # the current round's cards keep working
        folder.write(event)
    except Exception:
        pass


def settle(repo, folder: EventFolder, event: Event) -> Event:
    """The event with a round left half paired (a process killed while pairing it) made whole:
    its missing matches made under the planned ids and the round marked paired. Call it under
    `folder.locked()`."""
    if event.rounds and event.rounds[-1].pairing:
        rnd = event.rounds[-1]
        _make_matches(repo, event, rnd)
        rnd.pairing = False
        folder.write(ensure_codes(event))
    return event


def settle_all(repo, folder: EventFolder) -> list[str]:
    """`settle` every event of the folder (at a store's open); the ids of those finished. A record
    that cannot be read is left to the commands that name it."""
    finished: list[str] = []
    if not folder.ids():
        return finished  # no events: not even their folder is made
    with folder.locked():
        for event_id in folder.ids():
            try:
                event = folder.read(event_id)
            except EventError:
                continue
            if event.rounds and event.rounds[-1].pairing:
                settle(repo, folder, event)
                finished.append(event_id)
    return finished


def present(event: Event, number: int) -> list[str]:
    gone = set(event.withdrawn) | set(event.absent.get(number, ()))
    return [e.key for e in event.entrants if e.key not in gone]


def _seating(repo, event: Event, number: int, rng: random.Random) -> tuple[list, list[str]]:
    """(sides of each table, byes) of round `number`."""
    here = present(event, number)
    if event.system == "round-robin":
        if number == 1:
            event.circle = list(here)
            rng.shuffle(event.circle)
        if len(event.circle) < 2:
            raise EventError("too_few_entrants", "ID", need=2)
        if number > round_robin_rounds(len(event.circle)):
            last = round_robin_rounds(len(event.circle))
            raise EventError("all_rounds_paired", "ID", rounds=last)
        rnd = round_robin(event.circle, number)
        tables, byes = [], [k for k in rnd.byes if k in here]
        for a, b in rnd.tables:
            if a in here and b in here:
                tables.append(((a,), (b,)))
            else:  # the opponent withdrew or is away this round: a bye
                byes.extend(k for k in (a, b) if k in here)
        return tables, byes
    need = 4 if event.kind == "individual" else 2
    if len(here) < need:
        raise EventError("too_few_entrants", "ID", need=need)
    rows = event_standings(repo, event)
    ranked = [s.entrant for s in rows if s.entrant in set(here)]
    history = _history(event)
    if event.system == "swiss":
        rnd = swiss(ranked, points_of(rows), history, rng)
        return [((a,), (b,)) for a, b in rnd.tables], list(rnd.byes)
    ind = pair_individual(ranked, points_of(rows), history, rng)
    return [(tuple(x), tuple(y)) for x, y in ind.tables], list(ind.sitting_out)


def _history(event: Event) -> History:
    history = History()
    for rnd in event.rounds:
        if event.kind == "pairs":
            tables = tuple((t.sides[0][0], t.sides[1][0]) for t in rnd.tables)
            history.add_pairs_round(PairsRound(tables, tuple(rnd.byes)))
        else:
            tables = tuple((t.sides[0], t.sides[1]) for t in rnd.tables)
            history.add_individual_round(IndividualRound(tables, tuple(rnd.byes)))
    return history


def _table_match(event: Event, number: int, table: int, sides, dealer: int) -> Match:
    teams = []
    for side in sides:
        if event.kind == "pairs":
            e = event.entrant(side[0])
            teams.append(Team(e.name, (e.players[0], e.players[1])))
        else:
            a, b = (event.entrant(k).name for k in side)
            name = f"{a} & {b}"
            teams.append(Team(name if len(name) <= MAX_NAME else a, (a, b)))
    tag = {"event": {"id": event.id, "round": number, "table": table}}
    fmt = MatchFormat(event.match_type, event.match_count)
    return Match(PRESETS[event.preset], fmt, (teams[0], teams[1]), dealer, (), {"top": tag})


def current_table(event: Event, table: int) -> Table:
    if not event.rounds:
        raise EventError("no_round_yet", "ID")
    for t in event.rounds[-1].tables:
        if t.table == table:
            return t
    raise EventError("no_such_table", "TABLE", round=len(event.rounds), table=table)


def enter_result(repo, folder: EventFolder, event_id: str, table: int, match: Match):
    """A match file's match replaces the table's match of the current round (the same players,
    team by team, and the event's format); the stored match keeps its id."""
    with folder.locked():
        event = settle(repo, folder, folder.read(event_id))
        t = current_table(event, table)
        stored = repo.get(t.match)
        for theirs, team in zip(stored.match.teams, match.teams):
            if {player_key(p) for p in team.players} != {player_key(p) for p in theirs.players}:
                raise EventError("result_players", "teams", table=table)
        fmt = match.format
        if match.rules != PRESETS[event.preset] or (fmt.type, fmt.count) != (
            event.match_type, event.match_count
        ):  # fmt: skip
            raise EventError("result_format", "match")
        if event.rounds[-1].ended and not replay(match).finished:
            match = replace(match, format=replace(fmt, ended=True))  # the round was ended
        tag = {**match.extra.get("top", {}), **stored.match.extra.get("top", {})}
        return repo.save(
            t.match, replace(match, extra={**match.extra, "top": tag}), stored.revision
        )


def end_round(
    repo, folder: EventFolder, event_id: str, last: bool = False, stopped: dict | None = None
):
    """End the current round: every match still open ends as it stands (its leader wins). With
    `last`, the event ends with it: no round is paired after it, and its codes end. (event, the
    tables whose match was stopped); `stopped`, if given, gets {match id: the revision the end
    saved} (what `reopen_round` may take back)."""
    with folder.locked():
        event = settle(repo, folder, folder.read(event_id))
        if not event.rounds:
            raise EventError("no_round_yet", "ID")
        rnd = event.rounds[-1]
        ended = []
        for t, stored in table_matches(repo, rnd):
            if stored is not None and not stored.finished:
                m = stored.match
                saved = repo.save(
                    t.match, replace(m, format=replace(m.format, ended=True)), stored.revision
                )
                ended.append(t.table)
                if stopped is not None:
                    stopped[t.match] = saved.revision
        rnd.ended = True
        if last:  # the rounds played are all it has: it is over (eventcodes.event_over)
            event.planned_rounds = len(event.rounds)
        folder.write(ensure_codes(event))  # no table code opens an ended round; none, once over
        return event, ended


def end_event(
    repo, folder: EventFolder, event_id: str, stopped: dict | None = None
) -> tuple[Event, list[int]]:
    """The organiser ends the event after the current round (which ends, if it is open), as a
    Swiss event does by itself after its last round: standings final, no code opens anything."""
    return end_round(repo, folder, event_id, last=True, stopped=stopped)


def reopen_round(repo, folder: EventFolder, event_id: str, stopped: dict, reopen) -> list[int]:
    """Undo of an end (`end_round` or `end_event`): what the end did, and only that, taken back.

    Each match it stopped (`stopped`: {match id: the revision it saved}) is opened again, with
    the deals it has now, if nothing changed it since; one changed since (a result entered on
    paper, a table phone's save, reopened and ended again) stays as it is. `reopen(event)` puts
    the event's own marks back (the round open, its codes). The tables kept as they are."""
    from seep_scorer.store.repository import MatchNotFound, StaleRevision

    kept: list[int] = []
    with folder.locked():
        event = folder.read(event_id)
        if not event.rounds or not event.rounds[-1].ended:
            raise EventError("round_not_reopenable")
        tables = {t.match: t.table for t in event.rounds[-1].tables}
        for match_id, revision in stopped.items():
            try:
                stored = repo.get(match_id)
                if stored.revision == revision and stored.match.format.ended:
                    m = stored.match
                    repo.save(match_id, replace(m, format=replace(m.format, ended=False)), revision)
                    continue
            except (StaleRevision, MatchNotFound):  # saved (or deleted) meanwhile
                pass
            kept.append(tables.get(match_id, 0))
        reopen(event)
        folder.write(event)
    return sorted(kept)


# ----- standings -----


def results(repo, event: Event) -> list[Result]:
    out = []
    for rnd in event.rounds:
        for t, stored in table_matches(repo, rnd):
            if stored is None or not stored.finished:
                continue
            done = replay(stored.match)
            points = tuple(sum(r.card_points[s] for r in done.deals) for s in (0, 1))
            out.append(Result(t.sides, done.winner, done.bazzis, points))
    return out


def event_standings(repo, event: Event):
    """The standings (events.standings) over the event's finished matches and its byes."""
    byes = [k for rnd in event.rounds for k in rnd.byes]
    return standings(event.names(), results(repo, event), byes)


__all__ = [
    "change_entrants",
    "end_event",
    "end_round",
    "reopen_round",
    "enter_result",
    "entrant_of",
    "entrants_from_csv",
    "event_standings",
    "pair_next_round",
    "plan_event",
    "present",
    "round_open",
    "settle",
    "settle_all",
]
