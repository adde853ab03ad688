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
/match/<id>/share         share that match with another phone-only app (the phone-only app)
/join                     join the match another phone-only app shares (the phone-only app)
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
from typing import TYPE_CHECKING, Any, Callable, Protocol

from seep_scorer.app.matches.home import MatchesScreen
from seep_scorer.app.matches.home_model import MatchesVM
from seep_scorer.app.settings.settings_model import SettingsVM
from seep_scorer.app.shell.host import Host
from seep_scorer.app.shell.widgets import Screen  # the first screen loads with the app
from seep_scorer.app.table.invite_model import InviteVM
from seep_scorer.app.table.match_model import DraftBook
from seep_scorer.store.repository import MatchRepository, StoreError

if TYPE_CHECKING:
    from seep_scorer.app.table.match_model import ScoreboardVM

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
    settings: SettingsVM | None
    drafts: DraftBook

    def scoreboard_vm(self, match_id: str) -> ScoreboardVM:
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


def _board(app: RouteHost, m: re.Match[str], below: Below) -> ScoreboardVM:
    board = app.scoreboard_vm(m["id"])
    n = m.groupdict().get("n")
    if n and not 1 <= int(n) <= len(board.deals):
        raise StoreError(f"deal {n} does not exist")
    return board


def _entry(app: RouteHost, route: str, m: re.Match[str], board: ScoreboardVM) -> Screen:
    """A deal entered (a new one, or deal n edited)."""
    number = int(m["n"]) if m.groupdict().get("n") else None
    swapped = bool(m.groupdict().get("swapped"))
    entry = _deal_entry_vm(board.match, number)
    if swapped:
        entry.swap_all()  # every point card starts with the second team
    screen = _deal_screen(app, board, entry, swapped=swapped, drafts=app.drafts)
    screen.route = screen.view.route = route  # an edit lives at /deal/<n>/edit
    return screen


def _on_match(m: re.Match[str]) -> list[str]:
    return ["/", f"/match/{m['id']}"]


def _home(m: re.Match[str]) -> list[str]:
    return ["/"]


def _on_event(m: re.Match[str]) -> list[str]:
    return ["/events", f"/event/{m['event']}"]


def _event_vm(app: RouteHost, m: re.Match[str], below: Below):
    from seep_scorer.app.events.event_model import EventVM

    return below(f"/event/{m['event']}") or EventVM(app.repo, m["event"])


def _period_below(below: Below) -> str:
    """The period chosen on the statistics screen under a player's page."""
    stats = below("/stats")
    return stats.period if stats is not None else "all"


# Each screen and view-model below loads when its route is first shown, not with the app: the
# phone-only app starts sooner without them (bench/publish_startup.py).


def _deal_entry_vm(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.table.match_model import DealEntryVM

    return DealEntryVM(*args, **kwargs)


def _deal_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.table.deal import DealScreen

    return DealScreen(*args, **kwargs)


def _deal_view_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.table.deal_view import DealViewScreen

    return DealViewScreen(*args, **kwargs)


def _event_board_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.board import EventBoardScreen

    return EventBoardScreen(*args, **kwargs)


def _event_cards_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.cards import EventCardsScreen

    return EventCardsScreen(*args, **kwargs)


def _event_over_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.board import EventOverScreen

    return EventOverScreen(*args, **kwargs)


def _event_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.event import EventScreen

    return EventScreen(*args, **kwargs)


def _events_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.home import EventsScreen

    return EventsScreen(*args, **kwargs)


def _invite_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.table.invite import InviteScreen

    return InviteScreen(*args, **kwargs)


def _share_screen(app: Any, route: str, match_id: str) -> Any:
    from seep_scorer.app.table.share import ShareScreen
    from seep_scorer.app.table.share_model import ShareVM

    return ShareScreen(app, ShareVM(match_id), route)


def _join_screen(app: Any, route: str) -> Any:
    from seep_scorer.app.table.share import JoinScreen
    from seep_scorer.app.table.share_model import JoinVM

    return JoinScreen(app, JoinVM(), route)


def _new_event_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.home import NewEventScreen

    return NewEventScreen(*args, **kwargs)


def _new_match_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.matches.new_match import NewMatchScreen

    return NewMatchScreen(*args, **kwargs)


def _new_match_vm(*args: Any, **kwargs: Any) -> Any:

    return _new_match_vm(*args, **kwargs)


def _player_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.history.player import PlayerScreen

    return PlayerScreen(*args, **kwargs)


def _review_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.history.review import ReviewScreen

    return ReviewScreen(*args, **kwargs)


def _rules_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.rules.rules import RulesScreen

    return RulesScreen(*args, **kwargs)


def _scoreboard_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.table.scoreboard import ScoreboardScreen

    return ScoreboardScreen(*args, **kwargs)


def _settings_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.settings.settings import SettingsScreen

    return SettingsScreen(*args, **kwargs)


def _stats_screen(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.history.stats import StatsScreen

    return StatsScreen(*args, **kwargs)


def _new_match_vm(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.matches.new_match_model import NewMatchVM

    return NewMatchVM(*args, **kwargs)


def _stats_vm(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.history.stats_model import StatsVM

    return StatsVM(*args, **kwargs)


def _player_vm(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.history.player_model import PlayerVM

    return PlayerVM(*args, **kwargs)


def _review_vm(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.history.review_model import ReviewVM

    return ReviewVM(*args, **kwargs)


def _events_vm(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.home_model import EventsVM

    return EventsVM(*args, **kwargs)


def _new_event_vm(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.home_model import NewEventVM

    return NewEventVM(*args, **kwargs)


def _cards_vm(*args: Any, **kwargs: Any) -> Any:
    from seep_scorer.app.events.cards_model import CardsVM

    return CardsVM(*args, **kwargs)


# In the order they are tried: a player's key or a match's id may read "rules", "invite" or
# "review", so those routes come before the rules layer, and the rules layer before the rest.
ROUTES: tuple[Route, ...] = (
    Route(
        re.compile(r"^/$"),
        lambda m: [],
        lambda app, route, m, vm: MatchesScreen(app, vm),
        lambda app, m, below: MatchesVM(app.repo),
    ),
    Route(
        re.compile(r"^/new$"),
        _home,
        lambda app, route, m, vm: _new_match_screen(app, vm or _new_match_vm(app.repo)),
        lambda app, m, below: _new_match_vm(app.repo, known_names=True),
    ),
    Route(
        re.compile(r"^/stats$"),
        _home,
        lambda app, route, m, vm: _stats_screen(app, vm),
        lambda app, m, below: _stats_vm(app.repo),
    ),
    Route(
        re.compile(r"^/settings$"),
        _home,
        lambda app, route, m, vm: _settings_screen(app, app.settings),
    ),
    Route(
        re.compile(r"^/stats/player/(?P<key>~?[A-Za-z0-9_-]{1,200})/?$"),
        lambda m: ["/", "/stats"],
        lambda app, route, m, vm: _player_screen(app, vm, route),
        lambda app, m, below: _player_vm(app.repo, m["key"], _period_below(below)),
    ),
    Route(  # the rules layer: `route_stack` puts it on top of its base
        RULES_ROUTE,
        _home,
        lambda app, route, m, vm: _rules_screen(app, route, m["section"]),
    ),
    Route(
        re.compile(r"^/invite/?$"),
        _home,
        lambda app, route, m, vm: _invite_screen(app, InviteVM(app.join_address(), None), route),
    ),
    Route(
        re.compile(rf"^/match/{ID}/invite/?$"),
        _on_match,
        lambda app, route, m, vm: _invite_screen(app, InviteVM(app.join_address(), m["id"]), route),
    ),
    Route(
        re.compile(rf"^/match/{ID}/share/?$"),
        _on_match,
        lambda app, route, m, vm: _share_screen(app, route, m["id"]),
    ),
    Route(
        re.compile(r"^/join/?$"),
        _home,
        lambda app, route, m, vm: _join_screen(app, route),
    ),
    Route(
        re.compile(r"^/review/(?P<id>[A-Za-z0-9_-]+)/?$"),
        _home,
        lambda app, route, m, vm: _review_screen(app, vm, route),
        lambda app, m, below: _review_vm(app.repo, m["id"]),
    ),
    Route(
        re.compile(rf"^/match/{ID}/review/?$"),
        _on_match,
        lambda app, route, m, vm: _review_screen(app, vm, route),
        lambda app, m, below: _review_vm(app.repo, m["id"]),
    ),
    Route(
        re.compile(rf"^/match/{ID}/?$"),
        _home,
        lambda app, route, m, board: _scoreboard_screen(app, board),
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
        lambda app, route, m, board: _deal_view_screen(app, board, int(m["n"])),
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
        lambda app, route, m, vm: _events_screen(app, vm),
        lambda app, m, below: _events_vm(app.repo),
    ),
    Route(
        re.compile(r"^/events/new/?$"),
        lambda m: ["/events"],
        lambda app, route, m, vm: _new_event_screen(app, vm),
        lambda app, m, below: _new_event_vm(app.repo),
    ),
    Route(
        re.compile(rf"^{EVENT}/?$"),
        lambda m: ["/events"],
        lambda app, route, m, vm: _event_screen(app, vm, route),
        _event_vm,
    ),
    Route(
        re.compile(rf"^{EVENT}/cards/?$"),
        _on_event,
        lambda app, route, m, vm: _event_cards_screen(app, vm, route),
        lambda app, m, below: _cards_vm(_event_vm(app, m, below), app.join_address()),
    ),
    Route(  # a table phone's or the board's page once its event is over, or its table unused
        re.compile(rf"^{EVENT}/(?P<state>over|waiting)/?$"),
        lambda m: [],
        lambda app, route, m, vm: _event_over_screen(app, route, m["state"] == "over"),
    ),
    Route(  # the big screen: on its own for a board (roles), over the event for its organiser
        re.compile(rf"^{EVENT}/board/?$"),
        _on_event,
        lambda app, route, m, vm: _event_board_screen(app, vm, route),
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
