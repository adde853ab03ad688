"""Issue 33, items 1 and 2, the parts behind the browser test (tests/e2e/test_deal_fits.py): a
team's total keeps its number whole whatever the name, the points field's label stays on one
line, and the 17 cards and the swap tile make three rows on a phone."""

from __future__ import annotations

import asyncio

import flet as ft
from harness import Phone, _walk

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.table.deal import CARD_GAP, CARD_MIN, card_width, split_at_number
from seep_scorer.rules import Match, MatchFormat, Team

LONG = "Grandparents of the Extended Sharma Family"


def test_the_number_is_split_from_the_name_in_any_order():
    assert split_at_number("{team}: {points}", LONG, "35") == (f"{LONG}: ", "35")
    assert split_at_number("{team} ({points} pts)", "A", "5") == ("A (", "5 pts)")
    assert split_at_number("{points} : {team}", "A", "5") == ("", "5 : A")  # nothing cut first


def test_three_rows_of_tiles_at_phone_widths():
    for width, per_row in ((412, 6), (360, 6), (915, 9)):
        tile = card_width(width)
        body = min(width, 600) - 24
        assert tile >= CARD_MIN and per_row * tile + (per_row - 1) * CARD_GAP <= body, width
        assert (per_row + 1) * tile + per_row * CARD_GAP > body, width  # no room for one more


def test_a_long_name_never_cuts_the_totals_number(repo):
    async def go():
        teams = (Team(LONG, ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))
        mid = repo.create(Match(teams=teams, format=MatchFormat("bazzis", 3))).id
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        await phone.tap("record-deal")
        await phone.tap("mode-points")
        await phone.type("points-0", "58")
        total = phone.find("deal-total-0")
        name, number = [c for c in _walk(total) if isinstance(c, ft.Text)]
        assert name.value == f"{LONG}: " and name.overflow == ft.TextOverflow.ELLIPSIS
        assert name.max_lines == 1 and name.expand_loose
        assert number.value == "58" and number.no_wrap and not number.expand
        assert phone.text("deal-total-0") == f"{LONG}: 58"
        assert phone.text("points-1") == "Vermas: 42"
        label = phone.find("points-0").content.label
        assert label.max_lines == 1 and label.overflow == ft.TextOverflow.ELLIPSIS

    asyncio.run(go())
