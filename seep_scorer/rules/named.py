"""Named tuples without `collections`: what replay and scoring take from collections.namedtuple.

`seep-scorer score` is a new interpreter per file, and `collections` (with keyword, reprlib and friends) is
about a twentieth of its time (bench/score.py); only namedtuple needed it here. A class made by `named_tuple`
is a tuple subclass with a name per position: construction by position or keyword, `_fields`, `_make`,
`_replace`, `_asdict`, the same repr, and pickling, as namedtuple gives them.
"""

from __future__ import annotations

try:  # as record.py: _operator, without operator's own module
    from _operator import itemgetter
except ImportError:
    from operator import itemgetter


def named_tuple(name: str, fields: tuple[str, ...], doc: str, module: str) -> type:
    count = len(fields)

    def __new__(cls, *values, **named):
        if named:
            try:
                values += tuple(named.pop(field) for field in fields[len(values) :])
            except KeyError as missing:
                raise TypeError(f"{name}() missing argument {missing}") from None
            if named:
                raise TypeError(f"{name}() got unexpected arguments {', '.join(map(repr, named))}")
        if len(values) != count:
            raise TypeError(f"{name}() takes {count} arguments ({len(values)} given)")
        return tuple.__new__(cls, values)

    def _make(cls, iterable):
        values = tuple.__new__(cls, iterable)
        if len(values) != count:
            raise TypeError(f"expected {count} arguments, got {len(values)}")
        return values

    def _replace(self, **changes):
        values = tuple.__new__(
            type(self), [changes.pop(field, value) for field, value in zip(fields, self)]
        )
        if changes:
            raise ValueError(f"got unexpected field names: {list(changes)!r}")
        return values

    def __repr__(self):
        return f"{name}({', '.join(f'{field}={value!r}' for field, value in zip(fields, self))})"

    namespace = {
        "__doc__": doc,
        "__slots__": (),
        "__module__": module,
        "_fields": fields,
        "__match_args__": fields,
        "__new__": __new__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": lambda self: dict(zip(fields, self)),
        "__getnewargs__": lambda self: tuple(self),
    }
    for index, field in enumerate(fields):
        namespace[field] = property(itemgetter(index), doc=f"{field} (position {index})")
    return type(name, (tuple,), namespace)


__all__ = ["named_tuple"]
