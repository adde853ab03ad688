"""Issue 19, item 5: a match of any format can be stopped early ("we stop here") with the
confirmation, undo and reopen of open-ended matches, and the list then shows it as stopped."""

import asyncio

import pytest
from harness import Phone

from seep_scorer.app.matches.home_model import MatchesVM
from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.shell.app import make_main
from seep_scorer.app.table.match_model import ScoreboardVM
from seep_scorer.rules import Deal, Match, MatchFormat, make_rules, replay, stopped_early
from seep_scorer.store.files import doc_id_of
from seep_scorer.store.records import index_entry, summary_of, valid_entry


def three_bazzis(repo) -> str:
    vm = NewMatchVM(repo)  # the defaults: standard rules, a match of three bazzis
    assert (vm.match_type, vm.match_count) == ("bazzis", 3)
    mid = vm.start()
    assert mid, vm.error
    return mid


# --------------------------------------------------------------- view-models


@pytest.mark.parametrize("match_type,count", [("bazzis", 3), ("first_to", 2), ("target", 500)])
def test_a_match_of_any_format_can_be_stopped_and_reopened(store, match_type, count):
    rules = "race500" if match_type == "target" else "standard"
    mid = store.create(Match(rules=make_rules(rules), format=MatchFormat(match_type, count))).id
    sb = ScoreboardVM(store, mid)
    ahead = Deal(points=(95, 5)) if rules == "standard" else Deal(points=(56, 40), most_cards=0)
    assert sb.add_deal(ahead) and not sb.finished and sb.can_end
    assert sb.end_match() and sb.finished and sb.standings.winner == 0
    assert store.get(mid).match.format.ended
    assert sb.can_reopen and not sb.can_end and sb.offers_undo
    assert sb.undo() and not sb.finished and len(sb.deals) == 1
    assert not store.get(mid).match.format.ended
    assert sb.redo() and sb.finished and sb.reopen_match() and not sb.finished and sb.can_end


def test_a_match_its_format_has_ended_cannot_be_stopped(store):
    mid = store.create(Match(format=MatchFormat("first_to", 1))).id
    sb = ScoreboardVM(store, mid)
    assert sb.add_deal(Deal(points=(95, 5))) and sb.finished
    assert not sb.can_end and not sb.end_match() and not store.get(mid).match.format.ended


def test_the_list_says_stopped_and_who_led_not_in_progress_nor_won(store):
    mid = three_bazzis(store)
    sb = ScoreboardVM(store, mid)
    assert sb.add_deal(Deal(points=(95, 5))) and sb.end_match()
    row = MatchesVM(store).matches[0]
    assert row.finished and row.stopped
    assert MatchesVM.status_text(row) == "stopped, Team A ahead"
    level = store.create(Match(format=MatchFormat("bazzis", 3, ended=True)))
    row = next(m for m in MatchesVM(store).matches if m.id == level.id)
    assert MatchesVM.status_text(row) == "stopped, level"
    sb.undo()
    row = MatchesVM(store).matches[0]
    assert not row.finished and not row.stopped and MatchesVM.status_text(row) == "in progress"


def test_an_open_ended_match_or_one_its_format_finished_is_not_stopped_early(store):
    """An open-ended match has no other end: the list keeps saying who won it."""
    for fmt, deals in (
        (MatchFormat("open", None, ended=True), (Deal(points=(95, 5)),)),
        (MatchFormat("first_to", 1, ended=True), (Deal(points=(95, 5)),)),
        (MatchFormat("target", 100, ended=True), (Deal(points=(96, 0), most_cards=0),)),
    ):
        rules = make_rules("race500" if fmt.type == "target" else "standard")
        match = Match(rules=rules, format=fmt, deals=deals)
        assert not stopped_early(fmt, replay(match)), fmt
        mid = store.create(match).id
        row = next(m for m in MatchesVM(store).matches if m.id == mid)
        assert not row.stopped and MatchesVM.status_text(row) == "Team A won"
    short = MatchFormat("target", 500, ended=True)
    assert stopped_early(
        short,
        replay(
            Match(
                rules=make_rules("race500"),
                format=short,
                deals=(Deal(points=(56, 40), most_cards=0),),
            )
        ),
    )


def test_an_index_line_says_stopped_only_when_it_is_and_older_lines_read_as_not(store):
    stored = store.create(
        Match(format=MatchFormat("bazzis", 3, ended=True), deals=(Deal(points=(95, 5)),))
    )
    line, doc = index_entry(stored, 10, replay(stored.match)), str(doc_id_of(stored.id))
    assert line["stopped"] is True and valid_entry(line, doc) and summary_of(line).stopped is True
    older = {k: v for k, v in line.items() if k != "stopped"}  # written before the flag existed
    assert valid_entry(older, doc) and summary_of(older).stopped is False
    going = store.create(Match())
    # other lines stay as they were
    assert "stopped" not in index_entry(going, 10, replay(going.match))
    # a damaged flag is damage, like any other malformed field
    for bad in ("yes", 1, 0, None):
        assert not valid_entry(line | {"stopped": bad}, doc)
    assert not valid_entry(
        index_entry(going, 10, replay(going.match)) | {"stopped": True}, str(doc_id_of(going.id))
    )  # a match in play was not stopped


# --------------------------------------------------------------- the whole app (layer 3)


def test_a_three_bazzi_match_ends_early_asks_first_undoes_reopens_and_the_list_says_stopped(store):
    async def go():
        phone = await Phone(make_main(lambda: store)).start()
        await phone.tap("new-match")
        await phone.tap("start-match")
        mid = phone.route.split("/")[2]
        assert store.get(mid).match.format == MatchFormat("bazzis", 3)
        await phone.tap("record-deal")
        await phone.tap("card-2S")  # Save is on once something is entered (issue 19)
        # 2 points to Team B, under the minimum: bazzi 1 to Team A
        await phone.tap("save-deal")
        assert phone.has("deal-1") and phone.has("end-match") and not phone.has("match-result")
        await phone.tap("end-match")
        assert phone.has("end-match-confirm")
        await phone.tap("end-match-cancel")
        assert not store.get(mid).match.format.ended
        await phone.tap("end-match")
        await phone.tap("end-match-yes")
        assert phone.has("match-result") and phone.has("reopen-match")
        assert not phone.enabled("record-deal")
        assert store.get(mid).match.format.ended and len(store.get(mid).match.deals) == 1
        assert phone.has("notice-action")  # the notice offers Undo
        await phone.tap("notice-action")
        assert not phone.has("match-result") and phone.has("end-match")
        assert len(store.get(mid).match.deals) == 1
        await phone.tap("redo-deal")
        assert phone.has("match-result") and store.get(mid).match.format.ended
        await phone.tap("nav-matches")
        row = phone.text(f"match-{mid}")
        assert "stopped, Team A ahead" in row and "in progress" not in row and "won" not in row
        # from the list it opens like any finished match, and its scoreboard reopens it
        await phone.tap(f"match-{mid}")
        await phone.tap("open-scoreboard")
        await phone.tap("reopen-match")
        assert not store.get(mid).match.format.ended and phone.enabled("record-deal")
        await phone.tap("nav-matches")
        assert "in progress" in phone.text(f"match-{mid}")

    asyncio.run(go())
