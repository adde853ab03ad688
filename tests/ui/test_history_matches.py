"""Issue 10, item 4: the matches screen pages the history (in progress first, then the newest),
searches by team or player name as you type, filters finished / in progress, and shows each
finished match's result; it never loads every match."""

import asyncio

import pytest
from harness import Phone
from memrepo import MemoryRepository

from seep_scorer.app.matches.home import MatchesScreen
from seep_scorer.app.matches.home_model import MatchesVM
from seep_scorer.app.shell.app import App, make_main
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.rules import Deal, Match, MatchFormat, Team
from seep_scorer.store.repository import MatchQuery


def finished(
    repo, teams=("Reds", "Blues"), players=(("Asha", "Chitra"), ("Bilal", "Dev")), winner=0
):
    """A match of one bazzi, won by `winner` (the other team under the minimum), or a draw (ended
    level)."""
    t = (Team(teams[0], players[0]), Team(teams[1], players[1]))
    if winner == "draw":
        return repo.create(
            Match(
                format=MatchFormat("open", None, ended=True),
                teams=t,
                deals=(Deal(points=(50, 50)),),
            )
        )
    deal = Deal(points=(95, 5)) if winner == 0 else Deal(points=(5, 95))
    return repo.create(Match(format=MatchFormat("bazzis", 1), teams=t, deals=(deal,)))


def playing(repo, teams=("Greens", "Golds"), players=(("Esha", "Farid"), ("Gita", "Hari"))):
    t = (Team(teams[0], players[0]), Team(teams[1], players[1]))
    return repo.create(Match(teams=t, deals=(Deal(points=(60, 40)),)))


class CountingRepo(MemoryRepository):
    """Records what the list asks for: it must never list every match."""

    def __init__(self):
        super().__init__()
        self.queries: list[MatchQuery] = []

    def list_matches(self):
        if getattr(self, "listing_forbidden", False):
            raise AssertionError("the matches list loaded every match")
        return super().list_matches()

    def find_matches(self, query):
        self.queries.append(query)
        self.listing_forbidden = False
        try:
            return super().find_matches(query)
        finally:
            self.listing_forbidden = True


# --------------------------------------------------------------- view-model


def test_pages_of_twenty_in_progress_first_then_the_newest():
    repo = CountingRepo()
    done = [finished(repo, teams=(f"Team {i}", "Blues")).id for i in range(45)]
    live = playing(repo).id
    repo.listing_forbidden = True
    vm = MatchesVM(repo)
    assert len(vm.matches) == 20 and vm.total == 46 and vm.has_more
    assert vm.matches[0].id == live  # in progress first
    assert [m.id for m in vm.matches[1:]] == list(reversed(done))[:19]  # then the newest
    assert all(q.limit <= 200 for q in repo.queries)
    vm.more()
    assert len(vm.matches) == 40 and vm.has_more
    vm.more()
    assert len(vm.matches) == 46 and not vm.has_more
    assert len({m.id for m in vm.matches}) == 46
    assert [q.offset for q in repo.queries] == [0, 20, 40]


def test_reload_keeps_the_pages_shown_and_a_delete_keeps_the_rest():
    repo = MemoryRepository()
    for i in range(30):
        finished(repo, teams=(f"Team {i}", "Blues"))
    vm = MatchesVM(repo)
    vm.more()
    assert len(vm.matches) == 30
    vm.delete(vm.matches[0].id)
    assert len(vm.matches) == 29 and vm.deleted is not None
    vm.undo_delete()
    assert len(vm.matches) == 30


def test_search_by_team_or_player_any_case_or_spacing_and_filter():
    repo = MemoryRepository()
    a = finished(repo, teams=("Reds", "Blues"), players=(("Asha", "Chitra"), ("Bilal", "Dev")))
    b = finished(
        repo, teams=("Lions", "Tigers"), players=(("Kiran", "Leela"), ("Asha", "Mona")), winner=1
    )
    c = playing(repo, teams=("Ashas Own", "Others"))
    vm = MatchesVM(repo)
    vm.search("  ASHA ")
    assert {m.id for m in vm.matches} == {a.id, b.id, c.id} and vm.searching
    vm.search("tig")
    assert [m.id for m in vm.matches] == [b.id]
    vm.search("asha")
    vm.set_status("finished")
    assert {m.id for m in vm.matches} == {a.id, b.id}
    vm.set_status("playing")
    assert [m.id for m in vm.matches] == [c.id]
    vm.search("nobody")
    assert vm.matches == [] and vm.total == 0
    vm.set_status("all")
    vm.search("")
    assert len(vm.matches) == 3 and not vm.searching


def test_a_row_says_who_won_or_that_it_was_a_draw():
    repo = MemoryRepository()
    won0 = finished(repo, winner=0)
    won1 = finished(repo, winner=1)
    draw = finished(repo, winner="draw")
    live = playing(repo)
    vm = MatchesVM(repo)
    by_id = {m.id: m for m in vm.matches}
    assert vm.status_text(by_id[won0.id]) == "Reds won"
    assert vm.status_text(by_id[won1.id]) == "Blues won"
    assert vm.status_text(by_id[draw.id]) == "a draw"
    assert vm.status_text(by_id[live.id]) == "in progress"
    assert vm.players_text(by_id[won0.id]) == "Asha and Chitra · Bilal and Dev"


def test_a_store_fault_keeps_the_list_shown_and_says_so():
    repo = MemoryRepository()
    finished(repo)
    vm = MatchesVM(repo)

    def broken(query):
        raise OSError(5, "Input/output error")

    repo.find_matches = broken
    vm.more()
    assert len(vm.matches) == 1 and vm.message
    del repo.find_matches
    vm.reload()
    assert vm.message is None


# --------------------------------------------------------------- control tree


def _ids(control):
    import flet as ft
    from harness import _walk

    return {c.identifier for c in _walk(control) if isinstance(c, ft.Semantics) and c.identifier}


class StubPage:
    """Just enough of a page for a screen built without a session."""

    width = 412
    route = "/"

    def __init__(self):
        self.views = []

    def update(self):
        pass


def FakeHost():
    return App(StubPage(), MemoryRepository())


def test_the_screen_shows_search_filter_rows_and_more_only_when_there_is_more():
    repo = MemoryRepository()
    empty = MatchesScreen(FakeHost(), MatchesVM(repo)).drawn()
    ids = _ids(empty.view)
    assert "new-match" in ids and "matches-search" not in ids and "matches-more" not in ids
    for i in range(21):
        finished(repo, teams=(f"Team {i}", "Blues"))
    screen = MatchesScreen(FakeHost(), MatchesVM(repo)).drawn()
    ids = _ids(screen.view)
    assert {
        "matches-search",
        "matches-filter",
        "matches-filter-all",
        "matches-filter-finished",
        "matches-filter-playing",
        "matches-more",
    } <= ids
    assert sum(1 for i in ids if i.startswith("match-") and i != "match-") == 20


def test_dates_and_counts_in_the_sessions_digits():
    repo = MemoryRepository()
    finished(repo)
    with using(UILocale("hi", native_digits=True)):
        vm = MatchesVM(repo)
        screen = MatchesScreen(FakeHost(), vm).drawn()
        import flet as ft
        from harness import _walk

        texts = " ".join(c.value for c in _walk(screen.view) if isinstance(c, ft.Text) and c.value)
    assert "१" in texts and "2026" not in texts


# --------------------------------------------------------------- the whole app (layer 3)


@pytest.fixture
def fast_search(monkeypatch):
    monkeypatch.setattr(MatchesScreen, "SEARCH_DELAY", 0.05)


def test_search_as_you_type_filter_more_and_open(repo, fast_search):
    for i in range(25):
        finished(repo, teams=(f"Team {i}", "Blues"))
    odd = finished(repo, teams=("Lions", "Tigers"), players=(("Kiran", "Leela"), ("Asha", "Mona")))
    live = playing(repo)

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        assert phone.has(f"match-{live.id}") and phone.has("matches-more")
        assert len([i for i in phone.identifiers() if i.startswith("match-")]) == 20
        await phone.tap("matches-more")
        assert len([i for i in phone.identifiers() if i.startswith("match-")]) == 27
        assert not phone.has("matches-more")
        # typing: one search once the typing pauses
        for partial in ("k", "ki", "kir"):
            await phone.type("matches-search", partial)
        await asyncio.sleep(0.2)
        await phone.settle()
        assert [i for i in phone.identifiers() if i.startswith("match-")] == [f"match-{odd.id}"]
        assert "Lions won" in phone.text(f"match-{odd.id}")
        await phone.type("matches-search", "")
        await asyncio.sleep(0.2)
        await phone.settle()
        await phone.tap("matches-filter-playing")
        assert [i for i in phone.identifiers() if i.startswith("match-")] == [f"match-{live.id}"]
        await phone.tap(f"match-{live.id}")  # in progress: its scoreboard
        assert phone.route == f"/match/{live.id}" and phone.has("open-review")
        await phone.go_back()
        await phone.tap("matches-filter-finished")
        await phone.tap(f"match-{odd.id}")  # finished: its review
        assert phone.route == f"/review/{odd.id}" and phone.has("review-chart")

    asyncio.run(go())
