"""The store's interface. The UI and the command line use only this, never TinyDB directly."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import IO, Any, Iterable, Protocol

from seep_scorer.rules import Match, errors
from seep_scorer.stats import Stats
from seep_scorer.stats.ratings import PlayerRating, Surprise


class StoreError(Exception):
    """A store operation failed, named by `code` and `params` (seep_scorer.i18n.faults words it;
    str() is its English). A code nothing words is shown as it is."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params

    def __str__(self) -> str:
        return errors.english(self) if errors.english else errors.plain(self.code, self.params)


class StaleRevision(StoreError):
    """A save was based on an older revision than the one stored (another device saved first)."""

    def __init__(self, match_id: str, based_on: int, current: int):
        super().__init__("stale_revision", based_on=based_on, current=current)
        self.match_id, self.based_on, self.current = match_id, based_on, current


class MatchNotFound(StoreError):
    def __init__(self, match_id: str):
        super().__init__("match_not_found", match_id=str(match_id))
        self.match_id = match_id


@dataclass(frozen=True)
class StoredMatch:
    id: str
    match: Match
    revision: int  # increases by one on every save
    created: str  # ISO 8601, UTC
    updated: str  # ISO 8601, UTC
    finished: bool


@dataclass(frozen=True)
class MatchSummary:
    """What the matches list needs, without loading every deal."""

    id: str
    teams: tuple[str, str]
    deals: int
    created: str
    updated: str
    finished: bool
    revision: int
    players: tuple[tuple[str, str], tuple[str, str]] | None = (
        None  # by team, by seat; None: not known
    )
    winner: int | str | None = None  # 0, 1 or "draw" once finished
    stopped: bool = False  # stopped by the players before its format ended it (`winner`: who led)


STATUSES = ("all", "playing", "finished")


@dataclass(frozen=True)
class MatchQuery:
    """One page of the history: `text` is found in a team's or a player's name (case and spacing
    ignored, as stats.md compares names); `status` is one of STATUSES."""

    text: str = ""
    status: str = "all"
    offset: int = 0
    limit: int = 20


@dataclass(frozen=True)
class MatchPage:
    matches: tuple[MatchSummary, ...]  # in progress first, then the newest
    total: int  # how many matches the query finds in all
    offset: int = 0

    @property
    def has_more(self) -> bool:
        return self.offset + len(self.matches) < self.total


@dataclass(frozen=True)
class KnownNames:
    """Names used before, the most recently used first, each once, as spelled most recently."""

    teams: tuple[str, ...] = ()
    players: tuple[str, ...] = ()


class MatchRepository(Protocol):
    def list_matches(self) -> list[MatchSummary]:
        """In progress first, then newest first."""

    def get(self, match_id: str) -> StoredMatch: ...

    def create(self, match: Match) -> StoredMatch:
        """Validates (raises MatchError) and stores a new match at revision 1."""

    def save(self, match_id: str, match: Match, base_revision: int) -> StoredMatch:
        """Validates and stores; raises StaleRevision if base_revision is not the stored one."""

    def delete(self, match_id: str) -> StoredMatch:
        """Removes a match and returns it, so that the caller can offer undo through restore()."""

    def restore(self, stored: StoredMatch) -> StoredMatch:
        """Puts back a deleted match under its old id."""

    def find_matches(self, query: MatchQuery) -> MatchPage:
        """A page of the history, reading only the index (fast however long the history)."""

    def statistics(self, since: date | None = None) -> Stats:
        """The figures of stats.md for matches created on or after `since` (UTC), from the index
        only."""

    def rating_history(self, player: str) -> list[tuple[str, PlayerRating]]:
        """A player's (key) all-time rating after each rated match: (created, rating), in order."""

    def rating_surprises(self, player: str) -> tuple[list[Surprise], list[Surprise]]:
        """A player's partners and opponents against what the ratings predicted, best first."""

    def known_names(self) -> KnownNames:
        """Team and player names used before, for suggestions while typing."""

    def export_match_text(self, match_id: str) -> str:
        """The match as a match file (format seep-match)."""

    def export_csv(self, match_id: str) -> str:
        """The deal table as CSV."""

    def write_backup(self, out: IO[bytes]) -> None:
        """Every match in the backup file format (store/backup/file.py), as `seep-scorer backup`
        writes it."""

    def import_bytes(
        self, data: bytes | str, skip_damaged: bool = False, skip_present: bool = False
    ) -> list[StoredMatch]:
        """A match file or a backup file's content, imported whole or not at all (see
        store/backup/imports.py); with `skip_damaged`, a backup's damaged matches are left out and
        the good ones imported; with `skip_present`, its matches already here (same id and creation
        time) are left out."""

    def remove_imported(self, imported: Iterable[tuple[str, int]]) -> tuple[int, list[str]]:
        """Undo an import: removes each (id, revision) still at that revision; returns how many were
        removed and the ids kept because they were saved since."""

    def get_setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...
