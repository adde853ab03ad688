"""The index: its shards on disk, the view built from them in memory, and the history's pages.

The index: 256 small TinyDB files (index/<xy>.json), each holding the summary lines of its
matches.

Why shards: TinyDB rewrites a whole file on every write, so one index file
would make every save rewrite every match's summary. A hash of the id picks the
shard (layout.shard_of), so a save rewrites one file of a few kilobytes however
long the history, and the matches list reads the index only, never a match file.

This module reads, checks, writes and drops index lines. A shard found damaged
is closed and handed to the `rebuild` callback, which moves it aside and
rebuilds it from the match files (the repository's repair knows how).

It also keeps every index line in memory once `cached_lines()` has been asked
for them (the history and the statistics read them on every call). Another
process (the command line importing while the server runs) may write the index
too, so every index write, by any process and under the store's flock, first
writes a new random token to `index.generation`; the cache is used only while
that file still holds the token it was loaded or last written under, else it
is read again from the shards. Why a token and not only each shard's
(st_mtime_ns, st_size, st_ino): those have a blind spot (file times tick in
milliseconds on Linux, and a shard rewritten twice within a tick at the same
size can get its old inode number back). The stamps are still compared, one
os.stat per shard (about 0.3 ms for 256), to catch what no writer announces:
a shard damaged, or put back by hand, is read again (and repaired).
The token is written before the shard: a process killed between the two
leaves a token nobody holds, so the next reader reloads.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from datetime import date
from typing import Callable, Iterable, Iterator

from tinydb import TinyDB
from tinydb.table import Document

from seep_scorer.stats import Stats, player_key
from seep_scorer.store.files import SHARD_FILE, Layout, doc_id_of, replace_quickly, shard_of
from seep_scorer.store.records import summary_of, valid_entry
from seep_scorer.store.repository import STATUSES, KnownNames, MatchPage, MatchQuery, MatchSummary
from seep_scorer.store.tinyfiles import AtomicJSONStorage, DamagedFile, open_db, open_regular

__all__ = [
    "IndexShards",
    "Rebuild",
    "IndexView",
    "MAX_CACHED_PERIODS",
    "history_order",
    "search_keys",
    "select",
    "known_names",
    "MAX_QUERY_TEXT",
    "MAX_PAGE",
]

# (shard prefix, the damage found) -> the shard's index lines, rebuilt: {id: line}
Rebuild = Callable[[str, DamagedFile], dict[str, dict]]


class IndexShards:
    """The index shards of one store, each opened on first use and kept open until close()."""

    def __init__(self, layout: Layout, rebuild: Rebuild):
        self.layout = layout
        self._rebuild = rebuild
        self._dbs: dict[str, TinyDB] = {}
        self._lines: dict[str, dict[str, dict]] | None = None  # {shard: {id: line}} while cached
        self._token: str | None = None  # the generation the cached lines belong to
        self._stamps: dict[
            str, tuple[int, int, int]
        ] = {}  # each cached shard file's (mtime_ns, size, inode)
        self.version = 0  # goes up whenever the cached lines change: views built on them key on it

    def db(self, prefix: str) -> TinyDB:
        """The open TinyDB of one shard (created empty on first write)."""
        db = self._dbs.get(prefix)
        if db is None:
            db = self._dbs[prefix] = open_db(self.layout.shard_file(prefix))
        return db

    def close(self) -> None:
        for db in self._dbs.values():
            db.close()
        self._dbs.clear()

    def entries(self, prefix: str) -> dict[str, dict]:
        """{id: index line} of one shard; a damaged shard is rebuilt (see `rebuild`)."""
        path = self.layout.shard_file(prefix)
        try:
            raw = self.db(prefix).storage.read() or {}
            table = raw.get("matches", {})
            if not all(valid_entry(e, k) and shard_of(e["id"]) == prefix for k, e in table.items()):
                raise DamagedFile(path, "does not have the shape of the list of matches")
            return {e["id"]: e for e in table.values()}
        except DamagedFile as damage:
            self._dbs.pop(prefix).close()
            self._bump()  # the shard is moved aside and rebuilt: a change other processes must see
            rebuilt = self._rebuild(prefix, damage)
            self._cache(prefix, rebuilt)
            return rebuilt

    def all_entries(self) -> Iterator[dict]:
        """Every index line, a shard at a time."""
        for prefix in self.layout.shard_prefixes():
            yield from self.entries(prefix).values()

    def get(self, mid: str) -> dict | None:
        """The index line of one match, or None when it is not stored."""
        prefix = shard_of(mid)
        try:
            entry = self.db(prefix).table("matches").get(doc_id=doc_id_of(mid))
            if entry is not None and not valid_entry(dict(entry), str(doc_id_of(mid))):
                raise DamagedFile(
                    self.layout.shard_file(prefix), "does not have the shape of the list of matches"
                )
        except DamagedFile:
            return self.entries(prefix).get(mid)
        return None if entry is None else dict(entry)

    def put(self, prefix: str, entries: list[dict]) -> None:
        """Add or replace index lines of one shard, in as few writes as TinyDB allows."""
        present = self.entries(prefix)  # also repairs a damaged shard before writing over it
        self._bump()
        table = self.db(prefix).table("matches")
        fresh = [Document(e, doc_id=doc_id_of(e["id"])) for e in entries if e["id"] not in present]
        replaced = {e["id"]: e for e in entries if e["id"] in present}

        def replace(line: dict) -> None:
            # The whole line, not a merge: a field the new line lacks ("stopped" after a match
            # is reopened) must go, or the list keeps saying it.
            new = replaced[line["id"]]
            line.clear()
            line.update(new)

        try:
            if fresh:
                table.insert_multiple(fresh)  # one shard write for a whole import
            if replaced:
                table.update(replace, doc_ids=[doc_id_of(mid) for mid in replaced])  # one write
        except BaseException:
            self._lines = None  # some writes may have landed: read the shards again
            raise
        self._cache(prefix, {**present, **{e["id"]: dict(e) for e in entries}})

    def drop(self, mid: str) -> None:
        prefix = shard_of(mid)
        present = self.entries(prefix)
        if mid in present:
            self._bump()
            self.db(prefix).table("matches").remove(doc_ids=[doc_id_of(mid)])
            del present[mid]
            self._cache(prefix, present)

    def drop_many(self, prefix: str, mids: list[str]) -> None:
        """Remove index lines of one shard in one write (an import undone)."""
        present = self.entries(prefix)
        gone = [mid for mid in mids if mid in present]
        if gone:
            self._bump()
            self.db(prefix).table("matches").remove(doc_ids=[doc_id_of(mid) for mid in gone])
            for mid in gone:
                del present[mid]
            self._cache(prefix, present)

    def raw_lines(self, prefix: str) -> dict[str, dict]:
        """A shard's lines as stored, unchecked ({} when absent or unreadable): for a migration
        only."""
        try:
            table = (AtomicJSONStorage(self.layout.shard_file(prefix)).read() or {}).get(
                "matches", {}
            )
        except (DamagedFile, OSError):
            return {}
        return {e["id"]: e for e in table.values() if isinstance(e.get("id"), str)}

    def replace(self, prefix: str, lines: dict[str, dict]) -> None:
        """Write a whole shard anew from `lines` ({id: line}), whatever it held: for a migration
        only."""
        self._bump()
        db = self._dbs.pop(prefix, None)
        if db is not None:
            db.close()
        AtomicJSONStorage(self.layout.shard_file(prefix)).write(
            {"matches": {str(doc_id_of(mid)): line for mid, line in lines.items()}}
        )
        self._cache(prefix, dict(lines))

    # ----- the lines in memory, and the generation token -----

    def cached_lines(self) -> dict[str, dict[str, dict]]:
        """Every index line, {shard: {id: line}}, from memory unless the shards changed since.

        Another process's writes change the generation token: everything is read
        again. A shard file changed by anything else (damage, a copy put back by
        hand) changes its (st_mtime_ns, st_size, st_ino): that shard is read again,
        and repaired if need be. Call under the store lock. The result is shared:
        read it, never change it.
        """
        if self._lines is None or self._read_token() != self._token:
            self._lines, self._stamps = None, {}
            lines = {prefix: self.entries(prefix) for prefix in self.layout.shard_prefixes()}
            self._lines, self._token = lines, self._read_token()
            for prefix in lines:
                self._stamp(prefix)
            self.version += 1
        now = self._stamps_on_disk()
        if now != self._stamps:
            for prefix in sorted(now.keys() | self._stamps.keys()):
                if now.get(prefix) != self._stamps.get(prefix):
                    self._cache(prefix, self.entries(prefix))
        return self._lines

    def _stamps_on_disk(self) -> dict[str, tuple[int, int, int]]:
        stamps = {}
        with os.scandir(self.layout.index_dir) as found:
            for entry in found:
                if SHARD_FILE.fullmatch(entry.name):
                    with contextlib.suppress(FileNotFoundError):
                        st = entry.stat()
                        stamps[entry.name[:2]] = (st.st_mtime_ns, st.st_size, st.st_ino)
        return stamps

    def _stamp(self, prefix: str) -> None:
        try:
            st = os.stat(self.layout.shard_file(prefix))
            self._stamps[prefix] = (st.st_mtime_ns, st.st_size, st.st_ino)
        except FileNotFoundError:
            self._stamps.pop(prefix, None)

    def start_caching(self) -> None:
        """At open, before the reconcile reads every shard: keep what it reads (adopt), so the first
        page of the history or of the statistics does not read the 256 shards a second time."""
        self._lines, self._token, self._stamps = {}, self._read_token(), {}
        self.version += 1

    def adopt(self, prefix: str, lines: dict[str, dict]) -> None:
        """The lines just read from one shard (by entries()), kept if caching."""
        self._cache(prefix, lines)

    def forget(self) -> None:
        """Drop the lines in memory (an import: memory stays flat; the next read loads them
        again)."""
        self._lines = None
        self.version += 1

    def _cache(self, prefix: str, lines: dict[str, dict]) -> None:
        if self._lines is not None:
            self._lines[prefix] = lines
            self._stamp(prefix)
            self.version += 1

    def _read_token(self) -> str | None:
        try:
            with open_regular(self.layout.generation_file) as f:
                return f.read(64).decode("ascii", "replace")
        except (FileNotFoundError, DamagedFile):
            return (
                None  # a pipe or a link holds no token of ours: reload; the next write replaces it
            )

    def _bump(self) -> None:
        """Before an index write: a new generation, so every other process's cache is reloaded."""
        if self._lines is not None and self._read_token() != self._token:
            self._lines = (
                None  # another process wrote since: ours is stale, reload on the next read
            )
            self.version += 1
        token = secrets.token_hex(8)
        # Replaced, never written through (a link there would point the write elsewhere); no fsync:
        # a token lost in a crash only causes a reload.
        replace_quickly(self.layout.generation_file, token.encode("ascii"))
        self._token = token


# ---- the view in memory
# What the history and the statistics read, built from the index lines in memory
# (IndexShards.cached_lines).
#
# Why apart: the matches screen asks for a page on every keystroke
# of a search and the statistics screen for the figures on every refresh; with
# years of matches neither may read 256 shard files, build 5,000 summaries or
# fold 5,000 contributions each time. A view holds, for one state of the index
# (IndexShards.version), the summaries in history order, their search keys
# (history.search_keys), the contributions, the names used before and the
# statistics asked for so far (per `since`). A new state reuses the summary and
# search key of every line that did not change (the same dict object), so a
# save costs one summary, not 5,000.
#
# Pure: no files, no lock. The repository calls `refresh` under its lock and may
# use what it returns afterwards: a refresh builds new lists, never changes
# the ones it handed out.

MAX_CACHED_PERIODS = (
    8  # statistics kept per state of the index: all time, this year, the last 30 days, ...
)


class IndexView:
    def __init__(self) -> None:
        self.version: int | None = None
        self.ordered: list[MatchSummary] = []
        self.keys: list[str] = []
        self.contributions: list[dict] = []
        # ((created, id), contribution) of every match: what the ratings read, in any order.
        self.rating_items: list[tuple[tuple[str, str], dict]] = []
        # id -> (its line, summary, search keys, contribution with the line's team names)
        self._memo: dict[str, tuple[dict, MatchSummary, str, dict]] = {}
        self._names: KnownNames | None = None
        self._stats: dict[date | None, Stats] = {}

    def refresh(self, lines_by_shard: dict[str, dict[str, dict]], version: int) -> IndexView:
        """Bring the view to the index state `version`, whose lines are `lines_by_shard`."""
        if version == self.version:
            return self
        memo: dict[str, tuple[dict, MatchSummary, str, dict]] = {}
        for lines in lines_by_shard.values():
            for mid, line in lines.items():
                known = self._memo.get(mid)
                if known is None or known[0] is not line:
                    summary = summary_of(line)
                    # The statistics show a partnership's team names too: the line has them, the
                    # stored contribution (its format unchanged) does not.
                    contribution = {**line["stats"], "team_names": line["teams"]}
                    known = (line, summary, search_keys(summary), contribution)
                memo[mid] = known
        self._memo = memo
        self.ordered = history_order(m[1] for m in memo.values())
        self.keys = [memo[s.id][2] for s in self.ordered]
        self.contributions = [m[3] for m in memo.values()]
        self.rating_items = [((m[0]["created"], mid), m[3]) for mid, m in memo.items()]
        self._names = None
        self._stats = {}
        self.version = version
        return self

    def known_names(self) -> KnownNames:
        if self._names is None:
            self._names = known_names(self.ordered)
        return self._names

    def cached_statistics(self, since: date | None) -> Stats | None:
        return self._stats.get(since)

    def keep_statistics(self, version: int, since: date | None, stats: Stats) -> None:
        """Keep figures computed outside the lock, if the index has not changed meanwhile."""
        if version == self.version:
            if len(self._stats) >= MAX_CACHED_PERIODS:
                self._stats.pop(next(iter(self._stats)))
            self._stats[since] = stats


# ---- the history's pages
# Choosing a page of the history from match summaries: order, search, status, names used before.
#
# Pure (no I/O): the TinyDB repository runs it over its cached index, and any
# other repository can run it over its own summaries, so the order and the
# search mean the same everywhere.

MAX_QUERY_TEXT = 100
MAX_PAGE = 200


def history_order(summaries: Iterable[MatchSummary]) -> list[MatchSummary]:
    """Matches in progress first, then the most recently updated first."""
    ordered = sorted(summaries, key=lambda s: s.updated, reverse=True)
    ordered.sort(key=lambda s: s.finished)  # stable: keeps newest first within each group
    return ordered


def search_keys(summary: MatchSummary) -> str:
    """Every team and player name of a match, compared as stats.md compares names, in one string."""
    names = list(summary.teams) + [p for team in (summary.players or ()) for p in team]
    return "\n".join(player_key(n) for n in names)


def _wanted(summary: MatchSummary, status: str) -> bool:
    return status == "all" or (status == "finished") == summary.finished


def select(
    ordered: list[MatchSummary], query: MatchQuery, keys: list[str] | None = None
) -> MatchPage:
    """The page of `ordered` (already in history order) that `query` asks for.

    `keys`, when given, are the precomputed `search_keys` of `ordered`, index for index.
    """
    if query.status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}")
    offset = max(0, int(query.offset))
    limit = min(max(1, int(query.limit)), MAX_PAGE)
    needle = player_key(query.text[:MAX_QUERY_TEXT]) if query.text else ""
    if needle:
        keys = keys if keys is not None else [search_keys(s) for s in ordered]
        found = [s for s, k in zip(ordered, keys) if needle in k and _wanted(s, query.status)]
    else:
        found = (
            [s for s in ordered if _wanted(s, query.status)] if query.status != "all" else ordered
        )
    return MatchPage(tuple(found[offset : offset + limit]), len(found), offset)


def known_names(summaries: Iterable[MatchSummary]) -> KnownNames:
    """Team and player names, the most recently used first, one spelling each (the most recent)."""
    teams: dict[str, str] = {}
    players: dict[str, str] = {}
    for s in sorted(summaries, key=lambda s: s.updated, reverse=True):
        for name in s.teams:
            teams.setdefault(player_key(name), name)
        for team in s.players or ():
            for name in team:
                players.setdefault(player_key(name), name)
    return KnownNames(tuple(teams.values()), tuple(players.values()))
