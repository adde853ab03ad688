"""A club night in a data folder, for tests and bench/event_load.py: an event of pairs with its
first round paired (store API, before the server starts), its codes, and a code handed in at the
real server's join door for the cookie it earns."""

from __future__ import annotations

import re
import socket
from pathlib import Path

from seep_scorer.store.events.record import EventFolder
from seep_scorer.store.events.rounds import entrant_of, pair_next_round, plan_event
from seep_scorer.store.registry import close_all, open_repository


def team(i: int) -> str:
    return f"Team {i:03d}"


def hall(data: Path, pairs: int, rounds: int = 2, match: tuple[str, int] | None = None) -> str:
    """A Swiss event of `pairs` pairs over `rounds` rounds (`match`: its format, else the
    preset's), round 1 paired: its id."""
    repo = open_repository(data)
    try:
        folder = EventFolder(data)
        entrants = [
            entrant_of("pairs", [team(i), f"P{i}a", f"P{i}b"], ["team", "p1", "p2"])
            for i in range(pairs)
        ]
        event = plan_event("Club night", "pairs", "swiss", rounds, "standard", match, entrants)
        folder.write(event)
        pair_next_round(repo, folder, event.id)
        return event.id
    finally:
        close_all()


def event(data: Path, event_id: str):
    return EventFolder(data).read(event_id)


def tables(data: Path, event_id: str) -> dict[int, tuple[str, list[str]]]:
    """Each table of the current round: (its match id, the names of its two pairs)."""
    ev = event(data, event_id)
    names = ev.names()
    return {
        t.table: (t.match, [names[t.sides[0][0]], names[t.sides[1][0]]])
        for t in ev.rounds[-1].tables
    }


def join(port: int, code: str) -> str | None:
    """POST the code to the join door as the join script does: the `name=value` of the cookie it
    earns, or None (a 403)."""
    body = code.encode()
    request = (
        b"POST /seep-join HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: %d\r\n"
        b"Connection: close\r\n\r\n%s" % (port, len(body), body)
    )
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    found = re.search(rb"set-cookie: *([a-z_]+=[^;\r\n]+)", answer, re.I)
    return found.group(1).decode("ascii") if found else None
