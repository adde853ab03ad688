"""`seep-scorer`: serve the app, or score and manage matches from the shell.

Each subcommand lives in its own module with `register(subparsers)`; bad input
never produces a traceback: one line on stderr, exit status 2.
"""

from __future__ import annotations

import argparse
import sys

from . import score, serve, store_commands

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own usage errors: one line, status 2
        self.exit(EXIT_BAD_INPUT, f"seep-scorer: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="seep-scorer", description="Scorekeeping companion for Seep.")
    data_help = "where matches are stored (default: the app's data folder)"
    parser.add_argument("--data-dir", metavar="DIR", default=None, help=data_help)
    # SUPPRESS: a subcommand's own --data-dir overrides, but its absence must not
    # reset one given before the subcommand (`seep-scorer --data-dir X list`).
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=data_help)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    serve.register(parser, sub, common)
    score.register(sub, common)
    store_commands.register(sub, common)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
