"""The rules reference: the app's own rules texts (locales/<code>/rules.md), one section each.

Why a small renderer of our own and not `ft.Markdown` (tried in headless Chromium at 412 x 915 in
English, Hindi and Sindhi, both render, right to left included, and the `rules-section-<id>`
identifiers wrap either): Markdown numbers an ordered list itself, in Latin digits, and an ordered
list marker must be Latin digits to be parsed as one. With native digits on, "१. …" / "١. …" is no
longer a list, and "1." beside native digits everywhere else breaks the setting's promise ("every
number in the digits of this script"). The rules texts use only paragraphs, bullet and numbered
lists and **bold** (tests/reference checks that), so the renderer below stays small;
tests/ui/test_rules_renderer.py pins what ft.Markdown could not do.
"""

from __future__ import annotations

import re

import flet as ft

from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import TAP, Screen, section_title
from seep_scorer.i18n.translate import _, current_language, fmt
from seep_scorer.reference import load_sections
from seep_scorer.reference.glossary import GlossaryError, term_table


def load_rule_sections(lang: str):
    """(id, title, markdown body) for each section of the app's rules reference."""
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
        out.append(f.digits(text[pos : m.start()]))
        out.append(f.code(m.group(0)))
        pos = m.end()
    out.append(f.digits(text[pos:]))
    return "".join(out)


def _spans(text: str) -> list[ft.TextSpan]:
    """Inline Markdown: **bold**; everything else is plain text."""
    spans, pos = [], 0
    for m in _BOLD.finditer(text):
        if m.start() > pos:
            spans.append(ft.TextSpan(_localize(text[pos : m.start()])))
        spans.append(
            ft.TextSpan(_localize(m.group(1)), style=ft.TextStyle(weight=ft.FontWeight.BOLD))
        )
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
            controls.append(
                ft.Row(
                    [
                        ft.Container(ft.Text(mark, size=15), width=22),
                        ft.Text(spans=_spans(text), size=15, expand=True),
                    ],
                    spacing=4,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                )
            )
        elif controls and not para and isinstance(controls[-1], ft.Row) and line.startswith("  "):
            controls[-1].controls[1].spans += _spans(
                " " + line.strip()
            )  # a list item's continuation
        else:
            para.append(line.strip())
    flush()
    return controls


class RulesScreen(Screen):
    """The app's own rules reference; `/rules/<section>` opens it scrolled to that section."""

    nav_route = "/rules"

    def __init__(self, host: Host, route: str = "/rules", section: str | None = None):
        self.route = route
        self.section = section
        self._built_for: tuple[str, bool] | None = None  # the language and digits drawn in
        super().__init__(host)
        if section:
            host.after_show(self.scroll_to_section)

    def title(self) -> str:
        return _("Rules of Seep")

    def refresh(self) -> None:
        if self._built_for == (current_language(), fmt().native_digits):
            return
        self._built_for = (current_language(), fmt().native_digits)
        try:
            sections = load_rule_sections(current_language())
        except Exception:
            self.body.controls = [
                ft.Text(_("The rules text could not be loaded."), color=ft.Colors.ERROR)
            ]
            return
        contents = ft.Row(
            [
                ft.Semantics(
                    identifier=f"rules-link-{sid}",
                    content=ft.TextButton(  # the button names itself
                        content=title, height=TAP, on_click=self.host.handler(self._jump, sid)
                    ),
                )
                for sid, title, _body in sections
            ],
            wrap=True,
            spacing=0,
            run_spacing=0,
        )
        items: list[ft.Control] = [section_title(_("Contents")), contents]
        for sid, title, body in sections:
            items.append(
                ft.Semantics(
                    identifier=f"rules-section-{sid}",
                    container=True,
                    content=ft.Column(
                        [
                            ft.Text(
                                _localize(title),
                                size=20,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.PRIMARY,
                            ),
                            *markdown_controls(body),
                        ],
                        spacing=6,
                        tight=True,
                    ),
                    key=ft.ScrollKey(f"rules-{sid}"),
                )
            )
        items += self._terms()
        self.body.controls = items

    def _terms(self) -> list[ft.Control]:
        """The end of the reference: Seep's terms in the reader's language beside English, so a
        player who learnt the game in another language finds the words (issue 35)."""
        try:
            rows = term_table(current_language())
        except GlossaryError:
            return []
        if not rows:
            return []
        lines: list[ft.Control] = [
            ft.Text(_("Seep's terms"), size=20, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY),
            ft.Text(_("Each term in this language, beside its English word."), size=15),
        ]
        for english, word in rows:
            lines.append(
                ft.Semantics(
                    label=f"{word}: {english}",
                    exclude_semantics=True,
                    content=ft.Row(
                        [
                            ft.Text(word, size=15, weight=ft.FontWeight.BOLD, expand=True),
                            ft.Text(
                                english,
                                size=15,
                                expand=True,
                                italic=True,
                            ),
                        ],
                        spacing=12,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                )
            )
        return [
            ft.Semantics(
                identifier="rules-terms",
                container=True,
                content=ft.Column(lines, spacing=6, tight=True),
                key=ft.ScrollKey("rules-terms"),
            )
        ]

    def _jump(self, sid: str) -> None:
        self.section = sid
        self.host.after_show(self.scroll_to_section)
        self.host.run_after_show()

    async def scroll_to_section(self) -> None:
        try:
            await self.body.scroll_to(scroll_key=f"rules-{self.section}", duration=0)
        except Exception:
            pass  # not on a live page (control-tree tests)
