"""`seep-scorer` with no subcommand (or `serve`): serve the table app. Filled in by the table-app work."""

from __future__ import annotations

import sys


def register(parser, sub, common) -> None:
    def run(args) -> int:
        print("seep-scorer: the table app is not built yet; try `seep-scorer score FILE`", file=sys.stderr)
        return 2

    parser.set_defaults(run=run)
