"""The board and the table phones of a club night: the board's big-screen view for the hall, and
what a table phone (or the board) sees besides its match.

The board (`/event/<id>/board`): a read-only big-screen view for the hall, landscape, in type
large enough to read from across the room: the standings and the round's tables (which are
finished). It is redrawn whenever a phone saves a deal (the live table, app/shell/app.py: every
screen reloads), shows no code and offers no action.

A hall saves several deals a second and every redraw is sent to each board: a redraw keeps the
frame and every row and table tile that did not change (the same controls), so what goes to the
screen is the few that did, not the whole board.
"""

from __future__ import annotations

import flet as ft

from seep_scorer.app.events.event import progress_text
from seep_scorer.app.events.event_model import EventVM, organiser_locale
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import Screen, app_bar, back_button, num, sem, settled
from seep_scorer.i18n.translate import _, using

ROWS = 10  # standings rows that fit a 1080-pixel screen in this type (taller scripts too)
LISTED = 6  # up to this many tables (that fit 1080 pixels), each a row with its teams; more, tiles
NARROW = 800  # under this width (a phone) the board is laid out for a phone held in the hand
# Type sizes in logical pixels. The hall's: read from across the room (small, a listed table's
# progress, is the smallest); a phone's: one column that scrolls, under an app bar with Back.
HALL = {"big": 64, "large": 44, "medium": 36, "small": 30, "rank": 90, "number": 80, "tile": 150}
PHONE = {"big": 26, "large": 20, "medium": 17, "small": 14, "rank": 36, "number": 40, "tile": 84}


class EventBoardScreen(Screen):
    nav_route = ""

    def __init__(self, host: Host, vm: EventVM, route: str):
        self.vm = vm
        self.route = route
        self._drawn: dict = {}  # what the last redraw drew, by what it shows (_kept)
        self._next: dict = {}
        super().__init__(host)
        self.view.route = route
        self.view.appbar = None  # the whole screen for the board; the browser's back still works
        self.view.bottom_appbar = None
        self.view.padding = 24
        self.stacked = False  # opened over the event's screen (the organiser's), not a board code's
        self.size = HALL

    def title(self) -> str:
        return self.vm.event.name

    def drawn(self):
        self.fit_width(self.host.page_width())
        self.refresh()
        return self

    def show_back(self, shown: bool) -> None:
        self.stacked = shown
        self._fit_bar()

    def _fit_bar(self) -> None:
        """The hall's screen has none: the board is the whole screen. The organiser's phone, which
        opened it over the event, has an app bar with Back (issue 33: it was a dead end)."""
        if self.stacked and self.size is PHONE:
            if self.view.appbar is None:
                self.view.appbar = app_bar(self.title())
                self.view.appbar.leading = back_button(self.host, self)
        else:
            self.view.appbar = None
        self.view.padding = 12 if self.size is PHONE else 24

    def fit_width(self, page_width: float | None) -> None:
        for frame in self.frames:
            frame.width = None  # the whole width of the hall's screen
        size = PHONE if page_width and page_width < NARROW else HALL
        if size is not self.size:  # laid out anew, nothing kept from the other size
            self.size = size
            drawn = bool(self.body.controls)
            self._drawn, self._next = {}, {}
            self.body.controls = []
            self._fit_bar()
            if drawn:
                self.refresh()

    def _kept(self, key, make) -> ft.Control:
        """The control drawn for `key` (what it shows) at the last redraw, else `make()`."""
        control = self._drawn.get(key)
        if control is None:
            control = make()
        self._next[key] = control
        return control

    def _table(self, t, compact: bool) -> ft.Control:
        bg = ft.Colors.SURFACE_CONTAINER_LOW if t.finished else ft.Colors.SURFACE_CONTAINER_HIGH
        mark = ft.Icon(
            ft.Icons.CHECK_CIRCLE if t.finished else ft.Icons.PENDING,
            size=self.size["medium"],
            color=ft.Colors.TERTIARY if t.finished else ft.Colors.ON_SURFACE_VARIANT,
        )
        number = ft.Text(num(t.table), size=self.size["large"], weight=ft.FontWeight.BOLD)
        if compact:
            content = ft.Row([number, mark], spacing=12, tight=True)
            width = self.size["tile"]
        else:
            teams = _("{team0} vs {team1}").format(team0=t.teams[0], team1=t.teams[1])
            content = ft.Row(
                [
                    ft.Container(number, width=self.size["number"]),
                    ft.Column(
                        [
                            ft.Text(
                                teams,
                                size=self.size["medium"],
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                            ft.Text(progress_text(t), size=self.size["small"]),
                        ],  # fmt: skip
                        spacing=0,
                        tight=True,
                        expand=True,
                    ),
                    mark,
                ]
            )
            width = None
        return settled(
            f"event-board-table-{t.table}",
            ft.Container(
                content,
                bgcolor=bg,
                border_radius=12,
                width=width,
                padding=ft.Padding.symmetric(horizontal=16, vertical=8),
            ),
            container=True,
        )

    def load(self) -> None:
        self.vm.load()

    def refresh(self) -> None:
        with using(organiser_locale(self.vm.event)):  # the organiser's language, not the device's
            self._draw()

    def _draw(self) -> None:
        self._drawn, self._next = self._next, {}
        vm = self.vm
        if vm.round == 0:
            heading = vm.event.name
        elif vm.final:
            heading = _("{event}: final results").format(event=vm.event.name)
        else:
            heading = _("{event}: round {round}").format(event=vm.event.name, round=num(vm.round))
        standings = [
            self._kept(
                "standings",
                lambda: ft.Text(
                    _("Standings"),
                    size=self.size["large"],
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.PRIMARY,
                ),
            )
        ]
        for i, s in enumerate(vm.standings[:ROWS], start=1):
            standings.append(
                self._kept(
                    (i, s),
                    lambda i=i, s=s: settled(
                        f"event-board-standing-{i}",
                        ft.Row(
                            [
                                ft.Text(
                                    num(s.rank),
                                    size=self.size["large"],
                                    width=self.size["rank"],
                                    weight=ft.FontWeight.BOLD,
                                ),
                                ft.Text(
                                    s.name,
                                    size=self.size["large"],
                                    expand=True,
                                    max_lines=1,
                                    overflow=ft.TextOverflow.ELLIPSIS,
                                ),
                                ft.Text(
                                    num(s.points),
                                    size=self.size["large"],
                                    weight=ft.FontWeight.BOLD,
                                ),
                            ],  # fmt: skip
                        ),
                        container=True,
                    ),
                ),
            )
        done = sum(1 for t in vm.tables if t.finished)
        tables = [
            self._kept(
                ("finished", done, len(vm.tables)),
                lambda: ft.Text(
                    _("Tables: {done} of {count} finished").format(
                        done=num(done), count=num(len(vm.tables))
                    ),
                    size=self.size["large"],
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.PRIMARY,
                ),
            )
        ]
        compact = len(vm.tables) > LISTED  # a big hall: a grid of numbers and how far each is
        cells = [self._kept((t, compact), lambda t=t: self._table(t, compact)) for t in vm.tables]
        if compact:
            grid = self._kept("grid", lambda: ft.Row(wrap=True, spacing=12, run_spacing=12))
            grid.controls = cells
            tables.append(grid)
        else:
            tables += cells
        frame = self._drawn.get("frame")
        if frame is not None and self.body.controls and self.body.controls[0] is frame[0]:
            # the same frame: only what changed in it goes to the screen
            self._next["frame"] = frame
            _root, heading_text, standings_column, tables_column = frame
            heading_text.value = heading
            standings_column.controls = standings
            tables_column.controls = tables
            return
        heading_text = ft.Text(
            heading,
            size=self.size["big"],
            weight=ft.FontWeight.BOLD,
            max_lines=1 if self.size is HALL else 3,
            overflow=ft.TextOverflow.ELLIPSIS,
        )
        if self.size is PHONE:  # one column, the standings first, scrolled as a whole
            standings_column = ft.Column(standings, spacing=6)
            tables_column = ft.Column(tables, spacing=6)
            self.body.scroll = ft.ScrollMode.AUTO
            columns = ft.Column([standings_column, tables_column], spacing=20)
        else:
            standings_column = ft.Column(standings, spacing=8, expand=5)
            tables_column = ft.Column(
                tables, spacing=8, expand=4, wrap=False, scroll=ft.ScrollMode.AUTO
            )
            self.body.scroll = None
            columns = ft.Row(
                [standings_column, tables_column],
                vertical_alignment=ft.CrossAxisAlignment.START,
                spacing=40,
                expand=True,
            )
        phone = self.size is PHONE
        root = sem(
            "event-board",
            ft.Column(
                [heading_text, columns],
                spacing=12 if phone else 16,
                expand=not phone,
            ),
            container=True,
            expand=not phone,
        )
        self._next["frame"] = (root, heading_text, standings_column, tables_column)
        self.body.controls = [root]
        self.footer.controls = []


# ---- what a table phone sees besides its match
# What a table phone (or the board) sees besides its match: the app's chrome taken away, a small
# header naming the table and round, and the screen shown once the event is over or the table has
# no match this round (`/event/<id>/over`, `/event/<id>/waiting`). None of it reads the store.


def confine(
    screen: Screen, table: int | None = None, round_number: int = 0, closed: bool = False
) -> None:
    """A screen shown to a table phone or the board: no navigation bar, nothing that leads to
    another screen (`confined`); over a table's screens, "Table N · Round R" on top. `closed`: the
    table's round is over (the organiser ended it), so the screen offers nothing that would change
    the match (no Record deal, no Undo, no Edit or Delete) and says why, instead of offering them
    and then failing as if the disk were at fault."""
    screen.confined = True
    screen.view.bottom_appbar = None
    if table is None or not round_number:
        return
    if closed:
        # the record buttons; a deal's Edit and Delete (emptied, not hidden: the footer is the
        # content of a semantics node, which Flutter refuses invisible)
        screen.footer.controls = []
        screen.view.appbar.actions = []  # Undo and Redo
        over = _("Round {round} is over: the scores at this table stand as they are.")
        screen.view.controls.insert(
            0, _banner("event-round-over", over.format(round=num(round_number)), tertiary=True)
        )
    where = _("Table {n}").format(n=num(table)), _("Round {round}").format(round=num(round_number))
    screen.view.controls.insert(0, _banner("event-table-header", " · ".join(where)))


def _banner(ident: str, text: str, tertiary: bool = False) -> ft.Control:
    """A line across the top of a table phone's screen: its table and round (bold, small), or
    that its round is over (larger, in the tertiary colours)."""
    return sem(
        ident,
        ft.Container(
            ft.Text(
                text,
                size=16 if tertiary else 14,
                weight=None if tertiary else ft.FontWeight.BOLD,
                color=ft.Colors.ON_TERTIARY_CONTAINER
                if tertiary
                else ft.Colors.ON_SECONDARY_CONTAINER,
                text_align=ft.TextAlign.CENTER,
            ),
            bgcolor=ft.Colors.TERTIARY_CONTAINER if tertiary else ft.Colors.SECONDARY_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10 if tertiary else 4),
            alignment=ft.Alignment.CENTER,
        ),
        container=True,
    )


class EventOverScreen(Screen):
    """A plain page, never an error: the event is over (or this table plays no match now)."""

    keeps_awake = False

    def __init__(self, host: Host, route: str, over: bool):
        self.route = route
        self.over = over
        super().__init__(host)
        self.view.route = route

    def refresh(self) -> None:
        if self.over:
            icon, ident = ft.Icons.EMOJI_EVENTS, "event-over"
            head, more = _("The event is over"), _("Thank you for playing.")
        else:
            icon, ident = ft.Icons.HOURGLASS_EMPTY, "event-waiting"
            head, more = _("This table has no match this round."), _("Please ask the organiser.")
        self.body.controls = [
            sem(
                ident,
                ft.Column(
                    [
                        ft.Icon(icon, size=64, color=ft.Colors.PRIMARY),
                        ft.Text(
                            head, size=28, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER
                        ),
                        ft.Text(more, size=18, text_align=ft.TextAlign.CENTER),
                    ],
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    spacing=16,
                ),
                container=True,
            )
        ]
        self.body.horizontal_alignment = ft.CrossAxisAlignment.CENTER
        self.body.alignment = ft.MainAxisAlignment.CENTER
