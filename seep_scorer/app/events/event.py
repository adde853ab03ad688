"""An event's screen for its organiser (`/event/<id>`): pair the next round, the round's tables and
how far each has got (opening any table's match on the normal scoreboard), end a round (asked
first, undone on request until the next round is paired), the standings, the entrants
(withdrawn, absent), and the final results once the last round is over."""

from __future__ import annotations

import flet as ft

from seep_scorer.app.events.event_model import EventVM, StandingRow, TableRow
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import (
    TAP,
    Screen,
    big_button,
    labelled_icon_button,
    notice,
    num,
    section_title,
    sem,
    tile,
)
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import _, fmt, ngettext


def _noop(e) -> None:
    """The client sends what is typed as it is typed; it is read when Add is tapped."""


def progress_text(t: TableRow) -> str:
    """How far a table has got: "4 deals, 1–2, Bears won"; a level table ended by the organiser
    says it is a draw (issue 33: it said "0 deals, 0–0, finished")."""
    if not t.stored:
        return _("the match is no longer stored")
    if not t.finished:
        state = _("playing")
    elif t.winner in (0, 1):
        state = _("{team} won").format(team=t.teams[t.winner])
    else:
        state = _("a draw")
    # TRANSLATORS: a table's progress: "4 deals, 1–2, playing" (bazzis, or totals to a target).
    return _("{deals}, {score0}–{score1}, {state}").format(
        deals=texts.deals_count_text(t.deals),
        score0=num(t.score[0]),
        score1=num(t.score[1]),
        state=state,
    )


def captioned(button: ft.Control, caption: str) -> ft.Control:
    """An icon button with a word under it, the word for the eye only: the button's own name
    (which says for whom) is what a screen reader reads."""
    word = ft.Text(caption, size=11, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
    return ft.Column(
        [button, ft.Semantics(content=word, exclude_semantics=True)],
        spacing=0,
        tight=True,
        width=72,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def standing_line(s: StandingRow) -> str:
    """ "2 points, won 1, drawn 0, lost 0, bazzi difference +1": the match points counted as
    words are, the bazzis as the difference they are (issue 33: "1 points", "bazzis -1")."""
    return ngettext(
        "{count} point, won {wins}, drawn {draws}, lost {losses}, bazzi difference {bazzis}",
        "{count} points, won {wins}, drawn {draws}, lost {losses}, bazzi difference {bazzis}",
        s.points,
    ).format(
        count=num(s.points), wins=num(s.wins), draws=num(s.draws), losses=num(s.losses),
        bazzis=fmt().number(s.bazzi_diff, signed=True),
    )  # fmt: skip


class EventScreen(Screen):
    nav_route = "/events"

    def __init__(self, host: Host, vm: EventVM, route: str):
        self.vm = vm
        self.route = route
        super().__init__(host)
        self.view.route = route
        self.dialog: ft.AlertDialog | None = None
        # before round 1, more entrants by hand (the fields are kept: typing is never cut short)
        fields = ("team", "player1", "player2") if vm.event.kind == "pairs" else ("player",)
        labels = {"team": _("Team name"), "player1": fmt().digits(_("Player 1")),
                  "player2": fmt().digits(_("Player 2")),
                  "player": _("Player")}  # fmt: skip
        self.entry = {
            f: ft.TextField(label=labels[f], expand=True, on_change=host.handler(_noop, event=True))
            for f in fields
        }

    def title(self) -> str:
        return self.vm.event.name

    def load(self) -> None:
        self.vm.load()

    def refresh(self) -> None:
        vm, h = self.vm, self.host.handler
        items: list[ft.Control] = [
            notice(
                vm.message,
                _("Undo") if vm.undo_end is not None else None,
                h(self._undo, screen=self),
                on_close=h(self._dismiss),
                error=vm.error,
            )
        ]
        if vm.round == 0:
            count = len(vm.event.entrants)
            status = ngettext(
                "{count} entrant, not paired yet", "{count} entrants, not paired yet", count
            ).format(count=num(count))
        elif vm.final:
            status = _("Final results")
        elif vm.event.planned_rounds:
            status = _("Round {round} of {rounds}").format(
                round=num(vm.round), rounds=num(vm.event.planned_rounds)
            )
        else:
            status = _("Round {round}").format(round=num(vm.round))
        items.append(sem(f"event-{vm.id}", ft.Text(status, size=18, weight=ft.FontWeight.BOLD)))
        if vm.can_pair:
            items.append(
                big_button(
                    "event-pair",
                    _("Pair round {round}").format(round=num(vm.round + 1)),
                    h(self._pair, screen=self),
                    icon=ft.Icons.SHUFFLE,
                )
            )
        elif vm.round and not vm.round_over:
            items.append(
                big_button(
                    "event-end-round",
                    _("End round {round}").format(round=num(vm.round)),
                    h(self._ask_end),
                    icon=ft.Icons.STOP_CIRCLE_OUTLINED,
                    filled=False,
                )
            )
        if vm.can_end_event:
            items.append(
                big_button(
                    "event-end",
                    _("End the event"),
                    h(self._ask_end_event),
                    icon=ft.Icons.FLAG_OUTLINED,
                    filled=False,
                )
            )
        if vm.round:
            items.append(
                ft.Row(
                    [
                        big_button(
                            "event-cards",
                            _("Table cards"),
                            h(self.host.go, f"/event/{vm.id}/cards"),
                            icon=ft.Icons.QR_CODE_2,
                            filled=False,
                            expand=True,
                        ),
                        big_button(
                            "event-board-open",
                            _("Board"),
                            h(self.host.go, f"/event/{vm.id}/board"),
                            icon=ft.Icons.TV,
                            filled=False,
                            expand=True,
                        ),
                    ],  # fmt: skip
                    spacing=8,
                )
            )
            items.append(self._round())
        if vm.standings:
            items.append(self._standings())
        items += [self._past(number, tables) for number, tables in reversed(vm.past)]
        items += self._entrants()
        self.body.controls = items

    def _round(self) -> ft.Control:
        vm, h = self.vm, self.host.handler
        rows: list[ft.Control] = [
            section_title(_("Round {round}: tables").format(round=num(vm.round)))
        ]
        for t in vm.tables:
            teams = _("{team0} vs {team1}").format(team0=t.teams[0], team1=t.teams[1])
            rows.append(
                tile(
                    f"event-table-{t.table}",
                    ft.Row(
                        [
                            ft.Text(num(t.table), size=22, weight=ft.FontWeight.BOLD, width=44),
                            ft.Column(
                                [
                                    ft.Text(teams, weight=ft.FontWeight.BOLD, max_lines=2),
                                    ft.Text(progress_text(t), size=13),
                                ],
                                spacing=2,
                                tight=True,
                                expand=True,
                            ),
                            ft.Icon(
                                ft.Icons.CHECK_CIRCLE if t.finished else ft.Icons.PENDING,
                                color=ft.Colors.TERTIARY if t.finished else None,
                            ),
                        ]
                    ),
                    h(self.host.go, f"/match/{t.match}") if t.stored else None,
                    height=None,
                    padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                    alignment=ft.Alignment.CENTER_LEFT,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW
                    if t.finished
                    else ft.Colors.SURFACE_CONTAINER_HIGH,
                )
            )
        for name in vm.byes:
            rows.append(ft.Text(_("Bye: {name}").format(name=name)))
        return sem(f"event-round-{vm.round}", ft.Column(rows, spacing=6), container=True)

    def _past(self, number: int, tables: list[TableRow]) -> ft.Control:
        """An earlier round: who met whom at each table and how it ended; each opens its match."""
        rows: list[ft.Control] = [
            section_title(_("Round {round}: tables").format(round=num(number)))
        ]
        for t in tables:
            teams = _("{team0} vs {team1}").format(team0=t.teams[0], team1=t.teams[1])
            if t.winner in (0, 1):
                result = _("{team} won").format(team=t.teams[t.winner])
            elif t.winner == "draw":
                result = _("a draw")
            else:
                result = progress_text(t)
            rows.append(
                tile(
                    f"event-round-{number}-table-{t.table}",
                    ft.Text(f"{num(t.table)}. {teams}: {result}", size=13),
                    self.host.handler(self.host.go, f"/match/{t.match}") if t.stored else None,
                    height=None,
                    padding=ft.Padding.symmetric(horizontal=12, vertical=6),
                    alignment=ft.Alignment.CENTER_LEFT,
                )
            )
        return sem(f"event-round-{number}", ft.Column(rows, spacing=2), container=True)

    def _standings(self) -> ft.Control:
        rows: list[ft.Control] = [
            section_title(_("Final results") if self.vm.final else _("Standings"))
        ]
        for i, s in enumerate(self.vm.standings, start=1):
            rows.append(
                sem(
                    f"event-standing-{i}",
                    ft.Row(
                        [
                            ft.Text(num(s.rank), width=36, weight=ft.FontWeight.BOLD),
                            ft.Column(
                                [
                                    ft.Text(s.name, weight=ft.FontWeight.BOLD),
                                    ft.Text(standing_line(s), size=13),
                                ],
                                spacing=0,
                                tight=True,
                                expand=True,
                            ),
                        ]
                    ),
                    container=True,
                )
            )
        return sem("event-standings", ft.Column(rows, spacing=6), container=True)

    def _entrants(self) -> list[ft.Control]:
        vm, h = self.vm, self.host.handler
        out: list[ft.Control] = [section_title(_("Entrants"))]
        states = {
            "present": None,
            "absent": _("absent next round"),
            "withdrawn": _("withdrawn"),
        }
        for i, e in enumerate(vm.event.entrants, start=1):
            state = vm.entrant_state(e.key)
            # icon buttons named for the entrant (no two buttons of the screen share a name), each
            # with a word under it for the eye (issue 33: icons alone said nothing)
            if state == "present":
                actions = [
                    (f"event-entrant-absent-{i}", _("Absent next round: {name}"),
                     ft.Icons.EVENT_BUSY, "absent", _("Absent")),
                    (f"event-entrant-withdraw-{i}", _("Withdraw {name}"), ft.Icons.PERSON_REMOVE,
                     "withdraw", _("Withdraw")),
                ]  # fmt: skip
            else:
                actions = [
                    (f"event-entrant-back-{i}", _("Back in: {name}"), ft.Icons.UNDO, "back",
                     _("Back in")),
                ]  # fmt: skip
            label = e.name if state == "present" else f"{e.name} ({states[state]})"
            out.append(
                ft.Row(
                    [
                        ft.Text(label, expand=True),
                        *(
                            captioned(
                                labelled_icon_button(
                                    ident,
                                    text.format(name=e.name),
                                    icon,
                                    h(self._entrant, e.key, action, screen=self),
                                ),
                                caption,
                            )
                            for ident, text, icon, action, caption in actions
                        ),  # fmt: skip
                    ]
                )
            )
        if vm.round == 0:
            boxes = [sem(f"event-entrant-{f}", box, expand=True) for f, box in self.entry.items()]
            out += [
                boxes[0],
                ft.Row(boxes[1:], spacing=6) if len(boxes) > 1 else ft.Container(visible=False),
                big_button("event-entrant-add", _("Add"), h(self._add, screen=self),
                           icon=ft.Icons.PERSON_ADD, filled=False),
            ]  # fmt: skip
        return out

    async def _add(self) -> None:
        names = [box.value or "" for box in self.entry.values()]
        if await off_loop(self.vm.add_entrant, names):
            for box in self.entry.values():
                box.value = ""
        self.changed()

    # -- actions
    async def _pair(self) -> None:
        if await off_loop(self.vm.pair):
            self.host.publish(None)  # the boards show the new round
        self.changed()

    def _ask_end(self) -> None:
        h = self.host.handler
        open_tables = [t for t in self.vm.tables if not t.finished]
        self.dialog = ft.AlertDialog(
            title=ft.Text(_("End round {round} now?").format(round=num(self.vm.round))),
            content=ft.Text(
                ngettext(
                    "{count} table is still playing: its match ends as it stands, "
                    "and whoever leads wins.",
                    "{count} tables are still playing: their matches end as they stand, "
                    "and whoever leads wins.",
                    len(open_tables),
                ).format(count=num(len(open_tables)))
            ),
            actions=[
                sem(
                    "event-end-round-cancel",
                    ft.TextButton(content=_("Cancel"), height=TAP, on_click=h(self._close)),
                ),
                sem(
                    "event-end-round-confirm",
                    ft.FilledButton(
                        content=_("End the round"), height=TAP, on_click=h(self._end, screen=self)
                    ),
                ),
            ],  # fmt: skip
        )
        self.host.show_dialog(self.dialog)

    def _ask_end_event(self) -> None:
        """Asked first: what ending the event does (undone only from the notice that follows)."""
        h = self.host.handler
        self.dialog = ft.AlertDialog(
            title=ft.Text(_("End the event now?")),
            content=ft.Text(
                _(
                    "Round {round} ends as it stands: a match still being played ends and whoever "
                    "leads wins. No round is paired after it, the standings are the final "
                    "results, and the table and board codes stop working."
                ).format(round=num(self.vm.round))
            ),
            actions=[
                sem(
                    "event-end-cancel",
                    ft.TextButton(content=_("Cancel"), height=TAP, on_click=h(self._close)),
                ),
                sem(
                    "event-end-confirm",
                    ft.FilledButton(
                        content=_("End the event"),
                        height=TAP,
                        on_click=h(self._end_event, screen=self),
                    ),
                ),
            ],  # fmt: skip
        )
        self.host.show_dialog(self.dialog)

    async def _end_event(self) -> None:
        self._close()
        if await off_loop(self.vm.end_event):
            self.host.publish(None)  # the boards and the table phones: the event is over
        self.changed()

    def _close(self) -> None:
        if self.dialog is not None:
            self.host.close_dialog(self.dialog)
            self.dialog = None

    async def _end(self) -> None:
        self._close()
        if await off_loop(self.vm.end_round):
            self.host.publish(None)
        self.changed()

    async def _undo(self) -> None:
        if await off_loop(self.vm.undo_end_round):
            self.host.publish(None)
        self.changed()

    async def _entrant(self, key: str, action: str) -> None:
        await off_loop(self.vm.set_entrant, key, action)
        self.changed()

    def _dismiss(self) -> None:
        self.vm.dismiss()
        self.changed()
