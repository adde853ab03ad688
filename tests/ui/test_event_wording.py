"""Issue 33, item 8: the event's words. A standing counts its points as words are counted ("1
point") and gives the bazzis as the difference they are (+1, −1); a table ended level says it is
a draw, one with a winner who won; the entrants' icon buttons have a word under them (for the
eye only: each button keeps its one name, which says for whom)."""

from __future__ import annotations

import flet as ft

from seep_scorer.app.events.event import captioned, progress_text, standing_line
from seep_scorer.app.events.event_model import StandingRow, TableRow
from seep_scorer.app.shell.widgets import labelled_icon_button
from seep_scorer.i18n.translate import UILocale, using


def standing(points, diff):
    return StandingRow(1, "Bears", 1, 0, 1, 0, points, diff, 0)


def table(finished, winner, deals=0, score=(0, 0)):
    return TableRow(
        3, "m", ("Bears", "Hawks"), ("A & B", "C & D"), deals, score, finished, winner, True
    )


def test_a_standing_counts_points_as_words_and_signs_the_bazzi_difference():
    assert standing_line(standing(1, -1)) == (
        "1 point, won 0, drawn 1, lost 0, bazzi difference \u22121"
    )
    assert standing_line(standing(2, 2)).startswith("2 points,")
    assert standing_line(standing(2, 2)).endswith("bazzi difference +2")
    assert standing_line(standing(0, 0)).endswith("bazzi difference 0")
    with using(UILocale("it")):
        assert standing_line(standing(1, 0)).startswith("1 punto,")
        assert standing_line(standing(3, 0)).startswith("3 punti,")


def test_a_table_says_who_won_or_that_it_is_a_draw():
    assert progress_text(table(False, None, 4, (1, 2))) == "4 deals, 1–2, playing"
    assert progress_text(table(True, 1, 6, (1, 3))) == "6 deals, 1–3, Hawks won"
    assert progress_text(table(True, None)) == "0 deals, 0–0, a draw"  # ended before a deal
    assert progress_text(table(True, "draw", 5, (2, 2))) == "5 deals, 2–2, a draw"


def test_an_entrants_button_has_a_word_under_it_read_once():
    button = labelled_icon_button("x", "Withdraw Bears", ft.Icons.PERSON_REMOVE, lambda e: None)
    column = captioned(button, "Withdraw")
    word = column.controls[1]
    assert word.exclude_semantics and word.content.value == "Withdraw"
    assert column.controls[0] is button
