"""The command line's parser: argparse, one subcommand per module (`register(sub, common)`).

Each command imports what is heavy (the store's TinyDB, the statistics, Flet)
inside the function that runs it, so that building the parser stays cheap.
"""

from __future__ import annotations

import argparse

from seep_scorer.cli.event import register as register_event
from seep_scorer.cli.publish import register as register_publish
from seep_scorer.cli.score import register as register_score
from seep_scorer.cli.serve import register as register_serve
from seep_scorer.cli.stats import register as register_stats
from seep_scorer.cli.store_commands import register as register_store_commands
from seep_scorer.cli.words import Parser as _Parser
from seep_scorer.cli.words import _


def build_parser() -> argparse.ArgumentParser:
    """The parser, its help in the current language (main() builds it inside `speaking()`)."""
    parser = _Parser(prog="seep-scorer", description=_("Scorekeeping companion for Seep."))
    data_help = _("where matches are stored (default: the app's data folder)")
    parser.add_argument("--data-dir", metavar="DIR", default=None, help=data_help)
    # SUPPRESS: a subcommand's own --data-dir overrides, but its absence must not
    # reset one given before the subcommand (`seep-scorer --data-dir X list`).
    common = _Parser(add_help=False)
    common.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=data_help)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    register_serve(parser, sub, common)  # serve is the default command: it sets the main options
    # in the order help lists them
    commands = (register_score, register_store_commands, register_stats, register_publish)
    for register in (*commands, register_event):
        register(sub, common)
    return parser
