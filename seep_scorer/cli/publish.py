"""`seep-scorer publish -o DIR`: the phone-only app as a static site (seep_scorer/publish/)."""

from __future__ import annotations

import sys


def register(sub, common) -> None:
    p = sub.add_parser(
        "publish",
        parents=[common],
        help="build a static site that runs the whole app in a phone's browser, offline",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        required=True,
        help="folder to build the site in: empty, or one published to before, whose site is "
        "replaced (only the files a publish wrote; anything else is kept)",
    )
    p.set_defaults(run=run)


def run(args) -> int:
    from ..publish.site import publish  # loads flet: only when publishing

    try:
        report = publish(args.output)
    except FileExistsError as err:
        print(f"seep-scorer: {err}", file=sys.stderr)
        return 2
    print(
        f"Published Seep Scorer to {args.output}: {report['files']} files, "
        f"{report['bytes'] / 1e6:.1f} MB (version {report['version']})."
    )
    print(f"Try it: python -m http.server -d {args.output}  (then open http://localhost:8000/)")
    return 0
