"""What the match file's readers share: type checks worded for the file, and unknown keys held to
strict JSON (the only part not checked field by field, so a match is never stored that a later
read refuses)."""

from __future__ import annotations

import json

from seep_scorer.matchfile.guards import refused
from seep_scorer.matchfile.jsonio import MAX_MATCH_DEPTH, JSONRefused, check_value, depth_of
from seep_scorer.rules import MatchError


def obj_of(value: object, field: str, deal: int | None = None) -> dict:
    if not isinstance(value, dict):
        raise MatchError(code="not_object", deal=deal, field=field)
    return value


def int_of(value: object, field: str, deal: int | None = None) -> int:
    if type(value) is not int:
        raise MatchError(
            code="not_whole", params={"value": shown_value(value)}, deal=deal, field=field
        )
    return value


def shown_value(value: object) -> str:
    if isinstance(value, (str, int, float, bool, type(None))):
        text = json.dumps(value, ensure_ascii=False)
    else:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def extra_of(obj: dict, known: set) -> dict:
    return {k: v for k, v in obj.items() if k not in known}


def check_unknown(extra: dict, above: int) -> None:
    """The unknown keys of an object `above` levels into the file: strict JSON, the file within
    MAX_MATCH_DEPTH.

    Known fields are bounded by their own checks, so only unknown keys can nest
    deeply; `extra` stands for its object, so it may nest MAX_MATCH_DEPTH - above.
    """
    if not extra:
        return
    limit = MAX_MATCH_DEPTH - above
    if depth_of(extra, limit) > limit:
        raise MatchError(code="json_too_deep", params={"max": MAX_MATCH_DEPTH}, field="file")
    try:
        check_value(extra, limit)
    except JSONRefused as err:
        raise refused(err) from None
