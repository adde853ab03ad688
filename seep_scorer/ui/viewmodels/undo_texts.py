"""What undo and redo say on the scoreboard, by the kind of step (`scoreboard.Step.kind`)."""

from __future__ import annotations

from ...i18n import N_

__all__ = ["REDONE_TEXTS", "REDO_LABELS", "UNDONE_TEXTS", "UNDO_LABELS"]

# What undo and redo say, by the kind of step taken back or put back.
UNDONE_TEXTS = {
    "record": N_("Deal {number} taken back."),
    "edit": N_("The change to deal {number} was taken back."),
    "delete": N_("Deal {number} restored."),
    "end": N_("The match is open again."),
    "reopen": N_("The match is ended again."),
}
REDONE_TEXTS = {
    "record": N_("Deal {number} put back."),
    "edit": N_("Deal {number} changed again."),
    "delete": N_("Deal {number} deleted."),
    "end": N_("The match is ended again."),
    "reopen": N_("The match is open again."),
}

# What the undo and redo buttons say they will do (their names for a screen reader).
UNDO_LABELS = {
    "record": N_("Take back deal {number}"),
    "edit": N_("Take back the change to deal {number}"),
    "delete": N_("Restore deal {number}"),
    "end": N_("Reopen the match"),
    "reopen": N_("End the match again"),
}
REDO_LABELS = {
    "record": N_("Put deal {number} back"),
    "edit": N_("Change deal {number} again"),
    "delete": N_("Delete deal {number} again"),
    "end": N_("End the match again"),
    "reopen": N_("Reopen the match"),
}
