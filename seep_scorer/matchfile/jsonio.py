"""Strict JSON for match files and everything the store reads or writes: bounded nesting, no NaN or
Infinity, no key twice in one object.

Python's json module reads `NaN`, `Infinity` and `1e400` (as inf), none of which
is JSON, and nests as deep as the interpreter's recursion limit. A value that
passed a loose read could be stored and then fail the next read, and the match
would be called damaged. So every read goes through `loads` and every write
through `dumps`: what one accepts the other writes back, and the reverse.

A key given twice in one object (`{"id": "a", "id": "b"}`) is refused: Python keeps the last one
silently, so a file could say one thing to a reader and another to the app. The store's own files,
which only `dumps` writes, are read without that check (`unique_keys=False`): it costs a fifth
more parsing time.

Depth counts containers: `{}` is 1, `{"a": [1]}` is 2. A match file needs 5;
MAX_MATCH_DEPTH leaves room for unknown keys. Store files and backup lines wrap a
match in at most ENVELOPE_DEPTH more levels, so anything accepted as a match
always fits in its envelope.
"""

from __future__ import annotations

import json
import math

MAX_MATCH_DEPTH = 32
ENVELOPE_DEPTH = 4
MAX_FILE_DEPTH = MAX_MATCH_DEPTH + ENVELOPE_DEPTH


class JSONRefused(ValueError):
    """Text that is not strict JSON, or nests too deeply. The message completes "it ..." (for logs);
    `code` and `params` name it for seep_scorer.i18n.faults."""

    def __init__(self, message: str, code: str = "json_not_number", **params):
        super().__init__(message)
        self.code, self.params = code, params


class TooDeep(JSONRefused):
    """Nested beyond the limit (`limit`): callers that word depth their own way can tell it
    apart."""

    def __init__(self, limit: int):
        super().__init__(
            f"is nested more than {limit} levels deep; a match needs far fewer",
            "json_too_deep",
            max=limit,
        )
        self.limit = limit


def _refuse_constant(name: str):
    raise JSONRefused(f"holds {name}, which is not a JSON number", value=name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONRefused(
            f"holds the number {text[:20]}, too large to store", "json_too_large", value=text[:20]
        )
    return value


def depth_of(value: object, limit: int) -> int:
    """How deeply `value` nests (iteratively: never a RecursionError); stops counting past `limit`.

    Level by level: one list per level of the value, not one stack entry per node.
    """
    level = [value] if isinstance(value, (dict, list, tuple)) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return depth
        below = []
        for node in level:
            for child in node.values() if isinstance(node, dict) else node:
                if isinstance(child, (dict, list, tuple)):
                    below.append(child)
        level = below
    return depth


def check_depth(value: object, limit: int = MAX_MATCH_DEPTH) -> None:
    if depth_of(value, limit) > limit:
        raise TooDeep(limit)


def check_value(value: object, limit: int = MAX_MATCH_DEPTH) -> None:
    """check_depth, and no NaN or Infinity anywhere: for values built by code, not read by
    `loads`."""
    check_depth(value, limit)
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, float) and not math.isfinite(node):
            name = "NaN" if node != node else ("Infinity" if node > 0 else "-Infinity")
            raise JSONRefused(f"holds {name}, which is not a JSON number", value=name)
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, (list, tuple)):
            stack.extend(node)


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                shown = key[:40]
                raise JSONRefused(f"gives the key {shown!r} twice", "json_key_twice", key=shown)
            seen.add(key)
    return obj


def loads(
    text: str | bytes,
    max_depth: int = MAX_FILE_DEPTH,
    *,
    walk: bool = True,
    unique_keys: bool = True,
) -> object:
    """Parse strict JSON. Raises JSONRefused (never RecursionError) beyond JSON or beyond
    `max_depth`, or for a key given twice in one object (unless `unique_keys` is False: a file
    only `dumps` wrote).

    `walk=False` skips the depth walk, for a reader that bounds every place where
    the value could nest deeply itself (matchfile does: known fields are
    shape-checked and unknown keys are walked where they sit).
    """
    try:
        value = json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_float=_finite_float,
            object_pairs_hook=_unique_keys if unique_keys else None,
        )
    except RecursionError:
        raise TooDeep(max_depth) from None
    if walk:
        check_depth(value, max_depth)
    return value


def dumps(value: object, *, indent: int | None = None, compact: bool = True) -> str:
    """JSON text of `value`; ValueError for NaN or Infinity, so they are never written."""
    separators = (",", ":") if compact and indent is None else None
    return json.dumps(
        value, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators
    )


__all__ = [
    "MAX_MATCH_DEPTH",
    "ENVELOPE_DEPTH",
    "MAX_FILE_DEPTH",
    "JSONRefused",
    "TooDeep",
    "depth_of",
    "check_depth",
    "check_value",
    "loads",
    "dumps",
]
