"""`seep-scorer score FILE [--json]`: validate a match file and print its standings."""

from __future__ import annotations

import sys

from ..rules import BazziEvent, MatchError, Standings
from ..rules.names import shown
from ..store.matchfile import read_scored_match_file


def register(sub, common) -> None:
    p = sub.add_parser(
        "score", parents=[common], help="validate a match file and print the standings"
    )
    p.add_argument("file", help="a match file (JSON, format seep-match version 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    p.set_defaults(run=run, exit_at_once=True)  # nothing to close: cli.main skips the teardown


def quick_args(argv: list[str]):
    """`score FILE`, `score FILE --json` or `score --json FILE` read as argparse reads them, without it: a script
    scoring files one by one starts a new process for each, and argparse with its parsers is a tenth of the
    command's time (bench/score.py). Anything else (an option, help, a name starting with "-") returns None,
    and argparse reads it, words its errors and shows help. tests/cli/test_score_command.py holds the two to
    the same arguments."""
    if len(argv) == 2 and "--json" in argv:
        argv = [a for a in argv if a != "--json"]
        as_json = True
    else:
        as_json = False
    if len(argv) != 1 or argv[0].startswith("-"):
        return None
    return _Arguments(
        data_dir=None, command="score", file=argv[0], json=as_json, run=run, exit_at_once=True
    )


class _Arguments:
    """What argparse would have given (types.SimpleNamespace, without importing `types` for it)."""

    def __init__(self, **values):
        self.__dict__.update(values)


def standings_to_json(standings: Standings) -> dict:
    return {
        "deals": [
            {
                "number": r.number,
                "scores": list(r.scores),
                "difference": r.difference,
                "event": None
                if r.event is None
                else {"winner": r.event.winner, "cause": r.event.cause},
                "next_dealer": r.next_dealer,
            }
            for r in standings.deals
        ],
        "bazzis": list(standings.bazzis),
        "difference": standings.difference,
        "totals": list(standings.totals),
        "finished": standings.finished,
        "winner": standings.winner,
    }


def standings_json_text(standings: Standings) -> str:
    """`json.dumps(standings_to_json(standings))`, written directly: every value is an int, None, a bool, an event's
    cause or "draw" (no string that needs escaping), and this is most of the command's output time on a long match.
    tests/cli/test_score_command.py holds the two to the same text."""
    return "".join(standings_json_chunks(standings))


_CHUNK = 250  # deals per piece of output: a long match is printed a piece at a time, in the memory of one piece


def standings_json_chunks(standings: Standings):
    """standings_json_text in pieces, to write one at a time: the whole text of a 5,000-deal match, its rows and
    its encoding would be fresh memory, which costs `score` more than writing it (page faults)."""
    deals = standings.deals
    yield '{"deals": ['
    ending = _ENDINGS
    for start in range(0, len(deals), _CHUNK):
        rows = []
        add = rows.append
        for number, _dealer, _bidder, _cards, _sweeps, _bonus, (
            s0,
            s1,
        ), difference, event, next_dealer, _bazzis, _totals in deals[start : start + _CHUNK]:
            tail = ending.get((event, next_dealer)) or _ending(event, next_dealer)
            add(f'{{"number": {number}, "scores": [{s0}, {s1}], "difference": {difference}, {tail}')
        yield (", " if start else "") + ", ".join(rows)
    (b0, b1), (t0, t1), winner = standings.bazzis, standings.totals, standings.winner
    winner = "null" if winner is None else '"draw"' if winner == "draw" else winner
    yield (
        f'], "bazzis": [{b0}, {b1}], "difference": {standings.difference}, '
        f'"totals": [{t0}, {t1}], "finished": {"true" if standings.finished else "false"}, "winner": {winner}}}'
    )


_EVENTS = tuple(
    BazziEvent(team, cause) for cause in ("lead", "minimum", "target") for team in (0, 1)
)


def _ending(event, next_dealer) -> str:
    """A deal's JSON from its event on: one of a few dozen texts, so each is written once (_ENDINGS)."""
    event_text = "null" if event is None else '{"winner": %d, "cause": "%s"}' % event
    return (
        f'"event": {event_text}, "next_dealer": {"null" if next_dealer is None else next_dealer}}}'
    )


_ENDINGS = {
    (event, seat): _ending(event, seat) for event in (None, *_EVENTS) for seat in (None, 0, 1, 2, 3)
}


def _event_text(event, names) -> str:
    text = f"{names[event.winner]} wins ({event.cause})"
    return text if event.cause == "target" else f"bazzi: {text}"


def _winner_text(winner, names) -> str:
    return "a draw" if winner == "draw" else names[winner]


def format_table(match, standings: Standings) -> str:
    return "".join(_table_chunks(match, standings))


def _table_chunks(match, standings: Standings):
    """format_table in pieces of _CHUNK rows, as standings_json_chunks."""
    names = [t.name for t in match.teams]
    w = max(8, *(len(n) for n in names))
    yield f"{'deal':>4}  {names[0]:>{w}}  {names[1]:>{w}}  {'difference':>10}  {'event':<30}  next dealer"
    # A row per deal, thousands of them: the layout parsed once, and the few event and dealer texts written once.
    row = "\n%%4d  %%%dd  %%%dd  %%+10d  %%-30s  %%s" % (
        w,
        w,
    )  # %-formatting: the quickest of Python's three here
    dealers = {None: "-", **{seat: f"{seat} {match.seat_name(seat)}" for seat in range(4)}}
    events: dict = {None: ""}
    deals = standings.deals
    for start in range(0, len(deals), _CHUNK):
        rows = []
        for number, _dealer, _bidder, _cards, _sweeps, _bonus, (
            s0,
            s1,
        ), difference, event, next_dealer, _bazzis, _totals in deals[start : start + _CHUNK]:
            text = events.get(event)
            if text is None:
                text = events[event] = _event_text(event, names)
            rows.append(row % (number, s0, s1, difference, text, dealers[next_dealer]))
        yield "".join(rows)
    lines = ["", ""]
    lines.append(f"bazzis      {names[0]} {standings.bazzis[0]} : {standings.bazzis[1]} {names[1]}")
    lead = standings.leader
    diff = "level" if lead is None else f"{names[lead]} leads by {abs(standings.difference)}"
    lines.append(f"difference  {standings.difference:+d} ({diff})")
    lines.append(f"totals      {names[0]} {standings.totals[0]} : {standings.totals[1]} {names[1]}")
    if standings.finished:
        lines.append(f"finished    winner: {_winner_text(standings.winner, names)}")
    else:
        nd = standings.next_dealer
        who = (
            "unknown"
            if nd is None
            else f"seat {nd} {match.seat_name(nd)} deals, seat {standings.next_bidder} {match.seat_name(standings.next_bidder)} bids"
        )
        lines.append(f"in progress next: {who}")
    yield "\n".join(lines)


def run(args) -> int:
    try:
        match, standings = read_scored_match_file(
            args.file, keep_deals=False
        )  # validated and replayed once
    except MatchError as err:
        # The message may quote the file's text: escaped.
        from ..wording import terminal_text

        print(f"seep-scorer: {shown(f'{args.file}: {terminal_text(err)}')}", file=sys.stderr)
        return 2
    write = sys.stdout.write
    for piece in standings_json_chunks(standings) if args.json else _table_chunks(match, standings):
        write(piece)
    write("\n")
    return 0
