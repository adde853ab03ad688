"""Layer 1: the statistics and player view-models on the memory repository, figures computed by
hand.

The history (today is 20 March 2026):

    m3  2025-06-01  Asha & Bilal   v Chitra & Dev  three bazzis, 50 : 50  (unfinished)
    m1  2026-01-15  Asha & Chitra  v Bilal & Dev   110 : 40, then 70 : 30 Asha & Chitra by the lead
    m2  2026-03-10  Asha & Chitra  v Bilal & Dev   5 : 95                 Bilal & Dev by the minimum
    m4  2026-03-15  Asha & Chitra  v Eve & Farid   5 : 95                 Eve & Farid by the minimum
"""

from __future__ import annotations

from datetime import date

import pytest

from seep_scorer.app.history.player_model import PlayerVM
from seep_scorer.app.history.stats_model import StatsVM, player_in, player_slug, since_of
from seep_scorer.rules import Deal, Match, MatchFormat, Sweep, Team, replay
from seep_scorer.stats import MonthResults
from seep_scorer.store.repository import StoredMatch, StoreError

TODAY = date(2026, 3, 20)


def pts(a, b, *sweeps):
    return Deal(points=(a, b), sweeps=tuple(Sweep(t, k) for t, k in sweeps))


def put(repo, mid, teams, count, deals, created):
    # the new-match screen's default team names, which the statistics leave out
    match = Match(
        format=MatchFormat("bazzis", count),
        teams=(Team("Team A", teams[0]), Team("Team B", teams[1])),
        first_dealer=0,
        deals=tuple(deals),
    )
    stamp = f"{created}T12:00:00+00:00"
    repo.restore(StoredMatch(mid, match, 1, stamp, stamp, replay(match).finished))


def history(repo):
    ac, bd = ("Asha", "Chitra"), ("Bilal", "Dev")
    put(repo, "m3", (("Asha", "Bilal"), ("Chitra", "Dev")), 3, [pts(50, 50)], "2025-06-01")
    put(repo, "m1", (ac, bd), 1, [pts(60, 40, (0, "normal")), pts(70, 30)], "2026-01-15")
    put(repo, "m2", (ac, bd), 1, [pts(5, 95)], "2026-03-10")
    put(repo, "m4", (ac, ("Eve", "Farid")), 1, [pts(5, 95)], "2026-03-15")
    return repo


def stats_vm(repo, period="all"):
    return StatsVM(history(repo), period, today=lambda: TODAY)


def names(rows):
    return [" & ".join(f.names) for f in rows]


def test_periods_start_on_the_first_day_they_count():
    assert since_of("all", TODAY) is None
    assert since_of("year", TODAY) == date(2026, 1, 1)
    assert since_of("30d", TODAY) == date(2026, 2, 18)


def test_all_time_tables_sorted_by_matches_then_by_win_rate(repo):
    vm = stats_vm(repo)
    assert (vm.matches, vm.finished, vm.deals) == (4, 3, 5)
    assert names(vm.players) == ["Asha", "Chitra", "Bilal", "Dev", "Eve", "Farid"]
    assert [(f.matches, f.wins, f.losses) for f in vm.players[:3]] == [
        (4, 1, 2),
        (4, 1, 2),
        (3, 1, 1),
    ]
    vm.sort_by("players", "win_rate")
    assert names(vm.players) == ["Eve", "Farid", "Bilal", "Dev", "Asha", "Chitra"]
    assert [f.win_rate for f in vm.players] == [1, 1, 0.5, 0.5, 1 / 3, 1 / 3]
    vm.sort_by("players", "win_rate")  # the same column again: lowest first
    assert names(vm.players) == ["Asha", "Chitra", "Bilal", "Dev", "Eve", "Farid"]
    assert vm.sort["players"] == ("win_rate", False)
    vm.sort_by("players", "matches")
    assert vm.sort["players"] == ("matches", True)
    # partnerships: one that never finished a match has no win rate and sorts last by it
    assert names(vm.partnerships) == [
        "Asha & Chitra",
        "Bilal & Dev",
        "Eve & Farid",
        "Asha & Bilal",
        "Chitra & Dev",
    ]
    vm.sort_by("partnerships", "win_rate")
    assert names(vm.partnerships) == [
        "Eve & Farid",
        "Bilal & Dev",
        "Asha & Chitra",
        "Asha & Bilal",
        "Chitra & Dev",
    ]
    assert names(vm.players)[0] == "Asha"  # each table keeps its own order


def test_the_chart_shows_win_rate_of_partnerships_that_finished_a_match_best_first(repo):
    chart = stats_vm(repo).chart()
    assert [(" & ".join(p.names), p.win_rate) for p in chart] == [
        ("Eve & Farid", 1.0),
        ("Bilal & Dev", 0.5),
        ("Asha & Chitra", 1 / 3),
    ]


def test_the_period_filter_reads_the_store_again(repo):
    vm = stats_vm(repo)
    vm.set_period("year")
    assert (vm.period, vm.matches, vm.deals) == ("year", 3, 4)
    assert names(vm.partnerships) == ["Asha & Chitra", "Bilal & Dev", "Eve & Farid"]
    vm.set_period("30d")
    assert (vm.matches, vm.finished) == (2, 2)
    asha = next(f for f in vm.players if f.names == ("Asha",))
    assert (asha.matches, asha.wins, asha.losses, asha.win_rate) == (2, 0, 2, 0)
    vm.set_period("nonsense")
    assert vm.period == "30d"


def test_an_empty_history_and_an_empty_period(repo):
    vm = StatsVM(repo, today=lambda: TODAY)
    assert vm.loaded and vm.empty and vm.players == [] and vm.chart() == []
    put(repo, "old", (("Asha", "Chitra"), ("Bilal", "Dev")), 1, [pts(95, 5)], "2024-01-01")
    put(
        repo, "none", (("Gita", "Hari"), ("Ivan", "Jai")), 1, [], "2026-03-19"
    )  # no deals: not counted
    vm.set_period("year")
    assert vm.empty
    vm.set_period("all")
    assert not vm.empty and vm.matches == 1 and "Gita" not in names(vm.players)


def test_a_store_fault_keeps_the_last_figures_and_says_so(repo):
    vm = stats_vm(repo)

    def broken(since=None):
        raise StoreError("disk gone")

    repo.statistics = broken
    vm.set_period("year")
    assert vm.message and vm.matches == 4
    assert StatsVM(repo).loaded is False


def test_player_slugs_are_url_safe_and_name_the_player_back(repo):
    stats = history(repo).statistics()
    for key in ("asha", "ravi kumar", "रवि", "جميل", "a" * 60, "😀" * 60):
        slug = player_slug(key)
        assert all(c.isascii() and (c.isalnum() or c in "-_~") for c in slug) and len(slug) <= 200
    assert player_in(stats, player_slug("asha")).names == ("Asha",)
    assert player_in(stats, player_slug("nobody")) is None and player_in(stats, "!!!") is None
    assert player_in(stats, "~" + "A" * 24) is None


def test_the_player_page_figures(repo):
    vm = PlayerVM(history(repo), player_slug("asha"), today=lambda: TODAY)
    f = vm.figures
    assert vm.name == "Asha"
    assert (f.matches, f.finished, f.wins, f.losses, f.draws, f.deals) == (4, 3, 1, 2, 0, 5)
    assert (f.bazzis_won, f.bazzis_lost, f.bazzis_won_by_minimum) == (1, 2, 0)
    assert f.card_points == 60 + 70 + 5 + 50 + 5 and f.card_points_per_deal == 38.0
    assert f.sweeps_per_ten_deals == 2.0 and f.win_rate == pytest.approx(1 / 3)
    assert [(p.name, p.figures.matches, p.figures.wins, p.figures.losses) for p in vm.partners] == [
        ("Chitra", 3, 1, 2),
        ("Bilal", 1, 0, 0),
    ]
    assert vm.partners[0].slug == player_slug("chitra")
    assert [
        (r.partner, r.opponents, r.matches, r.wins, r.losses, r.draws) for r in vm.rivalries
    ] == [
        ("Chitra", ("Bilal", "Dev"), 2, 1, 1, 0),
        ("Bilal", ("Chitra", "Dev"), 1, 0, 0, 0),
        ("Chitra", ("Eve", "Farid"), 1, 0, 1, 0),
    ]
    assert vm.months == [
        MonthResults(2026, 1, 1, 0, 0),
        MonthResults(2026, 2),  # February: a gap
        MonthResults(2026, 3, 0, 0, 2),
    ]
    dev = PlayerVM(repo, player_slug("dev"), today=lambda: TODAY).figures
    assert (dev.bazzis_won, dev.bazzis_won_by_minimum, dev.bazzis_lost) == (1, 1, 1)
    # from the other side of the table: Bilal and Dev against Asha and Chitra
    bilal = PlayerVM(repo, player_slug("bilal"), today=lambda: TODAY)
    assert [(r.partner, r.opponents, r.wins, r.losses) for r in bilal.rivalries][:1] == [
        ("Dev", ("Asha", "Chitra"), 1, 1)
    ]


def test_the_player_page_in_a_period_and_for_someone_unknown(repo):
    vm = PlayerVM(history(repo), player_slug("asha"), "30d", today=lambda: TODAY)
    assert (
        vm.figures.matches,
        vm.figures.losses,
        vm.figures.deals,
        vm.figures.card_points_per_deal,
    ) == (2, 2, 2, 5)
    assert [p.name for p in vm.partners] == ["Chitra"] and vm.months == [
        MonthResults(2026, 3, 0, 0, 2)
    ]
    eve = PlayerVM(repo, player_slug("eve"), "30d", today=lambda: TODAY)
    assert eve.figures.win_rate == 1 and eve.rivalries[0].opponents == ("Asha", "Chitra")
    nobody = PlayerVM(repo, player_slug("nobody"), today=lambda: TODAY)
    assert nobody.loaded and nobody.figures is None and nobody.partners == [] and nobody.name == ""


def test_head_to_head_the_most_played_meetings_the_side_with_more_wins_first(repo):
    # issue 19, item 11: the statistics screen's head to head
    from seep_scorer.app.history.stats_model import MEETINGS_SHOWN, Meeting

    vm = stats_vm(repo)
    assert vm.head_to_head() == [
        Meeting(("Asha", "Chitra"), ("Bilal", "Dev"), 2, 1, 1, 0),  # 1 : 1, the key order decides
        Meeting(("Eve", "Farid"), ("Asha", "Chitra"), 1, 1, 0, 0),  # the winners first
        Meeting(("Asha", "Bilal"), ("Chitra", "Dev"), 1, 0, 0, 0),
    ]  # unfinished: after a finished one
    vm.set_period("30d")
    assert [(m.first, m.wins, m.losses) for m in vm.head_to_head()] == [
        (("Bilal", "Dev"), 1, 0),
        (("Eve", "Farid"), 1, 0),
    ]
    for n in range(12):  # more pairs of partnerships than the screen shows
        put(repo, f"x{n}", ((f"P{n}", "Q"), (f"R{n}", "S")), 1, [pts(95, 5)], "2026-03-18")
    vm.reload()
    assert len(vm.head_to_head()) == MEETINGS_SHOWN and len(vm.stats.head_to_head) == 14
