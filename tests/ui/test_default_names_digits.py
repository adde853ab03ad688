"""Issue 22 polish: the default player names ("Player 1".."Player 4") are numbered in the digits
the player chose, like every other number on screen; a name typed in keeps its own digits."""

import asyncio

from harness import Phone

from seep_scorer.ui.app import make_main

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
