"""The app's routes, in one table: how each is written, which routes its view stacks on (so back
works), the view-model it reads from the store and the screen that shows it.

/                         matches
/new                      new match
/match/<id>               scoreboard
/match/<id>/deal          record a deal
/match/<id>/deal/swapped  record a deal, every point card starting with the second team
/match/<id>/deal/<n>      deal n, read-only, with Edit and Delete
/match/<id>/deal/<n>/edit edit deal n (over the scoreboard: saving or deleting returns there)
/match/<id>/review        a match's review, over its scoreboard
/review/<id>              a match's review, straight from the list (a finished match)
/invite                   invite a phone (LAN mode)
/match/<id>/invite        invite a phone to that match, over its scoreboard
/rules  /stats  /settings
/stats/player/<key>       a player's page over the statistics (key: viewmodels.stats.player_slug)
/rules/<section>          the rules, scrolled to a section
/events                   the organiser's events;  /events/new  a new event
/event/<id>               an event: its round, tables, standings, entrants
/event/<id>/cards         the round's table cards;  /event/<id>/board  the big-screen board
/event/<id>/over          a table phone's or board's page once the event is over
/event/<id>/waiting       a table phone's page while its table has no match this round
<any route>/rules/<section>  the same on top of that route (a help mark), so back returns there

The view-model factory runs off the event loop (it may read the store) and raises StoreError for
a route that names no stored match or deal; the screen factory runs on the loop and reads nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ..store.repository import MatchRepository, StoreError
from . import screens as scr  # each screen's module loads when first shown (scr.X)
from . import viewmodels as vms
from .drafts import DraftBook
from .host import Host
from .screens import MatchesScreen, Screen  # the first screen loads with the app
from .viewmodels.invite import InviteVM

ID = r"(?P<id>[A-Za-z0-9_-]+)"
EVENT = r"/event/(?P<event>[0-9a-f]{8})"
# Every route the app makes is well under this; a longer one (typed or hostile) is the start page,
# so no route can cost more than a few regex steps.
MAX_ROUTE_LENGTH = 256
RULES_ROUTE = re.compile(r"^(?P<base>.*?)/rules(?:/(?P<section>[a-z-]+))?/?$")

# The view-model of a route below in the same stack (being prepared, or of a screen already shown).
Below = Callable[[str], Any]


class RouteHost(Host, Protocol):
    """What the factories use of the app (`app.App`), besides the Host its screens talk to."""

    repo: MatchRepository
    settings: vms.SettingsVM | None
    drafts: DraftBook

    def scoreboard_vm(self, match_id: str) -> vms.ScoreboardVM:
        """The match's view-model, kept for the session (its undo history); reads the store."""
        ...


@dataclass(frozen=True, slots=True)
class Route:
    """One kind of route."""

    pattern: re.Pattern[str]
    # The routes whose views are under it, outermost first.
    under: Callable[[re.Match[str]], list[str]]
    # The screen, built on the loop from the view-model `model` prepared (None without one).
    screen: Callable[[RouteHost, str, re.Match[str], Any], Screen]
    # Off the loop: the view-model, read from the store.
    model: Callable[[RouteHost, re.Match[str], Below], Any] | None = None
    # A match's own route: the one the app reopens on the next start (SessionVM.remember).
    of_match: bool = False


def _board(app: RouteHost, m: re.Match[str], below: Below) -> vms.ScoreboardVM:
    board = app.scoreboard_vm(m["id"])
    n = m.groupdict().get("n")
    if n and not 1 <= int(n) <= len(board.deals):
        raise StoreError(f"deal {n} does not exist")
    return board


def _entry(app: RouteHost, route: str, m: re.Match[str], board: vms.ScoreboardVM) -> Screen:
    """A deal entered (a new one, or deal n edited)."""
    number = int(m["n"]) if m.groupdict().get("n") else None
    swapped = bool(m.groupdict().get("swapped"))
    entry = vms.DealEntryVM(board.match, number)
    if swapped:
        entry.swap_all()  # every point card starts with the second team
    screen = scr.DealScreen(app, board, entry, swapped=swapped, drafts=app.drafts)
    screen.route = screen.view.route = route  # an edit lives at /deal/<n>/edit
    return screen


def _on_match(m: re.Match[str]) -> list[str]:
    return ["/", f"/match/{m['id']}"]


def _home(m: re.Match[str]) -> list[str]:
    return ["/"]


def _on_event(m: re.Match[str]) -> list[str]:
    return ["/events", f"/event/{m['event']}"]


def _event_vm(app: RouteHost, m: re.Match[str], below: Below):
    from .viewmodels.event import EventVM

    return below(f"/event/{m['event']}") or EventVM(app.repo, m["event"])


def _period_below(below: Below) -> str:
    """The period chosen on the statistics screen under a player's page."""
    stats = below("/stats")
    return stats.period if stats is not None else "all"


# In the order they are tried: a player's key or a match's id may read "rules", "invite" or
# "review", so those routes come before the rules layer, and the rules layer before the rest.
ROUTES: tuple[Route, ...] = (
    Route(
        re.compile(r"^/$"),
        lambda m: [],
        lambda app, route, m, vm: MatchesScreen(app, vm),
        lambda app, m, below: vms.MatchesVM(app.repo),
    ),
    Route(
        re.compile(r"^/new$"),
        _home,
        lambda app, route, m, vm: scr.NewMatchScreen(app, vm or vms.NewMatchVM(app.repo)),
        lambda app, m, below: vms.NewMatchVM(app.repo, known_names=True),
    ),
    Route(
        re.compile(r"^/stats$"),
        _home,
        lambda app, route, m, vm: scr.StatsScreen(app, vm),
        lambda app, m, below: vms.StatsVM(app.repo),
    ),
    Route(
        re.compile(r"^/settings$"),
        _home,
        lambda app, route, m, vm: scr.SettingsScreen(app, app.settings),
    ),
    Route(
        re.compile(r"^/stats/player/(?P<key>~?[A-Za-z0-9_-]{1,200})/?$"),
        lambda m: ["/", "/stats"],
        lambda app, route, m, vm: scr.PlayerScreen(app, vm, route),
        lambda app, m, below: vms.PlayerVM(app.repo, m["key"], _period_below(below)),
    ),
    Route(  # the rules layer: `route_stack` puts it on top of its base
        RULES_ROUTE,
        _home,
        lambda app, route, m, vm: scr.RulesScreen(app, route, m["section"]),
    ),
    Route(
        re.compile(r"^/invite/?$"),
        _home,
        lambda app, route, m, vm: scr.InviteScreen(app, InviteVM(app.join_address(), None), route),
    ),
    Route(
        re.compile(rf"^/match/{ID}/invite/?$"),
        _on_match,
        lambda app, route, m, vm: scr.InviteScreen(
            app, InviteVM(app.join_address(), m["id"]), route
        ),
    ),
    Route(
        re.compile(r"^/review/(?P<id>[A-Za-z0-9_-]+)/?$"),
        _home,
        lambda app, route, m, vm: scr.ReviewScreen(app, vm, route),
        lambda app, m, below: vms.ReviewVM(app.repo, m["id"]),
    ),
    Route(
        re.compile(rf"^/match/{ID}/review/?$"),
        _on_match,
        lambda app, route, m, vm: scr.ReviewScreen(app, vm, route),
        lambda app, m, below: vms.ReviewVM(app.repo, m["id"]),
    ),
    Route(
        re.compile(rf"^/match/{ID}/?$"),
        _home,
        lambda app, route, m, board: scr.ScoreboardScreen(app, board),
        _board,
        of_match=True,
    ),
    Route(
        re.compile(rf"^/match/{ID}/deal(?:/(?P<swapped>swapped))?/?$"),
        _on_match,
        _entry,
        _board,
        of_match=True,
    ),
    Route(  # read-only, with Edit and Delete
        re.compile(rf"^/match/{ID}/deal/(?P<n>\d+)/?$"),
        _on_match,
        lambda app, route, m, board: scr.DealViewScreen(app, board, int(m["n"])),
        _board,
        of_match=True,
    ),
    Route(
        re.compile(rf"^/match/{ID}/deal/(?P<n>\d+)/edit/?$"),
        _on_match,
        _entry,
        _board,
        of_match=True,
    ),
    Route(
        re.compile(r"^/events/?$"),
        lambda m: [],
        lambda app, route, m, vm: scr.EventsScreen(app, vm),
        lambda app, m, below: vms.EventsVM(app.repo),
    ),
    Route(
        re.compile(r"^/events/new/?$"),
        lambda m: ["/events"],
        lambda app, route, m, vm: scr.NewEventScreen(app, vm),
        lambda app, m, below: vms.NewEventVM(app.repo),
    ),
    Route(
        re.compile(rf"^{EVENT}/?$"),
        lambda m: ["/events"],
        lambda app, route, m, vm: scr.EventScreen(app, vm, route),
        _event_vm,
    ),
    Route(
        re.compile(rf"^{EVENT}/cards/?$"),
        _on_event,
        lambda app, route, m, vm: scr.EventCardsScreen(app, vm, route),
        lambda app, m, below: vms.CardsVM(_event_vm(app, m, below), app.join_address()),
    ),
    Route(  # a table phone's or the board's page once its event is over, or its table unused
        re.compile(rf"^{EVENT}/(?P<state>over|waiting)/?$"),
        lambda m: [],
        lambda app, route, m, vm: scr.EventOverScreen(app, route, m["state"] == "over"),
    ),
    Route(  # the big screen: on its own for a board (roles), over the event for its organiser
        re.compile(rf"^{EVENT}/board/?$"),
        _on_event,
        lambda app, route, m, vm: scr.EventBoardScreen(app, vm, route),
        _event_vm,
    ),
)


def find(route: str) -> tuple[Route, re.Match[str]] | None:
    """The kind of `route` (one of `route_stack`'s, so without a query) and its parts."""
    for kind in ROUTES:
        m = kind.pattern.match(route)
        if m is not None:
            return kind, m
    return None


def kind_of(route: str) -> tuple[Route, re.Match[str]]:
    """The kind of a route of a stack (`route_stack` makes only routes that have one)."""
    found = find(route)
    if found is None:
        raise ValueError(f"not a route of the app: {route[:MAX_ROUTE_LENGTH]!r}")
    return found


def _clean(route: str) -> str:
    return (route or "/").split("?", 1)[0].split("#", 1)[0] or "/"


def route_stack(route: str) -> list[str]:
    """The routes whose views are stacked for `route` (the last one is shown).

    Iterative: help marks nest `<route>/rules/<section>` on top of a route, and a hostile route
    must not be able to recurse.
    """
    route = _clean(route)
    if len(route) > MAX_ROUTE_LENGTH:
        return ["/"]
    layers: list[tuple[str, str]] = []  # (base, rules route on top of it), outermost first
    while True:
        found = find(route)
        if found is None:
            stack = ["/"]
            break
        kind, m = found
        if kind.pattern is RULES_ROUTE:
            base = m["base"] or "/"
            layers.append((base, route.rstrip("/")))
            if base == "/":
                stack = ["/"]
                break
            route = base
            continue
        stack = [*kind.under(m), route.rstrip("/") or "/"]
        break
    for base, top in reversed(layers):
        if base != "/" and stack[-1] != base.rstrip("/"):
            stack = ["/"]  # an unknown base: the rules on top of the start page
        stack = stack + [top]
    return stack


def help_route(current: str | None, section: str) -> str:
    """The rules at `section` on top of the route `current` (a help mark): back returns to it.
    A help mark on a rules screen opens on that screen's base, not on top of it."""
    base = current if current not in (None, "/") else ""
    r = RULES_ROUTE.match(base)
    if r:
        base = r["base"]
    return f"{base}/rules/{section}"
