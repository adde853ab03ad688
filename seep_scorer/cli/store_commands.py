"""`seep-scorer import | export | list | backup`, an event's file brought back by `import`.

`seep-scorer import | export | list | backup`: the app's own store from the shell (`stats`:
stats.py).

Bad input is one line on stderr and exit status 2; damage the store repaired at
open is reported on stderr too, so a script sees it without it spoiling stdout.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
from pathlib import Path
from typing import IO, Iterator

from seep_scorer.cli.status import EXIT_BAD_INPUT
from seep_scorer.cli.words import _, ngettext
from seep_scorer.i18n.wording import terminal_text
from seep_scorer.rules import MatchError
from seep_scorer.rules.names import json_shown, shown
from seep_scorer.store.files import USUAL, atomic_writer
from seep_scorer.store.registry import NoStore, open_repository
from seep_scorer.store.repository import StoreError


def register(sub, common) -> None:
    p = sub.add_parser(
        "import", parents=[common], help=_("add a match file or a backup file to the store")
    )
    p.add_argument("file", help=_("a match file (seep-match) or a backup file (seep-backup)"))
    p.add_argument(
        "--new-only",
        action="store_true",
        help=_(
            "leave out a backup's matches already stored (same id and creation time) "
            "instead of adding them again as copies"
        ),
    )
    p.set_defaults(run=run_import)

    p = sub.add_parser(
        "export", parents=[common], help=_("write one stored match as a match file or CSV")
    )
    p.add_argument(
        "match_id", metavar="MATCH_ID", help=_("the match's id, as `seep-scorer list` shows it")
    )
    p.add_argument(
        "-o", "--output", metavar="FILE", help=_("write to FILE instead of standard output")
    )
    p.add_argument(
        "--csv", action="store_true", help=_("the deal table as CSV instead of a match file")
    )
    p.set_defaults(run=run_export)

    p = sub.add_parser(
        "list", parents=[common], help=_("list the stored matches, in progress first")
    )
    p.add_argument("--json", action="store_true", help=_("print a JSON array instead of a table"))
    p.set_defaults(run=run_list)

    p = sub.add_parser(
        "backup", parents=[common], help=_("write every stored match to one backup file")
    )
    p.add_argument(
        "-o", "--output", metavar="FILE", help=_("write to FILE instead of standard output")
    )
    p.set_defaults(run=run_backup)


def _fail(message: str) -> int:
    print(f"seep-scorer: {shown(message)}", file=sys.stderr)  # it may quote a file's text
    return EXIT_BAD_INPUT


def open_store(args, create: bool = True):
    """The store, its repair notices on stderr. `create=False` (list, stats, export): NoStore where
    the
    folder holds none, and nothing is written there."""
    repo = open_repository(args.data_dir, create=create)
    _notes(repo)
    return repo


def _notes(repo) -> None:
    for notice in repo.notices:
        print(f"seep-scorer: note: {shown(terminal_text(notice))}", file=sys.stderr)
    repo.notices.clear()


@contextlib.contextmanager
def output_to(path: str | None) -> Iterator[IO[bytes]]:
    """Where -o points: standard output, a device or FIFO written directly, or a file replaced
    atomically."""
    if path is None:
        yield sys.stdout.buffer
        sys.stdout.flush()
        return
    target = Path(path).expanduser().resolve()
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        # /dev/null, a FIFO, a terminal: replacing it with a regular file would break it.
        with open(os.open(target, os.O_WRONLY), "wb") as special:
            yield special
        return
    with atomic_writer(target, mode=USUAL) as f:
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(f.fileno(), stat.S_IMODE(mode))  # the file the user had keeps its permissions
        yield f


def open_to_read(args):
    """The store for a command that only reads it; None, said on stderr, where the folder holds
    none."""
    try:
        return open_store(args, create=False)
    except NoStore as none:
        print(f"seep-scorer: note: {shown(terminal_text(none))}", file=sys.stderr)
        return None


def guarded(action):
    def run(args) -> int:
        try:
            return action(args)
        except MatchError as err:
            where = getattr(args, "file", None)
            return _fail(f"{where}: {terminal_text(err)}" if where else terminal_text(err))
        except StoreError as err:
            return _fail(terminal_text(err))
        except BrokenPipeError:
            raise  # the reader went away (`| head`): main() ends quietly
        except OSError as err:
            return _fail(f"{err.filename or 'file'}: {err.strerror or err}")

    return run


@guarded
def run_import(args) -> int:
    repo = open_store(args)
    from seep_scorer.store.events.record import EventFolder

    event = ImportedEvent(repo, args.file, args.new_only)  # an event's file brings its event back
    events = EventFolder(repo.data_dir)
    before = set(events.ids())
    ids = repo.import_file_ids(args.file, skip_present=args.new_only)
    for match_id in ids:
        print(match_id)
    for event_id in sorted(set(events.ids()) - before):  # a backup's events (match-file.md)
        print(f"seep-scorer: note: event {event_id} restored", file=sys.stderr)
    event.finish(ids)
    return 0


@guarded
def run_export(args) -> int:
    repo = open_store(args, create=False)
    text = repo.export_csv(args.match_id) if args.csv else repo.export_match_text(args.match_id)
    with output_to(args.output) as out:
        out.write(text.encode("utf-8"))
    return 0


@guarded
def run_backup(args) -> int:
    repo = open_store(args)
    with output_to(args.output) as out:
        repo.write_backup(
            out
        )  # line by line: the store is not locked while a slow reader holds up a write
    _notes(repo)  # a match found damaged on the way was set aside (and put back, or left out)
    return 0


@guarded
def run_list(args) -> int:
    repo = open_to_read(args)
    summaries = repo.list_matches() if repo is not None else []
    if args.json:
        rows = [
            {
                "id": s.id,
                "teams": list(s.teams),
                "deals": s.deals,
                "created": s.created,
                "updated": s.updated,
                "finished": s.finished,
                "revision": s.revision,
                "players": [list(team) for team in s.players or ()],
                "winner": s.winner,
            }
            for s in summaries
        ]
        # Index lines are read as stored: a name holding a terminal escape is written escaped.
        print(json_shown(json.dumps(rows, ensure_ascii=False)))
        return 0
    if not summaries:
        print(_("no matches stored yet"))
        return 0
    finished, playing = _("finished"), _("playing")
    width = max(len(finished), len(playing))
    for s in summaries:
        deals = ngettext("{count} deal", "{count} deals", s.deals).format(count=f"{s.deals:>4}")
        # TRANSLATORS: a match in `seep-scorer list`: "Team A v Team B".
        teams = _("{team_a} v {team_b}").format(team_a=shown(s.teams[0]), team_b=shown(s.teams[1]))
        state = finished if s.finished else playing
        print(f"{s.id}  {s.updated[:16].replace('T', ' ')}  {state:<{width}}  {deals}  {teams}")
    return 0


# ---- an event's file brought back by import
# `seep-scorer import` of an event's file (`seep-scorer event export`): the event comes back
# beside its matches (store/events/backup.py).


class ImportedEvent:
    """`seep-scorer import` of an event's file: the event is checked before the matches are
    imported (a damaged one refuses the file whole) and stored, with their new ids, after."""

    def __init__(self, repo, path: str, new_only: bool):
        from seep_scorer.store.events.backup import (
            event_in_backup,
            present_before,
            refuse_foreign_matches,
        )

        self.repo, self.found, self.new_only = repo, None, new_only
        try:
            self.found = event_in_backup(path)
        except OSError:
            return  # the import says why it cannot read the file
        if self.found is not None:
            event, records = self.found
            refuse_foreign_matches(event, {mid for mid, _ in records}, self._stored, "line 1")
            self.skipped = present_before(repo, records) if new_only else set()

    def _stored(self, mids: set[str]) -> set[str]:
        from seep_scorer.store.repository import StoreError

        found = set()
        for mid in mids:
            try:
                self.repo.get(mid)
            except StoreError:  # not stored (MatchNotFound), or not a match id at all
                continue
            found.add(mid)
        return found

    def finish(self, new_ids: list[str]) -> None:
        from seep_scorer.store.events.backup import restore_event
        from seep_scorer.store.events.record import EventFolder

        if self.found is None:
            return
        event, records = self.found
        event = restore_event(
            EventFolder(self.repo.data_dir), event, records, new_ids, self.skipped, self.new_only
        )
        if event is None:
            note = _("the file's event is here already")
        else:
            note = _("event {id} ({name}) restored").format(id=event.id, name=shown(event.name))
        print(
            f"seep-scorer: note: {note}", file=sys.stderr
        )  # as the store's notes (store_commands)
