"""Two short matches played through the UI in headless Chromium at 412 x 915, then the ranking,
a player's rating chart and the fair teams suggestion show the figures that stats.ratings gives
for the same two matches (shared/spec/stats.md, "Ratings").

    match 1  Asha & Chitra v Bilal & Dev    5 : 95   Bilal and Dev win the bazzi
    match 2  Asha & Chitra v Eve & Farid   95 : 5    Asha and Chitra win it
"""

from __future__ import annotations

from babel.numbers import format_decimal
from e2e_support import (
    VIEWPORT,
    WAIT_MS,
    open_app,
    tap,
    text,
    type_into,
    wait_present,
    wait_text,
)
from test_statistics import play, shot

from seep_scorer.rules import Deal, Match, MatchFormat, Team, replay
from seep_scorer.stats import contribution_of
from seep_scorer.stats.ratings import fair_teams, rate_all


def one_decimal(value: float) -> str:
    return format_decimal(round(value, 1) + 0.0, format="#,##0.0", locale="en")


def rated_here():
    """The two matches as stats.ratings rates them."""
    items = []
    matches = [
        (("Asha", "Chitra"), ("Bilal", "Dev"), 5),
        (("Asha", "Chitra"), ("Eve", "Farid"), 95),
    ]
    for n, (team0, team1, points0) in enumerate(matches):
        match = Match(
            format=MatchFormat("first_to", 1),
            teams=(Team("Team A", team0), Team("Team B", team1)),
            deals=(Deal(points=(points0, 100 - points0)),),
        )
        stamp = f"2026-03-0{n + 1}T12:00:00+00:00"
        items.append(((stamp, f"m{n}"), contribution_of(match, replay(match), stamp, stamp)))
    return rate_all(items)


def test_the_ranking_a_players_rating_chart_and_fair_teams(chromium, server):
    ratings = rated_here()
    ranked = sorted(ratings.items(), key=lambda kv: (-kv[1].rating, -kv[1].games, kv[0]))
    ctx = chromium.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    try:
        open_app(page, server.url)
        play(page, ("Asha", "Bilal", "Chitra", "Dev"), 5)
        play(page, ("Asha", "Eve", "Chitra", "Farid"), 95)

        tap(page, "nav-stats")
        wait_present(page, "stats-ranking")
        for n, (key, r) in enumerate(ranked, start=1):
            row = text(page, f"rank-{n}")
            assert key.capitalize() in row and row.endswith(one_decimal(r.rating)), row
            assert f"{r.games} bazzi" in row and " rated" in row and "Provisional" in row
        shot(page, "ranking")

        asha = next(n for n, (key, _r) in enumerate(ranked, start=1) if key == "asha")
        tap(page, f"rank-{asha}")
        page.wait_for_function(
            "() => location.pathname.startsWith('/stats/player/')", timeout=WAIT_MS
        )
        wait_present(page, "player-rating-chart")
        assert text(page, "player-rating") == f"Rating {one_decimal(ratings['asha'].rating)}"
        chart = page.locator('[flt-semantics-identifier="player-rating-chart"]').first
        label = chart.get_attribute("aria-label") or text(page, "player-rating-chart")
        # two points, the last one the rating now
        assert label.count(";") == 1 and label.endswith(one_decimal(ratings["asha"].rating))
        shot(page, "player-ratings")

        tap(page, "nav-matches")
        tap(page, "new-match")
        wait_present(page, "start-match")
        seats = ("Asha", "Bilal", "Chitra", "Dev")  # Asha & Chitra (seats 1, 3) v Bilal & Dev
        for seat, name in enumerate(seats):
            type_into(page, f"player-name-{seat}", name)
        for seat, name in enumerate(seats):  # a fill lost while the form re-rendered: again
            field = page.locator(f'[flt-semantics-identifier="player-name-{seat}"] input').first
            for _ in range(3):
                if field.input_value() == name:
                    break
                type_into(page, f"player-name-{seat}", name)
                page.wait_for_timeout(300)
        split = fair_teams(["Asha", "Chitra", "Bilal", "Dev"], ratings)
        assert split.teams == (("Asha", "Bilal"), ("Chitra", "Dev"))  # each with a winner
        tap(page, "fair-teams")
        wait_present(page, "fair-teams-suggestion")
        for i in (0, 1):
            side = text(page, f"fair-teams-side-{i}")
            pair, chance = " & ".join(split.teams[i]), f"{round(split.chances[i] * 100)}%"
            assert side == f"{pair} {chance}", side
        shot(page, "fair-teams")
        tap(page, "fair-teams-apply")
        wait_present(page, "fair-teams-undo")
        # the seats as the first-dealer chips name them (a field shows its text only when focused)
        seated = (split.teams[0][0], split.teams[1][0], split.teams[0][1], split.teams[1][1])
        wait_text(page, "first-dealer-1", seated[1])
        assert all(name in text(page, f"first-dealer-{s}") for s, name in enumerate(seated))
        tap(page, "fair-teams-undo")
        wait_text(page, "first-dealer-1", seats[1])
        assert all(name in text(page, f"first-dealer-{s}") for s, name in enumerate(seats))
        wait_present(page, "fair-teams-apply")
    finally:
        ctx.close()
