"""The question when another phone saved a deal of this match while this one was entering its own
(`stale-deal`): the two may be the same deal entered twice, so nothing is saved unasked."""

from __future__ import annotations

import flet as ft

from ...i18n import _, ngettext
from .. import texts
from ..host import Host
from ..viewmodels import ScoreboardVM
from ..widgets import TAP, sem
from .base import num


def stale_dialog(
    host: Host, screen, board: ScoreboardVM, added: list[int], on_discard, on_next
) -> ft.AlertDialog:
    """Name the deals `added` elsewhere; `on_discard` drops this entry, `on_next` saves it after
    them."""
    h = host.handler
    rows = []
    for n in added:
        r = board.standings.deals[n - 1]
        row = texts.deal_row_text(board.match, r)
        if r.dealer is not None:
            player = board.match.seat_name(r.dealer)
            row += " · " + _("dealt by {player}").format(player=player)
        rows.append(row)
    said = ngettext(
        "Another phone saved this deal while you were entering yours:",
        "Another phone saved these deals while you were entering yours:",
        len(added),
    )
    return ft.AlertDialog(
        title=ft.Text(_("Saved on another phone")),
        content=sem(
            "stale-deal",
            ft.Column(
                [ft.Text(said), *(ft.Text(r, weight=ft.FontWeight.BOLD) for r in rows)],
                tight=True,
                spacing=6,
            ),
            container=True,
        ),
        actions=[
            sem(
                "stale-deal-discard",
                ft.TextButton(
                    content=_("Discard my entry"), height=TAP, on_click=h(on_discard, screen=screen)
                ),
            ),
            sem(
                "stale-deal-next",
                ft.FilledButton(
                    content=_("Save as deal {number}").format(number=num(len(board.deals) + 1)),
                    height=TAP,
                    on_click=h(on_next, screen=screen),
                ),
            ),
        ],
    )
