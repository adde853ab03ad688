"""Issue 11, items 6, 9 and 10 on the scoreboard: deal rows (own margin and running difference
apart, sweeps, how a bazzi was won, grouped by bazzi), the read-only deal view with Edit and Delete,
each team's standing read as one sentence, undo and redo saying what they do, long titles,
landscape."""

import asyncio

import flet as ft
from harness import Phone, _walk

from seep_scorer.app.shell.app import App, make_main
from seep_scorer.app.table.match_model import ScoreboardVM
from seep_scorer.app.table.scoreboard import ScoreboardScreen
from seep_scorer.rules import Deal, Match, MatchFormat, Sweep, Team

TEAMS = (Team("Sharmas", ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))


class StubPage:
    route = "/"

    def __init__(self, width=412):
        self.width = width
        self.views = []

    def update(self):
        pass


def ledger(repo, deals, teams=TEAMS):
    return repo.create(
        Match(teams=teams, format=MatchFormat("bazzis", 3), first_dealer=0, deals=tuple(deals))
    ).id


# deal 1: Sharmas 90 (+ a sweep), Vermas 10 -> +130, a bazzi on the lead;
# deal 2: 60 : 40 -> +20; deal 3: 45 : 55 (+ a sweep by Vermas) -> 45 : 105, margin -60, running -40
DEALS = (
    Deal(points=(90, 10), sweeps=(Sweep(0, "normal"),)),
    Deal(points=(60, 40)),
    Deal(points=(45, 55), sweeps=(Sweep(1, "normal"),)),
)


def test_rows_say_the_deals_own_margin_and_the_running_difference_apart(repo):
    vm = ScoreboardVM(repo, ledger(repo, DEALS))
    rows = {r.number: r for r in vm.rows()}
    assert [r.number for r in vm.rows()] == [3, 2, 1]  # newest first
    assert rows[3].title == "Deal 3: 45 : 105"
    assert rows[3].margin == "This deal: Vermas +60"
    assert rows[3].running == "Difference after it: Vermas +40"
    assert (
        rows[2].margin == "This deal: Sharmas +20"
        and rows[2].running == "Difference after it: Sharmas +20"
    )


def test_rows_list_the_sweeps_and_say_how_a_bazzi_was_won(repo):
    vm = ScoreboardVM(repo, ledger(repo, DEALS))
    rows = {r.number: r for r in vm.rows()}
    assert rows[1].sweeps == "Sweeps: Sharmas 1 sweep"
    assert rows[3].sweeps == "Sweeps: Vermas 1 sweep"
    assert rows[2].sweeps is None
    assert rows[1].event == "Bazzi won by Sharmas on the lead" and rows[2].event is None
    assert "on the lead" in rows[1].label and "Deal 1" in rows[1].label


def test_rows_are_grouped_by_bazzi(repo):
    vm = ScoreboardVM(repo, ledger(repo, DEALS))
    assert [(r.number, r.bazzi) for r in vm.rows()] == [(3, 2), (2, 2), (1, 1)]
    assert vm.bazzi_heading(1) == "Bazzi 1" and vm.bazzi_heading(2) == "Bazzi 2, in play"
    screen = ScoreboardScreen(App(StubPage(), repo), vm).drawn()
    texts = [c.value for c in _walk(screen.body) if isinstance(c, ft.Text)]
    headings = [t for t in texts if t and t.startswith("Bazzi ") and " won by " not in t]
    assert headings == ["Bazzi 2, in play", "Bazzi 1"]


def test_a_cumulative_match_has_totals_and_no_bazzi_groups(repo):
    from seep_scorer.rules import make_rules

    mid = repo.create(
        Match(
            rules=make_rules("race500"),
            format=MatchFormat("target", 500),
            teams=TEAMS,
            deals=(Deal(points=(60, 36), most_cards=0),),
        )
    ).id
    row = ScoreboardVM(repo, mid).rows()[0]
    assert (
        row.bazzi is None
        and row.running == "Totals after it: 64 : 36"
        and row.margin == "This deal: Sharmas +28"
    )


def test_the_standing_reads_as_one_sentence_per_team(repo):
    vm = ScoreboardVM(repo, ledger(repo, DEALS))
    assert vm.standing_text(0) == "Sharmas: 1 bazzi, 245 points"
    assert vm.standing_text(1) == "Vermas: 0 bazzis, 155 points"
    screen = ScoreboardScreen(App(StubPage(), repo), vm).drawn()
    node = next(
        c for c in _walk(screen.view) if isinstance(c, ft.Semantics) and c.identifier == "bazzis-0"
    )
    assert node.label == "Sharmas: 1 bazzi, 245 points" and node.exclude_semantics


def test_undo_and_redo_say_what_they_do(repo):
    vm = ScoreboardVM(repo, ledger(repo, DEALS))
    assert vm.undo_label() == "Take back deal 3" and vm.redo_label() == "Nothing to put back"
    vm.undo()
    assert vm.undo_label() == "Take back deal 2" and vm.redo_label() == "Put deal 3 back"
    vm.delete_deal(1)
    assert vm.undo_label() == "Restore deal 1"
    screen = ScoreboardScreen(App(StubPage(), repo), vm).drawn()
    # the button's own name (labelled_icon_button): read once, on the node that a screen reader
    # activates
    assert screen.undo_sem.identifier == "undo-deal"
    assert screen.undo_sem.content.icon.semantics_label == "Restore deal 1"


def test_long_team_names_wrap_in_the_title(repo):
    long = (
        Team("The Very Long Family Name Sharmas of Lucknow", ("A", "C")),
        Team("The Equally Long Vermas of Old Delhi Town", ("B", "D")),
    )
    screen = ScoreboardScreen(
        App(StubPage(), repo), ScoreboardVM(repo, ledger(repo, (), long))
    ).drawn()
    title = screen.view.appbar.title
    assert title.max_lines == 4 and screen.view.appbar.toolbar_height == 88 and title.size == 14


def test_landscape_puts_the_standings_beside_the_difference(repo):
    vm = ScoreboardVM(repo, ledger(repo, DEALS))
    tall = ScoreboardScreen(App(StubPage(412), repo), vm).drawn()
    wide = ScoreboardScreen(App(StubPage(915), repo), vm).drawn()
    assert not tall.wide and wide.wide
    card = wide.body.controls[0].content
    assert isinstance(card, ft.Row)  # teams | difference and next dealer
    tall.fit_width(915)
    assert tall.wide and isinstance(tall.body.controls[0].content, ft.Row)


def test_a_tap_opens_the_deal_read_only_then_edit_or_delete(repo):
    async def go():
        mid = ledger(repo, DEALS)
        phone = await Phone(make_main(lambda: repo)).start(f"/match/{mid}")
        await phone.tap("deal-3")
        assert phone.route == f"/match/{mid}/deal/3"
        assert not phone.has("save-deal") and not phone.has("card-KS")  # read-only
        shown = phone.text("deal-view")
        for needle in (
            "Dealer Dev",
            "Bidder Asha",
            "45 card points",
            "Vermas 1 sweep",
            "Vermas +60",
            "Vermas +40",
        ):
            assert needle in shown, needle
        assert phone.find("edit-deal").content.content == "Edit deal 3"
        assert phone.find("delete-deal").content.content == "Delete deal 3"
        await phone.tap("edit-deal")
        assert phone.route == f"/match/{mid}/deal/3/edit" and phone.has("save-deal")
        await phone.go_back()  # an edit returns to the scoreboard
        assert phone.route == f"/match/{mid}"
        await phone.tap("deal-2")
        await phone.tap("delete-deal")
        assert (
            phone.route == f"/match/{mid}"
            and not phone.has("deal-3")
            and phone.has("notice-action")
        )
        assert len(repo.get(mid).match.deals) == 2
        await phone.tap("notice-action")
        assert len(repo.get(mid).match.deals) == 3

    asyncio.run(go())


def test_a_title_of_two_lines_gets_a_taller_bar_and_one_line_held_sideways(repo):
    """Issue 19, item 10: "Sharma Family vs Verma Family" wraps into two lines on a phone held
    upright (a taller bar, not two lines squeezed into 56); held sideways it is one line in the
    usual bar."""
    names = (Team("Sharma Family", ("A", "C")), Team("Verma Family", ("B", "D")))
    vm = ScoreboardVM(repo, ledger(repo, (), names))
    upright = ScoreboardScreen(App(StubPage(360), repo), vm).drawn().view.appbar
    assert upright.toolbar_height == 64 and upright.title.size == 16
    sideways = ScoreboardScreen(App(StubPage(915), repo), vm).drawn().view.appbar
    assert sideways.toolbar_height is None and sideways.title.max_lines == 2
