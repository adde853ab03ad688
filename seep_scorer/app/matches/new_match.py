"""The new-match screen, with its "Fair teams" panel.

The new-match screen: teams and players (fair teams), rules, match length, first dealer."""

from __future__ import annotations

from typing import Callable

import flet as ft

from seep_scorer.app.history.stats import pair_name, percent
from seep_scorer.app.matches.new_match_model import PARAMS, FairTeamsVM, NewMatchVM
from seep_scorer.app.shell.handlers import off_loop
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import (
    TAP,
    Chip,
    Screen,
    big_button,
    help_mark,
    num,
    section_title,
    sem,
    tile,
)
from seep_scorer.i18n import texts
from seep_scorer.i18n.translate import _, fmt
from seep_scorer.rules import MAX_NAME


class NewMatchScreen(Screen):
    """Built once; refresh() only restyles, so quick taps never land on a replaced control."""

    route = "/new"
    nav_route = "/"

    def __init__(self, host: Host, vm: NewMatchVM):
        self.vm = vm
        self.details_open = False
        super().__init__(host)
        self._build()

    def title(self) -> str:
        return _("New match")

    def _name_field(self, field: str, ident: str, label: str) -> ft.Control:
        """A name field, the spelling it will be recorded as under it, a way to keep one's own."""
        h = self.host.handler

        def changed(e):
            self.vm.set_name(field, e.control.value or "")
            self.changed()

        def focused(e):
            self.vm.focused = field
            self.changed()

        # the default as a hint, not as text: typing replaces it, and an empty field records it
        box = ft.TextField(
            label=label,
            value=self.vm.name(field),
            hint_text=self.vm.default(field),
            on_change=h(changed, event=True),
            on_focus=h(focused, event=True),
            max_length=MAX_NAME,  # the field stops where a name must (issue 33: refused at Start)
            counter="",
        )
        self.name_boxes[field] = box
        self.name_labels[field] = label
        hint = ft.Text("", size=12, color=ft.Colors.PRIMARY)
        keep = ft.TextButton(
            content=_("Keep as typed"), height=TAP, on_click=h(self._keep_typed, field)
        )
        self.name_hints[field] = (sem(f"{ident}-recorded", hint), hint, sem(f"{ident}-keep", keep))
        return ft.Column(
            [sem(ident, box), self.name_hints[field][0], ft.Row([self.name_hints[field][2]])],
            spacing=0,
            tight=True,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )

    def _build(self) -> None:
        vm = self.vm
        h = self.host.handler
        self.name_boxes: dict[str, ft.TextField] = {}
        self.name_labels: dict[str, str] = {}
        self.name_hints: dict[str, tuple[ft.Control, ft.Text, ft.Control]] = {}
        # Each field is labelled with the name it records when left empty ("Team A", "Player 1"),
        # so the label and the empty field say the same (issue 33: "Team A" became "Team 1").
        team_fields = [
            self._name_field(f"team-{t}", f"team-name-{t}", vm.default(f"team-{t}")) for t in (0, 1)
        ]
        player_fields = [
            self._name_field(f"player-{s}", f"player-name-{s}", vm.default(f"player-{s}"))
            for s in range(4)
        ]
        items: list[ft.Control] = [section_title(_("Teams and players"))]
        # one list of names used before under each team's fields, for the field being typed in
        self.suggestion_rows = [ft.Row(wrap=True, spacing=6, run_spacing=6) for _t in (0, 1)]
        self.suggestion_boxes = [
            ft.Column(
                [ft.Text(_("Used before:"), size=12, color=ft.Colors.ON_SURFACE_VARIANT), row],
                spacing=4,
                tight=True,
                visible=False,
            )
            for row in self.suggestion_rows
        ]
        for t in (0, 1):
            items.append(
                ft.Column(
                    [
                        team_fields[t],
                        ft.Row(
                            [player_fields[t], player_fields[t + 2]],
                            spacing=8,
                            vertical_alignment=ft.CrossAxisAlignment.START,
                        ),
                        self.suggestion_boxes[t],
                    ],
                    spacing=8,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                )
            )
        self.fair = FairTeamsPanel(self.host, self, FairTeamsVM(vm), self._names_moved)
        items.append(self.fair.control)
        items.append(
            ft.Row(
                [section_title(_("Rules")), help_mark(self.host, "help-presets")],
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
        self.preset_chips = {
            p: Chip(
                f"rules-preset-{p}",
                fmt().digits(_(texts.PRESET_LABELS[p])),
                h(self._set_preset, p),
                expand=True,
                compact=False,
            )
            for p in ("standard", "race500", "custom")
        }
        items.append(
            sem("rules-preset", ft.Row([c.control for c in self.preset_chips.values()], spacing=6))
        )
        self.details_icon = ft.Icon(ft.Icons.EXPAND_MORE)
        items.append(
            tile(
                "rule-details",
                ft.Row([self.details_icon, ft.Text(_("Rule details"), expand=True)]),
                h(self._toggle_details),
                padding=ft.Padding.symmetric(horizontal=8),
            )
        )
        self.param_chips: dict[tuple[str, str], Chip] = {}
        self.param_fields: dict[str, ft.TextField] = {}
        self.param_switches: dict[str, ft.Switch] = {}
        self.param_boxes: dict[str, ft.Control] = {}
        details: list[ft.Control] = []
        for p in PARAMS:
            label = fmt().digits(_(texts.PARAM_LABELS[p.name]))  # "26-26" in the chosen digits
            if p.kind == "choice":
                chips = []
                for c in p.choices:
                    chip = Chip(
                        f"param-{p.name}-{c}",
                        _(texts.SCORING_LABELS.get(c, c)),
                        h(self._set_param, p.name, c),
                        expand=True,
                        compact=False,
                    )
                    self.param_chips[(p.name, c)] = chip
                    chips.append(chip.control)
                self.param_boxes[p.name] = ft.Column(
                    [ft.Text(label, size=13), sem(f"param-{p.name}", ft.Row(chips, spacing=6))],
                    spacing=8,
                    tight=True,
                )
                details.append(self.param_boxes[p.name])
            elif p.kind == "bool":
                sw = ft.Switch(
                    label=label,
                    on_change=h(
                        lambda e, n: self._set_param(n, bool(e.control.value)), p.name, event=True
                    ),
                )
                self.param_switches[p.name] = sw
                self.param_boxes[p.name] = sem(f"param-{p.name}", sw)
                details.append(self.param_boxes[p.name])
            else:

                def changed(e, name=p.name):
                    self.vm.set_param_text(name, e.control.value)
                    self.vm.error = None
                    self.changed()

                field = ft.TextField(
                    label=label,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    on_change=h(changed, event=True),
                    hint_text=_("empty: off") if p.name == "minimum" else None,
                )
                self.param_fields[p.name] = field
                self.param_boxes[p.name] = sem(f"param-{p.name}", field)
                details.append(self.param_boxes[p.name])
        self.details = ft.Column(details, spacing=8, tight=True, visible=False)
        items.append(self.details)
        items.append(section_title(_("Match length")))
        self.type_chips = {
            t: Chip(
                f"match-type-{t}",
                _(texts.MATCH_TYPE_LABELS[t]),
                h(self._set_type, t),
                expand=True,
                compact=False,
            )
            for t in ("bazzis", "first_to", "target", "open")
        }
        items.append(
            sem("match-type", ft.Row([c.control for c in self.type_chips.values()], spacing=6))
        )
        self.count_field = ft.TextField(
            label=_("Match length"),
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=h(self._count_changed, event=True),
            width=140,
        )
        self.count_unit = ft.Text("")
        self.count_row = ft.Row(
            [sem("match-length", self.count_field), self.count_unit],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        items.append(self.count_row)
        items.append(section_title(_("First dealer")))
        self.dealer_chips = {
            s: Chip(
                f"first-dealer-{s}",
                vm.recorded_name(f"player-{s}"),
                h(self._set_dealer, s),
                expand=True,
            )
            for s in range(4)
        }
        self.dealer_chips["random"] = Chip(
            "first-dealer-random", _("Random"), h(self._set_dealer, "random"), compact=False
        )
        items.append(
            sem(
                "first-dealer",
                ft.Column(
                    [
                        ft.Row([self.dealer_chips[s].control for s in range(4)], spacing=4),
                        self.dealer_chips["random"].control,
                    ],
                    spacing=6,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
            )
        )
        self.body.controls = items
        self.error_text = ft.Text("", color=ft.Colors.ERROR)
        self.error_slot = sem("new-match-error", self.error_text)
        self.footer.controls = [
            self.error_slot,
            big_button(
                "start-match",
                _("Start match"),
                h(self._start, screen=self),
                icon=ft.Icons.PLAY_ARROW,
            ),
        ]
        self._sync_values()

    def _sync_values(self) -> None:
        """Put the view-model's values into the text fields (after a preset change)."""
        vm = self.vm
        for name, field in self.param_fields.items():
            value = vm.params[name]
            field.value = "" if value is None else fmt().digits(str(value))
        for name, sw in self.param_switches.items():
            sw.value = bool(vm.params[name])
        self._sync_count()

    def _sync_count(self) -> None:
        self.count_field.value = (
            "" if self.vm.match_count is None else fmt().digits(str(self.vm.match_count))
        )

    def refresh(self) -> None:
        vm = self.vm
        for p, chip in self.preset_chips.items():
            chip.set(vm.preset == p)
        self.details.visible = self.details_open
        self.details_icon.icon = ft.Icons.EXPAND_LESS if self.details_open else ft.Icons.EXPAND_MORE
        for (name, c), chip in self.param_chips.items():
            chip.set(vm.params[name] == c)
        shown = vm.shown_params()
        for name, box in self.param_boxes.items():
            box.visible = name in shown
        if "minimum" in self.param_fields:
            # an empty minimum is no minimum: said under the field, not only while it has the focus
            self.param_fields["minimum"].helper_text = (
                _("Off: no minimum") if vm.params["minimum"] is None else None
            )
        allowed = vm.match_types()
        for t, chip in self.type_chips.items():
            chip.control.visible = t in allowed
            chip.set(vm.match_type == t)
        self.count_row.visible = vm.match_type != "open"
        self.count_unit.value = _("points") if vm.match_type == "target" else _("bazzis")
        for s in range(4):
            name = vm.recorded_name(f"player-{s}") or _("Seat {number}").format(number=num(s + 1))
            self.dealer_chips[s].text.value = name
            # what the chip does, for a screen reader: "Asha deals first"
            self.dealer_chips[s].text.semantics_label = _("{player} deals first").format(
                player=name
            )
        self.dealer_chips["random"].text.semantics_label = _("A random player deals first")
        for key, chip in self.dealer_chips.items():
            chip.set(vm.first_dealer == key)
        self.error_text.value = vm.error or ""
        self.error_slot.visible = bool(vm.error)
        self._refresh_names()
        self.fair.refresh()

    def _refresh_names(self) -> None:
        vm = self.vm
        h = self.host.handler
        for field, box in self.name_boxes.items():
            # Flutter shows a label in place of the hint while the field is empty: an empty field
            # shows its default alone ("Player 1", which says the seat too), a filled one its seat.
            box.label = self.name_labels[field] if vm.name(field) else None
        for field, (slot, hint, keep) in self.name_hints.items():
            hint.value = vm.recorded_hint(field) or ""
            slot.visible = bool(hint.value)
            keep.visible = slot.visible and vm.can_keep_typed(field)
        found = vm.suggestions()
        team = None if vm.focused is None else int(vm.focused.split("-")[1]) % 2
        for t in (0, 1):
            shown = bool(found) and team == t
            self.suggestion_boxes[t].visible = shown
            self.suggestion_rows[t].controls = (
                [
                    sem(
                        f"name-suggestion-{i}",
                        ft.OutlinedButton(
                            content=name, height=TAP, on_click=h(self._choose, vm.focused, name)
                        ),
                    )
                    for i, name in enumerate(found, start=1)
                ]
                if shown
                else []
            )

    def _choose(self, field: str, name: str) -> None:
        self.vm.choose(field, name)
        self._names_moved()

    def _names_moved(self) -> None:
        for (
            f,
            box,
        ) in self.name_boxes.items():  # a team chosen (or fair teams) fills players' fields
            box.value = self.vm.name(f)
        self.changed()

    def _keep_typed(self, field: str) -> None:
        self.vm.keep_as_typed(field)
        self.changed()

    def _count_changed(self, e) -> None:
        self.vm.set_count_text(e.control.value or "")
        self.vm.error = None
        self.changed()

    def _toggle_details(self):
        self.details_open = not self.details_open
        self.changed()

    def _set_preset(self, preset: str):
        self.vm.set_preset(preset)
        self._sync_values()
        self.changed()

    def _set_param(self, name, value):
        self.vm.set_param(name, value)
        self._sync_count()
        self.vm.error = None
        self.changed()

    def _set_type(self, t):
        self.vm.match_type = t
        self.vm.error = None
        self.changed()

    def _set_dealer(self, seat):
        self.vm.first_dealer = seat
        self.changed()

    async def _start(self):
        match_id = await off_loop(self.vm.start)
        if match_id is None:
            self.changed()
            return
        self.host.publish(None)
        await self.host.go(f"/match/{match_id}", replace_top=True)


# ---- the fair teams panel
# The "Fair teams" panel of the new-match screen: `fair-teams` asks for the fairest split of the
# four players, the card shows both sides' chances, `fair-teams-apply` seats them and
# `fair-teams-undo` puts the players back. Built once; `refresh()` only restyles.


class FairTeamsPanel:
    def __init__(self, host: Host, screen, vm: FairTeamsVM, names_moved: Callable[[], None]):
        self.host, self.screen, self.vm = host, screen, vm
        self._names_moved = names_moved
        h = host.handler
        self.ask = sem(
            "fair-teams",
            ft.OutlinedButton(
                content=_("Fair teams"),
                icon=ft.Icons.BALANCE,
                height=TAP,
                on_click=h(self._suggest, screen=screen),
            ),
        )
        self.sides = [ft.Text("", weight=ft.FontWeight.BOLD, expand=True) for _i in (0, 1)]
        self.chances = [ft.Text("", weight=ft.FontWeight.BOLD, size=18) for _i in (0, 1)]
        self.guess = ft.Text(
            # TRANSLATORS: under the fair teams suggestion when a player has never played here.
            _("Some of these players have no rated games yet, so this is a guess."),
            size=12,
            color=ft.Colors.TERTIARY,
        )
        self.seated = ft.Text(
            _("The players already sit in the fairest teams."), size=13, weight=ft.FontWeight.BOLD
        )
        self.apply = sem(
            "fair-teams-apply",
            ft.FilledTonalButton(
                content=_("Use these teams"),
                icon=ft.Icons.CHECK,
                height=TAP,
                on_click=h(self._apply),
            ),
        )
        self.undo = sem(
            "fair-teams-undo",
            ft.TextButton(
                content=_("Undo"), icon=ft.Icons.UNDO, height=TAP, on_click=h(self._undo)
            ),
        )
        self.error = ft.Text("", color=ft.Colors.ERROR)
        rows = [
            sem(
                f"fair-teams-side-{i}",
                ft.Row([self.sides[i], self.chances[i]], spacing=8),
                container=True,
            )
            for i in (0, 1)
        ]
        self.card = sem(
            "fair-teams-suggestion",
            ft.Container(
                ft.Column(
                    [
                        ft.Text(
                            # TRANSLATORS: heading of the two partnerships' chances.
                            _("Chance of winning a bazzi, from the ratings"),
                            size=12,
                            color=ft.Colors.ON_SURFACE_VARIANT,
                        ),
                        *rows,
                        self.guess,
                        self.seated,
                        ft.Row([self.apply, self.undo], wrap=True, spacing=8),
                    ],
                    spacing=4,
                    tight=True,
                ),
                bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                border_radius=12,
                padding=ft.Padding.symmetric(horizontal=12, vertical=8),
            ),
            container=True,
        )
        self.control = ft.Column([ft.Row([self.ask]), self.card, self.error], spacing=6, tight=True)
        self.refresh()

    def refresh(self) -> None:
        vm = self.vm
        split = vm.shown
        self.control.visible = vm.available
        self.card.visible = split is not None
        self.error.value = vm.error or ""
        self.error.visible = bool(vm.error)
        if split is None:
            return
        for i in (0, 1):
            self.sides[i].value = pair_name(split.teams[i])
            self.chances[i].value = percent(split.chances[i])
        self.guess.visible = split.guess
        self.seated.visible = vm.seated_so and not vm.can_undo
        self.apply.visible = not vm.seated_so
        self.undo.visible = vm.can_undo

    async def _suggest(self) -> None:
        await off_loop(self.vm.suggest)
        self.screen.changed()

    def _apply(self) -> None:
        self.vm.apply()
        self._names_moved()

    def _undo(self) -> None:
        self.vm.undo()
        self._names_moved()
