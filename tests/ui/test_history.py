"""Issue 8, item 11: ending a match asks first, is a step that undo reverses (deleting no deal),
and a stopped match can be reopened where its format allows more deals."""

import asyncio
import tempfile

from harness import Phone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from memrepo import MemoryRepository

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.table.match_model import ScoreboardVM
from seep_scorer.rules import Deal, Match, MatchFormat


def open_match(repo) -> str:
    vm = NewMatchVM(repo)
    vm.match_type = "open"
    mid = vm.start()
    assert mid, vm.error
    return mid


def points(p: int) -> Deal:
    return Deal(points=(p, 100 - p))


# --------------------------------------------------------------- view-model


def test_undo_after_ending_reopens_the_match_and_keeps_every_deal(repo):
    """The reported bug: undo after "End the match now" took back the last deal, for good."""
    mid = open_match(repo)
    sb = ScoreboardVM(repo, mid)
    assert sb.add_deal(points(60)) and sb.add_deal(points(70))
    assert sb.end_match() and sb.finished and repo.get(mid).match.format.ended
    assert sb.can_undo
    assert sb.undo_last()  # what the undo button calls
    assert not sb.finished and not repo.get(mid).match.format.ended
    assert [d.points for d in repo.get(mid).match.deals] == [(60, 40), (70, 30)]
    assert sb.can_redo and sb.redo() and sb.finished and len(sb.deals) == 2
    # and further undos walk back through the deals, one step at a time
    assert sb.undo() and not sb.finished and len(sb.deals) == 2
    assert (
        sb.undo()
        and len(sb.deals) == 1
        and sb.redo()
        and sb.redo()
        and sb.finished
        and len(sb.deals) == 2
    )


def test_reopen_is_a_step_too(repo):
    mid = open_match(repo)
    sb = ScoreboardVM(repo, mid)
    sb.add_deal(points(60))
    assert not sb.can_reopen and sb.end_match()
    assert sb.can_reopen and not sb.can_end
    assert sb.reopen_match() and not sb.finished and sb.can_end
    assert sb.add_deal(points(55)) and len(repo.get(mid).match.deals) == 2
    assert (
        sb.undo() and sb.undo() and sb.finished and len(sb.deals) == 1
    )  # back to ended, deal 1 kept
    assert sb.undo() and not sb.finished and len(sb.deals) == 1


def test_a_match_stopped_in_another_session_is_reopened_by_undo_not_cut_short(repo):
    mid = open_match(repo)
    sb = ScoreboardVM(repo, mid)
    sb.add_deal(points(60))
    sb.end_match()
    fresh = ScoreboardVM(repo, mid)  # no history here: the last visible step is the ending
    assert fresh.can_undo and fresh.undo() and not fresh.finished and len(fresh.deals) == 1


def test_a_won_match_cannot_be_reopened_but_one_stopped_early_can(repo):
    vm = NewMatchVM(repo)
    vm.match_type, vm.match_count = "first_to", 1
    won = ScoreboardVM(repo, vm.start())
    assert won.add_deal(points(95)) and won.finished  # team B under the minimum: the only bazzi
    assert not won.can_reopen and not won.reopen_match() and not won.can_end
    # a fixed-length match stopped by the players (a match file may say so) takes more deals once
    # reopened
    stopped = repo.create(Match(format=MatchFormat("bazzis", 3, ended=True), deals=(points(60),)))
    sb = ScoreboardVM(repo, stopped.id)
    assert sb.finished and sb.can_reopen and sb.reopen_match() and not sb.finished
    assert sb.add_deal(points(40)) and len(repo.get(stopped.id).match.deals) == 2


# --------------------------------------------------------------- property: nothing is lost

ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("record"), st.integers(0, 100)),
        st.tuples(st.just("edit"), st.integers(0, 50), st.integers(0, 100)),
        st.tuples(st.just("delete"), st.integers(0, 50)),
        st.tuples(st.sampled_from(["undo", "redo", "end", "reopen"])),
    ),
    max_size=25,
)


def run_actions(repo, actions):
    """Apply `actions`; after each, the store holds exactly what the view-model shows, and ending,
    reopening (or undoing and redoing either) never touches the deal list. Then undoing every step
    restores the first state, and redoing them all the last: no step ever lost a deal."""
    mid = open_match(repo)
    sb = ScoreboardVM(repo, mid)
    first = repo.get(mid).match
    for action in actions:
        kind = action[0]
        deals_before = sb.deals
        top = (
            sb.undo_stack[-1].kind
            if kind == "undo" and sb.undo_stack
            else sb.redo_stack[-1].kind
            if kind == "redo" and sb.redo_stack
            else None
        )
        if kind == "record":
            if not sb.finished:  # the record buttons are disabled on a finished match
                assert sb.add_deal(points(action[1]))
        elif kind == "edit" and sb.deals:
            sb.replace_deal(action[1] % len(sb.deals) + 1, points(action[2]))
        elif kind == "delete" and sb.deals:
            sb.delete_deal(action[1] % len(sb.deals) + 1)
        elif kind == "undo":
            sb.undo() if sb.undo_stack else None  # only this phone's own steps
        elif kind == "redo":
            sb.redo()
        elif kind == "end":
            sb.end_match()
        elif kind == "reopen":
            sb.reopen_match()
        stored = repo.get(mid)
        assert stored.match == sb.match and stored.revision == sb.stored.revision
        if kind in ("end", "reopen") or top in ("end", "reopen"):
            assert sb.deals == deals_before
    last = sb.match
    steps = len(sb.undo_stack)
    while sb.undo_stack:
        assert sb.undo()
    assert repo.get(mid).match == first == sb.match
    for _ in range(steps):
        assert sb.redo()
    assert repo.get(mid).match == last == sb.match


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_no_sequence_of_steps_loses_a_deal(actions):
    run_actions(MemoryRepository(), actions)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ACTIONS)
def test_no_sequence_of_steps_loses_a_deal_in_the_real_store(actions):
    from seep_scorer.store.registry import close_all, open_repository

    with tempfile.TemporaryDirectory() as folder:
        try:
            run_actions(open_repository(folder), actions)
        finally:
            close_all()


# --------------------------------------------------------------- the whole app (layer 3)


def test_end_asks_first_and_undo_or_reopen_bring_the_match_back(repo):
    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        await phone.tap("new-match")
        await phone.tap("match-type-open")
        await phone.tap("start-match")
        mid = phone.route.split("/")[2]
        for code in ("KS", "QS"):
            await phone.tap("record-deal")
            await phone.tap(f"card-{code}")
            await phone.tap("save-deal")
        assert phone.has("deal-2") and phone.has("end-match") and not phone.has("reopen-match")
        # asks first; keeping on playing changes nothing
        await phone.tap("end-match")
        assert (
            phone.has("end-match-confirm")
            and phone.has("end-match-yes")
            and phone.has("end-match-cancel")
        )
        await phone.tap("end-match-cancel")
        assert not phone.has("end-match-confirm") and not repo.get(mid).match.format.ended
        await phone.tap("end-match")
        await phone.tap("end-match-yes")
        assert not phone.has("end-match-confirm")
        assert (
            phone.has("match-result")
            and repo.get(mid).match.format.ended
            and phone.has("reopen-match")
        )
        assert not phone.enabled("record-deal")
        # undo reopens it and deletes nothing
        await phone.tap("undo-deal")
        assert not phone.has("match-result") and phone.has("end-match") and phone.has("deal-2")
        assert not repo.get(mid).match.format.ended and len(repo.get(mid).match.deals) == 2
        await phone.tap("redo-deal")
        assert (
            phone.has("match-result")
            and repo.get(mid).match.format.ended
            and len(repo.get(mid).match.deals) == 2
        )
        # reopening is a button of its own
        await phone.tap("reopen-match")
        assert not phone.has("match-result") and not repo.get(mid).match.format.ended
        await phone.tap("record-deal")
        await phone.tap("card-JS")  # Save is on once something is entered (issue 19)
        await phone.tap("save-deal")
        assert phone.has("deal-3") and len(repo.get(mid).match.deals) == 3

    asyncio.run(go())
