"""Who a fault is about: the teams and seats by name when the match is known, else by number."""

from __future__ import annotations

from ..i18n import _, fmt
from ..rules import card_label
from ..rules.cards import POINT_CARD_CODES


class Names:
    """Team and seat names for a wording: the match's own, or "Team 0" / "Seat 2" as a file numbers
    them (the command line, where the match could not be read)."""

    def __init__(self, match=None) -> None:
        self.match = match

    def team(self, i) -> str:
        if i not in (0, 1):
            return str(i)
        if self.match is not None:
            return self.match.teams[i].name
        return _("Team {number}").format(number=fmt().number(i))

    def seat(self, i) -> str:
        if self.match is not None:
            return self.match.seat_name(i)
        return _("Seat {number}").format(number=fmt().number(i))


def cards(codes) -> str:
    """A card-code list from the rules layer ("KS, QS") with suit signs, kept left to right."""
    f = fmt()
    return ", ".join(
        f.code(card_label(c.strip())) if c.strip() in POINT_CARD_CODES else f.code(c.strip())
        for c in str(codes).split(",")
        if c.strip()
    )
