"""`seep-scorer`: serve the app, or score and manage matches from the shell.

Each subcommand lives in its own module with `register(subparsers)`; bad input
never produces a traceback: one line on stderr, exit status 2. main() is the
last resort for anything a command did not catch: a store, match or file
error is one line and status 2, any other fault one line and status 1
(SEEP_SCORER_DEBUG=1 adds the traceback, for a developer).
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback

from ..rules import MatchError
from ..store import StoreError
from . import publish, score, serve, stats, store_commands

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1


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
    stats.register(sub, common)
    publish.register(sub, common)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except (StoreError, MatchError) as err:
        return _one_line(str(err), EXIT_BAD_INPUT)
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        return _one_line(f"{where}{err.strerror or err}", EXIT_BAD_INPUT)
    except Exception as err:  # a bug: still one line, never a traceback, unless a developer asks
        if os.environ.get("SEEP_SCORER_DEBUG"):
            traceback.print_exc()
        return _one_line(f"internal error: {type(err).__name__}: {err}", EXIT_INTERNAL)


def _one_line(message: str, code: int) -> int:
    text = " ".join(message.split())  # a message spanning lines would read as several errors
    print(f"seep-scorer: {text[:500]}", file=sys.stderr)
    return code


def _silence_stdout() -> None:
    """The reader of standard output went away: flushing at exit would print a warning, so point it at nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
