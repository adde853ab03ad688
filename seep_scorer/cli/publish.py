"""`seep-scorer publish -o DIR`: the phone-only app as a static site (seep_scorer/publish/)."""

from __future__ import annotations

import sys

from seep_scorer.cli.status import EXIT_BAD_INPUT, EXIT_INTERNAL
from seep_scorer.cli.words import _


def register(sub, common) -> None:
    p = sub.add_parser(
        "publish",
        parents=[common],
        help=_("build a static site that runs the whole app in a phone's browser, offline"),
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        required=True,
        help=_(
            "folder to build the site in: empty, or one published to before, whose site is "
            "replaced (only the files a publish wrote; anything else is kept)"
        ),
    )
    p.set_defaults(run=run)


def run(args) -> int:
    from seep_scorer.phone.bundle import DependencyMissing
    from seep_scorer.phone.site import (
        FolderRefused,
        publish,  # loads flet: only when publishing
    )

    try:
        report = publish(args.output)
    except (FolderRefused, DependencyMissing) as err:
        from seep_scorer.i18n.wording import terminal_text  # in the user's language (LANG)

        print(f"seep-scorer: {terminal_text(err)}", file=sys.stderr)
        # a folder that cannot take the site is the user's input; a missing package, the install's
        return EXIT_BAD_INPUT if isinstance(err, FolderRefused) else EXIT_INTERNAL
    print(
        _(
            "Published Seep Scorer to {folder}: {files} files, {size} MB (version {version})."
        ).format(
            folder=args.output,
            files=report["files"],
            size=f"{report['bytes'] / 1e6:.1f}",
            version=report["version"],
        )
    )
    command = f"python -m http.server -d {args.output}"
    print(
        _("Try it: {command}  (then open {address})").format(
            command=command, address="http://localhost:8000/"
        )
    )
    return 0
