"""`seep-scorer` with no subcommand (or `serve`): serve the table app.

Offline: no CDN, bundled fonts. On 127.0.0.1 by default; with `--host 0.0.0.0`
the other phones at the table can join over the local network, but only with
the join address printed here, which carries a one-time code (the next one is
printed once it is used).
"""

from __future__ import annotations

import sys

from seep_scorer.cli.words import _, speaking

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def _add_options(p) -> None:
    p.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=_(
            "address to listen on (default 127.0.0.1; 0.0.0.0 lets phones on the local network "
            "join with a one-time join address)"
        ),
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=_("port (default {port})").format(port=DEFAULT_PORT),
    )
    p.add_argument(
        "--no-qr", action="store_true", help=_("do not print the join address as a QR code")
    )


def register(parser, sub, common) -> None:
    _add_options(parser)  # the main parser has its --data-dir already (parser.py)
    parser.set_defaults(run=run)
    p = sub.add_parser(
        "serve", parents=[common], help=_("serve the table app (the default command)")
    )
    _add_options(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from seep_scorer.app.shell import app as ui_app
    from seep_scorer.server.access import JoinCodes
    from seep_scorer.server.app import (
        build_asgi,
        is_loopback,
        is_wildcard,
        lan_address,
        new_token,
        run_server,
        url_host,
    )

    if not 0 < args.port < 65536:
        with speaking():
            message = _("--port must be from 1 to 65535, not {port}").format(port=args.port)
        print(f"seep-scorer: {message}", file=sys.stderr)
        return 2
    data_dir = getattr(args, "data_dir", None)
    ui_app.DATA_DIR = data_dir
    try:
        repo = (
            ui_app.default_repository()
        )  # open (and repair) the store now, not on the first phone
    except Exception as err:  # an unusable data folder: one clear line
        with speaking():
            message = _("cannot open the data folder: {reason}").format(reason=err)
        print(f"seep-scorer: {message}", file=sys.stderr)
        return 2
    from seep_scorer.i18n.wording import terminal_text

    for notice in getattr(repo, "notices", []) or []:
        print(f"seep-scorer: {terminal_text(notice)}", file=sys.stderr)
    if getattr(repo, "data_dir", None) is not None:  # a round left half paired is made whole
        from seep_scorer.store.events.record import EventFolder
        from seep_scorer.store.events.rounds import settle_all

        try:
            settle_all(repo, EventFolder(repo.data_dir))
        except Exception as err:  # the server still starts; the event's next command retries
            print(f"seep-scorer: {terminal_text(err)}", file=sys.stderr)

    token = None if is_loopback(args.host) else new_token()
    # On every interface the join address names the LAN address; otherwise the address given.
    shown_host = lan_address() if is_wildcard(args.host) else args.host
    codes = JoinCodes()
    # Besides loopback names, the server answers only to the address it prints: any other Host is
    # refused. The data folder's events' codes let table phones and boards in.
    app = build_asgi(
        ui_app.main,
        token=token,
        allowed_hosts=[shown_host],
        join_codes=codes,
        data_dir=getattr(repo, "data_dir", None),
    )
    base = f"http://{url_host(shown_host)}:{args.port}/"
    if token is None:
        with speaking():
            running = _("Seep Scorer is running at {address}  (Ctrl+C to stop)")
        print(running.format(address=base), flush=True)
    else:
        with speaking():
            print(_("Seep Scorer is running for the whole table."), flush=True)
        _print_join_address(base, codes, args.no_qr, first=True)
    try:
        run_server(app, args.host, args.port)
    except KeyboardInterrupt:
        pass
    return 0


def _print_join_address(base: str, codes, no_qr: bool, first: bool = False) -> None:
    """A join address with a new one-time code (server/access.py); once a phone used it, the
    next."""
    code = codes.mint(keep=True, on_redeem=lambda: _print_join_address(base, codes, no_qr))
    url = f"{base}#join={code}"
    with speaking():  # the sessions' languages are their own: the terminal's only for this
        if first:
            heading = _("Join address (one phone, once; keep it private):")
        else:
            heading = _(
                "A phone joined. Join address for the next phone (one phone, once; keep it "
                "private):"
            )
        last = _("Phones without a join address see only 'not authorised'. Ctrl+C to stop.")
    print(heading, flush=True)
    print(f"  {url}", flush=True)
    if not no_qr:
        try:
            import segno

            segno.make(url, error="m").terminal(compact=True)
        except Exception:
            pass
    if first:
        print(last, flush=True)
