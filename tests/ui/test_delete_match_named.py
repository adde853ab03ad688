"""Issue 19, item 6: deleting a match from the list names it in the notice that offers Undo, and
the Undo names the match it brought back (two matches of "Team A vs Team B" are easy to confuse)."""

import asyncio

from harness import Phone

from seep_scorer.app.matches.home_model import MatchesVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.rules import Deal, Match, MatchFormat


def test_deleting_a_match_names_it_and_its_undo_names_it_too(store):
    async def go():
        keep = store.create(Match(format=MatchFormat("bazzis", 3)))
        gone = store.create(Match(format=MatchFormat("bazzis", 3), deals=(Deal(points=(60, 40)),)))
        phone = await Phone(make_main(lambda: store)).start()
        await phone.tap(f"delete-match-{gone.id}")
        said = phone.text("notice")
        assert said.startswith("Match deleted: Team A vs Team B (1 deal, in progress, "), said
        assert not phone.has(f"match-{gone.id}") and phone.has(f"match-{keep.id}")
        await phone.tap("notice-action")  # Undo
        assert phone.text("notice") == said.replace("Match deleted:", "Match restored:")
        assert phone.has(f"match-{gone.id}") and len(store.get(gone.id).match.deals) == 1

    asyncio.run(go())


def test_the_view_model_names_a_deleted_match_by_its_teams_when_not_told(store):
    mid = store.create(Match()).id
    vm = MatchesVM(store)
    vm.delete(mid)
    assert vm.message == "Match deleted: Team A vs Team B." and vm.deleted
    vm.undo_delete()
    assert vm.message == "Match restored: Team A vs Team B." and [m.id for m in vm.matches] == [mid]
