"""A team or player name refused by rules.check_name, naming the field as the new-match screen
labels it ("Team 1", "Seat 3"): the same words on the phone and on the command line."""

from __future__ import annotations

import re

from ..i18n import _, fmt, ngettext
from ..rules import MAX_NAME, MatchError

_NAME_FIELD = re.compile(r"^teams\[(?P<team>[01])\]\.(?:name|players\[(?P<index>[01])\])$")


def name_fault_text(err: MatchError) -> str | None:
    """A team or player name refused by rules.check_name (by its code), naming the field as the
    new-match screen labels it ("Team 1", "Seat 3"); None when `err` is no name fault."""
    m = _NAME_FIELD.match(err.field or "")
    if m is None or err.code not in ("name_empty", "name_too_long", "name_control"):
        return None
    f = fmt()
    team = int(m["team"])
    player = m["index"] is not None
    number = f.number(
        team + 2 * int(m["index"]) + 1 if player else team + 1
    )  # seats: team 0 holds 0 and 2
    if err.code == "name_empty":
        if player:
            return _("Give the player at seat {number} a name.").format(number=number)
        return _("Give team {number} a name.").format(number=number)
    if err.code == "name_too_long":
        limit = err.params.get("max", MAX_NAME)
        if player:
            return ngettext(
                "The name of the player at seat {number} is too long: at most {count} character.",
                "The name of the player at seat {number} is too long: at most {count} characters.",
                limit,
            ).format(number=number, count=f.number(limit))
        return ngettext(
            "The name of team {number} is too long: at most {count} character.",
            "The name of team {number} is too long: at most {count} characters.",
            limit,
        ).format(number=number, count=f.number(limit))
    position = f.number(err.params.get("position", 1))
    if player:
        # TRANSLATORS: a control character is an invisible character (such as a tab or a
        # text-direction mark).
        return _(
            "The name of the player at seat {number} holds an invisible control character "
            "(character {position}). Type the name again."
        ).format(number=number, position=position)
    # TRANSLATORS: a control character is an invisible character (such as a tab or a
    # text-direction mark).
    return _(
        "The name of team {number} holds an invisible control character (character {position}). "
        "Type the name again."
    ).format(number=number, position=position)
