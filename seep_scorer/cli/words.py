"""The command line's own words (its tables, status lines, help and argparse's messages) in the
language of its user's environment (i18n.cli_language: LANGUAGE, LC_ALL, LC_MESSAGES, LANG),
English by default; the faults it prints are worded by seep_scorer.i18n.faults in the same language.

main() makes that language current for a command (`speaking()`), and the parser is built inside
it. English is the source language, its strings the msgids: an English command loads no catalog,
so a script scoring files one by one pays nothing for the other languages.
"""

from __future__ import annotations

import argparse
import re

from seep_scorer.cli.status import EXIT_BAD_INPUT
from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.translate import N_


def speaking():
    """The command line's language made current until the block ends (i18n.using)."""
    return i18n.using(i18n.UILocale(i18n.cli_language()))


# The catalogs keep a Latin run (a flag, an address) left to right inside Urdu or Sindhi with
# direction isolates; a terminal shows them as marks, so they are left out here, as in
# wording.terminal_text.
_ISOLATES = str.maketrans("", "", "\u2066\u2067\u2068\u2069")  # LRI RLI FSI PDI


def _(message: str) -> str:
    if i18n.current_language() == i18n.SOURCE_LANGUAGE:
        return message
    return i18n._(message).translate(_ISOLATES)


def ngettext(singular: str, plural: str, n: int) -> str:
    if i18n.current_language() == i18n.SOURCE_LANGUAGE:
        return singular if n == 1 else plural
    return i18n.ngettext(singular, plural, n).translate(_ISOLATES)


# argparse words its messages through the gettext module's process-wide domain, which would need
# compiled .mo files on disk and one language for the whole process. Instead the parser below
# rewords argparse's fixed English phrases through the app's catalogs, using only ArgumentParser's
# public methods (error, format_usage, format_help); a message it does not know stays English.
_ARGUMENT = re.compile(r"argument (?P<argument>.+?): (?P<message>.+)", re.S)
_MESSAGES = (
    (r"the following arguments are required: (?P<names>.+)",
     N_("the following arguments are required: {names}")),
    (r"unrecognized arguments: (?P<names>.+)", N_("unrecognized arguments: {names}")),
    (r"one of the arguments (?P<names>.+) is required",
     N_("one of the arguments {names} is required")),
    (r"ambiguous option: (?P<option>.+) could match (?P<matches>.+)",
     N_("ambiguous option: {option} could match {matches}")),
    (r"invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)",
     N_("invalid choice: {value} (choose from {choices})")),
    (r"expected one argument", N_("expected one argument")),
    (r"expected at least one argument", N_("expected at least one argument")),
    (r"not allowed with argument (?P<other>.+)", N_("not allowed with argument {other}")),
    (r"invalid (?P<type>.+) value: (?P<value>.+)", N_("{value} is not a {type}")),
)  # fmt: skip
_MESSAGES = tuple((re.compile(pattern, re.S), words) for pattern, words in _MESSAGES)
# The value types argparse names in "invalid <type> value" (a type's __name__).
_TYPES = {"int": N_("whole number"), "date (YYYY-MM-DD)": N_("date (YYYY-MM-DD)")}
_HEADINGS = {
    "positional arguments:": N_("positional arguments:"),
    "options:": N_("options:"),
    "optional arguments:": N_("options:"),  # Python before 3.10
}
_USAGE, _HELP_OPTION = "usage: ", "show this help message and exit"
N_("usage: ")
N_("show this help message and exit")


def argparse_message(message: str) -> str:
    """One of argparse's error messages in the command line's language."""
    argument = _ARGUMENT.fullmatch(message)
    if argument:
        return _("argument {argument}: {message}").format(
            argument=argument["argument"], message=argparse_message(argument["message"])
        )
    for pattern, words in _MESSAGES:
        found = pattern.fullmatch(message)
        if found:
            params = found.groupdict()
            if "type" in params:
                params["type"] = _(_TYPES.get(params["type"], params["type"]))
            return _(words).format(**params)
    return message


def _help_text(text: str) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(_USAGE):
            lines[i] = _(_USAGE) + line[len(_USAGE) :]
        elif line in _HEADINGS:
            lines[i] = _(_HEADINGS[line])
        elif _HELP_OPTION in line:
            lines[i] = line.replace(_HELP_OPTION, _(_HELP_OPTION))
    return "\n".join(lines)


class Parser(argparse.ArgumentParser):
    """argparse's parser speaking the command line's language; a usage error is one line on
    stderr, exit status 2."""

    def error(self, message: str):
        self.exit(EXIT_BAD_INPUT, f"seep-scorer: {argparse_message(message)}\n")

    def format_usage(self) -> str:
        return _help_text(super().format_usage())

    def format_help(self) -> str:
        return _help_text(super().format_help())
