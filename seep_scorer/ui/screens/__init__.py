"""The screens: each builds a Flet `View` from its view-model and refreshes it in place.

Handlers change the view-model, then call `app.changed()`, which refreshes the
visible screens and sends one update. Text fields are kept as the same control
objects across refreshes so that typing is never interrupted.

`load()` reads the store (the app runs it off the event loop); `refresh()` only
draws what the view-model holds, so a card tap never waits for the store. Every
handler goes through `app.handler`: one that touches the store is a coroutine,
run under the session's lock with the store call in `off_loop`.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import flet as ft

from ...i18n import LANGUAGES, _, current_language, fmt, ngettext
from ...rules import SWEEP_KINDS, card_label
from .. import texts
from ..viewmodels import (PARAMS, THEMES, DealEntryVM, MatchesVM, NewMatchVM, ScoreboardVM, SettingsVM, StatsVM,
                         off_loop)
from ..widgets import TAP, big_button, choice_chip, counter, icon_button, notice, section_title, sem, tile

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)
PAD = ft.Padding.symmetric(horizontal=12, vertical=8)
MAX_WIDTH = 600  # on a desktop browser the content is a centred column of this width


def help_mark(app: "App", ident: str) -> ft.Semantics:
    """A help mark (48 × 48) that opens the rules section explaining what it stands beside."""
    section, label = texts.HELP_MARKS[ident]
    return ft.Semantics(identifier=ident, label=_(label), button=True, content=ft.IconButton(
        icon=ft.Icons.HELP_OUTLINE, tooltip=_(label), width=TAP, height=TAP, icon_size=20,
        icon_color=ft.Colors.PRIMARY, on_click=app.handler(app.open_help, section)))


class _Chip:
    """A choice chip built once and restyled in place (so quick taps never hit a replaced control)."""

    def __init__(self, ident: str, text: str, on_click, *, expand=None, compact=True):
        self.text = ft.Text(text, text_align=ft.TextAlign.CENTER, max_lines=1 if compact else 2,
                            overflow=ft.TextOverflow.ELLIPSIS, size=13 if compact else None)
        self.control = tile(ident, self.text, on_click, expand=expand,
                            padding=ft.Padding.symmetric(horizontal=4) if compact else None)
        self.box = self.control.content

    def set(self, selected: bool) -> None:
        self.control.selected = selected
        self.text.weight = ft.FontWeight.BOLD if selected else None
        self.text.color = ft.Colors.ON_PRIMARY_CONTAINER if selected else None
        self.box.bgcolor = ft.Colors.PRIMARY_CONTAINER if selected else None
        self.box.border = ft.Border.all(1, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT)


def nav_bar(app: "App", current: str) -> ft.BottomAppBar:
    items = [
        ("nav-matches", ft.Icons.STYLE, _("Matches"), "/"),
        ("nav-rules", ft.Icons.MENU_BOOK, _("Rules"), "/rules"),
        ("nav-stats", ft.Icons.INSIGHTS, _("Stats"), "/stats"),
        ("nav-settings", ft.Icons.SETTINGS, _("Settings"), "/settings"),
    ]
    buttons = []
    for ident, icon, label, route in items:
        selected = current == route
        color = ft.Colors.PRIMARY if selected else ft.Colors.ON_SURFACE_VARIANT
        buttons.append(tile(
            ident,
            ft.Column([ft.Icon(icon, color=color, size=22),
                       ft.Text(label, size=12, color=color, weight=ft.FontWeight.BOLD if selected else None,
                               max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)],
                      spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
            app.handler(app.go_top, route),
            selected=selected, label=label, height=56, expand=True, padding=0,
        ))
    return ft.BottomAppBar(ft.Row(buttons, spacing=4), height=64, padding=ft.Padding.symmetric(horizontal=4, vertical=4))


def _appbar(title: str) -> ft.AppBar:
    return ft.AppBar(title=ft.Text(title, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                     bgcolor=ft.Colors.SURFACE_CONTAINER)


def num(value: int) -> str:
    """A number as the session's language writes it (native digits when chosen)."""
    return fmt().number(value)


class Screen:
    route = "/"
    nav_route = ""

    def __init__(self, app: "App"):
        self.app = app
        self.body = ft.Column(spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        self.footer = ft.Column(spacing=6, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        # A fault no view-model foresaw is told here, on whatever screen it happened.
        self.alert_box = ft.Container(padding=ft.Padding.only(left=12, right=12, top=8), visible=False)
        self.frames = [self.alert_box, ft.Container(self.body, padding=PAD, expand=True),
                       ft.Container(self.footer, padding=ft.Padding.symmetric(horizontal=12))]
        self.view = ft.View(
            route=self.route,
            appbar=_appbar(self.title()),
            controls=self.frames,
            bottom_appbar=nav_bar(app, self.nav_route),
            padding=ft.Padding.only(bottom=8),
            spacing=4,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        self.fit_width(app.page_width())

    def fit_width(self, page_width: float | None) -> None:
        """Phones use the whole width; a wide (desktop) window gets a centred column."""
        width = MAX_WIDTH if page_width and page_width > MAX_WIDTH + 40 else None
        for frame in self.frames:
            frame.width = width

    def title(self) -> str:
        return _("Seep Scorer")

    def load(self) -> None:
        """Read what this screen shows from the store (called off the event loop)."""

    def refresh(self) -> None:
        """Draw what the view-model holds; never touches the store."""

    def alert(self, message: str | None) -> None:
        self.alert_box.content = notice(message, on_close=self.app.handler(self.alert, None), error=True) \
            if message else None
        self.alert_box.visible = bool(message)
        if not message:
            self.app.changed()

    def on_close(self) -> None:
        pass


# --------------------------------------------------------------------------- matches

class MatchesScreen(Screen):
    nav_route = "/"

    def __init__(self, app: "App", vm: MatchesVM | None = None):
        self.route = "/"
        self.vm = vm if vm is not None else MatchesVM(app.repo)
        super().__init__(app)
        self.refresh()

    def load(self) -> None:
        self.vm.reload()

    def title(self) -> str:
        return _("Seep Scorer")

    def refresh(self) -> None:
        vm = self.vm
        h = self.app.handler
        items: list[ft.Control] = []
        for text in self.app.take_store_notices():
            items.append(notice(texts.store_notice_text(text), on_close=h(self.app.changed), error=True))
        if vm.message:
            items.append(notice(vm.message, _("Undo") if vm.deleted else None, h(self._undo_delete, screen=self),
                                on_close=h(self._dismiss)))
        items.append(big_button("new-match", _("New match"), h(self.app.go, "/new"), icon=ft.Icons.ADD))
        if not vm.matches:
            items.append(ft.Text(_("No matches yet. Start one: the defaults are the standard rules, "
                                   "a match of three bazzis."), color=ft.Colors.ON_SURFACE_VARIANT))
        for m in vm.matches:
            status = _("finished") if m.finished else _("in progress")
            when = _format_when(m.updated)
            line2 = _("{deals}, {status}, {when}").format(deals=texts.deals_count_text(m.deals), status=status, when=when)
            row = ft.Row([
                tile(f"match-{m.id}",
                     ft.Column([ft.Text(_("{team0} vs {team1}").format(team0=m.teams[0], team1=m.teams[1]),
                                        weight=ft.FontWeight.BOLD, max_lines=2),
                                ft.Text(line2, size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
                               spacing=2, tight=True),
                     h(self.app.go, f"/match/{m.id}"),
                     height=None, expand=True, padding=ft.Padding.symmetric(horizontal=12, vertical=10),
                     alignment=ft.Alignment.CENTER_LEFT,
                     bgcolor=ft.Colors.SURFACE_CONTAINER_LOW if m.finished else ft.Colors.SURFACE_CONTAINER_HIGH),
                icon_button(f"delete-match-{m.id}", ft.Icons.DELETE_OUTLINE, h(self._delete, m.id, screen=self),
                            tooltip=_("Delete match")),
            ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
            items.append(row)
        self.body.controls = items

    async def _delete(self, match_id: str) -> None:
        await off_loop(self.vm.delete, match_id)
        self.app.publish(None)
        self.app.changed()

    async def _undo_delete(self) -> None:
        await off_loop(self.vm.undo_delete)
        self.app.publish(None)
        self.app.changed()

    def _dismiss(self, e=None) -> None:
        self.vm.dismiss()
        self.app.changed()


def _format_when(iso: str) -> str:
    """When a match was last changed, in local time, as the session's language writes dates."""
    from datetime import datetime

    try:
        dt = datetime.fromisoformat(iso.replace("Z", "+00:00"))
        return fmt().date(dt.astimezone())
    except Exception:
        return fmt().digits(iso[:16].replace("T", " "))


# --------------------------------------------------------------------------- new match

class NewMatchScreen(Screen):
    """Built once; refresh() only restyles, so quick taps never land on a replaced control."""

    route = "/new"
    nav_route = "/"

    def __init__(self, app: "App"):
        self.vm = NewMatchVM(app.repo)
        self.details_open = False
        super().__init__(app)
        self._build()
        self.refresh()

    def title(self) -> str:
        return _("New match")

    def _text_field(self, ident: str, label: str, value: str, setter) -> ft.Semantics:
        def changed(e):
            setter(e.control.value or "")
            self.vm.error = None
            self.app.changed()
        return sem(ident, ft.TextField(label=label, value=value, on_change=self.app.handler(changed, event=True)),
                   expand=True)

    def _build(self) -> None:
        vm = self.vm
        h = self.app.handler
        team_fields = [self._text_field(f"team-name-{t}", _("Team {number}").format(number=num(t + 1)), vm.team_names[t],
                                        lambda v, t=t: vm.team_names.__setitem__(t, v)) for t in (0, 1)]
        player_fields = [self._text_field(f"player-name-{s}", _("Seat {number}").format(number=num(s + 1)),
                                          vm.player_names[s], lambda v, s=s: vm.player_names.__setitem__(s, v))
                         for s in range(4)]
        items: list[ft.Control] = [section_title(_("Teams and players"))]
        for t in (0, 1):
            items.append(ft.Column([team_fields[t], ft.Row([player_fields[t], player_fields[t + 2]], spacing=8)],
                                   spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
        items.append(ft.Row([section_title(_("Rules")), help_mark(self.app, "help-presets")], spacing=0,
                            vertical_alignment=ft.CrossAxisAlignment.CENTER))
        self.preset_chips = {p: _Chip(f"rules-preset-{p}", _(texts.PRESET_LABELS[p]),
                                      h(self._set_preset, p), expand=True, compact=False)
                             for p in ("standard", "race500", "custom")}
        items.append(sem("rules-preset", ft.Row([c.control for c in self.preset_chips.values()], spacing=6)))
        self.details_icon = ft.Icon(ft.Icons.EXPAND_MORE)
        items.append(tile("rule-details", ft.Row([self.details_icon, ft.Text(_("Rule details"), expand=True)]),
                          h(self._toggle_details), padding=ft.Padding.symmetric(horizontal=8)))
        self.param_chips: dict[tuple[str, str], _Chip] = {}
        self.param_fields: dict[str, ft.TextField] = {}
        self.param_switches: dict[str, ft.Switch] = {}
        details: list[ft.Control] = []
        for p in PARAMS:
            label = _(texts.PARAM_LABELS[p.name])
            if p.kind == "choice":
                chips = []
                for c in p.choices:
                    chip = _Chip(f"param-{p.name}-{c}", _(texts.SCORING_LABELS.get(c, c)),
                                 h(self._set_param, p.name, c), expand=True, compact=False)
                    self.param_chips[(p.name, c)] = chip
                    chips.append(chip.control)
                details += [ft.Text(label, size=13), sem(f"param-{p.name}", ft.Row(chips, spacing=6))]
            elif p.kind == "bool":
                sw = ft.Switch(label=label, on_change=h(lambda e, n: self._set_param(n, bool(e.control.value)),
                                                         p.name, event=True))
                self.param_switches[p.name] = sw
                details.append(sem(f"param-{p.name}", sw))
            else:
                def changed(e, name=p.name):
                    self.vm.set_param_text(name, e.control.value)
                    self.vm.error = None
                    self.app.changed()
                field = ft.TextField(label=label, keyboard_type=ft.KeyboardType.NUMBER, on_change=h(changed, event=True),
                                     hint_text=_("empty: off") if p.name == "minimum" else None)
                self.param_fields[p.name] = field
                details.append(sem(f"param-{p.name}", field))
        self.details = ft.Column(details, spacing=8, tight=True, visible=False)
        items.append(self.details)
        items.append(section_title(_("Match length")))
        self.type_chips = {t: _Chip(f"match-type-{t}", _(texts.MATCH_TYPE_LABELS[t]),
                                    h(self._set_type, t), expand=True, compact=False)
                           for t in ("bazzis", "first_to", "target", "open")}
        items.append(sem("match-type", ft.Row([c.control for c in self.type_chips.values()], spacing=6)))
        self.count_field = ft.TextField(label=_("Match length"), keyboard_type=ft.KeyboardType.NUMBER,
                                        on_change=h(self._count_changed, event=True), width=140)
        self.count_unit = ft.Text("")
        self.count_row = ft.Row([sem("match-length", self.count_field), self.count_unit],
                                vertical_alignment=ft.CrossAxisAlignment.CENTER)
        items.append(self.count_row)
        items.append(section_title(_("First dealer")))
        self.dealer_chips = {s: _Chip(f"first-dealer-{s}", vm.player_names[s], h(self._set_dealer, s),
                                      expand=True) for s in range(4)}
        self.dealer_chips["random"] = _Chip("first-dealer-random", _("Random"),
                                            h(self._set_dealer, "random"), compact=False)
        items.append(sem("first-dealer", ft.Column([
            ft.Row([self.dealer_chips[s].control for s in range(4)], spacing=4),
            self.dealer_chips["random"].control,
        ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)))
        self.body.controls = items
        self.error_text = ft.Text("", color=ft.Colors.ERROR)
        self.error_slot = sem("new-match-error", self.error_text)
        self.footer.controls = [self.error_slot, big_button("start-match", _("Start match"), h(self._start, screen=self),
                                                            icon=ft.Icons.PLAY_ARROW)]
        self._sync_values()

    def _sync_values(self) -> None:
        """Put the view-model's values into the text fields (after a preset change)."""
        vm = self.vm
        for name, field in self.param_fields.items():
            value = vm.params[name]
            field.value = "" if value is None else fmt().digits(str(value))
        for name, sw in self.param_switches.items():
            sw.value = bool(vm.params[name])
        self.count_field.value = "" if vm.match_count is None else fmt().digits(str(vm.match_count))

    def refresh(self) -> None:
        if not hasattr(self, "preset_chips"):
            return
        vm = self.vm
        for p, chip in self.preset_chips.items():
            chip.set(vm.preset == p)
        self.details.visible = self.details_open
        self.details_icon.icon = ft.Icons.EXPAND_LESS if self.details_open else ft.Icons.EXPAND_MORE
        for (name, c), chip in self.param_chips.items():
            chip.set(vm.params[name] == c)
        allowed = vm.match_types()
        for t, chip in self.type_chips.items():
            chip.control.visible = t in allowed
            chip.set(vm.match_type == t)
        self.count_row.visible = vm.match_type != "open"
        self.count_unit.value = _("points") if vm.match_type == "target" else _("bazzis")
        for s in range(4):
            self.dealer_chips[s].text.value = vm.player_names[s] or _("Seat {number}").format(number=num(s + 1))
        for key, chip in self.dealer_chips.items():
            chip.set(vm.first_dealer == key)
        self.error_text.value = vm.error or ""
        self.error_slot.visible = bool(vm.error)

    def _count_changed(self, e) -> None:
        self.vm.set_count_text(e.control.value or "")
        self.vm.error = None
        self.app.changed()

    def _toggle_details(self):
        self.details_open = not self.details_open
        self.app.changed()

    def _set_preset(self, preset: str):
        self.vm.set_preset(preset)
        self._sync_values()
        self.app.changed()

    def _set_param(self, name, value):
        self.vm.set_param(name, value)
        self.count_field.value = "" if self.vm.match_count is None else fmt().digits(str(self.vm.match_count))
        self.vm.error = None
        self.app.changed()

    def _set_type(self, t):
        self.vm.match_type = t
        self.vm.error = None
        self.app.changed()

    def _set_dealer(self, seat):
        self.vm.first_dealer = seat
        self.app.changed()

    async def _start(self):
        match_id = await off_loop(self.vm.start)
        if match_id is None:
            self.app.changed()
            return
        self.app.publish(None)
        await self.app.go(f"/match/{match_id}", replace_top=True)


# --------------------------------------------------------------------------- scoreboard

class ScoreboardScreen(Screen):
    nav_route = ""

    def __init__(self, app: "App", match_id: str):
        self.match_id = match_id
        self.route = f"/match/{match_id}"
        self.vm: ScoreboardVM = app.scoreboard_vm(match_id)
        super().__init__(app)
        # built once: quick taps must never land on a replaced control
        self.row_controls: dict[int, tuple[object, ft.Control]] = {}
        h = self.app.handler
        self.record_btn = ft.FilledButton(content=ft.Text(_("Record deal"), max_lines=2, text_align=ft.TextAlign.CENTER),
                                          icon=ft.Icons.ADD, height=52, expand=True,
                                          on_click=h(self.app.go, f"/match/{self.match_id}/deal"))
        # The same, with every point card already on the second team: when that team took most of
        # them, fewer taps (at most min(k, 17 - k) card taps either way).
        names = self.vm.team_names()
        swapped_label = _("Record deal, cards to {team}").format(team=names[1])
        self.swapped_text = ft.Text(names[1], max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
        self.swapped_btn = ft.OutlinedButton(
            content=self.swapped_text, icon=ft.Icons.SWAP_HORIZ, height=52, expand=True, tooltip=swapped_label,
            on_click=h(self.app.go, f"/match/{self.match_id}/deal/swapped"))
        self.swapped_sem = ft.Semantics(identifier="record-deal-swapped", label=swapped_label, button=True,
                                        content=self.swapped_btn, expand=2)
        self.undo_btn = ft.IconButton(icon=ft.Icons.UNDO, on_click=h(self._undo, screen=self),
                                      tooltip=_("Take back the last deal"), width=TAP, height=TAP)
        self.redo_btn = ft.IconButton(icon=ft.Icons.REDO, on_click=h(self._redo, screen=self),
                                      tooltip=_("Put the deal back"), width=TAP, height=TAP)
        self.end_button = big_button("end-match", _("End the match now"), h(self._ask_end, screen=self), filled=False)
        self.reopen_button = big_button("reopen-match", _("Reopen the match"), h(self._reopen, screen=self),
                                        icon=ft.Icons.REPLAY, filled=False)
        self.end_dialog: ft.AlertDialog | None = None
        # Undo and redo sit in the app bar, always in reach, so that the record buttons keep
        # room for long labels ("Registra smazzata") on a 360-pixel phone.
        self.view.appbar.actions = [sem("undo-deal", self.undo_btn), sem("redo-deal", self.redo_btn)]
        self.footer.controls = [ft.Row([sem("record-deal", self.record_btn, expand=3), self.swapped_sem], spacing=6)]
        self.refresh()

    def title(self) -> str:
        names = self.vm.team_names()
        return _("{team0} vs {team1}").format(team0=names[0], team1=names[1])

    def refresh(self) -> None:
        if not hasattr(self, "record_btn"):
            return
        vm = self.vm
        st = vm.standings
        names = vm.team_names()
        h = self.app.handler
        self.view.appbar.title.value = self.title()  # team names may have changed; keep the undo/redo actions
        items: list[ft.Control] = []
        if vm.message:
            action, handler = None, None
            if vm.offers_undo:
                action, handler = _("Undo"), h(self._undo, screen=self)
            elif vm.can_redo:
                action, handler = _("Redo"), h(self._redo, screen=self)
            items.append(notice(vm.message, action, handler, on_close=h(self._dismiss)))
        if st.finished:
            items.append(sem("match-result", ft.Container(
                ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.ON_TERTIARY_CONTAINER),
                        ft.Text(vm.result_text(), weight=ft.FontWeight.BOLD, expand=True,
                                color=ft.Colors.ON_TERTIARY_CONTAINER)]),
                bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=12, border_radius=12)))
        cols = []
        for t in (0, 1):
            col = [ft.Text(names[t], weight=ft.FontWeight.BOLD, size=16, max_lines=1,
                           overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER)]
            if vm.uses_bazzis:
                n = st.bazzis[t]
                col.append(sem(f"bazzis-{t}", ft.Text(num(n), size=44, weight=ft.FontWeight.BOLD),
                               label=_("Bazzis won by {team}").format(team=names[t]), value=num(n)))
                # TRANSLATORS: the word under the big number of bazzis a team has won.
                col.append(ft.Text(ngettext("bazzi", "bazzis", n), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
                total = st.totals[t]
                col.append(sem(f"totals-{t}", ft.Text(
                    ngettext("{points} point in all", "{points} points in all", total).format(points=num(total)),
                    size=12, color=ft.Colors.ON_SURFACE_VARIANT)))
            else:
                total = st.totals[t]
                col.append(sem(f"totals-{t}", ft.Text(num(total), size=40, weight=ft.FontWeight.BOLD),
                               label=_("Total of {team}").format(team=names[t]), value=num(total)))
                # TRANSLATORS: the word under a team's big running total.
                col.append(ft.Text(ngettext("point", "points", total), size=12, color=ft.Colors.ON_SURFACE_VARIANT))
            cols.append(ft.Container(ft.Column(col, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                                               tight=True), expand=True))
        items.append(ft.Container(ft.Column([
            ft.Row(cols, vertical_alignment=ft.CrossAxisAlignment.START),
            ft.Divider(height=8),
            ft.Row([sem("difference", ft.Text(vm.difference_text(), size=20, weight=ft.FontWeight.BOLD,
                                              text_align=ft.TextAlign.CENTER), expand=True),
                    help_mark(self.app, "help-bazzi" if vm.uses_bazzis else "help-scoring")],
                   spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Row([sem("next-dealer", ft.Text(vm.next_dealer_text(), text_align=ft.TextAlign.CENTER), expand=True),
                    help_mark(self.app, "help-dealer")],
                   spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Text(vm.format_text(), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ], horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4, tight=True),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, border_radius=16, padding=12))
        if vm.can_end:
            items.append(self.end_button)
        if vm.can_reopen:
            items.append(self.reopen_button)
        items.append(section_title(_("Deals (newest first)")))
        if not vm.deals:
            items.append(ft.Text(_("No deals yet."), color=ft.Colors.ON_SURFACE_VARIANT))
        controls = {}
        for row in vm.rows():
            cached = self.row_controls.get(row.number)
            if cached is None or cached[0] != row:
                lines = [ft.Text(row.title, weight=ft.FontWeight.BOLD), ft.Text(row.detail, size=13)]
                if row.event:
                    lines.append(ft.Text(row.event, size=13, color=ft.Colors.TERTIARY, weight=ft.FontWeight.BOLD))
                cached = (row, tile(f"deal-{row.number}", ft.Row([
                    ft.Column(lines, spacing=1, tight=True, expand=True), ft.Icon(ft.Icons.EDIT, size=18)]),
                    h(self.app.go, f"/match/{self.match_id}/deal/{row.number}"),
                    height=None, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                    bgcolor=ft.Colors.SURFACE_CONTAINER_LOW, alignment=ft.Alignment.CENTER_LEFT))
            controls[row.number] = cached
            items.append(cached[1])
        self.row_controls = controls
        self.body.controls = items
        self.record_btn.disabled = vm.finished
        self.swapped_btn.disabled = vm.finished
        self.undo_btn.disabled = not vm.can_undo
        self.redo_btn.disabled = not vm.can_redo

    async def _apply(self, change) -> None:
        """Run a view-model change off the loop; tell the other phones only when it was saved."""
        if await off_loop(change):
            self.app.publish(self.match_id)
        self.app.changed()

    async def _undo(self):
        await self._apply(self.vm.undo)

    async def _redo(self):
        await self._apply(self.vm.redo)

    async def _reopen(self):
        await self._apply(self.vm.reopen_match)

    def _ask_end(self):
        """Ending is easy to tap by mistake: ask first (and undo reopens it anyway)."""
        h = self.app.handler
        self.end_dialog = ft.AlertDialog(
            title=ft.Text(_("End the match now?")),
            content=ft.Semantics(identifier="end-match-confirm", container=True, content=ft.Text(
                _("The match ends here, with the result as it stands now. Undo brings it back, and so does "
                  "“Reopen the match”."))),
            actions=[
                sem("end-match-cancel", ft.TextButton(content=_("Keep playing"), height=TAP,
                                                       on_click=h(self._close_end_dialog))),
                sem("end-match-yes", ft.FilledButton(content=_("End the match"), height=TAP,
                                                     on_click=h(self._end, screen=self))),
            ],
        )
        try:
            self.app.page.show_dialog(self.end_dialog)
        except Exception:
            log.debug("no live page for the dialog", exc_info=True)

    def _close_end_dialog(self):
        try:
            if self.end_dialog is not None and self.end_dialog.open:
                self.app.page.pop_dialog()
        except Exception:
            log.debug("no live page for the dialog", exc_info=True)
        if self.end_dialog is not None:
            self.end_dialog.open = False

    async def _end(self):
        self._close_end_dialog()
        await self._apply(self.vm.end_match)

    def _dismiss(self):
        self.vm.dismiss()
        self.app.changed()


# --------------------------------------------------------------------------- record / edit a deal

CARD_COLORS = {"S": None, "C": None, "H": ft.Colors.RED_700, "D": ft.Colors.RED_700}


class _Card:
    def __init__(self, code: str, on_click):
        self.code = code
        self.special = code in ("AS", "AH", "AD", "AC", "10D")
        self.label = ft.Text(fmt().code(card_label(code)), size=20, weight=ft.FontWeight.BOLD)
        self.team = ft.Text("", size=11, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
        self.control = tile(f"card-{code}", ft.Column([self.label, self.team], spacing=0, tight=True,
                                                     horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                            on_click, width=66, height=58, padding=2)
        self.box = self.control.content

    def set(self, team: int, name: str) -> None:
        fg = ft.Colors.ON_SURFACE if team == 0 else ft.Colors.ON_PRIMARY
        self.box.bgcolor = ft.Colors.SURFACE_CONTAINER_HIGHEST if team == 0 else ft.Colors.PRIMARY
        self.box.border = ft.Border.all(3 if self.special else 1,
                                        ft.Colors.OUTLINE if self.special else ft.Colors.OUTLINE_VARIANT)
        self.label.color = (CARD_COLORS[self.code[-1]] if team == 0 else None) or fg
        self.team.value = name
        self.team.color = fg
        self.control.value = name


class _Counter:
    def __init__(self, base: str, label: str, on_dec, on_inc):
        self.dec = ft.IconButton(icon=ft.Icons.REMOVE, on_click=on_dec, tooltip=label, width=TAP, height=TAP)
        self.inc = ft.IconButton(icon=ft.Icons.ADD, on_click=on_inc, tooltip=label, width=TAP, height=TAP)
        self.text = ft.Text("0", size=18, weight=ft.FontWeight.BOLD)
        self.value = ft.Semantics(identifier=base, label=label, value="0",
                                  content=ft.Container(self.text, width=26, alignment=ft.Alignment.CENTER))
        self.control = ft.Row([sem(f"{base}-dec", self.dec), self.value, sem(f"{base}-inc", self.inc)],
                              spacing=0, tight=True)

    def set(self, n: int) -> None:
        self.text.value = num(n)
        self.value.value = num(n)
        self.dec.disabled = n == 0


class DealScreen(Screen):
    nav_route = ""

    def __init__(self, app: "App", match_id: str, number: int | None, swapped: bool = False):
        self.match_id = match_id
        self.number = number
        self.route = f"/match/{match_id}/deal" + (f"/{number}" if number else "/swapped" if swapped else "")
        self.board: ScoreboardVM = app.scoreboard_vm(match_id)
        self.vm = DealEntryVM(self.board.match, number)
        if swapped and number is None:
            self.vm.swap_all()  # opened from "Record deal, cards to <second team>"
        self.message: str | None = None
        super().__init__(app)
        self._build()
        self.refresh()

    def title(self) -> str:
        if self.number:
            return _("Edit deal {number}").format(number=num(self.number))
        return _("Record deal {number}").format(number=num(len(self.board.deals) + 1))

    def rebase(self) -> None:
        """The match changed elsewhere: keep what was entered, check it against the new state."""
        self.vm.rebase(self.board.match)

    def _build(self) -> None:
        vm = self.vm
        match = vm.match
        names = self.board.team_names()
        self.names = names
        h = self.app.handler
        self.notice_slot = ft.Column(tight=True)
        self.dealer_chips = [_Chip(f"dealer-{s}", match.seat_name(s), h(self._set_dealer, s), expand=True)
                             for s in range(4)]
        self.mode_chips = {m: _Chip(f"mode-{m}", label, h(self._set_mode, m), expand=True, compact=False)
                           for m, label in (("cards", _("Cards")), ("points", _("Points")))}
        self.cards = {code: _Card(code, h(self._toggle, code)) for code in vm.cards}
        self.card_points = ft.Text("", expand=True, text_align=ft.TextAlign.END)
        self.cards_section = ft.Column([
            ft.Text(_("Every card starts with {team0}. Tap the cards {team1} took.").format(
                team0=names[0], team1=names[1]), size=13),
            ft.Row([c.control for c in self.cards.values()], wrap=True, spacing=6, run_spacing=6),
            ft.Row([big_button("swap-all", _("Swap all"), h(self._swap_all), icon=ft.Icons.SWAP_HORIZ, filled=False),
                    self.card_points], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ], spacing=8, tight=True)
        self.points_field = ft.TextField(
            label=_("Card points of {team}").format(team=names[0]), value=vm.points_text,
            keyboard_type=ft.KeyboardType.NUMBER, on_change=h(self._points_changed, event=True), width=200)
        self.points_other = ft.Text("", size=16)
        self.points_section = ft.Row([sem("points-0", self.points_field), sem("points-1", self.points_other)],
                                     wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        short = {"normal": _("Normal"), "opening": _("Opening"), "last": _("Last play")}
        self.counters = {}
        sweep_rows = [ft.Row([
            ft.Row([ft.Text(_("Sweeps"), weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                            expand=True),
                    help_mark(self.app, "help-sweeps")], spacing=0, expand=True,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            ft.Container(ft.Text(names[0], max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.BOLD,
                                 text_align=ft.TextAlign.CENTER), width=122),
            ft.Container(ft.Text(names[1], max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.BOLD,
                                 text_align=ft.TextAlign.CENTER), width=122),
        ], spacing=2)]
        for kind in SWEEP_KINDS:
            row = [ft.Text(short[kind], expand=True, size=14)]
            for t in (0, 1):
                c = _Counter(f"sweep-{t}-{kind}",
                             _("{kind}, {team}").format(kind=_(texts.SWEEP_KIND_LABELS[kind]), team=names[t]),
                             h(self._dec, t, kind), h(self._inc, t, kind))
                self.counters[(t, kind)] = c
                row.append(c.control)
            sweep_rows.append(ft.Row(row, spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER))
        items: list[ft.Control] = [
            self.notice_slot,
            ft.Text(_("Dealer"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            sem("dealer", ft.Row([c.control for c in self.dealer_chips], spacing=4)),
            ft.Row([c.control for c in self.mode_chips.values()], spacing=6),
            self.cards_section,
            self.points_section,
            *sweep_rows,
        ]
        self.most_chips = {}
        if vm.needs_most_cards:
            self.most_chips = {v: _Chip(f"most-cards-{v}", label, h(self._most, v), expand=True)
                               for v, label in ((0, names[0]), ("tie", fmt().digits(_("26 each"))), (1, names[1]))}
            items.append(ft.Row([ft.Text(_("Who took more cards?"), weight=ft.FontWeight.BOLD, expand=True),
                                 help_mark(self.app, "help-most-cards")], spacing=0,
                                vertical_alignment=ft.CrossAxisAlignment.CENTER))
            items.append(ft.Row([c.control for c in self.most_chips.values()], spacing=6))
        if self.number:
            items.append(big_button("delete-deal", _("Delete this deal"), h(self._delete, screen=self),
                                    icon=ft.Icons.DELETE_OUTLINE, filled=False))
        self.body.controls = items
        # footer: live totals, the reason it cannot be saved, save
        self.total_texts = [ft.Text("", size=18, weight=ft.FontWeight.BOLD, max_lines=1,
                                    overflow=ft.TextOverflow.ELLIPSIS, text_align=align)
                            for align in (ft.TextAlign.START, ft.TextAlign.END)]
        self.error_text = ft.Text("", color=ft.Colors.ERROR, size=13)
        self.error_slot = sem("deal-error", self.error_text)
        self.save_button = ft.FilledButton(content=_("Save deal"), icon=ft.Icons.CHECK, height=52,
                                           on_click=h(self._save, screen=self))
        self.footer.controls = [
            ft.Row([sem("deal-total-0", self.total_texts[0], expand=True),
                    help_mark(self.app, "help-scoring"),
                    sem("deal-total-1", self.total_texts[1], expand=True)], spacing=0,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            self.error_slot,
            sem("save-deal", self.save_button),
        ]

    def refresh(self) -> None:
        if not hasattr(self, "cards"):
            return
        vm = self.vm
        names = self.names
        self.notice_slot.controls = [notice(self.message, on_close=self.app.handler(self._dismiss), error=True)] \
            if self.message else []
        for s, chip in enumerate(self.dealer_chips):
            chip.set(vm.dealer == s)
        for m, chip in self.mode_chips.items():
            chip.set(vm.mode == m)
        self.cards_section.visible = vm.mode == "cards"
        self.points_section.visible = vm.mode == "points"
        for code, card in self.cards.items():
            card.set(vm.team_of(code), names[vm.team_of(code)])
        cp = vm.card_points()
        if vm.mode == "cards":
            self.card_points.value = _("Card points {points0} : {points1}").format(points0=num(cp[0]), points1=num(cp[1]))
        self.points_other.value = _("{team}: {points}").format(team=names[1], points="–" if cp is None else num(cp[1]))
        for key, c in self.counters.items():
            c.set(vm.sweeps[key])
        for v, chip in self.most_chips.items():
            chip.set(vm.most_cards == v)
        totals = vm.totals()
        for t in (0, 1):
            self.total_texts[t].value = _("{team}: {points}").format(
                team=names[t], points="–" if totals is None else num(totals[t]))
        error = vm.error()
        self.error_text.value = error or ""
        self.error_slot.visible = bool(error)
        self.save_button.disabled = bool(error)

    # handlers
    def _toggle(self, code):
        self.vm.toggle(code)
        self.app.changed()

    def _swap_all(self):
        self.vm.swap_all()
        self.app.changed()

    def _set_mode(self, mode):
        self.vm.set_mode(mode)
        self.points_field.value = self.vm.points_text
        self.app.changed()

    def _points_changed(self, e):
        self.vm.set_points_text(e.control.value)
        self.app.changed()

    def _inc(self, team, kind):
        self.vm.inc(team, kind)
        self.app.changed()

    def _dec(self, team, kind):
        self.vm.dec(team, kind)
        self.app.changed()

    def _most(self, value):
        self.vm.set_most_cards(value)
        self.app.changed()

    def _set_dealer(self, seat):
        self.vm.set_dealer(seat)
        self.app.changed()

    def _dismiss(self):
        self.message = None
        self.app.changed()

    async def _save(self):
        if self.vm.error():
            self.app.changed()
            return
        deal = self.vm.build()
        if self.number is None:
            ok = await off_loop(self.board.add_deal, deal)
        else:
            ok = await off_loop(self.board.replace_deal, self.number, deal)
        if ok:
            self.app.publish(self.match_id)
            await self.app.go_back()
            return
        # Not saved (another phone saved first, a full disk...): say why and keep everything entered,
        # so that saving again is one tap.
        self.message = self.board.message
        self.board.message = None
        if self.number is not None and self.number > len(self.board.deals):
            await self.app.go_back()
            return
        self.rebase()
        self.app.changed()

    async def _delete(self):
        if await off_loop(self.board.delete_deal, self.number):
            self.app.publish(self.match_id)
        await self.app.go_back()


# --------------------------------------------------------------------------- rules, stats, settings

def load_rule_sections(lang: str):
    """(id, title, markdown body) for each section of the app's rules reference."""
    from ...reference import load_sections

    return [(s.id, s.title, s.body) for s in load_sections(lang)]


# Card codes in the rules texts ("10♦", "A♠", "K♠") keep Latin digits and read left to right.
_CARD = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_BULLET = re.compile(r"^\s*[-*] (.*)$")
_NUMBERED = re.compile(r"^\s*(\d+)\. (.*)$")


def _localize(text: str) -> str:
    """Native digits for the numbers in a rules text, never for card codes."""
    f = fmt()
    out, pos = [], 0
    for m in _CARD.finditer(text):
        out.append(f.digits(text[pos:m.start()]))
        out.append(f.code(m.group(0)))
        pos = m.end()
    out.append(f.digits(text[pos:]))
    return "".join(out)


def _spans(text: str) -> list[ft.TextSpan]:
    """Inline Markdown: **bold**; everything else is plain text."""
    spans, pos = [], 0
    for m in _BOLD.finditer(text):
        if m.start() > pos:
            spans.append(ft.TextSpan(_localize(text[pos:m.start()])))
        spans.append(ft.TextSpan(_localize(m.group(1)), style=ft.TextStyle(weight=ft.FontWeight.BOLD)))
        pos = m.end()
    if pos < len(text):
        spans.append(ft.TextSpan(_localize(text[pos:])))
    return spans


def markdown_controls(body: str) -> list[ft.Control]:
    """The small Markdown of the rules texts (paragraphs, bullet and numbered lists, bold) as Flet
    controls: rendered by the app itself, so it needs nothing from the network, uses the bundled
    fonts of every script, mirrors in right-to-left languages and shows native digits."""
    controls: list[ft.Control] = []
    para: list[str] = []

    def flush():
        if para:
            controls.append(ft.Text(spans=_spans(" ".join(para)), size=15))
            para.clear()

    for line in body.splitlines():
        bullet, numbered = _BULLET.match(line), _NUMBERED.match(line)
        if not line.strip():
            flush()
        elif bullet or numbered:
            flush()
            mark = "•" if bullet else fmt().number(int(numbered.group(1))) + "."
            text = bullet.group(1) if bullet else numbered.group(2)
            controls.append(ft.Row([ft.Container(ft.Text(mark, size=15), width=22),
                                    ft.Text(spans=_spans(text), size=15, expand=True)],
                                   spacing=4, vertical_alignment=ft.CrossAxisAlignment.START))
        elif controls and not para and isinstance(controls[-1], ft.Row) and line.startswith("  "):
            controls[-1].controls[1].spans += _spans(" " + line.strip())  # a list item's continuation
        else:
            para.append(line.strip())
    flush()
    return controls


class RulesScreen(Screen):
    """The app's own rules reference; `/rules/<section>` opens it scrolled to that section."""

    nav_route = "/rules"

    def __init__(self, app: "App", route: str = "/rules", section: str | None = None):
        self.route = route
        self.section = section
        super().__init__(app)
        self.refresh()
        if section:
            app.after_show(self.scroll_to_section)

    def title(self) -> str:
        return _("Rules of Seep")

    def refresh(self) -> None:
        if getattr(self, "_built_for", None) == (current_language(), fmt().native_digits):
            return
        self._built_for = (current_language(), fmt().native_digits)
        try:
            sections = load_rule_sections(current_language())
        except Exception:
            self.body.controls = [ft.Text(_("The rules text could not be loaded."), color=ft.Colors.ERROR)]
            return
        contents = ft.Row([
            ft.Semantics(identifier=f"rules-link-{sid}", button=True, content=ft.TextButton(
                content=title, height=TAP, on_click=self.app.handler(self._jump, sid)))
            for sid, title, _body in sections], wrap=True, spacing=0, run_spacing=0)
        items: list[ft.Control] = [section_title(_("Contents")), contents]
        for sid, title, body in sections:
            items.append(ft.Semantics(identifier=f"rules-section-{sid}", container=True, content=ft.Column(
                [ft.Text(_localize(title), size=20, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY),
                 *markdown_controls(body)],
                spacing=6, tight=True), key=ft.ScrollKey(f"rules-{sid}")))
        self.body.controls = items

    def _jump(self, sid: str) -> None:
        self.section = sid
        self.app.after_show(self.scroll_to_section)
        self.app.run_after_show()

    async def scroll_to_section(self) -> None:
        try:
            await self.body.scroll_to(scroll_key=f"rules-{self.section}", duration=0)
        except Exception:
            pass  # not on a live page (control-tree tests)


class StatsScreen(Screen):
    route = "/stats"
    nav_route = "/stats"

    def __init__(self, app: "App", vm: StatsVM | None = None):
        self.vm = vm if vm is not None else StatsVM(app.repo)
        super().__init__(app)
        self.refresh()

    def title(self) -> str:
        return _("Statistics")

    def load(self) -> None:
        self.vm.reload()

    def refresh(self) -> None:
        vm = self.vm
        sweeps = vm.sweeps
        rows = [
            ("stats-matches", _("Matches"), vm.matches),
            ("stats-finished", _("Finished matches"), vm.finished),
            ("stats-deals", _("Deals recorded"), vm.deals),
            ("stats-sweeps-normal", _(texts.SWEEP_KIND_LABELS["normal"]), sweeps["normal"]),
            ("stats-sweeps-opening", _(texts.SWEEP_KIND_LABELS["opening"]), sweeps["opening"]),
            ("stats-sweeps-last", _(texts.SWEEP_KIND_LABELS["last"]), sweeps["last"]),
        ]
        self.body.controls = ([notice(vm.message, error=True)] if vm.message else []) + [
            sem(ident, ft.Row([ft.Text(label, expand=True), ft.Text(num(n), weight=ft.FontWeight.BOLD, size=18)]),
                label=label, value=num(n))
            for ident, label, n in rows
        ]


class SettingsScreen(Screen):
    """This device's settings: language (each named in its own script), native digits, theme."""

    route = "/settings"
    nav_route = "/settings"

    def __init__(self, app: "App"):
        self.vm: SettingsVM = app.settings
        super().__init__(app)
        h = app.handler
        self.language_chips = {code: _Chip(f"language-{code}", name, h(app.set_language, code),
                                           compact=False) for code, name in LANGUAGES.items()}
        self.theme_chips = {t: _Chip(f"theme-{t}", _(texts.THEME_LABELS[t]), h(app.set_theme, t),
                                     expand=True, compact=False) for t in THEMES}
        for chip in self.language_chips.values():
            chip.box.width = 104
        self.digits_switch = ft.Switch(label=_("Native digits"), value=self.vm.native_digits,
                                       on_change=h(self._digits, event=True))
        self.digits_help = ft.Text("", size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        self.digits_box = ft.Column([sem("native-digits", ft.Container(self.digits_switch, height=TAP),
                                         label=_("Native digits")),
                                     self.digits_help], spacing=2, tight=True)
        items: list[ft.Control] = [
            section_title(_("Language")),
            sem("language", ft.Row([c.control for c in self.language_chips.values()], wrap=True, spacing=6,
                                   run_spacing=6), label=_("Language")),
            self.digits_box,
            section_title(_("Theme")),
            sem("theme", ft.Row([c.control for c in self.theme_chips.values()], spacing=6), label=_("Theme")),
        ]
        data_dir = getattr(app.repo, "data_dir", None)
        if data_dir:
            items += [section_title(_("Data folder")), ft.Text(str(data_dir), size=12, selectable=True)]
        self.body.controls = items
        self.refresh()

    def title(self) -> str:
        return _("Settings")

    def refresh(self) -> None:
        if not hasattr(self, "theme_chips"):
            return
        for code, chip in self.language_chips.items():
            chip.set(self.vm.language == code)
        for t, chip in self.theme_chips.items():
            chip.set(self.vm.theme == t)
        self.digits_box.visible = self.vm.offers_native_digits
        self.digits_switch.value = self.vm.native_digits
        from ...locale_format import NATIVE_DIGITS

        digits = NATIVE_DIGITS.get(self.vm.language, "0123456789")
        # TRANSLATORS: {digits} are the ten digits of the language's own script, e.g. ०१२३४५६७८९.
        self.digits_help.value = _("Every number in the digits of this script: {digits}").format(digits=digits)

    async def _digits(self, e):
        await self.app.set_native_digits(bool(e.control.value))
