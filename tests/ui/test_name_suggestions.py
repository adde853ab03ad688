"""Issue 10, item 6: on the new-match screen, team and player names used before are offered as you
type (most recent first); a name typed in another case or spacing is the same player, recorded as
spelled before, and the screen says so."""

import asyncio

import flet as ft
from harness import Phone, _walk
from memrepo import MemoryRepository

from seep_scorer.app.matches.new_match import NewMatchScreen
from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import App, make_main
from seep_scorer.rules import Deal, Match, Team


def history(repo):
    """Older first: the most recent match names Asha, Chitra, Bilal, Dev and the Reds."""
    repo.create(
        Match(
            teams=(Team("Lions", ("asha", "Kiran")), Team("Tigers", ("Leela", "Mona"))),
            deals=(Deal(points=(60, 40)),),
        )
    )
    repo.create(
        Match(
            teams=(Team("Reds", ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev"))),
            deals=(Deal(points=(60, 40)),),
        )
    )
    return repo


def test_suggestions_most_recent_first_matching_what_is_typed(repo):
    vm = NewMatchVM(history(repo), known_names=True)
    assert vm.known.players[:4] == ("Asha", "Chitra", "Bilal", "Dev")
    vm.focused = "player-0"  # still the default name: the most recent names, each once
    assert vm.suggestions() == ["Asha", "Chitra", "Bilal", "Dev", "Kiran", "Leela"]
    vm.set_name("player-0", "  a")
    assert vm.suggestions() == ["Asha"]
    vm.set_name("player-0", "l")
    assert vm.suggestions() == ["Leela"]
    vm.set_name("player-2", "Leela")  # a name on another field is not offered again
    assert vm.suggestions("player-0") == []
    vm.set_name("team-1", "")
    assert vm.suggestions() == ["Reds", "Blues", "Lions", "Tigers"]
    vm.choose("team-1", "Blues")
    assert vm.team_names[1] == "Blues" and vm.focused is None and vm.suggestions() == []


def test_a_name_in_another_case_or_spacing_is_recorded_as_spelled_before(repo):
    vm = NewMatchVM(history(repo), known_names=True)
    vm.set_name("player-0", "  ASHA ")
    assert vm.recorded_name("player-0") == "Asha"
    assert vm.recorded_hint("player-0") == "Will be recorded as Asha"
    assert vm.can_keep_typed("player-0")
    vm.set_name("player-1", "bilal")
    vm.set_name("player-2", "Chitra")  # typed as known: nothing to say
    assert vm.recorded_hint("player-2") is None
    vm.set_name("player-3", "New   Person ")
    assert (
        vm.recorded_name("player-3") == "New Person"
        and vm.recorded_hint("player-3") == "Will be recorded as New Person"
    )
    assert not vm.can_keep_typed("player-3")
    vm.set_name("team-0", "reds")
    mid = vm.start()
    stored = repo.get(mid).match
    assert stored.teams[0].name == "Reds"
    assert stored.teams[0].players == ("Asha", "Chitra") and stored.teams[1].players == (
        "Bilal",
        "New Person",
    )


def test_keep_as_typed(repo):
    vm = NewMatchVM(history(repo), known_names=True)
    vm.set_name("player-0", "ASHA")
    vm.keep_as_typed("player-0")
    assert vm.recorded_name("player-0") == "ASHA" and vm.recorded_hint("player-0") is None
    assert repo.get(vm.start()).match.teams[0].players[0] == "ASHA"
    vm.set_name("player-0", "asha")  # typing again: the known spelling again
    assert vm.recorded_name("player-0") == "Asha"


def test_a_store_that_cannot_say_never_stops_a_new_match():
    class NoNames(MemoryRepository):
        def known_names(self):
            raise OSError(5, "Input/output error")

    repo = NoNames()
    vm = NewMatchVM(repo, known_names=True)
    vm.focused = "player-0"
    assert vm.suggestions() == [] and vm.start()


def test_the_name_fault_still_counts_from_what_was_typed(repo):
    vm = NewMatchVM(history(repo), known_names=True)
    vm.set_name("player-1", "  \u2066Bilal")
    assert vm.start() is None and "3" in vm.error


# --------------------------------------------------------------- control tree and session


class StubPage:
    width = 412
    route = "/new"

    def __init__(self):
        self.views = []

    def update(self):
        pass


def visible_ids(control):
    return {c.identifier for c in _walk(control) if isinstance(c, ft.Semantics) and c.identifier}


def test_suggestions_are_big_buttons_under_the_team_being_typed(repo):
    history(repo)
    screen = NewMatchScreen(App(StubPage(), repo), NewMatchVM(repo, known_names=True)).drawn()
    assert not any(i.startswith("name-suggestion-") for i in visible_ids(screen.view))
    box = next(
        c
        for c in _walk(screen.view)
        if isinstance(c, ft.Semantics) and c.identifier == "player-name-1"
    ).content
    box.on_focus(ft.ControlEvent(control=box, name="focus", data=None))
    buttons = [
        c
        for c in _walk(screen.view)
        if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("name-suggestion-")
    ]
    assert [b.content.content for b in buttons] == [
        "Asha",
        "Chitra",
        "Bilal",
        "Dev",
        "Kiran",
        "Leela",
    ]
    assert all(b.content.height >= 48 for b in buttons)
    # shown under team 1's fields (seat 1 plays for team 1), not team 0's
    team1 = screen.suggestion_boxes[1]
    assert team1.visible and not screen.suggestion_boxes[0].visible


def test_typing_a_known_name_another_way_through_the_session(repo):
    history(repo)

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        await phone.tap("new-match")
        await phone.type("player-name-0", "as")
        assert phone.has("name-suggestion-1") and not phone.has("name-suggestion-2")
        await phone.tap("name-suggestion-1")
        assert phone.find("player-name-0").content.value == "Asha" and not phone.has(
            "name-suggestion-1"
        )
        await phone.type("player-name-2", "  CHITRA")
        assert phone.text("player-name-2-recorded") == "Will be recorded as Chitra"
        assert phone.has("player-name-2-keep")
        assert "Chitra" in phone.text("first-dealer")  # the dealer chips use the spelling recorded
        await phone.tap("start-match")
        mid = phone.route.split("/")[2]
        assert repo.get(mid).match.teams[0].players == ("Asha", "Chitra")

    asyncio.run(go())
