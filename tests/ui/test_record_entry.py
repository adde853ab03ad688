"""Issue 11, the record-a-deal screen: its view-model (layer 1) — quick points, the remembered entry
mode, the starting side, who may sweep, the preview of a bazzi's end."""

import pytest

from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.table.match_model import DealEntryVM
from seep_scorer.rules import POINT_CARD_CODES, Deal, Sweep


def start(repo, preset=None, **changes):
    vm = NewMatchVM(repo)
    if preset:
        vm.set_preset(preset)
    for k, v in changes.items():
        setattr(vm, k, v)
    mid = vm.start()
    assert mid, vm.error
    return mid


def save(repo, mid, deal):
    stored = repo.get(mid)
    repo.save(mid, stored.match.with_deals(list(stored.match.deals) + [deal]), stored.revision)


def cards_deal(team1=(), sweeps=()):
    team1 = frozenset(team1)
    return Deal(
        cards=(frozenset(POINT_CARD_CODES) - team1, team1),
        sweeps=tuple(Sweep(t, k) for t, k in sweeps),
    )


# ------------------------------------------------------------------ item 1: quick points


def test_quick_points_start_empty_and_the_other_team_follows_each_digit(repo):
    vm = DealEntryVM(repo.get(start(repo)).match)
    vm.toggle(
        "KS"
    )  # cards touched first: still nothing carried into the field ("100" + "60" = "10060")
    vm.set_mode("points")
    assert vm.points_text == "" and vm.card_points() is None and vm.totals() is None
    vm.set_points_text("6")
    assert vm.card_points() == (6, 94)
    vm.set_points_text("60")
    assert vm.card_points() == (60, 40) and vm.totals() == (60, 40)
    vm.set_mode("cards")
    assert vm.team_of("KS") == 1  # the cards entered are kept


# ------------------------------------------------------------------ item 2: the entry mode is
# remembered


def test_a_new_deal_starts_in_the_mode_of_the_matchs_last_deal(repo):
    mid = start(repo)
    assert DealEntryVM(repo.get(mid).match).mode == "cards"
    save(repo, mid, Deal(points=(60, 40)))
    assert DealEntryVM(repo.get(mid).match).mode == "points"
    save(repo, mid, cards_deal(("KS",)))
    assert DealEntryVM(repo.get(mid).match).mode == "cards"
    match = repo.get(mid).match
    assert (
        DealEntryVM(match, 1).mode == "points" and DealEntryVM(match, 2).mode == "cards"
    )  # an edit: its own


# ------------------------------------------------------------------ item 3: the starting side


def test_starting_with_every_card_on_the_second_team(repo):
    vm = DealEntryVM(repo.get(start(repo)).match)
    assert vm.start_team == 0
    vm.start_with(1)
    assert vm.start_team == 1 and vm.mode == "cards"
    assert all(vm.team_of(c) == 1 for c in POINT_CARD_CODES) and vm.card_points() == (0, 100)


# ------------------------------------------------------------------ item 4: who deals, who bids,
# who may sweep


def test_only_the_bidders_team_may_open_and_the_dealers_team_sweep_last(repo):
    vm = DealEntryVM(repo.get(start(repo)).match)  # dealer seat 0 (team 0), bidder seat 1 (team 1)
    assert (vm.dealer, vm.bidder) == (0, 1)
    assert (vm.sweep_team("opening"), vm.sweep_team("last"), vm.sweep_team("normal")) == (
        1,
        0,
        None,
    )
    assert [vm.can_add(t, "opening") for t in (0, 1)] == [False, True]
    assert [vm.can_add(t, "last") for t in (0, 1)] == [True, False]
    assert all(vm.can_add(t, "normal") for t in (0, 1))
    vm.inc(1, "opening")
    assert not vm.can_add(1, "opening")  # one opening sweep per deal
    assert vm.error() is None
    vm.set_dealer(1)  # now seat 2 bids: team 0 opens, team 1 sweeps last
    assert (vm.bidder, vm.sweep_team("opening"), vm.sweep_team("last")) == (2, 0, 1)
    assert "opening sweep" in vm.error()  # what was entered before the change is still checked


# ------------------------------------------------------------------ item 5: the preview


def test_preview_says_how_saving_would_end_the_bazzi(repo):
    mid = start(repo)
    vm = DealEntryVM(repo.get(mid).match)
    assert vm.preview() is None  # issue 19: the blank deal (100 : 0, nobody's) previews no bazzi
    vm.toggle("KS")
    vm.toggle("KS")  # entered: the second team took no point card
    assert vm.preview() == "Team B under the minimum: the bazzi goes to Team A."
    for code in ("KS", "QS", "JS", "10S"):
        vm.toggle(code)
    assert vm.preview() is None  # 54 : 46
    vm2 = DealEntryVM(repo.get(mid).match)
    vm2.set_mode("points")
    vm2.set_points_text("5")
    assert vm2.preview() == "Team A under the minimum: the bazzi goes to Team B."
    vm2.set_points_text("50")
    assert vm2.preview() is None
    vm2.set_points_text("abc")
    assert vm2.preview() is None  # nothing to say while the entry is not valid


def test_preview_by_the_lead_and_the_end_of_the_match(repo):
    mid = start(repo, match_count=1)
    save(repo, mid, Deal(points=(70, 30)))  # Team A ahead by 40
    vm = DealEntryVM(repo.get(mid).match)
    vm.set_points_text("70")
    assert vm.preview() is None  # a lead of 80
    vm.set_points_text("80")  # 40 + 60 = 100
    assert (
        vm.preview()
        == "Team A ahead by 100: the bazzi goes to Team A. Match won by Team A, 1 bazzi to 0."
    )
    vm.set_points_text("10")
    vm.inc(1, "normal")  # 10 : 140 -> 40 - 130 = -90, no end
    assert vm.preview() is None


def test_preview_of_a_past_deal_being_edited(repo):
    mid = start(repo)
    save(repo, mid, Deal(points=(60, 40)))
    save(repo, mid, Deal(points=(60, 40)))
    vm = DealEntryVM(repo.get(mid).match, 1)
    assert vm.preview() is None
    vm.set_points_text("4")
    assert vm.preview() == "Team A under the minimum: the bazzi goes to Team B."


def test_preview_in_a_race_to_500(repo):
    mid = start(repo, preset="race500")
    for _ in range(4):
        save(repo, mid, Deal(points=(90, 6), most_cards=0))  # 94 each time: 376
    vm = DealEntryVM(repo.get(mid).match)
    vm.set_points_text("90")
    vm.set_most_cards(0)
    assert vm.preview() is None  # 470
    for _ in range(1):
        save(repo, mid, Deal(points=(90, 6), most_cards=0))
    vm = DealEntryVM(repo.get(mid).match)
    vm.set_points_text("30")
    vm.set_most_cards(0)
    assert vm.preview() == "504 of 500 reached by Team A. Match won by Team A, 504 points to 96."


@pytest.mark.parametrize(
    "points, expected", [("8", "Team A under the minimum"), ("92", "Team B under")]
)
def test_preview_names_the_team_under_the_minimum(repo, points, expected):
    vm = DealEntryVM(repo.get(start(repo)).match)
    vm.set_mode("points")
    vm.set_points_text(points)
    assert vm.preview().startswith(expected)
