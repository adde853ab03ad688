"""Matches stored before names and notes had one rule (rules.names) still open, their texts tidied.

The store's own files and backups were written when names could hold invisible
characters (U+200B, U+FEFF, direction marks, U+2028) and notes any control
character. Refusing them now would call those matches damaged and lose them, so
the store reads such a match, and restores such a backup, with those characters
taken out (rules.names.tidied); its next save writes the tidy texts. Only what the
earlier rule allowed is tidied: a name with a control character is still refused.
Match files (import, `score`) are refused: they are input, and the message says where.
"""

from __future__ import annotations

from ..matchfile import match_from_dict
from ..matchfile.guards import checked
from ..rules import Match, MatchError
from ..rules.names import BIDI_CONTROLS, tidied

TEXT_CODES = frozenset(("name_control", "note_control"))


def stored_match_from_dict(obj: object) -> Match:
    """match_from_dict for the store's own files (checked: every failure a MatchError); a match
    whose only fault is a text the rule now refuses is read with its texts tidied."""
    try:
        return checked(match_from_dict, obj)
    except MatchError as err:
        if err.code not in TEXT_CODES:
            raise
        tidy = tidied_texts(obj)
        if tidy is None:
            raise
        return checked(match_from_dict, tidy)


def _tidied_name(name: object) -> object:
    """A name the earlier rule let through (no control or bidi control character), tidied; any other
    value as it is, for the ordinary read to refuse."""
    if not isinstance(name, str) or not BIDI_CONTROLS.isdisjoint(name):
        return name
    import unicodedata

    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return name
    return tidied(name)


def tidied_texts(obj: object) -> dict | None:
    """A copy of a match file's dict with its team and player names and deal notes tidied; None
    if it has none to tidy (or is not shaped like a match: the ordinary read says what is
    wrong)."""
    if not isinstance(obj, dict):
        return None
    out, changed = dict(obj), False
    teams = obj.get("teams")
    if isinstance(teams, list):
        new_teams = []
        for team in teams:
            if isinstance(team, dict):
                team = dict(team)
                team["name"] = _tidied_name(team.get("name"))
                if isinstance(team.get("players"), list):
                    team["players"] = [_tidied_name(p) for p in team["players"]]
                changed |= team != obj["teams"][len(new_teams)]
            new_teams.append(team)
        out["teams"] = new_teams
    deals = obj.get("deals")
    if isinstance(deals, list):
        new_deals = []
        for deal in deals:
            if isinstance(deal, dict) and isinstance(deal.get("note"), str):
                note = tidied(deal["note"], line_breaks=True)
                if note != deal["note"]:
                    deal, changed = {**deal, "note": note}, True
            new_deals.append(deal)
        out["deals"] = new_deals
    return out if changed else None
