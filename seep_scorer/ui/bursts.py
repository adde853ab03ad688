"""A burst of resize events costs one refit of the screens, not one each.

Each refit sends the whole page's changes (a 3,000-deal scoreboard is 30,000 controls to
compare), and a phone may send resize events as fast as it likes (eventrate.py: the connection).
"""

from __future__ import annotations

import asyncio
import logging

log = logging.getLogger(__name__)
REFIT_DELAY = 0.15  # seconds: a rotation's or a drag's events arrive well within it


def refit_on_resize(app, delay: float = REFIT_DELAY):
    """`page.on_resize` for the app (`ui.app.App`): at most one refit per `delay`, to the width of
    that moment, and none while the width is the one the screens already fit."""
    waiting: list[asyncio.Task] = []
    fitted: list = [app.page_width()]

    async def refit() -> None:
        await asyncio.sleep(delay)
        waiting.clear()
        width = app.page_width()
        if width == fitted[0]:
            return
        fitted[0] = width
        try:
            for screen in list(app.screens.values()):
                screen.fit_width(width)
            app.update()
        except Exception:
            log.exception("cannot fit the screens to the new size")

    def on_resize(e=None) -> None:
        if not waiting:
            waiting.append(asyncio.ensure_future(refit()))

    return on_resize
