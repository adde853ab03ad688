"""Issue 33, item 4: what the scoreboard says after a change is in sight. After editing a deal far
down the list, the notice about it; after the deal that ends the match, the winner's banner: both
stand at the top, and the scoreboard had kept the scroll position the player left it at.
412 x 915, a match of 14 deals."""

from __future__ import annotations

import pytest
from e2e_support import (
    not_shown,
    open_app,
    serve_matches,
    tap,
    type_into,
    wait_present,
    wait_shown,
    wait_text,
)

from seep_scorer.rules import Deal, Match, MatchFormat, Team

TEAMS = (Team("Sharmas", ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))
LEVEL = tuple(Deal(points=(55, 45) if n % 2 else (45, 55)) for n in range(14))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    with serve_matches(
        tmp_path_factory,
        "news",
        Match(teams=TEAMS, format=MatchFormat("bazzis", 1), first_dealer=0, deals=LEVEL),
    ) as (srv, (mid,)):
        yield srv, mid


def scroll_down(page) -> None:
    page.mouse.move(206, 500)
    for _ in range(8):
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(150)


def test_the_notice_and_the_result_come_into_sight(chromium, table):
    srv, mid = table
    ctx = chromium.new_context(viewport={"width": 412, "height": 915})
    page = ctx.new_page()
    try:
        open_app(page, srv.url.rstrip("/") + f"/match/{mid}")
        wait_present(page, "deal-14")
        scroll_down(page)
        wait_shown(page, ["deal-2"])  # far down: the standings are out of sight
        assert not_shown(page, ["difference"])
        tap(page, "deal-2")
        tap(page, "edit-deal")
        wait_present(page, "points-0")
        type_into(page, "points-0", "50")
        wait_text(page, "points-1", "50")
        tap(page, "save-deal")
        wait_text(page, "notice", "2")
        wait_shown(page, ["notice", "difference"], timeout=15_000)

        scroll_down(page)
        assert not_shown(page, ["difference"])
        tap(page, "record-deal")
        tap(page, "mode-points")
        type_into(page, "points-0", "95")
        wait_text(page, "points-1", "5")
        tap(page, "save-deal")
        wait_present(page, "match-result")
        wait_shown(page, ["match-result"], timeout=15_000)
    finally:
        ctx.close()
