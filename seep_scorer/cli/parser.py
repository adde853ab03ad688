"""The command line's parser: argparse, with each subcommand's module loaded when its name is parsed.

Kept apart from cli/__init__.py so that the commonest command lines (`seep-scorer score FILE [--json]`,
see score.quick_args) never import argparse, gettext and locale nor build the parsers: about a tenth of
the command's time on a 5,000-deal file (bench/score.py).
"""

from __future__ import annotations

import argparse
import importlib

from .serve import register as register_serve
from .status import EXIT_BAD_INPUT

# The module that registers each subcommand, in the order help lists them. A subcommand's
# module loads only when its name is parsed (or for --help): `seep-scorer score` is a new
# process per file and must not import the store, the statistics or flet. serve always loads:
# it gives the main parser its options (it is the default command) and imports nothing heavy.
_COMMANDS = {
    "score": "score",
    "import": "store_commands",
    "export": "store_commands",
    "list": "store_commands",
    "backup": "store_commands",
    "stats": "stats",
    "publish": "publish",
    "event": "event",  # issue 24: tournaments (cli/event.py)
}


class _Formatter(argparse.HelpFormatter):
    """argparse builds a formatter for every add_argument; the terminal's width (shutil, which loads zlib, bz2 and
    lzma) is looked up only when help or usage is really written."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(
            prog, indent_increment, max_help_position, 1000 if width is None else width
        )
        self._width_asked, self._position_asked = width, max_help_position

    def format_help(self) -> str:
        if self._width_asked is None:
            import shutil

            width = shutil.get_terminal_size().columns - 2  # as HelpFormatter.__init__ does
            self._width = width
            self._max_help_position = min(
                self._position_asked, max(width - 20, self._indent_increment * 2)
            )
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
        entries = {
            n: dict.__getitem__(parsers, n) for n in order + [n for n in parsers if n not in order]
        }
        parsers.clear()
        parsers.update(entries)  # back in help's order

    def load_all(self) -> None:
        for module in dict.fromkeys(
            v for v in dict.values(self._name_parser_map) if isinstance(v, str)
        ):
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
    sub = parser.add_subparsers(
        dest="command", parser_class=_Parser, action=_Subcommands, prog=parser.prog
    )
    sub.common = common
    register_serve(parser, sub, common)
    sub.add_lazy(_COMMANDS)
    return parser
