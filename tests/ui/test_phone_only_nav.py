"""The phone-only app offers what it can do alone: no Events (an event needs the tables' phones
to join the served app)."""

from __future__ import annotations

import sys

from seep_scorer.app.shell.widgets import nav_bar


class _Host:
    def handler(self, fn, *args):
        return lambda e=None: fn(*args)

    def go(self, route):
        pass

    def go_top(self, route):
        pass


def _ids(bar) -> list[str]:
    found = []

    def walk(control):
        ident = getattr(control, "identifier", None)
        if isinstance(ident, str) and ident.startswith("nav-"):
            found.append(ident)
        for attr in ("content", "controls"):
            child = getattr(control, attr, None)
            for c in child if isinstance(child, list) else [child] if child is not None else []:
                walk(c)

    walk(bar)
    return found


def test_the_served_app_has_events_and_the_phone_only_app_has_not(monkeypatch):
    served = _ids(nav_bar(_Host(), "/"))
    assert "nav-events" in served and "nav-settings" in served
    monkeypatch.setattr(sys, "platform", "emscripten")
    alone = _ids(nav_bar(_Host(), "/"))
    assert "nav-events" not in alone and alone == [i for i in served if i != "nav-events"]
