"""How a code and its params become one sentence: the grammar the wording tables are written in.

A wording table (faults.py, filefaults.py, storefaults.py, eventfaults.py) maps each code to data,
not to a function:

    "points_range": Say(N_("The card points of {team} must be from 0 to {total}."),
                        team=Team(), total=Number(), digits=True),

- `Say(msgid, **fields)`: one translated sentence; each placeholder is filled by a field.
- `Plural((singular, plural), count, **fields)`: the same, the form chosen by a count.
- `Choice(param, {value: part}, otherwise)`: one of several sentences by a param's value.
- `Joined(*parts)`: whole sentences one after another.

A field shows one param: `Number` (in the session's digits), `Code` (kept left to right inside a
right-to-left sentence), `Text` (as it is), `Team` and `Seat` (by name when the match is known),
`Date`, or another part. By default a field reads the param of its own placeholder's name; a
field given a name reads that one, and a field given a number shows that constant.

Each part knows the params it reads (`needs`): tests/i18n/test_wording.py checks every raise site
gives them. Reading a param that is missing raises KeyError, which the callers turn into a general
sentence and a log line, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from seep_scorer.i18n.translate import _, fmt, ngettext

__all__ = [
    "Choice",
    "Code",
    "Codes",
    "Date",
    "Field",
    "Fixed",
    "Joined",
    "Names",
    "Number",
    "Numbers",
    "Part",
    "Plural",
    "Say",
    "Seat",
    "Sum",
    "Team",
    "Text",
]

_MISSING: Any = object()


class Fixed:
    """A constant shown as a field shows a param: `Code(Fixed('"KS"'))`."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class Names:
    """Team and seat names for a wording: the match's own, or "Team 0" / "Seat 2" as a file numbers
    them (the command line, or a fault where the match could not be read)."""

    def __init__(self, match=None) -> None:
        self.match = match

    def team(self, i) -> str:
        if i not in (0, 1):
            return str(i)
        if self.match is not None:
            return self.match.teams[i].name
        return _("Team {number}").format(number=fmt().number(i))

    def seat(self, i) -> str:
        if self.match is not None:
            return self.match.seat_name(i)
        return _("Seat {number}").format(number=fmt().number(i))


_NO_NAMES = Names()


class Part:
    """Something worded from a code's params: a sentence, or one field of it."""

    needs: tuple[str, ...] = ()

    def text(self, params: Mapping, names: Names = _NO_NAMES) -> str:
        raise NotImplementedError

    def named(self, placeholder: str) -> Part:
        """This part as the field of `placeholder` (a field without a param reads that one)."""
        return self


# --------------------------------------------------------------------------- fields


class Field(Part):
    """One param shown in a sentence. `param` None: the placeholder's own name; an int or a Fixed:
    that constant. `index`: one item of a list param. `default`: shown when the param is
    missing or None."""

    def __init__(
        self, param: str | int | Fixed | None = None, index: int | None = None, default=_MISSING
    ) -> None:
        self.param, self.index, self.default = param, index, default
        self.needs = (param,) if isinstance(param, str) else ()

    def named(self, placeholder: str) -> Part:
        if self.param is None:
            return type(self)(placeholder, self.index, self.default)
        return self

    def value(self, params: Mapping):
        if isinstance(self.param, Fixed):
            return self.param.value
        if not isinstance(self.param, str):
            return self.param
        if self.default is not _MISSING and params.get(self.param) is None:
            return self.default
        value = params[self.param]
        return value if self.index is None else value[self.index]

    def text(self, params: Mapping, names: Names = _NO_NAMES) -> str:
        return self.show(self.value(params), names)

    def show(self, value, names: Names) -> str:
        return str(value)


class Text(Field):
    """A param as it is (a name the user typed)."""


class Number(Field):
    """A whole number, in the session's digits."""

    def show(self, value, names: Names) -> str:
        return fmt().number(value)


class Code(Field):
    """A code, flag, path or the system's own words, kept left to right."""

    def show(self, value, names: Names) -> str:
        return fmt().code(str(value))


class Date(Field):
    """A date and time, as the session writes them."""

    def show(self, value, names: Names) -> str:
        return fmt().date(value)


class Team(Field):
    """A team (0 or 1) by name."""

    def show(self, value, names: Names) -> str:
        return names.team(value)


class Seat(Field):
    """A seat (0 to 3) by its player's name; `after` seats on (the bidder sits after the
    dealer)."""

    def __init__(self, param: str | None = None, index: int | None = None, *, after: int = 0):
        super().__init__(param, index)
        self.after = after

    def named(self, placeholder: str) -> Part:
        return self if self.param is not None else Seat(placeholder, self.index, after=self.after)

    def show(self, value, names: Names) -> str:
        return names.seat((value + self.after) % 4)


class Sum(Field):
    """The sum of a list of numbers."""

    def show(self, value, names: Names) -> str:
        return fmt().number(sum(value))


class Numbers(Field):
    """A list of numbers, with commas."""

    def show(self, value, names: Names) -> str:
        return ", ".join(fmt().number(v) for v in value)


class Codes(Field):
    """A list of codes, with commas."""

    def show(self, value, names: Names) -> str:
        return ", ".join(fmt().code(str(v)) for v in value)


# --------------------------------------------------------------------------- sentences


def _fields(fields: Mapping[str, Part]) -> dict[str, Part]:
    return {name: part.named(name) for name, part in fields.items()}


def _needs(*parts: Part) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n for part in parts for n in part.needs))


class Say(Part):
    """One translated sentence (a msgid marked with N_), its placeholders filled by its fields.
    `digits`: the sentence's own figures ("0 to") in the session's digits too."""

    def __init__(self, msgid: str, /, *, digits: bool = False, **fields: Part) -> None:
        self.msgid, self.digits, self.fields = msgid, digits, _fields(fields)
        self.needs = _needs(*self.fields.values())

    def text(self, params: Mapping, names: Names = _NO_NAMES) -> str:
        template = _(self.msgid)
        if self.digits:
            template = fmt().digits(template)
        if not self.fields:  # a sentence without placeholders is shown as it is ("{type, count}")
            return template
        return template.format(**{k: f.text(params, names) for k, f in self.fields.items()})


class Plural(Part):
    """A sentence with a singular and a plural (marked with N_plural), the form chosen by `count`
    (a Field: a param's value or a constant)."""

    def __init__(self, forms: tuple[str, str], count: Field, /, **fields: Part) -> None:
        self.forms, self.count, self.fields = forms, count, _fields(fields)
        self.needs = _needs(count, *self.fields.values())

    def text(self, params: Mapping, names: Names = _NO_NAMES) -> str:
        template = ngettext(*self.forms, self.count.value(params))
        return template.format(**{k: f.text(params, names) for k, f in self.fields.items()})


class Choice(Part):
    """One of several parts by the value of `param` (read with .get: missing is None), `by` turning
    that value into the key first; `otherwise` for any other value. An `optional` param is not
    one a raise site must give."""

    def __init__(
        self,
        param: str,
        cases: Mapping[Any, Part],
        otherwise: Part,
        by: Callable[[Any], Any] | None = None,
        optional: bool = False,
    ) -> None:
        self.param, self.cases, self.otherwise, self.by = param, cases, otherwise, by
        needs = _needs(Text(param), *cases.values(), otherwise)
        self.needs = tuple(n for n in needs if n != param) if optional else needs

    def text(self, params: Mapping, names: Names = _NO_NAMES) -> str:
        key = params.get(self.param)
        if self.by is not None:
            key = self.by(key)
        return self.cases.get(key, self.otherwise).text(params, names)


class Joined(Part):
    """Whole sentences one after another, with a space."""

    def __init__(self, *parts: Part) -> None:
        self.parts = parts
        self.needs = _needs(*parts)

    def text(self, params: Mapping, names: Names = _NO_NAMES) -> str:
        return " ".join(part.text(params, names) for part in self.parts)
