"""`seep-scorer`: serve the app, or score and manage matches from the shell.

Each subcommand lives in its own module with `register(subparsers)`; bad input
never produces a traceback: one line on stderr, exit status 2. main() is the
last resort for anything a command did not catch: a store, match or file
error is one line and status 2, any other fault one line and status 1
(SEEP_SCORER_DEBUG=1 adds the traceback, for a developer).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from . import serve

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1

# The module that registers each subcommand, in the order help lists them. A subcommand's
# module loads only when its name is parsed (or for --help): `seep-scorer score` is a new
# process per file and must not import the store, the statistics or flet. serve always loads:
# it gives the main parser its options (it is the default command) and imports nothing heavy.
_COMMANDS = {"score": "score", "import": "store_commands", "export": "store_commands", "list": "store_commands",
             "backup": "store_commands", "stats": "stats", "publish": "publish"}


class _Formatter(argparse.HelpFormatter):
    """argparse builds a formatter for every add_argument; the terminal's width (shutil, which loads zlib, bz2 and
    lzma) is looked up only when help or usage is really written."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position, 1000 if width is None else width)
        self._width_asked, self._position_asked = width, max_help_position

    def format_help(self) -> str:
        if self._width_asked is None:
            import shutil

            width = shutil.get_terminal_size().columns - 2  # as HelpFormatter.__init__ does
            self._width = width
            self._max_help_position = min(self._position_asked, max(width - 20, self._indent_increment * 2))
        return super().format_help()


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, formatter_class=_Formatter, **kwargs):
        super().__init__(*args, formatter_class=formatter_class, **kwargs)

    def error(self, message: str):  # argparse's own usage errors: one line, status 2
        self.exit(EXIT_BAD_INPUT, f"seep-scorer: {message}\n")


class _TopParser(_Parser):
    def format_help(self) -> str:  # the list of subcommands needs every one registered
        for action in self._actions:
            if isinstance(action, _Subcommands):
                action.load_all()
        return super().format_help()


class _LazyParsers(dict):
    """Subcommand name -> parser; a name not loaded yet holds its module's name until it is looked up."""

    def __init__(self, load):
        super().__init__()
        self._load = load

    def __getitem__(self, name):
        value = super().__getitem__(name)
        if isinstance(value, str):
            self._load(value)
            value = super().__getitem__(name)
        return value


class _Subcommands(argparse._SubParsersAction):
    """argparse's subparsers, each command's module imported and registered when its name is parsed."""

    common: argparse.ArgumentParser

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._name_parser_map = self.choices = _LazyParsers(self._load)

    def add_lazy(self, names: dict[str, str]) -> None:
        for name, module in names.items():
            dict.__setitem__(self._name_parser_map, name, module)

    def _load(self, module: str) -> None:
        parsers = self._name_parser_map
        order = list(parsers)
        for name in [n for n in order if dict.get(parsers, n) == module]:
            dict.__delitem__(parsers, name)  # add_parser refuses a name already present
        importlib.import_module(f"{__package__}.{module}").register(self, self.common)
        entries = {n: dict.__getitem__(parsers, n) for n in order + [n for n in parsers if n not in order]}
        parsers.clear()
        parsers.update(entries)  # back in help's order

    def load_all(self) -> None:
        for module in dict.fromkeys(v for v in dict.values(self._name_parser_map) if isinstance(v, str)):
            self._load(module)
        position = {name: i for i, name in enumerate(self._name_parser_map)}
        self._choices_actions.sort(key=lambda a: position.get(a.dest, len(position)))


def build_parser() -> argparse.ArgumentParser:
    parser = _TopParser(prog="seep-scorer", description="Scorekeeping companion for Seep.")
    data_help = "where matches are stored (default: the app's data folder)"
    parser.add_argument("--data-dir", metavar="DIR", default=None, help=data_help)
    # SUPPRESS: a subcommand's own --data-dir overrides, but its absence must not
    # reset one given before the subcommand (`seep-scorer --data-dir X list`).
    common = _Parser(add_help=False)
    common.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS, help=data_help)
    # prog given: argparse would otherwise write a usage line (and look up the terminal's width) to find it.
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, action=_Subcommands, prog=parser.prog)
    sub.common = common
    serve.register(parser, sub, common)
    sub.add_lazy(_COMMANDS)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    exit_at_once = argv is None and getattr(args, "exit_at_once", False)
    if exit_at_once:
        # Nothing it builds lives past the process, and its input is bounded (the file size limit):
        # the cyclic collector would only walk the replayed deals again and again (a tenth of its time).
        import gc

        gc.disable()
    status = _run(args)
    if exit_at_once:
        # A command that holds nothing to close (score): tearing down the interpreter and freeing the
        # replayed match would cost it a tenth of its time. Output is flushed first.
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
        os._exit(status)
    return status


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
            return _one_line(str(err), EXIT_BAD_INPUT)
        if isinstance(err, OSError):
            where = f"{err.filename}: " if err.filename else ""
            return _one_line(f"{where}{err.strerror or err}", EXIT_BAD_INPUT)
        # A bug: still one line, never a traceback, unless a developer asks.
        if os.environ.get("SEEP_SCORER_DEBUG"):
            import traceback

            traceback.print_exc()
        return _one_line(f"internal error: {type(err).__name__}: {err}", EXIT_INTERNAL)


def _bad_input_types() -> tuple[type, ...]:
    """StoreError and MatchError, from their modules if loaded: an error of a module never imported was never raised
    (importing the store here would cost `seep-scorer score` what the lazy subcommands save)."""
    found = []
    for module, name in (("seep_scorer.store.repository", "StoreError"), ("seep_scorer.rules.errors", "MatchError")):
        loaded = sys.modules.get(module)
        if loaded is not None:
            found.append(getattr(loaded, name))
    return tuple(found)


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
