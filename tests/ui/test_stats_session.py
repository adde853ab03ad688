"""Layer 3: the statistics screen and a player's page in a real headless flet Session running the
app."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone

from harness import Phone
from test_stats_viewmodels import pts, put

from seep_scorer.app.history.stats_model import player_slug
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.shell.routes import route_stack


def seeded(repo):
    """Two matches this week and one from two years ago (dates relative to today: the periods are
    real)."""
    now = datetime.now(timezone.utc).date()
    ac, bd = ("Asha", "Chitra"), ("Bilal", "Dev")
    put(
        repo,
        "m1",
        (ac, bd),
        1,
        [pts(60, 40, (0, "normal")), pts(70, 30)],
        (now - timedelta(days=1)).isoformat(),
    )
    put(repo, "m2", (ac, bd), 1, [pts(5, 95)], now.isoformat())
    put(repo, "m0", (("Asha", "Eve"), bd), 1, [pts(95, 5)], (now - timedelta(days=800)).isoformat())
    return repo


def test_player_routes_stack_over_the_statistics():
    slug = player_slug("asha")
    assert route_stack(f"/stats/player/{slug}") == ["/", "/stats", f"/stats/player/{slug}"]
    assert route_stack(f"/stats/player/{slug}/rules/bazzi") == [
        "/",
        "/stats",
        f"/stats/player/{slug}",
        f"/stats/player/{slug}/rules/bazzi",
    ]
    assert route_stack("/stats/player/") == ["/"] and route_stack("/stats/player/a/b") == ["/"]
    assert route_stack("/stats/player/" + player_slug("😀" * 60))[-1].startswith("/stats/player/~")


def test_statistics_then_a_players_page_and_back(repo):
    async def go():
        phone = await Phone(make_main(lambda: seeded(repo))).start()
        await phone.tap("nav-stats")
        assert phone.route == "/stats" and phone.has("stats") and phone.has("stats-chart")
        assert phone.text("stats-matches").endswith("3")
        assert phone.text("player-1").startswith("Asha") and "3 67%" in phone.text("player-1")
        await phone.tap("stats-players-sort-win-rate")
        assert phone.text("player-1").startswith("Eve")  # 1 of 1
        await phone.tap("stats-period-30d")
        assert phone.text("stats-matches").endswith("2") and not any(
            phone.text(f"player-{n}").startswith("Eve") for n in range(1, 5)
        )
        await phone.tap("player-1")  # in the last 30 days all four won one and lost one: by name
        assert phone.route.startswith("/stats/player/")
        assert phone.text("player-matches") == "Matches 2" and "Last 30 days" in phone.text(
            "player"
        )
        assert phone.has("player-chart") and phone.has("partner-1") and phone.has("rival-1")
        await phone.tap("partner-1")
        assert (
            phone.route.startswith("/stats/player/") and phone.text("player-matches") == "Matches 2"
        )
        await phone.go_back()
        assert phone.route == "/stats" and phone.has("stats-period-30d")
        assert phone.find("stats-period-30d").selected

    asyncio.run(go())


def test_a_players_page_opened_by_its_address(repo):
    async def go():
        phone = await Phone(make_main(lambda: seeded(repo))).start(
            f"/stats/player/{player_slug('eve')}"
        )
        assert phone.text("player-matches") == "Matches 1" and phone.text(
            "player-win-rate"
        ).endswith("100%")
        assert "All time" in phone.text("player")
        await phone.go_back()
        assert phone.route == "/stats"
        empty = await Phone(make_main(lambda: repo)).start(f"/stats/player/{player_slug('nobody')}")
        assert "No matches for this player" in empty.text("player")

    asyncio.run(go())
