"""What one browser session remembers in the store: the match open on this phone (a fresh start
returns to it) and the store's repair notices (shown once per session)."""

from __future__ import annotations

import logging

from ...store.repository import MatchRepository

log = logging.getLogger(__name__)


class SessionVM:
    def __init__(self, repo: MatchRepository):
        self.repo = repo
        self._notices_shown = False

    def resume_route(self, route: str, at_start: bool) -> str:
        """Opening the app afresh at its start page (`at_start`) goes back to the match the table
        was playing."""
        if not at_start:
            return route
        try:
            last = self.repo.get_setting("last_match")
            if not last or self.repo.get(last).finished:
                return route
        except Exception:
            return route
        return f"/match/{last}"

    def remember(self, match_id: str) -> None:
        """The match open on this phone, so that a fresh start comes back to it."""
        try:
            if self.repo.get_setting("last_match") != match_id:
                self.repo.set_setting("last_match", match_id)
        except Exception:
            log.debug("cannot remember the open match", exc_info=True)

    def take_store_notices(self) -> list[str]:
        """The repairs the store made when it opened (damage found), the first time only."""
        if self._notices_shown:
            return []
        self._notices_shown = True
        return list(getattr(self.repo, "notices", []) or [])
