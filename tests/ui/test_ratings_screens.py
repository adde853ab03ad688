"""Layers 1 and 2: the ratings on the statistics screen (the ranking) and the player page (the
rating after each match, best and worst partners, toughest opponents), checked against openskill
called directly on the history of test_stats_viewmodels:

    m3  2025-06-01  Asha & Bilal  v Chitra & Dev   no bazzi won: rates nothing
    m1  2026-01-15  Asha & Chitra v Bilal & Dev    Asha & Chitra win a bazzi
    m2  2026-03-10  Asha & Chitra v Bilal & Dev    Bilal & Dev win one
    m4  2026-03-15  Asha & Chitra v Eve & Farid    Eve & Farid win one
"""

from __future__ import annotations

from openskill.models import PlackettLuce
from test_stats_screens import StubHost, find, has, player_screen, rows, tap, text
from test_stats_viewmodels import TODAY, history, stats_vm

from seep_scorer.app.history.stats import StatsScreen
from seep_scorer.app.history.stats_model import StatsVM, player_slug

AC, BD, EF = ("asha", "chitra"), ("bilal", "dev"), ("eve", "farid")
GAMES = [(AC, BD), (BD, AC), (EF, AC)]  # (winners, losers), in the order they were played


def by_openskill():
    """Every player's (rating, games) after all games, and Asha's chance before each game."""
    model = PlackettLuce()
    now, played, asha_chance = {}, {}, []
    for winners, losers in GAMES:
        sides = [[now.get(k, model.rating()) for k in team] for team in (winners, losers)]
        chance = model.predict_win(sides)
        asha_chance.append(chance[0] if "asha" in winners else chance[1])
        for team, rated in zip((winners, losers), model.rate(sides, ranks=[0, 1])):
            for k, r in zip(team, rated):
                now[k], played[k] = r, played.get(k, 0) + 1
    return {k: (r.mu - 3 * r.sigma, played[k]) for k, r in now.items()}, asha_chance


def test_the_ranking_is_by_rating_with_rated_games_and_level_players_share_a_place(repo):
    ratings, _chances = by_openskill()
    ranking = stats_vm(repo).ranking()
    expected = sorted(ratings.items(), key=lambda kv: (-kv[1][0], kv[0]))
    assert [r.name.casefold() for r in ranking] == [k for k, _v in expected]
    for r in ranking:
        rating, games = ratings[r.name.casefold()]
        assert abs(r.rating - rating) < 1e-9 and r.games == games and r.provisional
    # partners rated alike stand level: Eve and Farid share a place, so do Bilal and Dev
    places = {r.name: r.rank for r in ranking}
    assert places["Eve"] == places["Farid"] and places["Bilal"] == places["Dev"]
    assert [r.rank for r in ranking] == [1, 1, 3, 3, 5, 5]


def test_the_ranking_follows_the_period(repo):
    vm = stats_vm(repo, "30d")  # m2 and m4 only: Asha and Chitra lost both, first at even odds
    assert {r.name for r in vm.ranking()[:2]} == {"Bilal", "Dev"}
    assert [r.games for r in vm.ranking() if r.name == "Asha"] == [2]


def test_the_statistics_screen_shows_the_ranking_and_opens_a_players_page(repo):
    ratings, _chances = by_openskill()
    host = StubHost()
    screen = StatsScreen(host, stats_vm(repo)).drawn()
    assert has(screen, "stats-ranking")
    assert rows(screen, "rank")[0] == (f"1 Eve 1 bazzi rated · Provisional {ratings['eve'][0]:.1f}")
    assert rows(screen, "rank")[4].startswith("5 Asha 3 bazzis rated · Provisional")
    assert rows(screen, "rank")[4].endswith(f" {ratings['asha'][0]:.1f}")
    tap(screen, "rank-5")
    assert host.routes == [f"/stats/player/{player_slug('asha')}"]


def test_no_ranking_before_a_bazzi_is_won(repo):
    from test_stats_viewmodels import pts, put

    put(repo, "m", (("Asha", "Bilal"), ("Chitra", "Dev")), 3, [pts(50, 50)], "2026-03-01")
    screen = StatsScreen(StubHost(), StatsVM(repo, today=lambda: TODAY)).drawn()
    assert has(screen, "stats-players") and not has(screen, "stats-ranking")


def test_the_player_page_rating_chart_and_surprises(repo):
    ratings, chance = by_openskill()
    screen, _host = player_screen(history(repo))
    vm = screen.vm
    asha = ratings["asha"]
    assert text(screen, "player-rating") == f"Rating {asha[0]:.1f}"
    # the rating after each of Asha's three rated matches, the last one today's
    assert [p.games for _c, p in vm.rating_points] == [1, 2, 3]
    assert abs(vm.rating_points[-1][1].rating - asha[0]) < 1e-9
    chart = find(screen, "player-rating-chart")
    assert chart.label.count(";") == 2 and chart.label.endswith(f"{asha[0]:.1f}")
    # Asha's one rated partner is Chitra: with no other to compare, neither best nor worst
    # (issue 33: the only partner was listed as a "best" one)
    assert vm.best_partners == vm.worst_partners == []
    assert not has(screen, "player-best-partners") and not has(screen, "player-worst-partners")
    # toughest first: Eve & Farid (0 of 1), then Bilal & Dev (1 of 2)
    assert [t.names for t in vm.toughest] == [("Eve", "Farid"), ("Bilal", "Dev")]
    assert abs(vm.toughest[0].expected - chance[2]) < 1e-9
    assert text(screen, "player-toughest-opponents").startswith(
        f"Toughest opponents Eve & Farid Won 0 of 1; the ratings expected {chance[2]:.1f}"
    )


def test_best_and_worst_partners_compare_two_partners_or_more(repo, monkeypatch):
    from seep_scorer.stats.ratings import Surprise

    screen, _host = player_screen(history(repo), "bilal")
    assert screen.vm.best_partners == []  # Dev alone: nothing to compare him with
    # as if Bilal had also played with Eve: Dev beat the odds, Eve fell short of them
    beat, fell = Surprise("dev", 2, 1.0, 0.6), Surprise("eve", 3, 1.0, 1.8)
    monkeypatch.setattr(repo, "rating_surprises", lambda key: ([beat, fell], []))
    screen, _host = player_screen(repo, "bilal")
    ((dev,), (eve,)) = screen.vm.best_partners, screen.vm.worst_partners
    assert dev.names == ("Dev",) and eve.names == ("Eve",) and (eve.games, eve.wins) == (3, 1)
    assert text(screen, "player-best-partners").startswith("Best partners Dev Won 1 of 2")
    assert text(screen, "player-worst-partners").startswith("Worst partners Eve Won 1 of 3")


def test_partners_named_from_all_time_in_a_shorter_period(repo):
    screen, _host = player_screen(history(repo), "asha", "30d")
    assert [t.names for t in screen.vm.toughest][0] == ("Eve", "Farid")
    assert screen.vm.rating.games == 2  # the period's rating, as the ranking shows it
    assert len(screen.vm.rating_points) == 3  # the chart: every match, all time, and says so
    assert text(screen, "player-toughest-opponents").startswith("Toughest opponents · All time")
    screen, _host = player_screen(repo, "asha")
    assert text(screen, "player-toughest-opponents").startswith("Toughest opponents Eve")


def test_a_negative_rating_reads_left_to_right_in_urdu_and_sindhi():
    from seep_scorer.app.history.stats import one_decimal
    from seep_scorer.i18n.translate import UILocale, using

    with using(UILocale("ur")):
        assert one_decimal(-0.74) == "\u2066-0.7\u2069" and one_decimal(0.7) == "0.7"
        assert one_decimal(-0.04) == "0.0"  # never "-0.0"
    with using(UILocale("en")):
        assert one_decimal(-0.74) == "-0.7"
