"""Cheap checks that keep a hostile import from costing much time or memory before json.loads.

json.loads on 5 MB of `[],[],...` builds over a million objects (~100 MB). Counting
the objects and arrays outside strings first bounds that: a real 5,000-deal match
has well under 100,000 of them.
"""

from __future__ import annotations

import re

from seep_scorer.matchfile.jsonio import MAX_MATCH_DEPTH, JSONRefused
from seep_scorer.rules import MatchError

MAX_CONTAINERS = 120_000
# A JSON string, or an unterminated one running to the end: never fails, so it stays linear.
_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?\Z)')


def refused(err: JSONRefused, field: str = "file") -> MatchError:
    """The MatchError for text that is not strict JSON or nests too deeply (its code and params)."""
    return MatchError(code=err.code, params=err.params, field=field)


def check_container_budget(text: str, what: str = "the file") -> None:
    if text.count("{") + text.count("[") <= MAX_CONTAINERS:
        return  # the common case: no need to look inside strings
    bare = _STRING.sub("", text)
    count = bare.count("{") + bare.count("[")
    if count > MAX_CONTAINERS:
        raise MatchError(
            code="json_too_many_containers",
            params={"count": count, "max": MAX_CONTAINERS},
            field="file",
        )


def checked(parse, *args):
    """Run a parser of untrusted data so that every failure is a MatchError.

    The rules layer is meant to raise only MatchError; this turns a slip of its
    (a TypeError on a value of an unexpected type, say) into a refusal instead
    of a traceback or a half-done import.
    """
    try:
        return parse(*args)
    except MatchError:
        raise
    except JSONRefused as err:  # a ValueError, but one that names what is wrong
        raise refused(err) from None
    except RecursionError:
        raise MatchError(
            code="json_too_deep", params={"max": MAX_MATCH_DEPTH}, field="file"
        ) from None
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as err:
        raise MatchError(
            code="value_type_wrong",
            params={"detail": f"{type(err).__name__}: {err}"},
            field="file",
        ) from None
