"""`seep-scorer score FILE [--json]`: validate a match file and print its standings."""

from __future__ import annotations

import json
import sys

from seep_scorer.cli.words import N_, _, ngettext
from seep_scorer.matchfile import read_scored_match_file
from seep_scorer.rules import MatchError, Standings
from seep_scorer.rules.names import shown


def register(sub, common) -> None:
    p = sub.add_parser(
        "score", parents=[common], help=_("validate a match file and print the standings")
    )
    p.add_argument("file", help=_("a match file (JSON, format seep-match version 1)"))
    p.add_argument(
        "--json", action="store_true", help=_("print one JSON object instead of a table")
    )
    p.set_defaults(run=run)


def standings_to_json(standings: Standings) -> dict:
    return {
        "deals": [
            {
                "number": r.number,
                "scores": r.scores,  # a tuple, written as a JSON array: no list per deal
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


# TRANSLATORS: why a bazzi or the match was won, in the score table: "Team B wins (minimum)".
_CAUSES = {"lead": N_("lead"), "minimum": N_("minimum"), "target": N_("target")}


def _event_text(event, names) -> str:
    cause = _(_CAUSES[event.cause]) if event.cause in _CAUSES else event.cause
    text = _("{team} wins ({cause})").format(team=names[event.winner], cause=cause)
    if event.cause == "target":
        return text
    return f"{ngettext('bazzi', 'bazzis', 1)}: {text}"  # the game's word, as the phone says it


def _winner_text(winner, names) -> str:
    return _("a draw") if winner == "draw" else names[winner]


def format_table(match, standings: Standings) -> str:
    names = [t.name for t in match.teams]
    w = max(8, *(len(n) for n in names))
    # TRANSLATORS: the score table's headings.
    deal, difference, event, dealer = _("deal"), _("difference"), _("event"), _("next dealer")
    lines = [
        f"{deal:>4}  {names[0]:>{w}}  {names[1]:>{w}}  {difference:>10}  {event:<30}  {dealer}"
    ]
    for r in standings.deals:
        event = "" if r.event is None else _event_text(r.event, names)
        dealer = (
            "-" if r.next_dealer is None else f"{r.next_dealer} {match.seat_name(r.next_dealer)}"
        )
        lines.append(
            f"{r.number:>4}  {r.scores[0]:>{w}}  {r.scores[1]:>{w}}  {r.difference:>+10}  "
            f"{event:<30}  {dealer}"
        )
    lines.append("")
    heads = [_("bazzis"), _("difference"), _("totals"), _("finished")]
    width = max(10, *(len(h) for h in heads))
    bazzis, difference, totals, finished = heads
    lines.append(
        f"{bazzis:<{width}}  {names[0]} {standings.bazzis[0]} : {standings.bazzis[1]} {names[1]}"
    )
    lead = standings.leader
    if lead is None:
        diff = _("level")
    else:
        diff = _("{team} leads by {points}").format(
            team=names[lead], points=abs(standings.difference)
        )
    lines.append(f"{difference:<{width}}  {standings.difference:+d} ({diff})")
    lines.append(
        f"{totals:<{width}}  {names[0]} {standings.totals[0]} : {standings.totals[1]} {names[1]}"
    )
    if standings.finished:
        winner = _winner_text(standings.winner, names)
        lines.append(f"{finished:<{width}}  " + _("winner: {team}").format(team=winner))
    else:
        nd, nb = standings.next_dealer, standings.next_bidder
        if nd is None:
            who = _("unknown")
        else:
            who = _("seat {dealer} {dealer_name} deals, seat {bidder} {bidder_name} bids").format(
                dealer=nd,
                dealer_name=match.seat_name(nd),
                bidder=nb,
                bidder_name=match.seat_name(nb),
            )
        lines.append(_("in progress next: {who}").format(who=who))
    return "\n".join(lines)


def run(args) -> int:
    try:
        # Validated and replayed once; the deals themselves are not kept, only the standings.
        match, standings = read_scored_match_file(args.file, keep_deals=False)
    except MatchError as err:
        # The message may quote the file's text: escaped.
        from seep_scorer.i18n.wording import terminal_text

        print(f"seep-scorer: {shown(f'{args.file}: {terminal_text(err)}')}", file=sys.stderr)
        return 2
    if args.json:
        # json.dumps, not json.dump: only the one-shot encoder is json's C one (four times faster
        # on a long match). The value is built just above and holds no cycle: no check for one.
        sys.stdout.write(json.dumps(standings_to_json(standings), check_circular=False))
        sys.stdout.write("\n")  # not `+ "\n"`: that copies the whole text once more
    else:
        print(format_table(match, standings))
    return 0
