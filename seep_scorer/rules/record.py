"""Frozen records: what the rules' classes took from @dataclass(frozen=True), without importing dataclasses.

`seep-scorer score` is a new interpreter per file, and `dataclasses` pulls in
`inspect` (with ast, dis and tokenize): about a tenth of the command's budget
(bench/score.py). A class decorated with `record` keeps the surface the rest of
the code uses: construction by position or keyword with defaults, `==`, hash,
repr, immutability (FrozenInstanceError, an AttributeError), pickling, and
`dataclasses.fields()` / `dataclasses.replace()`, which import dataclasses only
when they are called (`__dataclass_fields__` is built on first use).
"""

from __future__ import annotations

try:  # operator re-exports these from _operator: importing it is import time `seep-scorer score` pays on every run
    from _operator import attrgetter
except ImportError:  # an interpreter without CPython's _operator
    from operator import attrgetter

_MISSING = object()


class FrozenInstanceError(AttributeError):
    """Assigning to or deleting a field of a record (as dataclasses.FrozenInstanceError)."""


class factory:  # noqa: N801 - reads as `field(default_factory=...)` does
    """A default built anew for each record, e.g. `extra: dict = factory(dict)`."""

    __slots__ = ("make",)

    def __init__(self, make):
        self.make = make


class _LazyDataclassFields:
    """`__dataclass_fields__` on first access: real dataclasses Fields, from a shadow dataclass."""

    def __get__(self, obj, cls):
        import dataclasses

        specs = []
        for name, default in zip(cls._fields, cls._defaults):
            if default is _MISSING:
                specs.append((name, object))
            elif isinstance(default, factory):
                specs.append((name, object, dataclasses.field(default_factory=default.make)))
            else:
                specs.append((name, object, dataclasses.field(default=default)))
        fields = dataclasses.make_dataclass(cls.__name__, specs, frozen=True).__dataclass_fields__
        type.__setattr__(cls, "__dataclass_fields__", fields)
        return fields


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def record(cls=None, *, slots: bool = False):
    """Class decorator: the annotated names, in order, are the fields; class attributes are their defaults."""
    if cls is None:
        return lambda c: record(c, slots=slots)
    names = tuple(cls.__dict__.get("__annotations__", {}))
    defaults = tuple(cls.__dict__.get(n, _MISSING) for n in names)
    # As dataclasses: plain defaults stay class attributes, except where slots take the names.
    dropped = (
        set(names) if slots else {n for n, d in zip(names, defaults) if isinstance(d, factory)}
    )
    namespace = {
        k: v
        for k, v in cls.__dict__.items()
        if k not in dropped and k not in ("__dict__", "__weakref__")
    }
    if slots:
        namespace["__slots__"] = names
    namespace.update(
        _methods(cls.__qualname__, names, defaults, hasattr(cls, "__post_init__"), slots)
    )
    namespace.update(
        _fields=names,
        _defaults=defaults,
        __match_args__=names,
        __setattr__=_frozen_setattr,
        __delattr__=_frozen_delattr,
        __dataclass_fields__=_LazyDataclassFields(),
    )
    new = type(cls)(cls.__name__, cls.__bases__, namespace)
    new.__qualname__ = cls.__qualname__
    if slots:
        new._make = _maker(new, names)
    return new


def _maker(cls, names: tuple):
    """`cls._make(*values)`: every field by position, as given (no defaults, no __post_init__), for a reader
    that builds thousands of records from values it has checked. __init__ must go through object.__setattr__
    per field (the record refuses plain assignment); here plain slot stores on a builder subclass of the same
    layout, then the instance becomes a `cls`: about three times cheaper, and reads stay plain slot reads."""

    def _make(*values):  # the first call builds the builder and puts it in its place
        env: dict = {"cls": cls}
        exec(
            f"def __init__(self, {', '.join(names)}):\n"
            + "".join(f"    self.{n} = {n}\n" for n in names)
            + "    self.__class__ = cls\n",
            env,
        )  # noqa: S102
        builder = type(
            f"_{cls.__name__}Builder",
            (cls,),
            {"__slots__": (), "__setattr__": object.__setattr__, "__init__": env["__init__"]},
        )
        cls._make = staticmethod(builder)
        return builder(*values)

    return staticmethod(_make)


def _methods(qualname: str, names: tuple, defaults: tuple, post_init: bool, slots: bool) -> dict:
    """__init__ generated for the fields (as dataclasses does); __repr__, __eq__, __hash__ and pickling read them."""
    env = {"_set": object.__setattr__, "_MISSING": _MISSING}
    params, body = [], []
    for name, default in zip(names, defaults):
        value = name
        if default is _MISSING:
            params.append(name)
        elif isinstance(default, factory):
            env[f"_f_{name}"] = default.make
            params.append(f"{name}=_MISSING")
            value = f"_f_{name}() if {name} is _MISSING else {name}"
        else:
            env[f"_d_{name}"] = default
            params.append(f"{name}=_d_{name}")
        body.append(f"_set(self, {name!r}, {value})")
    if post_init:
        body.append("self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n" + "".join(
        f"    {line}\n" for line in body or ["pass"]
    )

    def __init__(self, *args, **kwargs):
        # Compiled at the first record built, not at import: `seep-scorer score` builds no Deal, and compiling
        # is import time it would pay on every run. Then the compiled one takes this one's place in the class.
        exec(source, env)  # noqa: S102
        compiled = env["__init__"]
        for klass in type(self).__mro__:
            if klass.__dict__.get("__init__") is __init__:
                setattr(klass, "__init__", compiled)
                break
        compiled(self, *args, **kwargs)

    # The rest needs no generated code.
    fields_of = attrgetter(*names) if len(names) > 1 else lambda obj: (getattr(obj, names[0]),)

    def __repr__(self):
        return f"{qualname}({', '.join(f'{n}={v!r}' for n, v in zip(names, fields_of(self)))})"

    def __eq__(self, other):
        return (
            fields_of(self) == fields_of(other)
            if other.__class__ is self.__class__
            else NotImplemented
        )

    def __hash__(self):
        return hash(fields_of(self))

    def __getstate__(self):
        return fields_of(self)

    def __setstate__(self, state):
        for name, value in zip(names, state):
            object.__setattr__(self, name, value)

    methods = {"__init__": __init__, "__repr__": __repr__, "__eq__": __eq__, "__hash__": __hash__}
    if slots:  # pickling by fields only where there is no __dict__ (a __dict__ also carries derived attributes)
        methods.update(__getstate__=__getstate__, __setstate__=__setstate__)
    return methods


def replace(obj, **changes):
    """A copy of the record with some fields changed (dataclasses.replace, without importing it)."""
    for name in obj._fields:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return obj.__class__(**changes)


def fields_of(cls) -> tuple[str, ...]:
    return cls._fields


__all__ = ["FrozenInstanceError", "factory", "record", "replace", "fields_of"]
