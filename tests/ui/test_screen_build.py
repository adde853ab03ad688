"""Issue 20, item 5: one route table; screens built first and drawn afterwards; public Flet
names only. Every route of the table opens its own screen, with the views under it."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from harness import Phone, screen_modules

from seep_scorer.app.history.stats_model import player_slug
from seep_scorer.app.shell import routes
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.widgets import Screen
from seep_scorer.rules import Deal, Match, MatchFormat, Team

PACKAGE = Path(routes.__file__).parents[2]
SCREENS = screen_modules()


class _Recorded(Screen):
    """A screen that notes every overridable method called on it."""

    def __init__(self, host):
        self.calls: list[str] = []
        super().__init__(host)

    def title(self) -> str:
        self.calls.append("title")
        return "Recorded"

    def fit_width(self, page_width) -> None:
        self.calls.append("fit_width")
        super().fit_width(page_width)

    def refresh(self) -> None:
        self.calls.append("refresh")


class _Host:
    async def go_top(self, route: str) -> None: ...

    def handler(self, fn, *args, **kw):
        return lambda *a: None

    def page_width(self):
        return 915


def test_a_screen_is_built_without_its_overridable_methods_then_drawn():
    screen = _Recorded(_Host())
    assert screen.calls == []  # the constructor draws nothing a subclass has yet to build
    assert screen.drawn() is screen
    assert screen.calls == ["title", "fit_width", "refresh"]
    assert screen.view.appbar.title.value == "Recorded"
    assert screen.frames[1].width == 600  # fitted to the wide page


def test_no_screen_guards_against_being_drawn_before_it_is_built():
    assert len(SCREENS) >= 15, SCREENS
    guarded = [
        p.name
        for p in SCREENS
        if re.search(r"\b(?:has|get)attr\(self\b", p.read_text(encoding="utf-8"))
    ]
    assert guarded == []


def test_the_package_uses_no_private_flet_or_import_system_names():
    private = re.compile(
        r"from flet[\w.]* import _\w|\bflet(?:\.\w+)*\._[a-z]\w*|_context_page|_frozen_importlib"
    )
    found = [
        f"{p.relative_to(PACKAGE)}:{n}"
        for p in PACKAGE.rglob("*.py")
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if private.search(line)
    ]
    assert found == []


def test_every_route_of_the_stack_has_its_kind_in_the_table():
    for route in (
        "/match/m1/deal/2/edit/rules/scoring",
        "/stats/player/abc/rules",
        "/match/m1/invite",
        "/review/m1",
    ):
        for r in routes.route_stack(route):
            kind, _ = routes.kind_of(r)
            assert kind in routes.ROUTES
    with pytest.raises(ValueError):
        routes.kind_of("/nonsense")


def _match(repo) -> str:
    teams = (Team("Reds", ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev")))
    return repo.create(
        Match(
            teams=teams,
            format=MatchFormat("bazzis", 3),
            first_dealer=0,
            deals=(Deal(points=(60, 40)), Deal(points=(30, 70))),
        )
    ).id


def test_each_route_opens_its_screen_over_the_views_under_it(repo):
    mid = _match(repo)
    slug = player_slug("asha")
    expected = {  # route -> an identifier only its screen shows
        "/": "new-match",
        "/new": "start-match",
        "/stats": "stats-period-all",
        "/settings": "language",
        f"/stats/player/{slug}": "player-win-rate",
        "/rules/scoring": "rules-section-scoring",
        "/invite": None,  # the invite screen says why it cannot invite: no identifier
        f"/match/{mid}/invite": None,
        f"/review/{mid}": "share-result",
        f"/match/{mid}/review": "share-result",
        f"/match/{mid}": "record-deal",
        f"/match/{mid}/deal": "save-deal",
        f"/match/{mid}/deal/swapped": "save-deal",
        f"/match/{mid}/deal/1": "edit-deal",
        f"/match/{mid}/deal/2/edit": "points-0",
        f"/match/{mid}/rules/bazzi": "rules-section-bazzi",
    }

    async def go():
        main = make_main(lambda: repo)
        for route, ident in expected.items():
            phone = await Phone(main).start(route)
            stack = routes.route_stack(route)
            assert [v.route for v in phone.page.views] == stack, route
            if ident is not None:
                assert phone.has(ident), (route, sorted(phone.identifiers()))

    asyncio.run(go())


def test_a_deal_that_is_not_there_opens_the_start_page(repo):
    mid = _match(repo)

    async def go():
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}/deal/3")
        assert [v.route for v in phone.page.views] == ["/"]

    asyncio.run(go())
