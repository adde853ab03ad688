"""The live table: a change saved on one phone is announced to the others (Flet's pubsub, one
topic for the whole app), which re-read what they show."""

from __future__ import annotations

import logging
from typing import Awaitable, Callable, Iterable

import flet as ft

from ..store.repository import MatchNotFound, StoreError
from . import edition
from .viewmodels import ScoreboardVM

log = logging.getLogger(__name__)
TOPIC = "seep-scorer"


class LiveTable:
    def __init__(self, page: ft.Page):
        self.page = page
        self.on_message: Callable[[str, object], Awaitable[None]] | None = None

    def subscribe(self, on_message: Callable[[str, object], Awaitable[None]]) -> None:
        self.on_message = on_message
        self.resume()

    def resume(self) -> None:
        if edition.phone_only() or self.on_message is None:  # no other phones to hear from
            return
        try:
            self.page.pubsub.subscribe_topic(TOPIC, self.on_message)
        except Exception:
            log.debug("pubsub not available", exc_info=True)

    def pause(self) -> None:
        """The phone is away (presence.py): nothing to re-render until it is back."""
        try:
            self.page.pubsub.unsubscribe_topic(TOPIC)
        except Exception:
            log.debug("pubsub not available", exc_info=True)

    def publish(self, match_id: str | None) -> None:
        """Tell the other phones that a match (None: the list of matches) changed."""
        if edition.phone_only():
            return
        try:
            self.page.pubsub.send_others_on_topic(TOPIC, ("match", match_id))
        except Exception:
            log.debug("publish failed", exc_info=True)


def reload_after_message(board: ScoreboardVM | None, screens: Iterable) -> str:
    """Off the loop: what another phone's save changed here ("gone", "moved" or "same"); every
    screen re-reads what it shows."""
    outcome = "same"
    if board is not None:
        try:
            outcome = "moved" if board.refresh_if_changed() else "same"
        except MatchNotFound:
            return "gone"
        except (StoreError, OSError) as err:
            log.info("live update: cannot read match: %s", err)
    for screen in list(screens):
        screen.load()
    return outcome
