"""Issue 22 polish: the default player names ("Player 1".."Player 4") are numbered in the digits
the player chose, like every other number on screen; a name typed in keeps its own digits."""

import asyncio

from harness import Phone

from seep_scorer.app.shell.app import make_main

LATIN = set("0123456789")
URDU = {"seep_scorer.language": "ur", "seep_scorer.digits": "native"}


def test_urdu_default_player_names_use_native_digits_on_the_new_match_and_the_scoreboard(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo), storage=dict(URDU)).start("/new")
        await phone.tap("start-match")
        await phone.settle()
        assert phone.route.startswith("/match/")
        said = phone.text("next-dealer")  # who deals next, and who bids: two default names
        assert "۱" in said or "۲" in said, said
        assert not LATIN & set(said), said
        (match,) = [repo.get(s.id).match for s in repo.list_matches()]
        names = [n for team in match.teams for n in team.players]
        assert names and all(("۱" in n or "۲" in n or "۳" in n or "۴" in n) for n in names)
        assert not LATIN & set("".join(names))

    asyncio.run(go())


def test_a_typed_name_keeps_its_own_digits(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo), storage=dict(URDU)).start("/new")
        await phone.type("player-name-0", "Ali 7")
        await phone.tap("start-match")
        await phone.settle()
        (match,) = [repo.get(s.id).match for s in repo.list_matches()]
        assert match.teams[0].players[0] == "Ali 7"

    asyncio.run(go())


def test_the_event_entrant_fields_are_numbered_in_the_chosen_digits(store):
    """The labels "Player 1" and "Player 2" of a new event's entrant fields, and of the event
    screen's fields before round 1, follow the digits too."""
    from seep_scorer.app.events.home_model import NewEventVM

    async def go():
        phone = await Phone(make_main(lambda: store), storage=dict(URDU)).start("/events/new")
        labels = [phone.find(f"event-entrant-player{n}").content.label for n in (1, 2)]
        assert all(("۱" in lab or "۲" in lab) and not LATIN & set(lab) for lab in labels), labels
        vm = NewEventVM(store)
        vm.name = "Night"
        assert vm.add_entrant(["Lions", "Asha", "Bilal"]) and vm.add_entrant(["Tigers", "C", "D"])
        event_id = vm.create()
        other = await Phone(make_main(lambda: store), storage=dict(URDU)).start(
            f"/event/{event_id}"
        )
        shown = [other.find(f"event-entrant-player{n}").content.label for n in (1, 2)]
        assert all(("۱" in lab or "۲" in lab) and not LATIN & set(lab) for lab in shown), shown

    asyncio.run(go())
