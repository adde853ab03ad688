"""Table cards: one per table of the current round, its number and a QR code of the table phone's
join address with that table's code (ui.eventcodes and store.eventcodes, the codes and roles
part), on screen and as a printable HTML page. Plain Python; `load` runs off the event loop."""

from __future__ import annotations

import base64
import html
from dataclasses import dataclass
from typing import Callable
from urllib.parse import urlsplit

from seep_scorer.app.events.event_model import EventVM, organiser_locale
from seep_scorer.app.events.home_model import fault_text
from seep_scorer.app.shell.handlers import STORE_FAULTS
from seep_scorer.app.shell.qrcode import qr_png
from seep_scorer.i18n.translate import _, current, using

SCREEN_QR_PX = 240  # a card on a phone's screen
# The script of each language whose letters a computer may lack (an offline hall laptop): its
# bundled Noto font goes into the printable page, regular and bold.
SCRIPT_FONTS = {
    "hi": "NotoSansDevanagari", "pa": "NotoSansGurmukhi", "ur": "NotoNaskhArabic",
    "sd": "NotoNaskhArabic", "th": "NotoSansThai", "as": "NotoSansBengali",
}  # fmt: skip


@dataclass(frozen=True)
class Card:
    table: int
    teams: tuple[str, str]
    address: str | None  # None: no code for it (table phones are not offered here)


def base_url(join_address: str | Callable[[], str] | None) -> str | None:
    """The LAN address of the server (scheme and host) from the invite's join address."""
    if callable(join_address):
        join_address = join_address()
    if not join_address:
        return None
    parts = urlsplit(join_address)
    return f"{parts.scheme}://{parts.netloc}"


def _codes(event) -> dict:
    codes = getattr(event, "codes", None)
    return codes if isinstance(codes, dict) else {}


class CardsVM:
    """The cards of an event's current round."""

    def __init__(self, event: EventVM, join_address: str | Callable[[], str] | None):
        self.event = event
        self.base = base_url(join_address)
        self.cards: list[Card] = []
        self.images: dict[int, tuple[bytes, int]] = {}
        self.board: str | None = None  # the board's address (its code), for the hall's big screen
        self.board_image: tuple[bytes, int] | None = None
        self._drawn: dict[str, tuple[bytes, int]] = {}  # address -> its code, as last drawn
        self.message: str | None = None
        self.load()

    def load(self) -> None:
        self.event.load()
        try:
            self.cards = self._cards()
            # drawn here, off the event loop: a hall's worth of codes takes a moment
            # (redrawn only for a new address: the screen reloads on every deal saved in the hall)
            drawn = self._drawn
            self._drawn = {
                c.address: drawn.get(c.address) or self.qr_png(c.address, SCREEN_QR_PX)
                for c in self.cards
                if c.address
            }
            if self.board:
                self._drawn[self.board] = drawn.get(self.board) or self.qr_png(
                    self.board, SCREEN_QR_PX
                )
            self.board_image = self._drawn.get(self.board) if self.board else None
            self.images = {c.table: self._drawn[c.address] for c in self.cards if c.address}
        except STORE_FAULTS as err:
            self.message = fault_text(err)

    def _cards(self) -> list[Card]:
        event = self.event.event
        tables = self.event.tables
        urls, self.board = None, None
        if self.base is not None and tables:
            try:
                from seep_scorer.app.shell.state import board_join_url, table_join_url
                from seep_scorer.store.events.codes import ensure_codes
            except ImportError:  # the codes and roles part is not in this build
                ensure_codes = table_join_url = None
            if ensure_codes is not None:
                folder = self.event.folder
                with folder.locked():
                    fresh = folder.read(event.id)
                    before = dict(_codes(fresh))
                    fresh = ensure_codes(fresh) or fresh
                    if _codes(fresh) != before:
                        folder.write(fresh)
                tabled = _codes(fresh).get("tables", {})
                board = _codes(fresh).get("board")
                self.board = board_join_url(self.base, event.id, board) if board else None
                urls = {
                    t.table: table_join_url(self.base, event.id, t.table, tabled[str(t.table)])
                    for t in tables
                    if str(t.table) in tabled
                }
        return [Card(t.table, t.teams, (urls or {}).get(t.table)) for t in tables]

    @property
    def offered(self) -> bool:
        return any(c.address for c in self.cards)

    # -- the codes as pictures
    qr_png = staticmethod(qr_png)  # (app/shell/qrcode.py)

    def printable(self) -> tuple[str, bytes]:
        """The cards as one HTML page to print, a card per sheet (file name, bytes), in the
        organiser's language."""
        with using(organiser_locale(self.event.event)):
            return self._printable()

    def _printable(self) -> tuple[str, bytes]:
        event = self.event.event
        esc = html.escape
        cards = []
        how = esc(_("Scan this code with the phone that scores this table."))
        heading = esc(f"{event.name} · " + _("Round {round}").format(round=self.event.round))
        for c in self.cards:
            number = esc(_("Table {n}").format(n=c.table))
            if c.address:  # the code, and the same address as text for a phone that cannot scan
                png, _side = self.qr_png(c.address, 480)
                qr = (
                    f'<img class="qr" alt="{number}" '
                    f'src="data:image/png;base64,{base64.b64encode(png).decode()}">'
                    f'<p class="address" dir="ltr">{esc(c.address)}</p>'
                )
            else:
                qr = ""
            teams = _("{team0} vs {team1}").format(team0=c.teams[0], team1=c.teams[1])
            cards.append(
                f'<section class="card"><p class="event">{heading}</p>'
                f'<p class="number">{number}</p>{qr}<p class="how">{how}</p>'
                f'<p class="teams">{esc(teams)}</p></section>'
            )
        if self.board:  # a last sheet for the hall's big screen: its address, to scan or type
            png, _side = self.qr_png(self.board, 480)
            title = esc(_("Board"))
            hint = esc(_("Open this address on the hall's big screen."))
            cards.append(
                f'<section class="card board"><p class="event">{heading}</p>'
                f'<p class="number">{title}</p><img class="qr" alt="{title}" '
                f'src="data:image/png;base64,{base64.b64encode(png).decode()}">'
                f'<p class="how">{hint}</p>'
                f'<p class="address" dir="ltr">{esc(self.board)}</p></section>'
            )
        direction = "rtl" if current().rtl else "ltr"
        page = (
            f'<!doctype html><html dir="{direction}"><head><meta charset="utf-8">'
            f"<title>{esc(event.name)}</title><style>"
            + _font_faces(current().language)
            + "body{font-family:'Seep script',sans-serif;margin:0}"
            ".card{page-break-after:always;break-after:page;text-align:center;padding:2cm 1cm}"
            ".number{font-size:64pt;font-weight:bold;margin:.2em 0}"
            ".event{font-size:16pt}.how,.teams{font-size:16pt}"
            ".address{font-family:monospace;font-size:12pt;overflow-wrap:anywhere}"
            ".qr{width:10cm;height:10cm;image-rendering:pixelated}"
            "</style></head><body>" + "".join(cards) + "</body></html>"
        )
        return f"table-cards-{event.id}-round-{self.event.round}.html", page.encode("utf-8")


def _font_faces(language: str) -> str:
    """@font-face rules embedding the language's script font (none for a Latin script)."""
    from seep_scorer.resources import ASSETS_DIR

    family = SCRIPT_FONTS.get(language)
    if family is None:
        return ""
    rules = []
    for weight, style in (("normal", "Regular"), ("bold", "Bold")):
        try:
            data = (ASSETS_DIR / "fonts" / f"{family}-{style}.ttf").read_bytes()
        except OSError:  # a build without it: the browser's own fonts
            continue
        rules.append(
            "@font-face{font-family:'Seep script';font-weight:%s;"
            "src:url(data:font/ttf;base64,%s) format('truetype')}"
            % (weight, base64.b64encode(data).decode())
        )
    return "".join(rules)
