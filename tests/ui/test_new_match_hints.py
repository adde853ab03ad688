"""Issue 19, item 12: on the new-match screen the default names are hints, not text to delete,
and a team used before brings its two players; on the scoreboard the second record button says
what it does."""

import asyncio

from harness import Phone

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.rules import Deal, Match, Team


def history(repo):
    """The Reds played twice: last with Asha and Chitra. The Blues once, with Bilal and Dev."""
    repo.create(
        Match(
            teams=(Team("Reds", ("Kiran", "Leela")), Team("Greens", ("Mona", "Nina"))),
            deals=(Deal(points=(60, 40)),),
        )
    )
    repo.create(
        Match(
            teams=(Team("Blues", ("Bilal", "Dev")), Team("Reds", ("Asha", "Chitra"))),
            deals=(Deal(points=(60, 40)),),
        )
    )
    return repo


def test_the_fields_start_empty_and_typing_replaces_the_hint(repo):
    vm = NewMatchVM(repo)
    assert vm.name("team-0") == "" and vm.default("team-0") == "Team A"
    assert vm.name("player-2") == "" and vm.default("player-2") == "Player 3"
    assert vm.recorded_hint("team-0") is None  # the field itself shows the default
    vm.set_name("player-0", "A")  # the first key typed is the name, not "Player 1A"
    vm.set_name("team-1", "Blues")
    m = repo.get(vm.start()).match
    assert [t.name for t in m.teams] == ["Team A", "Blues"]
    assert m.teams[0].players == ("A", "Player 3")
    assert m.teams[1].players == ("Player 2", "Player 4")


def test_a_team_chosen_fills_its_two_players_as_it_last_played(repo):
    vm = NewMatchVM(history(repo), known_names=True)
    vm.set_name("team-0", "re")
    assert vm.suggestions() == ["Reds"]
    vm.choose("team-0", "Reds")
    # seats 0 and 2 are team 0: the Reds' players of their last match, not of the first
    assert (vm.player_names[0], vm.player_names[2]) == ("Asha", "Chitra")
    assert vm.player_names[1] == vm.player_names[3] == ""


def test_a_team_chosen_keeps_what_was_typed_and_players_seated_elsewhere(repo):
    vm = NewMatchVM(history(repo), known_names=True)
    vm.set_name("player-2", "Zoe")
    vm.set_name("player-1", "asha")  # Asha already plays for team 1
    vm.choose("team-0", "Reds")
    assert vm.player_names == ["", "asha", "Zoe", ""]
    vm.choose("team-1", "Blues")
    assert vm.player_names == ["", "asha", "Zoe", "Dev"]  # seat 1 was typed: kept
    vm.choose("team-1", "Nobody yet")  # a team never played: nothing to fill
    assert vm.player_names == ["", "asha", "Zoe", "Dev"]


def test_through_the_session_hints_and_a_team_with_its_players(repo):
    history(repo)

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        await phone.tap("new-match")
        box = phone.find("team-name-0").content
        # empty: the default shows as the hint (Flutter would show a label in its place)
        assert box.value == "" and box.hint_text == "Team A" and box.label is None
        assert phone.find("player-name-3").content.hint_text == "Player 4"
        assert not phone.has("player-name-3-recorded")
        assert "Player 1" in phone.text("first-dealer")  # the dealer chips name the defaults
        await phone.type("team-name-0", "Re")
        await phone.tap("name-suggestion-1")
        assert phone.find("team-name-0").content.value == "Reds"
        assert phone.find("player-name-0").content.value == "Asha"
        assert phone.find("player-name-2").content.value == "Chitra"
        # filled: above the name, what the empty field said (issue 33: not "Team 1", "Seat 3")
        assert phone.find("team-name-0").content.label == "Team A"
        assert phone.find("player-name-2").content.label == "Player 3"
        assert phone.find("player-name-3").content.hint_text == "Player 4"
        assert phone.find("team-name-1").content.max_length == 60  # stops where a name must
        assert phone.find("player-name-3").content.label is None
        assert "Chitra" in phone.text("first-dealer")
        await phone.tap("start-match")
        m = repo.get(phone.route.split("/")[2]).match
        assert m.teams[0] == Team("Reds", ("Asha", "Chitra"))
        assert m.teams[1] == Team("Team B", ("Player 2", "Player 4"))

    asyncio.run(go())


def test_the_second_record_button_says_what_it_does(repo):
    mid = NewMatchVM(repo).start()

    async def go():
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        button = phone.find("record-deal-swapped").content
        # the words on it, not only for a screen reader: before, it showed "Team B" alone
        assert button.content.value == "Record deal, cards to Team B"
        assert button.content.semantics_label is None  # read once, as shown
        await phone.tap("record-deal-swapped")
        assert phone.route == f"/match/{mid}/deal/swapped"

    asyncio.run(go())
