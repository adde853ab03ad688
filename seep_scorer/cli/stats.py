"""`seep-scorer stats [--json] [--since YYYY-MM-DD]`: docs/statistics.md's figures, from the index.

The figures come from the statistics contributions kept in the index lines
(repository.statistics), so the command never opens a match file: on years of
matches it costs about what `seep-scorer list` costs. Without --json: three
readable tables (players, ranked by rating, partnerships, head to head) with the rates the
screens show; with --json: the spec's object, keys in the spec's order.
"""

from __future__ import annotations

import json
import re
from datetime import date

from seep_scorer.cli.store_commands import guarded, open_to_read
from seep_scorer.cli.words import N_, _, ngettext
from seep_scorer.rules.names import json_shown, shown
from seep_scorer.stats import Figures, Stats, aggregate
from seep_scorer.stats.ratings import UNRATED

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def register(sub, common) -> None:
    p = sub.add_parser(
        "stats", parents=[common], help=_("statistics by player, partnership and head to head")
    )
    p.add_argument(
        "--json",
        action="store_true",
        help=_("print one JSON object (see docs/statistics.md) instead of tables"),
    )
    p.add_argument(
        "--since",
        metavar="YYYY-MM-DD",
        type=day,
        help=_("count only matches created on or after this day (UTC)"),
    )
    p.set_defaults(run=run_stats)


def day(text: str) -> date:
    """A day as YYYY-MM-DD (argparse turns the ValueError into one line and exit status 2)."""
    if not _DAY.fullmatch(text):
        raise ValueError(text)
    return date.fromisoformat(text)


day.__name__ = (
    "date (YYYY-MM-DD)"  # argparse names the type in its message: "invalid date (YYYY-MM-DD) value"
)


@guarded
def run_stats(args) -> int:
    repo = open_to_read(args)
    stats = repo.statistics(args.since) if repo is not None else aggregate((), args.since)
    if args.json:
        # Names as the index holds them, unchecked: what a terminal must not get raw is escaped.
        print(json_shown(json.dumps(stats.to_json(), ensure_ascii=False)))
    else:
        print(tables(stats, args.since))
    return 0


def _rate(part: int | float | None, digits: int = 1, percent: bool = False) -> str:
    if part is None:
        return "-"
    return f"{part * 100:.0f}%" if percent else f"{part:.{digits}f}"


_COLUMNS = (
    # TRANSLATORS: the statistics table's column headings on the command line; short, as a
    # table's.
    N_("matches"),
    N_("finished"),
    N_("won"),
    N_("lost"),
    N_("drawn"),
    N_("win rate"),
    N_("deals"),
    N_("card pts/deal"),
    N_("sweeps/10 deals"),
    N_("bazzis won"),
    N_("bazzis lost"),
    N_("won on minimum"),
)


def _row(name: str, f: Figures) -> list[str]:
    return [
        shown(name),
        str(f.matches),
        str(f.finished),
        str(f.wins),
        str(f.losses),
        str(f.draws),
        _rate(f.win_rate, percent=True),
        str(f.deals),
        _rate(f.card_points_per_deal),
        _rate(f.sweeps_per_ten_deals),
        str(f.bazzis_won),
        str(f.bazzis_lost),
        str(f.bazzis_won_by_minimum),
    ]


def _table(head: list[str], rows: list[list[str]], text_columns: int = 1) -> str:
    """Columns of text on the left, numbers right-aligned under their headings."""
    widths = [max(len(cell) for cell in column) for column in zip(head, *rows)]
    lines = []
    for cells in [head, *rows]:
        padded = [
            c.ljust(w) if i < text_columns else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths))
        ]
        lines.append("  ".join(padded).rstrip())
    return "\n".join(lines)


def _player_row(f: Figures) -> list[str]:
    """A player's row: the rating (to one decimal, as the screens rank by) and its games first."""
    rating = f.rating or UNRATED
    row = _row(f.names[0], f)
    return [row[0], f"{rating.rating:.1f}", str(rating.games), *row[1:]]


def _title(stats: Stats, since: date | None) -> str:
    matches = ngettext("{count} match", "{count} matches", stats.matches).format(
        count=stats.matches
    )
    deals = ngettext("{count} deal", "{count} deals", stats.deals).format(count=stats.deals)
    if since:
        # TRANSLATORS: the statistics' first line, e.g. "12 matches since 2025-01-01 (10
        # finished), 300 deals".
        return _("{matches} since {day} ({finished} finished), {deals}").format(
            matches=matches, day=since.isoformat(), finished=stats.finished, deals=deals
        )
    return _("{matches} ({finished} finished), {deals}").format(
        matches=matches, finished=stats.finished, deals=deals
    )


def tables(stats: Stats, since: date | None) -> str:
    if not stats.matches:
        if since:
            return _("no matches with deals since {day}").format(day=since.isoformat())
        return _("no matches with deals")
    columns = [_(c) for c in _COLUMNS]
    none = _("(none)")
    head = [_("name"), _("rating"), _("games"), *columns]
    parts = [
        _title(stats, since),
        "",
        _("Players"),
        _table(head, [_player_row(p) for p in stats.ranking()]) if stats.players else none,
        "",
        _("Partnerships"),
        _table([_("players"), *columns], [_row(" & ".join(p.names), p) for p in stats.partnerships])
        if stats.partnerships
        else none,
        "",
        _("Head to head"),
    ]
    if stats.head_to_head:
        rows = [
            [
                shown(" & ".join(h.names[0])),
                shown(" & ".join(h.names[1])),
                str(h.matches),
                str(h.finished),
                f"{h.wins[0]}-{h.wins[1]}",
                str(h.draws),
            ]
            for h in stats.head_to_head
        ]
        head = [_("partnership"), _("against"), _("matches"), _("finished"), _("wins"), _("draws")]
        parts.append(_table(head, rows, 2))
    else:
        parts.append(none)
    return "\n".join(parts)
