"""Seep Scorer: a scorekeeping companion for Seep, the North Indian partnership card game."""

__version__ = "0.1.0"

from seep_scorer.rules import errors as _errors


def _english(thing) -> str:
    """str() of a rules or store fault or notice: its words in English, from the one place that
    words them (seep_scorer.i18n.wording, above rules and store: loaded only when something is
    said)."""
    from seep_scorer.i18n.wording import english

    return english(thing)


_errors.english = _english
