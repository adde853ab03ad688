"""The command line's exit statuses (beside 0), one place for every subcommand and the parser."""

from __future__ import annotations

EXIT_BAD_INPUT = 2  # a usage error, or a file, match or store the command cannot use
EXIT_INTERNAL = 1  # a fault of ours: one line, never a traceback
