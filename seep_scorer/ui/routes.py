"""The app's routes (each shows the views of its parents below it, so back works):

/                         matches
/new                      new match
/match/<id>               scoreboard
/match/<id>/deal          record a deal
/match/<id>/deal/swapped  record a deal, every point card starting with the second team
/match/<id>/deal/<n>      deal n, read-only, with Edit and Delete
/match/<id>/deal/<n>/edit edit deal n (over the scoreboard: saving or deleting returns there)
/match/<id>/review        a match's review, over its scoreboard
/review/<id>              a match's review, straight from the list (a finished match)
/invite                   invite a phone (LAN mode); /match/<id>/invite: to that match, over its scoreboard
/rules  /stats  /settings
/stats/player/<key>       a player's page over the statistics (key: viewmodels.stats.player_slug)
/rules/<section>          the rules, scrolled to a section
<any route>/rules/<section>  the same on top of that route (a help mark), so back returns there
"""

from __future__ import annotations

import re

MATCH_ROUTE = re.compile(
    r"^/match/(?P<id>[A-Za-z0-9_-]+)(?:/deal(?:/(?P<n>\d+|swapped)(?P<edit>(?<=\d)/edit)?)?)?/?$"
)
REVIEW_ROUTE = re.compile(
    r"^(?:/match/(?P<id>[A-Za-z0-9_-]+)|/review/(?P<rid>[A-Za-z0-9_-]+))(?(id)/review)/?$"
)
INVITE_ROUTE = re.compile(r"^(?:/match/(?P<id>[A-Za-z0-9_-]+))?/invite/?$")
PLAYER_ROUTE = re.compile(r"^/stats/player/(?P<key>~?[A-Za-z0-9_-]{1,200})/?$")
RULES_ROUTE = re.compile(r"^(?P<base>.*?)/rules(?:/(?P<section>[a-z-]+))?/?$")
# Every route the app makes is well under this; a longer one (typed or hostile) is the start page,
# so no route can cost more than a few regex steps.
MAX_ROUTE_LENGTH = 256


def route_stack(route: str) -> list[str]:
    """The routes whose views are stacked for `route` (the last one is shown).

    Iterative: help marks nest `<route>/rules/<section>` on top of a route, and a hostile route
    must not be able to recurse.
    """
    route = (route or "/").split("?", 1)[0].split("#", 1)[0] or "/"
    if len(route) > MAX_ROUTE_LENGTH:
        return ["/"]
    layers: list[tuple[str, str]] = []  # (base, rules route on top of it), outermost first
    while True:
        if route in ("/", ""):
            stack = ["/"]
            break
        if route in ("/new", "/stats", "/settings"):
            stack = ["/", route]
            break
        if (p := PLAYER_ROUTE.match(route)) is not None:
            stack = ["/", "/stats", f"/stats/player/{p['key']}"]
            break
        r = RULES_ROUTE.match(route)
        if r:
            base = r["base"] or "/"
            layers.append((base, route.rstrip("/")))
            if base == "/":
                stack = ["/"]
                break
            route = base
            continue
        if (i := INVITE_ROUTE.match(route)) is not None:
            stack = (
                ["/", f"/match/{i['id']}", f"/match/{i['id']}/invite"]
                if i["id"]
                else ["/", "/invite"]
            )
            break
        v = REVIEW_ROUTE.match(route)
        if v:
            stack = (
                ["/", route.rstrip("/")]
                if v["rid"]
                else ["/", f"/match/{v['id']}", route.rstrip("/")]
            )
            break
        m = MATCH_ROUTE.match(route)
        if m:
            base = f"/match/{m['id']}"
            stack = ["/", base]
            if route.rstrip("/") != base:
                stack.append(route.rstrip("/"))
            break
        stack = ["/"]
        break
    for base, top in reversed(layers):
        if base != "/" and stack[-1] != base.rstrip("/"):
            stack = ["/"]  # an unknown base: the rules on top of the start page
        stack = stack + [top]
    return stack


def match_of(route: str) -> re.Match | None:
    """The match route (`id`, `n`: a deal number, "swapped" or None, and `edit`) that `route` is, if it
    is one (a rules route on top of a match is not)."""
    return None if RULES_ROUTE.match(route) else MATCH_ROUTE.match(route)


def review_of(route: str) -> str | None:
    """The id of the match whose review `route` is, if it is one."""
    v = None if RULES_ROUTE.match(route) else REVIEW_ROUTE.match(route)
    return None if v is None else v["id"] or v["rid"]


def invite_of(route: str) -> re.Match | None:
    """The invite route (`id`: the match it leads to, or None) that `route` is, if it is one."""
    return INVITE_ROUTE.match(route)


def player_of(route: str) -> str | None:
    """The player key (as in the route) whose page `route` is, if it is one."""
    p = PLAYER_ROUTE.match(route)
    return p["key"] if p else None


def help_route(current: str | None, section: str) -> str:
    """The rules at `section` on top of the route `current` (a help mark): back returns to it.
    A help mark on a rules screen opens on that screen's base, not on top of it."""
    base = current if current not in (None, "/") else ""
    r = RULES_ROUTE.match(base)
    if r:
        base = r["base"]
    return f"{base}/rules/{section}"
