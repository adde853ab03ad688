"""`seep-scorer import` of an event's file (`seep-scorer event export`): the event comes back
beside its matches (store/eventfile.py)."""

from __future__ import annotations

import sys

from ..rules.names import shown
from .words import _


class ImportedEvent:
    """`seep-scorer import` of an event's file: the event is checked before the matches are
    imported (a damaged one refuses the file whole) and stored, with their new ids, after."""

    def __init__(self, repo, path: str, new_only: bool):
        from ..store.eventfile import event_in_backup, present_before
        from ..store.eventrestore import refuse_foreign_matches

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
        from ..store.repository import StoreError

        found = set()
        for mid in mids:
            try:
                self.repo.get(mid)
            except StoreError:  # not stored (MatchNotFound), or not a match id at all
                continue
            found.add(mid)
        return found

    def finish(self, new_ids: list[str]) -> None:
        from ..store.eventfile import restore_event
        from ..store.events import EventFolder

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
