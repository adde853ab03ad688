"""The organiser's events: the list (`/events`) and a new event (`/events/new`): name, pairs or
individual, system, rounds, preset, match format, entrants by hand or from a CSV file."""

from __future__ import annotations

import flet as ft

from seep_scorer.app.events.home_model import MATCH_TYPES, SYSTEMS, EventsVM, NewEventVM
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.state import expect_large_message
from seep_scorer.app.shell.widgets import (
    Chip,
    Screen,
    big_button,
    labelled_icon_button,
    notice,
    num,
    section_title,
    sem,
    tile,
)
from seep_scorer.i18n.translate import N_, _, fmt, ngettext

SYSTEM_NAMES = {
    "swiss": N_("Swiss"),
    "round-robin": N_("Round robin"),
    "individual": N_("Individual"),
}
KIND_NAMES = {"pairs": N_("Pairs"), "individual": N_("Individual")}
PRESET_NAMES = {"standard": N_("Standard"), "race500": N_("Race to 500")}
TYPE_NAMES = {
    "bazzis": N_("Bazzis"),
    "first_to": N_("First to"),
    "target": N_("Target"),
}


class EventsScreen(Screen):
    nav_route = "/events"
    route = "/events"

    def __init__(self, host: Host, vm: EventsVM):
        self.vm = vm
        super().__init__(host)

    def title(self) -> str:
        return _("Events")

    def load(self) -> None:
        self.vm.reload()

    def refresh(self) -> None:
        h = self.host.handler
        items: list[ft.Control] = [
            notice(self.vm.message, error=True),
            big_button(
                "event-new", _("New event"), h(self.host.go, "/events/new"), icon=ft.Icons.ADD
            ),
        ]
        if not self.vm.rows:
            items.append(
                ft.Text(
                    _("No events yet. An event pairs many tables round by round."),
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            )
        for row in self.vm.rows:
            if row.round == 0:
                state = _("not paired yet")
            elif row.planned:
                state = _("round {round} of {rounds}").format(
                    round=num(row.round), rounds=num(row.planned)
                )
            else:
                state = _("round {round}").format(round=num(row.round))
            # TRANSLATORS: an event in the events list: "Swiss, 8 entrants, round 2 of 3".
            line = ngettext(
                "{system}, {entrants} entrant, {state}",
                "{system}, {entrants} entrants, {state}",
                row.entrants,
            ).format(system=_(SYSTEM_NAMES[row.system]), entrants=num(row.entrants), state=state)
            items.append(
                tile(
                    f"event-{row.id}",
                    ft.Column(
                        [
                            ft.Text(row.name, weight=ft.FontWeight.BOLD, max_lines=2),
                            ft.Text(line, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                        ],
                        spacing=2,
                        tight=True,
                    ),
                    h(self.host.go, f"/event/{row.id}"),
                    height=None,
                    padding=ft.Padding.symmetric(horizontal=12, vertical=10),
                    alignment=ft.Alignment.CENTER_LEFT,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                )
            )
        self.body.controls = items


def _field(ident: str, label: str, **kw) -> tuple[ft.TextField, ft.Semantics]:
    field = ft.TextField(label=label, **kw)
    return field, sem(ident, field, expand=kw.get("expand"))


class NewEventScreen(Screen):
    nav_route = "/events"
    route = "/events/new"

    def __init__(self, host: Host, vm: NewEventVM):
        self.vm = vm
        super().__init__(host)
        h = host.handler
        self.name, self.name_box = _field(
            "event-name", _("Event name"), value=vm.name, on_change=h(self._typed, event=True)
        )
        self.rounds, self.rounds_box = _field(
            "event-rounds",
            _("Rounds"),
            value=str(vm.rounds or ""),
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=h(self._typed, event=True),
            width=140,
        )
        self.count, self.count_box = _field(
            "event-match-count",
            _("How many"),
            value="",
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=h(self._typed, event=True),
            width=140,
        )

        def chips(prefix, names, action):
            return {
                key: Chip(f"{prefix}-{key}", _(label), h(action, key), expand=True, compact=False)
                for key, label in names.items()
            }

        self.kind_chips = chips("event-kind", KIND_NAMES, self._kind)
        self.system_chips = chips("event-system", SYSTEM_NAMES, self._system)
        self.preset_chips = chips("event-preset", PRESET_NAMES, self._preset)
        self.type_chips = chips(
            "event-match-type", {"default": N_("Usual"), **TYPE_NAMES}, self._match_type
        )
        typed = h(self._typed, event=True)  # the client sends what is typed, as it is typed
        self.team, self.team_box = _field(
            "event-entrant-team", _("Team name"), expand=True, on_change=typed
        )
        self.player1, self.player1_box = _field(
            "event-entrant-player1", fmt().digits(_("Player 1")), expand=True, on_change=typed
        )
        self.player2, self.player2_box = _field(
            "event-entrant-player2", fmt().digits(_("Player 2")), expand=True, on_change=typed
        )
        self.player, self.player_box = _field(
            "event-entrant-player",
            _("Player"),
            expand=True,
            on_change=typed,
            on_submit=h(self._add),
        )
        self.picker = ft.FilePicker(on_result=h(self._picked, event=True))
        self.csv_button = big_button(
            "event-entrants-csv",
            _("Entrants from a CSV file"),
            h(self._picking),
            icon=ft.Icons.UPLOAD_FILE,
            filled=False,
        )
        self.csv_button.content.action = _pick_action(self.picker)
        self.create_button = big_button(
            "event-create", _("Create the event"), h(self._create, screen=self), icon=ft.Icons.CHECK
        )

    def title(self) -> str:
        return _("New event")

    def refresh(self) -> None:
        vm, h = self.vm, self.host.handler
        for key, chip in self.kind_chips.items():
            chip.set(vm.kind == key)
        for key, chip in self.system_chips.items():
            chip.set(vm.system == key)
            chip.control.visible = key in SYSTEMS[vm.kind]
        for key, chip in self.preset_chips.items():
            chip.set(vm.preset == key)
        for key, chip in self.type_chips.items():
            chip.set((vm.match_type or "default") == key)
        self.rounds_box.visible = vm.system != "round-robin"
        self.count_box.visible = vm.match_type is not None
        row = lambda chips: ft.Row([c.control for c in chips.values()], spacing=6)  # noqa: E731
        if vm.kind == "pairs":
            entry = [self.team_box, ft.Row([self.player1_box, self.player2_box], spacing=6)]
        else:
            entry = [self.player_box]
        entrants = [
            ft.Row(
                [
                    ft.Text(
                        e.name if vm.kind == "individual" else f"{e.name}: {' & '.join(e.players)}",
                        expand=True,
                    ),
                    labelled_icon_button(
                        f"event-entrant-remove-{i}",
                        _("Remove {name}").format(name=e.name),
                        ft.Icons.CLOSE,
                        h(self._remove, e.key),
                    ),
                ]
            )
            for i, e in enumerate(vm.entrants, start=1)
        ]
        self.body.controls = [
            notice(vm.message, on_close=h(self._dismiss), error=False),
            self.name_box,
            section_title(_("Kind")),
            row(self.kind_chips),
            section_title(_("System")),
            row(self.system_chips),
            self.rounds_box,
            section_title(_("Rules")),
            row(self.preset_chips),
            section_title(_("Match")),
            row(self.type_chips),
            self.count_box,
            section_title(_("Entrants: {count}").format(count=num(len(vm.entrants)))),
            *entry,
            big_button(
                "event-entrant-add", _("Add"), h(self._add), icon=ft.Icons.PERSON_ADD, filled=False
            ),
            self.csv_button,
            *entrants,
        ]
        self.footer.controls = [self.create_button]

    def _typed(self, e) -> None:
        self.vm.name = self.name.value or ""
        rounds = (self.rounds.value or "").strip()
        self.vm.rounds = int(rounds) if rounds.isdigit() else None
        count = (self.count.value or "").strip()
        self.vm.match_count = int(count) if count.isdigit() else None

    def _kind(self, kind: str) -> None:
        self.vm.set_kind(kind)
        self.changed()

    def _system(self, system: str) -> None:
        self.vm.set_system(system)
        self.changed()

    def _preset(self, preset: str) -> None:
        self.vm.preset = preset
        self.changed()

    def _match_type(self, match_type: str) -> None:
        self.vm.match_type = None if match_type == "default" else match_type
        if self.vm.match_type in MATCH_TYPES and not self.count.value:
            self.count.value = "500" if match_type == "target" else "3"
            self.vm.match_count = int(self.count.value)
        self.changed()

    def _add(self) -> None:
        if self.vm.kind == "pairs":
            fields = [self.team, self.player1, self.player2]
        else:
            fields = [self.player]
        if self.vm.add_entrant([f.value or "" for f in fields]):
            for f in fields:
                f.value = ""
        self.changed()

    def _remove(self, key: str) -> None:
        self.vm.remove_entrant(key)
        self.changed()

    def _dismiss(self) -> None:
        self.vm.message = None
        self.changed()

    def _picking(self) -> None:
        expect_large_message()  # the picked file may come in one larger message

    async def _picked(self, e) -> None:
        files = getattr(e, "files", None) or []
        if files:
            await off_loop(self.vm.load_csv, files[0].name, files[0].bytes)
            self.changed()

    async def _create(self) -> None:
        self._typed(None)
        event_id = await off_loop(self.vm.create)
        if event_id is None:
            self.changed()
            return
        self.host.publish(None)
        await self.host.go(f"/event/{event_id}", replace_top=True)


def _pick_action(picker: ft.FilePicker):
    try:
        return ft.PickFiles(picker, allowed_extensions=["csv"], with_data=True,
                            file_type=ft.FilePickerFileType.CUSTOM,
                            cancel_upload_on_window_blur=False)  # fmt: skip
    except RuntimeError:  # no page (a control-tree test)
        return None
