"""`seep-scorer`: serve the app, or score and manage matches from the shell.

Each subcommand lives in its own module with `register(subparsers)`; bad input
never produces a traceback: one line on stderr, exit status 2. main() is the
last resort for anything a command did not catch: a store, match or file
error is one line and status 2, any other fault one line and status 1
(SEEP_SCORER_DEBUG=1 adds the traceback, for a developer).
"""

from __future__ import annotations

import os
import sys

from seep_scorer.cli.status import EXIT_BAD_INPUT, EXIT_INTERNAL


def build_parser():
    """The whole command line's argparse parser (cli/parser.py)."""
    from seep_scorer.cli.parser import build_parser as build

    return build()


def main(argv: list[str] | None = None) -> int:
    from seep_scorer.cli.words import speaking

    # A command speaks its user's language (LANG, English by default) from parsing to its last
    # line; the server is left out, as each of its sessions has a language of its own.
    with speaking():
        args = build_parser().parse_args(argv)
        if getattr(args, "command", None) not in (None, "serve"):
            return _run(args)
    return _run(args)


def _run(args) -> int:
    try:
        return int(args.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except Exception as err:
        if isinstance(err, _bad_input_types()):
            from seep_scorer.i18n.wording import terminal_text

            return _one_line(terminal_text(err), EXIT_BAD_INPUT)
        if isinstance(err, OSError):
            where = f"{err.filename}: " if err.filename else ""
            return _one_line(f"{where}{err.strerror or err}", EXIT_BAD_INPUT)
        # A bug: still one line, never a traceback, unless a developer asks.
        if os.environ.get("SEEP_SCORER_DEBUG"):
            import traceback

            traceback.print_exc()
        from seep_scorer.cli.words import _

        return _one_line(
            _("internal error: {kind}: {detail}").format(kind=type(err).__name__, detail=err),
            EXIT_INTERNAL,
        )


def _bad_input_types() -> tuple[type, ...]:
    """StoreError and MatchError: a bad file or a bad store is the user's input, not a bug."""
    from seep_scorer.rules import MatchError
    from seep_scorer.store.repository import StoreError

    return (StoreError, MatchError)


def _one_line(message: str, code: int) -> int:
    text = " ".join(message.split())  # a message spanning lines would read as several errors
    if not text.isprintable():  # it may quote a file's text: no terminal escape, no bidi control
        from seep_scorer.rules.names import shown

        text = shown(text)
    print(f"seep-scorer: {text[:500]}", file=sys.stderr)
    return code


def _silence_stdout() -> None:
    """The reader of standard output went away: flushing at exit would print a warning, so point
    it at nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
