"""Layers 1 and 2: fair teams on the new-match screen. Asha and Bilal won three bazzis together
against Chitra and Dev, so the fairest split pairs a winner with a loser; the chances are
checked against openskill called directly."""

from __future__ import annotations

import flet as ft
from harness import _walk
from openskill.models import PlackettLuce
from test_stats_screens import StubHost, find, has, tap, text
from test_stats_viewmodels import pts, put

from seep_scorer.app.matches.new_match import NewMatchScreen
from seep_scorer.app.matches.new_match_model import FairTeamsVM, NewMatchVM


def played(repo):
    for n, day in enumerate(("2026-03-01", "2026-03-02", "2026-03-03")):
        teams = (("Asha", "Bilal"), ("Chitra", "Dev"))
        put(repo, f"m{n}", teams, 1, [pts(95, 5)], day)
    return repo


def by_openskill(names):
    """The split of `names` (the first stays in team A) closest to 50-50, and its chances."""
    model = PlackettLuce()
    now = {}
    for _n in range(3):
        sides = [
            [now.get(k, model.rating()) for k in t] for t in (("asha", "bilal"), ("chitra", "dev"))
        ]
        for team, rated in zip((("asha", "bilal"), ("chitra", "dev")), model.rate(sides)):
            now.update(zip(team, rated))
    first, *others = names
    best = None
    for partner in others:
        rest = [n for n in others if n != partner]
        teams = ((first, partner), tuple(rest))
        ratings = [[now.get(n.casefold(), model.rating()) for n in t] for t in teams]
        chances = model.predict_win(ratings)
        if best is None or abs(chances[0] - 0.5) < abs(best[1][0] - 0.5):
            best = (teams, chances)
    return best


def form(repo, seats=("Asha", "Chitra", "Bilal", "Dev")):
    vm = NewMatchVM(played(repo))
    for seat, name in enumerate(seats):
        if name:
            vm.set_name(f"player-{seat}", name)
    return vm, FairTeamsVM(vm)


def test_offered_once_four_different_players_are_named(repo):
    vm, fair = form(repo, ("Asha", "Chitra", "Bilal", ""))
    assert not fair.available  # "Player 4" is a default, nobody to rate
    vm.set_name("player-3", "asha ")  # Asha twice
    assert not fair.available
    vm.set_name("player-3", "Dev")
    assert fair.available and fair.shown is None


def test_the_fairest_split_its_chances_applied_and_undone(repo):
    # seated: Asha & Bilal (seats 1 and 3) against Chitra & Dev, the lopsided split
    vm, fair = form(repo)
    fair.suggest()
    teams, chances = by_openskill(["Asha", "Bilal", "Chitra", "Dev"])
    assert fair.shown.teams == teams == (("Asha", "Chitra"), ("Bilal", "Dev"))
    assert all(abs(a - b) < 1e-9 for a, b in zip(fair.shown.chances, chances))
    assert not fair.shown.guess and not fair.seated_so
    fair.apply()
    assert vm.player_names == ["Asha", "Bilal", "Chitra", "Dev"]  # team A in seats 1 and 3
    assert [p for t in vm.build().teams for p in t.players] == ["Asha", "Chitra", "Bilal", "Dev"]
    assert fair.seated_so and fair.can_undo and fair.shown is not None
    fair.undo()
    assert vm.player_names == ["Asha", "Chitra", "Bilal", "Dev"] and not fair.can_undo


def test_another_player_after_applying_ends_the_suggestion_and_its_undo(repo):
    vm, fair = form(repo)
    fair.suggest()
    fair.apply()
    vm.set_name("player-3", "Eve")
    assert fair.shown is None and not fair.can_undo
    fair.undo()  # nothing to undo: Eve stays
    assert vm.player_names[3] == "Eve"


def test_a_player_with_no_games_makes_it_a_guess(repo):
    vm, fair = form(repo, ("Asha", "Chitra", "Bilal", "Eve"))
    fair.suggest()
    teams, chances = by_openskill(["Asha", "Bilal", "Chitra", "Eve"])
    assert fair.shown.teams == teams and fair.shown.guess
    assert abs(fair.shown.chances[0] - chances[0]) < 1e-9


class Host(StubHost):
    async def open_help(self, section):
        self.routes.append(section)


def screen_of(repo, seats):
    host = Host()
    vm, _fair = form(repo, seats)
    return NewMatchScreen(host, vm)


def visible(screen, ident):
    return has(screen, ident)  # the walk skips what is not visible, as the screen does


def test_the_screen_suggests_shows_chances_applies_and_undoes(repo):
    screen = screen_of(repo, ("Asha", "Chitra", "Bilal", ""))
    assert not visible(screen, "fair-teams")
    screen.vm.set_name("player-3", "Dev")
    screen.refresh()
    assert visible(screen, "fair-teams") and not visible(screen, "fair-teams-suggestion")
    tap(screen, "fair-teams")
    _teams, chances = by_openskill(["Asha", "Bilal", "Chitra", "Dev"])
    shown = [f"{round(c * 100)}%" for c in chances]
    assert text(screen, "fair-teams-side-0") == f"Asha & Chitra {shown[0]}"
    assert text(screen, "fair-teams-side-1") == f"Bilal & Dev {shown[1]}"
    assert visible(screen, "fair-teams-apply") and not visible(screen, "fair-teams-undo")
    tap(screen, "fair-teams-apply")
    boxes = [screen.name_boxes[f"player-{s}"].value for s in range(4)]
    assert boxes == ["Asha", "Bilal", "Chitra", "Dev"]
    assert visible(screen, "fair-teams-undo") and not visible(screen, "fair-teams-apply")
    tap(screen, "fair-teams-undo")
    assert [screen.name_boxes[f"player-{s}"].value for s in range(4)] == [
        "Asha",
        "Chitra",
        "Bilal",
        "Dev",
    ]
    assert visible(screen, "fair-teams-apply")
    assert not guess_shown(screen)  # everyone has played


def guess_shown(screen):
    texts = _walk(find(screen, "fair-teams-suggestion"))
    return any(isinstance(t, ft.Text) and "guess" in (t.value or "") and t.visible for t in texts)


def test_the_screen_says_when_the_suggestion_is_a_guess(repo):
    screen = screen_of(repo, ("Asha", "Chitra", "Bilal", "Eve"))
    tap(screen, "fair-teams")
    assert visible(screen, "fair-teams-suggestion") and guess_shown(screen)
