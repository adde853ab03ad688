"""`seep-scorer event ...`: run a tournament from the shell (docs/events.md).

new, entrant, pair, result, end-round, end, list, standings, export. Bad input is one line on stderr
naming the field, exit status 2, and nothing written: everything a command is given is checked
before the store is opened or changed.
"""

from __future__ import annotations

import csv
import io
import json
import sys

from seep_scorer.cli.status import EXIT_BAD_INPUT
from seep_scorer.cli.words import _, ngettext
from seep_scorer.rules import MatchError
from seep_scorer.rules.names import json_shown, shown
from seep_scorer.store.repository import StoreError

_COLUMNS = (
    "rank", "entrant", "played", "wins", "draws", "losses", "byes", "match_points", "bazzi_diff",
    "card_point_diff",
)  # fmt: skip


def register(sub, common) -> None:
    p = sub.add_parser("event", parents=[common], help=_("run a tournament over many tables"))
    events = p.add_subparsers(dest="event_command", metavar="COMMAND", required=True)

    def add(name, run, help):
        q = events.add_parser(name, parents=[common], help=help)
        q.set_defaults(run=guarded(run))
        return q

    q = add("new", run_new, _("create an event and print its id"))
    q.add_argument("name", metavar="NAME")
    kind = q.add_mutually_exclusive_group(required=True)
    kind.add_argument("--pairs", dest="kind", action="store_const", const="pairs")
    kind.add_argument("--individual", dest="kind", action="store_const", const="individual")
    q.add_argument("--system", choices=("round-robin", "swiss", "individual"))
    q.add_argument("--rounds", type=int, metavar="N")
    q.add_argument("--preset", choices=("standard", "race500"), default="standard")
    q.add_argument("--match", metavar="TYPE:N", help=_("first_to:N, bazzis:N or target:N"))
    q.add_argument("--entrants", metavar="FILE.csv", help=_("team,player1,player2 or player"))

    q = add("entrant", run_entrant, _("add, withdraw or mark absent entrants"))
    q.add_argument("id", metavar="ID")
    q.add_argument("action", choices=("add", "withdraw", "absent"))
    q.add_argument("names", metavar="NAME", nargs="+")

    q = add("pair", run_pair, _("pair the next round and print it"))
    q.add_argument("id", metavar="ID")
    q.add_argument("--json", action="store_true")

    q = add("result", run_result, _("a match file replaces a table's match of the current round"))
    q.add_argument("id", metavar="ID")
    q.add_argument("table", metavar="TABLE", type=int)
    q.add_argument("file", metavar="FILE")

    q = add("end-round", run_end_round, _("end the current round: open matches end as they stand"))
    q.add_argument("id", metavar="ID")

    q = add("end", run_end, _("end the event after its current round (which ends as it stands)"))
    q.add_argument("id", metavar="ID")

    q = add("list", run_list, _("list the events"))
    q.add_argument("--json", action="store_true")

    q = add("standings", run_standings, _("print an event's standings"))
    q.add_argument("id", metavar="ID")
    how = q.add_mutually_exclusive_group()
    how.add_argument("--json", action="store_true")
    how.add_argument("--csv", action="store_true")

    q = add("export", run_export, _("the event, its matches and standings as one importable file"))
    q.add_argument("id", metavar="ID")
    q.add_argument("-o", "--output", metavar="FILE")


def guarded(action):
    def run(args) -> int:
        try:
            return action(args) or 0
        except (MatchError, StoreError) as err:
            from seep_scorer.i18n.wording import terminal_text

            print(f"seep-scorer: {shown(' '.join(terminal_text(err).split()))}", file=sys.stderr)
            return EXIT_BAD_INPUT
        except OSError as err:
            where = err.filename or "file"
            print(f"seep-scorer: {shown(str(where))}: {err.strerror or err}", file=sys.stderr)
            return EXIT_BAD_INPUT

    return run


def open_store(args, create: bool = False):
    from seep_scorer.cli.store_commands import open_store
    from seep_scorer.store.events.record import EventFolder
    from seep_scorer.store.events.rounds import settle_all

    repo = open_store(args, create=create)
    folder = EventFolder(repo.data_dir)
    settle_all(repo, folder)  # a round a killed process left half paired is made whole first
    return repo, folder


def _match_option(text: str | None) -> tuple[str, int] | None:
    from seep_scorer.store.events.record import EventError

    if text is None:
        return None
    kind, _sep, count = text.partition(":")
    if kind not in ("first_to", "bazzis", "target") or not count.isdigit():
        raise EventError("match_option", "--match")
    return kind, int(count)


def run_new(args) -> int:
    from seep_scorer.i18n.translate import cli_language
    from seep_scorer.store.events.rounds import entrants_from_csv, plan_event

    entrants = []
    if args.entrants:
        with open(args.entrants, "rb") as f:
            data = f.read(2 * 1024 * 1024)
        entrants = entrants_from_csv(data, args.kind, args.entrants)
    event = plan_event(
        args.name, args.kind, args.system, args.rounds, args.preset, _match_option(args.match),
        entrants,
    )  # fmt: skip
    event.language = cli_language()  # the board and the cards speak the organiser's (LANG)
    repo, folder = open_store(args, create=True)
    with folder.locked():
        folder.write(event)
    print(event.id)
    return 0


def run_entrant(args) -> int:
    from seep_scorer.store.events.rounds import change_entrants

    _repo, folder = open_store(args)
    event = change_entrants(folder, args.id, args.action, args.names)
    count = len(event.entrants)
    print(ngettext("{count} entrant", "{count} entrants", count).format(count=count))
    return 0


def _players(event, side) -> list[str]:
    if event.kind == "pairs":
        return list(event.entrant(side[0]).players)
    return [event.entrant(k).name for k in side]


def run_pair(args) -> int:
    from seep_scorer.store.events.rounds import pair_next_round

    repo, folder = open_store(args)
    event, rnd = pair_next_round(repo, folder, args.id)
    names = event.names()
    tables = [
        {
            "table": t.table,
            "match": t.match,
            "teams": [_players(event, side) for side in t.sides],
            "first_dealer": t.first_dealer,
        }
        for t in rnd.tables
    ]
    byes = [names[k] for k in rnd.byes]
    if args.json:
        print(json.dumps({"round": rnd.number, "tables": tables, "byes": byes}, ensure_ascii=False))
        return 0
    print(_("round {number}").format(number=rnd.number))
    for t in tables:
        (a1, a2), (b1, b2) = t["teams"]
        seats = [a1, b1, a2, b2]  # team 0 holds seats 0 and 2
        # TRANSLATORS: a table of a round paired by `seep-scorer event pair`.
        line = _("table {table}  {a1} & {a2} v {b1} & {b2}  first dealer {dealer}  match {match}")
        print(
            line.format(
                table=f"{t['table']:>3}",
                a1=shown(a1),
                a2=shown(a2),
                b1=shown(b1),
                b2=shown(b2),
                dealer=shown(seats[t["first_dealer"]]),
                match=t["match"],
            )
        )
    for name in byes:
        out = _("sits out: {name}") if event.kind == "individual" else _("bye: {name}")
        print(out.format(name=shown(name)))
    return 0


def run_result(args) -> int:
    from seep_scorer.matchfile import read_match_file
    from seep_scorer.store.events.rounds import enter_result

    match = read_match_file(args.file)
    repo, folder = open_store(args)
    stored = enter_result(repo, folder, args.id, args.table, match)
    if stored.finished:
        line = _("table {table}: match {id} finished")
    else:
        line = _("table {table}: match {id} playing")
    print(line.format(table=args.table, id=stored.id))
    return 0


def run_end_round(args) -> int:
    from seep_scorer.store.events.rounds import end_round

    repo, folder = open_store(args)
    event, ended = end_round(repo, folder, args.id)
    if ended:
        line = _("round {number} ended; matches ended as they stood at table(s): {tables}")
    else:
        line = _("round {number} ended; no match was still open")
    print(line.format(number=len(event.rounds), tables=", ".join(map(str, ended))))
    return 0


def run_end(args) -> int:
    from seep_scorer.store.events.rounds import end_event

    repo, folder = open_store(args)
    event, ended = end_event(repo, folder, args.id)
    if ended:
        line = _(
            "event {id} is over after round {number}; "
            "matches ended as they stood at table(s): {tables}"
        )
    else:
        line = _("event {id} is over after round {number}; no match was still open")
    print(line.format(id=event.id, number=len(event.rounds), tables=", ".join(map(str, ended))))
    return 0


def run_list(args) -> int:
    from seep_scorer.i18n.wording import terminal_text
    from seep_scorer.store.events.record import EventError
    from seep_scorer.store.registry import NoStore

    try:
        repo, folder = open_store(args)
    except NoStore:
        ids, folder = [], None
    else:
        ids = folder.ids()
    rows = []
    for event_id in ids:
        try:
            e = folder.read(event_id)
        except EventError as err:
            print(f"seep-scorer: note: {shown(terminal_text(err))}", file=sys.stderr)
            continue
        rows.append(
            {
                "id": e.id,
                "name": e.name,
                "kind": e.kind,
                "system": e.system,
                "rounds": e.planned_rounds,
                "round": len(e.rounds),
                "entrants": len(e.entrants),
                "created": e.created,
            }  # fmt: skip
        )
    rows.sort(key=lambda r: r["created"], reverse=True)
    if args.json:
        print(json_shown(json.dumps(rows, ensure_ascii=False)))
        return 0
    if not rows:
        print(_("no events yet"))
    for r in rows:
        if r["rounds"]:
            rnd = _("round {number}/{rounds}").format(number=r["round"], rounds=r["rounds"])
        else:
            rnd = _("round {number}").format(number=r["round"])
        count = r["entrants"]
        entrants = ngettext("{count} entrant", "{count} entrants", count).format(
            count=f"{count:>3}"
        )
        print(
            f"{r['id']}  {r['created'][:16].replace('T', ' ')}  {r['system']:<11}  "
            f"{rnd}  {entrants}  {shown(r['name'])}"
        )
    return 0


def run_standings(args) -> int:
    from seep_scorer.store.events.rounds import event_standings

    repo, folder = open_store(args)
    rows = [s.to_json() for s in event_standings(repo, folder.read(args.id))]
    if args.json:
        print(json_shown(json.dumps(rows, ensure_ascii=False)))
    elif args.csv:
        out = io.StringIO()
        writer = csv.DictWriter(out, _COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        sys.stdout.write(out.getvalue())
    else:
        # TRANSLATORS: the standings' headings: played, won, drawn, lost (one letter each if the
        # language allows), byes, match points, bazzi and card point differences.
        heads = (_("rank"), _("entrant"), _("P"), _("W"), _("D"), _("L"), _("bye"), _("pts"))
        print(
            "{:>4}  {:<24}  {:>3} {:>3} {:>3} {:>3} {:>4} {:>4} {:>7} {:>6}".format(
                *heads, _("bazzis"), _("cards")
            )
        )
        for r in rows:
            print(
                f"{r['rank']:>4}  {shown(r['entrant'])[:24]:<24}  {r['played']:>3} {r['wins']:>3} "
                f"{r['draws']:>3} {r['losses']:>3} {r['byes']:>4} {r['match_points']:>4} "
                f"{r['bazzi_diff']:>+7} {r['card_point_diff']:>+6}"
            )
    return 0


def run_export(args) -> int:
    from seep_scorer.cli.store_commands import output_to
    from seep_scorer.store.events.backup import write_event_backup

    repo, folder = open_store(args)
    event = folder.read(args.id)
    buffer = io.BytesIO()  # whole before a byte goes out: a refusal leaves no half file
    write_event_backup(repo, event, buffer)
    with output_to(args.output) as out:
        out.write(buffer.getvalue())
    return 0
