"""Issue 19, items 1 and 2, in headless sessions (layer 3): an untouched entry is not saved by a
stray tap, and a deal another phone saved meanwhile is named and asked about (`stale-deal`)."""

import asyncio

from flet.pubsub.pubsub_hub import PubSubHub
from harness import Phone

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.table.match_model import DealEntryVM
from seep_scorer.rules import Deal


def run(coro):
    return asyncio.run(coro)


def start(repo) -> str:
    return NewMatchVM(repo).start()


async def click_anyway(phone, ident: str):
    """A click that reaches the server whatever the client showed (a tap already on its way)."""
    target = phone.find(ident).content
    await phone.session.dispatch_event(target._i, "click", None)
    await phone.settle()


async def until(check, tries: int = 100):
    for _ in range(tries):
        if check():
            return True
        await asyncio.sleep(0.02)
    return check()


def title(phone) -> str:
    return phone.page.views[-1].appbar.title.value


# ------------------------------------------------------------------ item 1: the double tap


def test_an_untouched_entry_cannot_be_saved(repo):
    async def go():
        mid = start(repo)
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        for opener, team in (("record-deal", "Team B"), ("record-deal-swapped", "Team A")):
            await phone.tap(opener)
            assert not phone.enabled("save-deal")
            assert not phone.has("deal-preview")  # no "Team A wins the bazzi" for nobody's deal
            assert f"{team} took no cards? Tap one, then tap it again." in phone.text("deal-error")
            await click_anyway(phone, "save-deal")  # the second tap of a double tap
            assert phone.route.startswith(f"/match/{mid}/deal")
            assert repo.get(mid).match.deals == ()
            await phone.go_back()
        # entered on purpose, the second team took no point card: a card tapped twice, then Save
        await phone.tap("record-deal")
        await phone.tap("card-KS")
        await phone.tap("card-KS")
        assert phone.enabled("save-deal") and not phone.has("deal-error")
        assert "the bazzi goes to Team A" in phone.text("deal-preview")
        await phone.tap("save-deal")
        assert phone.route == f"/match/{mid}" and len(repo.get(mid).match.deals) == 1

    run(go())


def test_any_entry_counts_and_the_points_mode_still_asks_for_its_figure(repo):
    mid = start(repo)
    match = repo.get(mid).match
    for change in (
        lambda vm: vm.inc(1, "normal"),
        lambda vm: vm.set_dealer(2),
        lambda vm: vm.swap_all(),
        lambda vm: vm.toggle("AC"),
    ):
        vm = DealEntryVM(match)
        assert vm.untouched and vm.untouched_hint()
        change(vm)
        assert not vm.untouched and vm.untouched_hint() is None
    vm = DealEntryVM(match)
    vm.set_mode("points")  # a mode is not an entry; the empty field says what is missing
    assert vm.untouched and vm.untouched_hint() is None and "card points" in vm.error()
    stored = match.with_deals((Deal(points=(60, 40)),))
    assert not DealEntryVM(stored, 1).untouched  # an edit starts from the deal as stored


# ------------------------------------------------------------------ item 2: two phones, one deal


async def two_phones(repo, hub_of_b=None):
    main = make_main(lambda: repo)
    mid = start(repo)
    a = await Phone(main).start(f"/match/{mid}")
    b = await Phone(main, hub=hub_of_b or a.hub).start(f"/match/{mid}")
    await b.tap("record-deal")
    assert title(b) == "Record deal 1" and b.text("bidder").startswith("Player 1 deals")
    await a.tap("record-deal")
    await a.tap("card-QS")
    await a.tap("save-deal")
    return a, b, mid


def test_the_second_phone_is_asked_and_can_save_its_entry_as_the_next_deal(repo):
    async def go():
        a, b, mid = await two_phones(repo)
        assert await until(lambda: title(b) == "Record deal 2")  # the title follows the match
        assert b.text("bidder").startswith("Player 2 deals")  # and so does the dealer
        assert a.text("next-dealer").startswith("Player 2 deals next")
        await b.tap("card-KS")
        await b.tap("save-deal")
        assert b.has("stale-deal") and b.route == f"/match/{mid}/deal"
        assert "Deal 1: 88 : 12" in b.text("stale-deal")  # the deal the other phone saved
        assert b.find("stale-deal-next").content.content == "Save as deal 2"
        assert len(repo.get(mid).match.deals) == 1  # nothing saved behind the question
        await b.tap("stale-deal-next")
        assert b.route == f"/match/{mid}" and not b.has("stale-deal")
        deals = repo.get(mid).match.deals
        assert len(deals) == 2 and deals[1].cards[1] == frozenset({"KS"})

    run(go())


def test_the_second_phone_can_drop_its_entry(repo):
    async def go():
        _a, b, mid = await two_phones(repo)
        assert await until(lambda: title(b) == "Record deal 2")
        await b.tap("card-QS")  # the same deal, entered twice
        await b.tap("save-deal")
        await b.tap("stale-deal-discard")
        assert b.route == f"/match/{mid}" and not b.has("stale-deal")
        assert len(repo.get(mid).match.deals) == 1

    run(go())


def test_without_a_live_update_the_save_finds_the_other_deal_and_asks(repo):
    async def go():
        _a, b, mid = await two_phones(repo, hub_of_b=PubSubHub(asyncio.get_running_loop(), None))
        assert title(b) == "Record deal 1"  # b heard nothing
        await b.tap("card-KS")
        await b.tap("save-deal")
        assert "Deal 1: 88 : 12" in b.text("stale-deal") and title(b) == "Record deal 2"
        assert len(repo.get(mid).match.deals) == 1
        await b.tap("stale-deal-next")
        assert len(repo.get(mid).match.deals) == 2

    run(go())


def test_a_deal_taken_back_and_saved_again_elsewhere_is_asked_about(repo):
    mid = start(repo)
    match = repo.get(mid).match
    one = match.with_deals((Deal(points=(60, 40)),))
    vm = DealEntryVM(one)
    vm.rebase(match)  # deal 1 taken back on another phone
    assert vm.added_elsewhere() == ()
    vm.rebase(match.with_deals((Deal(points=(70, 30)),)))  # and a new deal 1 saved there
    assert vm.added_elsewhere() == (1,)
    vm.accept_added()
    assert vm.added_elsewhere() == ()


def test_a_deal_saved_while_the_question_is_open_is_asked_about_too(repo):
    mid = start(repo)
    match = repo.get(mid).match
    vm = DealEntryVM(match)
    vm.rebase(match.with_deals((Deal(points=(60, 40)),)))
    assert vm.added_elsewhere() == (1,)  # the question names deal 1; deal 2 is saved meanwhile
    vm.rebase(match.with_deals((Deal(points=(60, 40)), Deal(points=(50, 50)))))
    vm.accept_added(1)
    assert vm.added_elsewhere() == (2,)
