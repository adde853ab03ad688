"""Issue 19, item 3: deleting a middle deal. A refusal names the later deal that would fail and
why (its dealer recomputed) and offers the ways out; a deletion says when a later deal's dealer
changed."""

import asyncio

from harness import Phone

from seep_scorer.app.shell.app import make_main
from seep_scorer.app.table.match_model import ScoreboardVM
from seep_scorer.rules import Deal, Match, MatchFormat, Sweep, Team, replay

# seats 0 to 3: Asha, Bilal, Chitra, Dev
TEAMS = (Team("Sharmas", ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))
# Asha deals deal 1 and her team leads after it, so Bilal deals deal 2, which the Vermas end with
# a last-play sweep. Without deal 1, Asha would deal deal 2, and that sweep could not have been.
DEALS = (
    Deal(points=(60, 40)),
    Deal(points=(50, 50), sweeps=(Sweep(1, "last"),)),
    Deal(points=(50, 50)),
)
REFUSAL = (
    "Deal 1 cannot be deleted as it stands: without it, deal 2 would be dealt by Asha "
    "instead of Bilal. The last play is the dealer's, so a last-play sweep belongs to "
    "Sharmas (Asha deals). Delete it keeping the dealers the later deals were shown with, "
    "or change deal 2 first."
)


def create(repo, deals=DEALS, fmt=MatchFormat("open", 0)):
    return repo.create(Match(teams=TEAMS, format=fmt, first_dealer=0, deals=tuple(deals))).id


def test_the_refusal_names_the_later_deal_its_new_dealer_and_the_way_out(repo):
    sb = ScoreboardVM(repo, create(repo))
    assert not sb.delete_deal(1)
    assert sb.message == REFUSAL
    assert sb.refusal is not None and len(repo.get(sb.match_id).match.deals) == 3  # nothing changed


def test_keeping_the_dealers_deletes_the_deal_and_undo_brings_it_back(repo):
    sb = ScoreboardVM(repo, create(repo))
    sb.delete_deal(1)
    assert sb.delete_keeping_dealers()
    stored = repo.get(sb.match_id).match
    assert [d.dealer for d in stored.deals] == [1, None]  # only the dealer that would change
    assert [r.dealer for r in replay(stored).deals] == [1, 1]
    assert sb.message == "Deal 1 deleted; the later deals keep the dealers they were shown with."
    assert sb.offers_undo and sb.refusal is None
    assert sb.undo() and repo.get(sb.match_id).match.deals == DEALS


def test_keeping_the_dealers_applies_only_to_the_state_it_was_offered_on(repo):
    sb = ScoreboardVM(repo, create(repo))
    sb.delete_deal(1)
    other = ScoreboardVM(repo, sb.match_id)
    assert other.add_deal(Deal(points=(50, 50)))  # another phone saves meanwhile
    assert sb.refresh_if_changed() and sb.refusal is None
    assert not sb.delete_keeping_dealers() and len(repo.get(sb.match_id).match.deals) == 4
    assert sb.message.startswith("This match was changed on another phone.")


def test_a_deletion_says_which_later_deals_now_have_another_dealer(repo):
    deals = (Deal(points=(60, 40)), Deal(points=(50, 50)), Deal(points=(50, 50)))
    sb = ScoreboardVM(repo, create(repo, deals))
    assert sb.delete_deal(1)
    assert sb.message == (
        "Deal 1 deleted. 2 later deals now have other dealers: deals 1, 2 (as now numbered)."
    )
    assert sb.delete_deal(2) and sb.message == "Deal 2 deleted."  # the last deal: nothing after it


def test_a_match_over_too_soon_names_the_deal_it_would_end_with(repo):
    deals = [
        Deal(points=(20, 80)),
        Deal(points=(80, 20)),
        Deal(points=(80, 20)),
        Deal(points=(45, 55)),
    ]
    sb = ScoreboardVM(repo, create(repo, deals, MatchFormat("bazzis", 1)))
    assert not sb.delete_deal(1)
    assert sb.message == (
        "Deal 1 cannot be deleted as it stands: without it, the match would be "
        "over after deal 3, and deal 4 could not follow. Change deal 3 first."
    )
    assert not sb.delete_keeping_dealers()


def test_the_deal_view_offers_the_ways_out_in_a_dialog(repo):
    async def go():
        mid = create(repo)
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        await phone.tap("deal-1")
        await phone.tap("delete-deal")
        assert phone.route == f"/match/{mid}/deal/1"  # refused: stays on the deal, saying why
        assert phone.text("delete-deal-refused") == REFUSAL
        assert phone.has("delete-deal-edit-later") and phone.has("delete-deal-cancel")
        await phone.tap("delete-deal-keep-dealers")
        assert phone.route == f"/match/{mid}" and not phone.has("deal-3")
        assert "keep the dealers" in phone.text("notice") and phone.has("notice-action")
        assert [d.dealer for d in repo.get(mid).match.deals] == [1, None]
        # the other way out: change that deal first
        await phone.tap("notice-action")  # undo
        assert len(repo.get(mid).match.deals) == 3
        await phone.tap("deal-1")
        await phone.tap("delete-deal")
        await phone.tap("delete-deal-edit-later")
        assert phone.route == f"/match/{mid}/deal/2/edit" and phone.has("save-deal")

    asyncio.run(go())


def test_the_scoreboard_offers_keeping_the_dealers_after_a_refusal_on_the_deal_screen(repo):
    async def go():
        mid = create(repo)
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        await phone.tap("deal-1")
        await phone.tap("edit-deal")
        await phone.tap("delete-deal")  # the edit screen's own Delete: back to the scoreboard
        assert phone.route == f"/match/{mid}" and phone.text("notice") == REFUSAL
        await phone.tap("notice-action")
        assert len(repo.get(mid).match.deals) == 2 and not phone.has("deal-3")

    asyncio.run(go())


def test_deleting_again_with_redo_says_the_same(repo):
    deals = (Deal(points=(60, 40)), Deal(points=(50, 50)), Deal(points=(50, 50)))
    sb = ScoreboardVM(repo, create(repo, deals))
    assert sb.delete_deal(1) and sb.undo() and sb.redo()
    assert sb.message.startswith("Deal 1 deleted. 2 later deals now have other dealers")
    kept = ScoreboardVM(repo, create(repo))
    kept.delete_deal(1)
    assert kept.delete_keeping_dealers() and kept.undo() and kept.redo()
    assert kept.message == "Deal 1 deleted; the later deals keep the dealers they were shown with."
