"""Issue 10, item 5: the review of a match — the chart of the difference after each deal with the
bazzis marked (totals for a cumulative match), the tally, every deal, a plain-text result to
share in the user's language, the match file and the CSV, and a rematch."""

import asyncio
import csv
import io

import flet as ft
import flet_charts as fch
from harness import Phone, _walk

from seep_scorer.app.history.review import ReviewScreen, build_chart
from seep_scorer.app.history.review_model import ReviewVM
from seep_scorer.app.shell.app import App, make_main
from seep_scorer.i18n.translate import UILocale, using
from seep_scorer.matchfile import loads_match
from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team, make_rules, replay

TEAMS = (Team("Reds", ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev")))


def ledger_match(repo):
    """Three bazzis: Reds on the lead (60, then 70 → +130 ≥ 100), Blues on the minimum, Reds on the
    lead."""
    deals = (
        Deal(points=(80, 20)),
        Deal(points=(85, 15)),  # +60, +130: Reds' bazzi on the lead
        Deal(points=(30, 70)),  # −40
        Deal(points=(4, 96)),  # Reds under the minimum: Blues' bazzi
        Deal(points=(90, 10)),
        Deal(points=(70, 30)),
    )  # +80, +120: Reds' bazzi
    return repo.create(
        Match(format=MatchFormat("bazzis", 3), teams=TEAMS, first_dealer=1, deals=deals)
    )


def cumulative_match(repo):
    rules = PRESETS["race500"]
    deals = tuple(Deal(points=(p, 96 - p), most_cards=0) for p in (60, 50, 30, 70))
    return repo.create(
        Match(
            rules=rules, format=MatchFormat("target", 200), teams=TEAMS, first_dealer=2, deals=deals
        )
    )


# --------------------------------------------------------------- view-model


def test_ledger_chart_one_line_per_bazzi_marked_with_its_winner(repo):
    vm = ReviewVM(repo, ledger_match(repo).id)
    assert vm.finished and vm.tally() == (2, 1)
    series = vm.series()
    assert [[(p.deal, p.value, p.bazzi) for p in s.points] for s in series] == [
        [(0, 0, None), (1, 60, None), (2, 130, 0)],
        [(2, 0, None), (3, -40, None), (4, -132, 1)],
        [(4, 0, None), (5, 80, None), (6, 120, 0)],
    ]
    low, high = vm.chart_range()
    assert low == -132 and high == 132
    assert vm.result_text() == "Match won by Reds, 2 bazzis to 1."
    rows = vm.rows()
    assert [r.number for r in rows] == [1, 2, 3, 4, 5, 6] and "minimum" in rows[3].event


def test_cumulative_chart_is_both_totals_with_the_target_marked(repo):
    vm = ReviewVM(repo, cumulative_match(repo).id)
    series = vm.series()
    assert [s.team for s in series] == [0, 1]
    assert [p.value for p in series[0].points] == [0, 64, 118, 152, 226]
    assert [p.value for p in series[1].points] == [0, 36, 82, 148, 174]
    assert [p.bazzi for p in series[0].points] == [None, None, None, None, 0]
    assert not any(p.bazzi is not None for p in series[1].points)
    assert vm.tally() == (226, 174) and vm.chart_range() == (0, 226)


def test_the_share_text_is_plain_and_in_the_users_language(repo):
    mid = ledger_match(repo).id
    text = ReviewVM(repo, mid).share_text()
    lines = text.splitlines()
    assert lines[0] == "Seep: Reds vs Blues"
    assert lines[1] == "Reds: Asha and Chitra" and lines[2] == "Blues: Bilal and Dev"
    assert lines[3] == "Match won by Reds, 2 bazzis to 1."
    assert lines[4] == "Bazzis: Reds 2, Blues 1"
    assert lines[5].startswith("6 deals, ") and "2026" in lines[5]
    with using(UILocale("hi", native_digits=True)):
        hindi = ReviewVM(repo, mid).share_text()
    assert "Reds" in hindi and "२" in hindi and "2" not in hindi.replace("Reds", "")


def test_exports_are_the_match_file_and_the_csv(repo):
    mid = ledger_match(repo).id
    vm = ReviewVM(repo, mid)
    name, data = vm.export_match()
    assert name.endswith(f"-{mid}.json") and name.startswith("seep-2026-01-01")
    assert loads_match(data) == repo.get(mid).match
    name, data = vm.export_csv()
    assert name.endswith(".csv")
    assert len(list(csv.reader(io.StringIO(data.decode("utf-8"))))) == 7  # a header and six deals


def test_rematch_same_teams_players_rules_next_dealer_not_ended(repo):
    stopped = repo.create(
        Match(
            rules=make_rules("custom", {"sweep_normal": 40}),
            teams=TEAMS,
            format=MatchFormat("open", None, ended=True),
            first_dealer=3,
            deals=(Deal(points=(60, 40)), Deal(points=(55, 45))),
        )
    )
    vm = ReviewVM(repo, stopped.id)
    new_id = vm.rematch()
    new = repo.get(new_id).match
    assert new.teams == TEAMS and new.rules == stopped.match.rules and new.deals == ()
    assert new.format == MatchFormat("open", None, ended=False)
    assert new.first_dealer == replay(stopped.match).next_dealer
    # a cumulative match: the seat after the last dealer
    cum = cumulative_match(repo)
    last_dealer = replay(cum.match).deals[-1].dealer
    assert repo.get(ReviewVM(repo, cum.id).rematch()).match.first_dealer == (last_dealer + 1) % 4
    # no dealer known at all: as the match began
    unknown = repo.create(Match(teams=TEAMS, first_dealer=None, deals=(Deal(points=(60, 40)),)))
    assert repo.get(ReviewVM(repo, unknown.id).rematch()).match.first_dealer is None


def test_a_match_deleted_elsewhere_stays_shown_and_says_so(repo):
    mid = ledger_match(repo).id
    vm = ReviewVM(repo, mid)
    repo.delete(mid)
    vm.reload()
    assert vm.gone and vm.message and vm.tally() == (2, 1)


# --------------------------------------------------------------- control tree


class StubPage:
    width = 412
    route = "/"

    def __init__(self):
        self.views = []

    def update(self):
        pass


def ids(control):
    return {c.identifier for c in _walk(control) if isinstance(c, ft.Semantics) and c.identifier}


def test_the_review_screen_has_its_handles_and_a_real_line_chart(repo):
    mid = ledger_match(repo).id
    screen = ReviewScreen(App(StubPage(), repo), ReviewVM(repo, mid), f"/review/{mid}").drawn()
    found = ids(screen.view)
    assert {
        "review-chart",
        "share-result",
        "export-match",
        "export-csv",
        "rematch",
        "review-tally-0",
        "review-tally-1",
        "open-scoreboard",
    } <= found
    assert {f"review-deal-{n}" for n in range(1, 7)} <= found
    chart = next(c for c in _walk(screen.view) if isinstance(c, fch.LineChart))
    assert len(chart.data_series) == 3
    marked = [
        p for s in chart.data_series for p in s.points if isinstance(p.point, fch.ChartCirclePoint)
    ]
    assert [(p.x, p.y) for p in marked] == [(2, 130), (4, -132), (6, 120)]
    # over the scoreboard, no way "to the scoreboard": back goes there
    over = ReviewScreen(App(StubPage(), repo), ReviewVM(repo, mid), f"/match/{mid}/review").drawn()
    assert "open-scoreboard" not in ids(over.view)


def test_an_unfinished_match_offers_no_rematch_and_every_button_is_big(repo):
    live = repo.create(Match(teams=TEAMS, deals=(Deal(points=(60, 40)),)))
    screen = ReviewScreen(
        App(StubPage(), repo), ReviewVM(repo, live.id), f"/match/{live.id}/review"
    ).drawn()
    assert "rematch" not in ids(screen.view) and "share-result" in ids(screen.view)
    for c in _walk(screen.view):
        if isinstance(c, (ft.FilledButton, ft.OutlinedButton, ft.TextButton)):
            assert (c.height or 0) >= 48
        if isinstance(c, ft.IconButton):
            assert c.width >= 48 and c.height >= 48


def test_chart_axis_numbers_in_native_digits(repo):
    mid = ledger_match(repo).id
    with using(UILocale("hi", native_digits=True)):
        chart = build_chart(ReviewVM(repo, mid))
    labels = [label.label.value for label in chart.left_axis.labels]
    assert labels and all(not any(ch.isascii() and ch.isdigit() for ch in text) for text in labels)


def test_negative_axis_numbers_keep_their_minus_in_front_in_sindhi(repo):
    """In a right-to-left language a bare "-132" would be laid out as "132-", so a left-to-right
    mark comes first (the value axis stands on the right there: issue 22)."""
    mid = ledger_match(repo).id
    with using(UILocale("sd")):
        chart = build_chart(ReviewVM(repo, mid))
    labels = [label.label.value for label in chart.right_axis.labels]
    negative = [text for text in labels if "-" in text]
    assert negative and all(text.startswith("\u200e-") for text in negative)
    assert all(not text.startswith("\u200e") for text in labels if "-" not in text)


# --------------------------------------------------------------- the whole app (layer 3)


def test_play_to_the_end_review_copy_download_rematch(repo, monkeypatch):
    saved = []

    async def save_file(self, **kw):  # the recording session mounts no services: see what is sent
        saved.append(kw)

    monkeypatch.setattr(ft.FilePicker, "save_file", save_file)

    async def go():
        phone = await Phone(make_main(lambda: repo)).start()
        await phone.tap("new-match")
        await phone.tap("match-type-first_to")
        await phone.type("match-length", "1")
        await phone.tap("start-match")
        mid = phone.route.split("/")[2]
        await phone.tap("record-deal")
        await phone.tap("mode-points")
        await phone.type("points-0", "95")  # Team B under the minimum: Team A's bazzi, the match
        await phone.tap("save-deal")
        assert phone.has("match-result") and phone.has("open-review")
        await phone.tap("open-review")
        assert phone.route == f"/match/{mid}/review"
        assert phone.text("review-tally-0").endswith("1") and phone.text("review-tally-1").endswith(
            "0"
        )
        # copy: the client copies the text set on the button ahead of the tap
        button = phone.find("share-result").content
        assert isinstance(button.action, ft.CopyToClipboard)
        assert button.action.data.splitlines()[0] == "Seep: Team A vs Team B"
        await phone.tap("share-result")
        assert "copied" in phone.text("notice")
        # download: a save-file call to the client carrying the match file
        await phone.tap("export-match")
        await asyncio.sleep(0.05)
        assert saved and saved[-1]["file_name"].endswith(".json")
        assert loads_match(saved[-1]["src_bytes"]) == repo.get(mid).match
        await phone.tap("export-csv")
        await asyncio.sleep(0.05)
        assert saved[-1]["file_name"].endswith(".csv") and saved[-1]["src_bytes"].startswith(
            b"deal"
        )
        # rematch: same teams, a new match, its scoreboard
        await phone.tap("rematch")
        new_id = phone.route.split("/")[2]
        assert new_id != mid and phone.has("record-deal")
        assert repo.get(new_id).match.teams == repo.get(mid).match.teams
        assert repo.get(new_id).match.first_dealer == replay(repo.get(mid).match).next_dealer
        await phone.go_back()
        assert phone.route == "/" and phone.has(f"match-{new_id}")
        await phone.tap(f"match-{mid}")  # finished: opens straight into its review
        assert phone.route == f"/review/{mid}" and phone.has("review-chart")
        await phone.tap("open-scoreboard")
        assert phone.route == f"/match/{mid}"

    asyncio.run(go())
