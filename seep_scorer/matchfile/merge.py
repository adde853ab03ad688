"""Two copies of one match, kept on two phones that score it together, brought together.

Each phone keeps the whole match in its own store (issue 36), and with it the copy's history: the
states it went through, the newest last. A state is named by the state before it and the match's
fingerprint (a chain of hashes), so a copy that went back to what it was (a deal added, then
taken back) is in a new state, not an old one. When a phone hears the other's copy it decides
from the copies and their histories alone, never from a clock:

- the same match on both (the same fingerprint): nothing to do;
- this copy's state is in the other's history: the other's grew from it, take it;
- the other copy's state is in this one's history: this one grew from it, keep it (and send it);
- neither (a deal entered on each phone while the link was down, a deal edited on one and
  deleted on the other): a conflict, which the people at the table settle by choosing one copy.
  Nothing is ever merged deal by deal, so no deal is ever counted twice.

A match's fingerprint is the hash of its match file (the settings and every deal, in a canonical
JSON form): two copies with the same fingerprint are the same match.
"""

from __future__ import annotations

import hashlib
import json
from enum import Enum

from seep_scorer.matchfile.format import match_to_dict
from seep_scorer.rules import Match

__all__ = ["FP_LENGTH", "HISTORY", "Outcome", "fingerprint", "joined", "merge", "next_state"]

FP_LENGTH = 16  # hex digits: 64 bits tell a table's states apart


class Outcome(Enum):
    SAME = "same"  # both copies are the same match
    TAKE = "take"  # the other copy grew from this one: take it
    KEEP = "keep"  # this copy grew from the other: keep it, send it
    CONFLICT = "conflict"  # both changed apart: the people choose


def _canonical(match: Match) -> dict:
    return match_to_dict(match)


def fingerprint(match: Match) -> str:
    """The match's identity as a copy: the same settings and deals give the same fingerprint."""
    text = json.dumps(_canonical(match), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:FP_LENGTH]


HISTORY = 64  # states a copy's history keeps; an older common state is a conflict, never a loss


def next_state(state: str | None, fp: str) -> str:
    """The state after `state` (None: a copy's first) once the match's fingerprint is `fp`."""
    if state is None:
        return fp
    return hashlib.sha256(f"{state}:{fp}".encode()).hexdigest()[:FP_LENGTH]


def merge(mine: str, my_history: list[str], theirs: str, their_history: list[str]) -> Outcome:
    """What to do with the other phone's copy (its fingerprint `theirs` and its history) given
    this phone's (`mine` and its history); each history ends with its copy's present state."""
    if mine == theirs:
        return Outcome.SAME
    if my_history[-1] in their_history:
        return Outcome.TAKE  # theirs grew from this copy's present state
    if their_history[-1] in my_history:
        return Outcome.KEEP  # this one grew from theirs
    return Outcome.CONFLICT


def joined(*histories: list[str]) -> list[str]:
    """One history holding several, in order, ending with the last one's present state."""
    out: list[str] = []
    for history in histories:
        out = [state for state in out if state not in history] + list(history)
    return out[-HISTORY:]
