"""Strict JSON for everything the store reads or writes: bounded nesting, no NaN or Infinity.

Python's json module reads `NaN`, `Infinity` and `1e400` (as inf), none of which
is JSON, and nests as deep as the interpreter's recursion limit. A value that
passed a loose read could be stored and then fail the next read, and the match
would be called damaged. So every read goes through `loads` and every write
through `dumps`: what one accepts the other writes back, and the reverse.

Depth counts containers: `{}` is 1, `{"a": [1]}` is 2. A match file needs 5;
MAX_MATCH_DEPTH leaves room for unknown keys. Store files and backup lines wrap a
match in at most ENVELOPE_DEPTH more levels, so anything accepted as a match
always fits in its envelope.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_MATCH_DEPTH = 32
ENVELOPE_DEPTH = 4
MAX_FILE_DEPTH = MAX_MATCH_DEPTH + ENVELOPE_DEPTH


class JSONRefused(ValueError):
    """Text that is not strict JSON, or nests too deeply. The message completes "it ..."."""


def _refuse_constant(name: str):
    raise JSONRefused(f"holds {name}, which is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONRefused(f"holds the number {text[:20]}, too large to store")
    return value


def depth_of(value: Any, limit: int) -> int:
    """How deeply `value` nests (iteratively: never a RecursionError); stops counting past `limit`."""
    deepest = 0
    stack = [(value, 1)] if isinstance(value, (dict, list)) else []
    while stack:
        node, depth = stack.pop()
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        children = node.values() if isinstance(node, dict) else node
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def check_depth(value: Any, limit: int = MAX_MATCH_DEPTH) -> None:
    if depth_of(value, limit) > limit:
        raise JSONRefused(f"is nested more than {limit} levels deep; a match needs far fewer")


def loads(text: str | bytes, max_depth: int = MAX_FILE_DEPTH) -> Any:
    """Parse strict JSON. Raises JSONRefused (never RecursionError) beyond JSON or beyond `max_depth`."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except RecursionError:
        raise JSONRefused(f"is nested more than {max_depth} levels deep; a match needs far fewer") from None
    check_depth(value, max_depth)
    return value


def dumps(value: Any, *, indent: int | None = None, compact: bool = True) -> str:
    """JSON text of `value`; ValueError for NaN or Infinity, so they are never written."""
    separators = (",", ":") if compact and indent is None else None
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators)


__all__ = ["MAX_MATCH_DEPTH", "ENVELOPE_DEPTH", "MAX_FILE_DEPTH", "JSONRefused", "depth_of", "check_depth",
           "loads", "dumps"]
