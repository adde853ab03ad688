"""A match file's text read a few deals at a time: parsed, checked, replayed and let go before the next ones.

Reading the whole JSON value first builds every deal's objects at once: a
5,000-deal file holds some ten megabytes of them, and on these machines the
fresh memory alone (page faults) is a tenth of `seep-scorer score`. Here the
deals are parsed one at a time, or, in an indented file, about eighty per call
of the scanner; their objects are freed once they are replayed, and the next
ones reuse that memory.

This is only a quicker road to the same result. It takes a file when its top
level is an object whose "deals" list follows the keys that set the rules, and
every deal passes matchdeals' fast check; anything else (a fault of any kind,
a rule broken, a deal after the end, a key twice, more deals than a match
holds) returns None, and the caller reads the file the usual way, which finds
and words the first fault exactly as before. tests/matchfile/test_matchdeals.py
holds both roads to the same results on valid and damaged files.
"""

from __future__ import annotations

from ..rules import Replay
from . import (
    matchdeals,
)  # matchdeals._fast_deal looked up per file: a test may switch the fast path off
from .jsonio import _scan

if _scan is not None:
    from _json import scanstring

_SPACE = " \t\n\r"  # JSON's whitespace
_BATCH = 16_384  # characters of deals scanned in one call, about 80 deals: their objects fit in memory just freed


def stream_scored(text: str, header_check, known_keys, max_deals: int, keep_deals: bool):
    """(match, standings) as scored_match_from_dict(json value of `text`) gives them, or None: read it the usual
    way. `header_check(obj)` is scored_match_from_dict for the file without its deals: (match, standings);
    `known_keys` are the file's top-level keys ("deals" among them): after the deals, only others may come."""
    if _scan is None:
        return None
    try:
        return _stream(text, header_check, known_keys, max_deals, keep_deals)
    except Exception:  # noqa: BLE001 - any fault at all: the usual reading finds it and words it
        return None


def _skip(text: str, i: int) -> int:
    while text[i] in _SPACE:
        i += 1
    return i


def _key(text: str, i: int):
    """The object key at `i` (after whitespace), and the index after its colon; None if there is none."""
    i = _skip(text, i)
    if text[i] != '"':
        return None
    key, i = scanstring(text, i + 1, True)
    i = _skip(text, i)
    if text[i] != ":":
        return None
    return key, _skip(text, i + 1)


def _batch(text: str, at: int, separator: str):
    """(the deals from `at` up to the separator found past _BATCH characters, the index of the deal after them),
    or None. An indented file repeats the separator only between deals (a string holds no line break, and nested
    objects are indented deeper), but any file may say otherwise: a batch is taken only when the scanner reads it
    whole as a list, and then it is the list's next deals exactly (an object's text ends at its own brace)."""
    cut = text.find(separator, at + _BATCH)
    if cut == -1:
        return None
    piece = "[" + text[at : cut + 1] + "]"
    try:
        values, used = _scan(piece, 0)
    except Exception:  # noqa: BLE001 - not a list of whole deals
        return None
    return (values, cut + len(separator) - 1) if used == len(piece) else None


def _stream(text: str, header_check, known_keys, max_deals: int, keep_deals: bool):
    i = _skip(text, 0)
    if text[i] != "{":
        return None
    header: dict = {}
    i += 1
    while True:  # the keys before "deals"
        found = _key(text, i)
        if found is None:
            return None
        key, i = found
        if key in header:
            return None
        if key == "deals":
            break
        header[key], i = _scan(text, i)
        i = _skip(text, i)
        if text[i] != ",":
            return None  # no deals at all, or not an object
        i += 1
    if text[i] != "[":
        return None
    match, _ = header_check(dict(header, deals=[]))  # a fault raises: the usual reading words it
    state = Replay(match.rules, match.format, match.first_dealer)
    fast = matchdeals._fast_deal(match.rules, True, keep_deals)
    deals = []
    outcome = {"end": None}  # where the list ends, once every deal in it was taken

    def checked():
        at = _skip(text, i + 1)
        if text[at] == "]":
            outcome["end"] = at + 1
            return
        gap = separator = (
            None  # the whitespace between two deals, as the file repeats it; "}," gap "{"
        )
        count = 0
        while True:
            batch = _batch(text, at, separator) if separator is not None else None
            if (
                batch is None
            ):  # one deal (and, once a batch is refused or none is left, the rest one by one)
                separator = None
                value, end = _scan(text, at)
                batch = (value,), None
            values, after = batch
            if count + len(values) > max_deals:
                return  # too many deals: the usual reading refuses them
            count += len(values)
            for value in values:
                if state.finished_after is not None:
                    return  # a deal after the end: the usual reading refuses it
                item = fast(value, state.dealer)
                if item is None:
                    return
                if keep_deals:
                    deals.append(item[0])
                yield item
            del batch, values, value  # these deals' objects go before the next ones come
            if after is not None:
                at = after
                continue
            if text[end] != ",":
                end = _skip(text, end)
                if text[end] == "]":
                    outcome["end"] = end + 1
                return  # a comma after whitespace, or junk: the usual reading takes it
            at = end + 1
            if gap is not None and text.startswith(gap, at) and text[at + len(gap)] not in _SPACE:
                at += len(gap)
            else:
                start, at = at, _skip(text, at)
                if gap is None and "\n" in text[start:at]:
                    separator = "}," + text[start:at] + "{"
                gap = text[start:at]

    state.fold_scored(checked())
    i = outcome["end"]
    if i is None:
        return None
    i = _skip(text, i) if i < len(text) else i
    trailing: dict = {}
    while (
        text[i] == ","
    ):  # keys after the deals: unknown ones only, since the rules were set before
        found = _key(text, i + 1)
        if found is None:
            return None
        key, i = found
        if key in known_keys or key in header or key in trailing:
            return None
        trailing[key], i = _scan(text, i)
        i = _skip(text, i)
    if text[i] != "}" or text[i + 1 :].strip(_SPACE):
        return None
    if trailing:  # checked with them: unknown keys are kept, and held to strict JSON
        whole = dict(header, deals=[])
        whole.update(trailing)
        match, _ = header_check(whole)
    return match.with_deals(deals) if keep_deals else match, state.standings()


__all__ = ["stream_scored"]
