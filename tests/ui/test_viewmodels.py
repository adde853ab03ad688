"""Layer 1: the view-models in plain Python, no page."""

import random

import pytest

from seep_scorer.app.matches.home_model import MatchesVM
from seep_scorer.app.matches.new_match_model import NewMatchVM
from seep_scorer.app.settings.settings_model import SettingsVM
from seep_scorer.app.table.match_model import DealEntryVM, ScoreboardVM
from seep_scorer.rules import POINT_CARD_CODES, Deal, Sweep


def start(repo, **changes):
    vm = NewMatchVM(repo)
    for k, v in changes.items():
        setattr(vm, k, v)
    mid = vm.start()
    assert mid, vm.error
    return mid


def cards_deal(team1=(), sweeps=()):
    team1 = frozenset(team1)
    return Deal(
        cards=(frozenset(POINT_CARD_CODES) - team1, team1),
        sweeps=tuple(Sweep(t, k) for t, k in sweeps),
    )


# --------------------------------------------------------------- new match


@pytest.mark.parametrize(
    "lang, team0, seat3",
    [
        ("en", "Team A", "Player 4"),
        ("it", "Coppia A", "Giocatore 4"),
        ("hi", "टीम क", "खिलाड़ी 4"),
        ("sd", "ٽيم الف", "رانديگر 4"),
    ],
)
def test_default_names_are_in_the_users_language(repo, lang, team0, seat3):
    from seep_scorer.i18n.translate import UILocale, using

    with using(UILocale(lang)):
        vm = NewMatchVM(repo)
    # hints, not text: the fields start empty and an empty field records its default
    assert vm.team_names == ["", ""] and vm.player_names == ["", "", "", ""]
    assert vm.default("team-0") == team0 and vm.default("player-3") == seat3
    assert vm.recorded_name("team-0") == team0 and vm.recorded_name("player-3") == seat3
    assert len(set(vm.defaults.values())) == 6


def test_one_tap_starts_a_standard_match_with_defaults(repo):
    mid = NewMatchVM(repo).start()
    m = repo.get(mid).match
    assert m.rules.preset == "standard" and m.format.type == "bazzis" and m.format.count == 3
    assert [t.name for t in m.teams] == ["Team A", "Team B"]
    assert m.first_dealer == 0 and m.deals == ()


def test_names_seats_and_random_dealer(repo):
    vm = NewMatchVM(repo, rng=random.Random(7))
    vm.team_names = ["Reds", "Blues"]
    vm.player_names = ["Asha", "Bilal", "Chitra", "Dev"]
    vm.first_dealer = "random"
    m = repo.get(vm.start()).match
    assert m.teams[0].players == ("Asha", "Chitra") and m.teams[1].players == ("Bilal", "Dev")
    assert m.first_dealer == random.Random(7).randrange(4)


def test_preset_switch_sets_its_match_length_and_parameters(repo):
    vm = NewMatchVM(repo)
    vm.set_preset("race500")
    assert (vm.match_type, vm.match_count) == ("target", 500)
    assert vm.params["ten_of_diamonds"] == 2 and vm.params["scoring"] == "cumulative"
    assert vm.match_types() == ("target", "open")
    m = repo.get(vm.start()).match
    assert m.rules.preset == "race500" and m.rules.needs_most_cards


def test_custom_parameters_are_generic_overrides(repo):
    vm = NewMatchVM(repo)
    vm.set_preset("custom")
    vm.set_param_text("sweep_normal", "30")
    vm.set_param_text("minimum", "")
    m = repo.get(vm.start()).match
    assert m.rules.sweep_normal == 30 and m.rules.minimum is None


def test_bad_parameter_gives_a_plain_reason_and_no_match(repo):
    vm = NewMatchVM(repo)
    vm.set_param_text("sweep_normal", "lots")
    assert vm.start() is None
    assert "whole number" in vm.error
    assert repo.list_matches() == []


def test_an_empty_or_blank_name_is_the_default(repo):
    vm = NewMatchVM(repo)
    vm.team_names[1] = "  "
    vm.player_names[3] = ""
    assert vm.recorded_hint("team-1") == "Will be recorded as Team B"  # the hint is not shown
    assert vm.recorded_hint("player-3") is None  # the field shows its hint itself
    m = repo.get(vm.start()).match
    assert m.teams[1].name == "Team B" and m.teams[1].players == ("Player 2", "Player 4")


# --------------------------------------------------------------- deal entry


def test_card_mode_starts_on_team_0_and_taps_move_cards(repo):
    match = repo.get(start(repo)).match
    vm = DealEntryVM(match)
    assert set(vm.owner.values()) == {0} and len(vm.cards) == 17
    assert vm.totals() == (100, 0) and vm.error() is None
    vm.toggle("KS")
    vm.toggle("10D")
    assert vm.totals() == (81, 19)
    vm.swap_all()
    assert vm.totals() == (19, 81)
    deal = vm.build()
    assert deal.cards[0] == {"KS", "10D"} and deal.dealer is None


def test_points_mode_derives_team_1_and_explains_bad_input(repo):
    match = repo.get(start(repo)).match
    vm = DealEntryVM(match)
    vm.set_mode("points")
    assert vm.points_text == ""  # issue 11: empty, nothing to type after
    vm.set_points_text("")
    assert "card points of Team A" in vm.error()
    vm.set_points_text("abc")
    assert "whole number" in vm.error()
    vm.set_points_text("101")
    assert "from 0 to 100" in vm.error()
    vm.set_points_text("60")
    assert vm.error() is None and vm.totals() == (60, 40)
    assert vm.build().points == (60, 40)


def test_sweeps_score_and_are_checked_against_dealer_and_bidder(repo):
    match = repo.get(start(repo)).match  # dealer seat 0 (team 0), bidder seat 1 (team 1)
    vm = DealEntryVM(match)
    vm.inc(1, "normal")
    assert vm.totals() == (100, 50)
    vm.inc(0, "opening")
    assert "opening sweep" in vm.error() and "Team B" in vm.error()
    vm.dec(0, "opening")
    vm.inc(1, "opening")
    assert vm.error() is None and vm.totals() == (100, 75)
    vm.inc(1, "last")
    assert "last play" in vm.error().lower() and "Team A" in vm.error()
    vm.dec(1, "last")
    vm.inc(0, "last")
    assert vm.error() is None
    vm.inc(0, "last")
    assert "only one last-play sweep" in vm.error()
    vm.dec(0, "last")
    vm.dec(0, "last")
    vm.dec(0, "last")
    assert vm.sweeps[(0, "last")] == 0


def test_most_cards_is_asked_only_where_the_rules_need_it(repo):
    vm_new = NewMatchVM(repo)
    vm_new.set_preset("race500")
    match = repo.get(vm_new.start()).match
    vm = DealEntryVM(match)
    assert vm.needs_most_cards
    assert "more cards" in vm.error()
    vm.set_most_cards("tie")
    assert vm.error() is None and vm.totals() == (98, 2)
    standard = repo.get(start(repo)).match
    assert not DealEntryVM(standard).needs_most_cards


def test_changed_dealer_is_recorded_only_when_it_differs(repo):
    match = repo.get(start(repo)).match
    vm = DealEntryVM(match)
    assert vm.dealer == 0 and vm.build().dealer is None
    vm.set_dealer(2)
    assert vm.build().dealer == 2


# --------------------------------------------------------------- scoreboard


def test_scoreboard_replays_and_shows_who_leads_and_deals(repo):
    mid = start(repo)
    sb = ScoreboardVM(repo, mid)
    team1 = {
        "AS",
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "AD",
        "AC",
        "10D",
        "JS",
    }  # 1+2+3+4+5+6+1+1+6+11 = 40
    assert sb.add_deal(cards_deal(team1))
    assert sb.standings.difference == 20
    assert sb.difference_text() == "Team A ahead by 20"
    assert (
        sb.next_dealer_text() == "Player 2 deals next; Player 3 bids"
    )  # dealer's team led: passes right
    assert [r.number for r in sb.rows()] == [1]


def test_under_nine_ends_the_bazzi_and_lead_wins_one(repo):
    mid = start(repo)
    sb = ScoreboardVM(repo, mid)
    assert sb.add_deal(Deal(points=(95, 5)))  # team 1 under 9: team 0 wins the bazzi
    assert sb.standings.bazzis == (1, 0) and "under the minimum" in sb.rows()[0].event
    assert sb.add_deal(Deal(points=(60, 40)))
    assert sb.add_deal(
        Deal(points=(10, 90), sweeps=(Sweep(1, "normal"),))
    )  # -20 -130 -> team 1 on the lead
    assert sb.standings.bazzis == (1, 1) and "on the lead" in sb.rows()[0].event


def test_undo_redo_edit_delete_and_undo_delete(repo):
    mid = start(repo)
    sb = ScoreboardVM(repo, mid)
    for p in (60, 70, 55):
        assert sb.add_deal(Deal(points=(p, 100 - p)))
    assert sb.undo_last() and len(sb.deals) == 2 and sb.can_redo
    assert "taken back" in sb.message
    assert sb.redo() and len(sb.deals) == 3 and not sb.can_redo
    assert sb.replace_deal(1, Deal(points=(50, 50)))
    assert sb.standings.deals[0].scores == (50, 50) and sb.standings.difference == 0 + 40 + 10
    assert sb.delete_deal(2) and len(sb.deals) == 2 and sb.undo_action
    assert sb.undo_delete() and [d.points for d in sb.deals] == [(50, 50), (70, 30), (55, 45)]
    assert repo.get(mid).match.deals == sb.deals


def test_recording_a_deal_clears_redo(repo):
    sb = ScoreboardVM(repo, start(repo))
    sb.add_deal(Deal(points=(60, 40)))
    sb.undo_last()
    sb.add_deal(Deal(points=(50, 50)))
    assert not sb.can_redo


def test_stale_revision_reloads_and_keeps_both_deals(repo):
    mid = start(repo)
    a, b = ScoreboardVM(repo, mid), ScoreboardVM(repo, mid)
    assert a.add_deal(Deal(points=(60, 40)))
    assert not b.add_deal(Deal(points=(30, 70)))  # b still had revision 1
    assert "another phone" in b.message and len(b.deals) == 1
    assert b.add_deal(Deal(points=(30, 70)))  # saving again works on the current state
    assert [d.points for d in repo.get(mid).match.deals] == [(60, 40), (30, 70)]
    assert a.refresh_if_changed() and len(a.deals) == 2


def test_finished_match_shows_the_result(repo):
    mid = start(repo, match_count=1)
    sb = ScoreboardVM(repo, mid)
    sb.add_deal(Deal(points=(95, 5)))
    assert sb.finished and sb.result_text() == "Match won by Team A, 1 bazzi to 0."
    assert not sb.can_redo


def test_editing_an_earlier_deal_that_breaks_a_later_one_is_explained(repo):
    mid = start(repo, match_count=1)
    sb = ScoreboardVM(repo, mid)
    sb.add_deal(Deal(points=(60, 40)))
    sb.add_deal(Deal(points=(60, 40)))
    vm = DealEntryVM(sb.match, 1)
    vm.set_points_text("95")  # deal 1 now ends the (one-bazzi) match: deal 2 cannot follow
    assert "deal 2" in vm.error()


def test_edit_loads_the_deal(repo):
    mid = start(repo)
    sb = ScoreboardVM(repo, mid)
    sb.add_deal(cards_deal({"KS"}, [(1, "normal"), (1, "opening")]))
    vm = DealEntryVM(sb.match, 1)
    assert vm.mode == "cards" and vm.owner["KS"] == 1 and vm.sweeps[(1, "normal")] == 1
    assert vm.sweeps[(1, "opening")] == 1 and vm.error() is None


def test_open_match_can_be_ended(repo):
    mid = start(repo, match_type="open")
    sb = ScoreboardVM(repo, mid)
    sb.add_deal(Deal(points=(95, 5)))
    assert sb.can_end and sb.end_match() and sb.finished and sb.standings.winner == 0


# --------------------------------------------------------------- matches, settings


def test_matches_delete_and_undo(repo):
    mid = start(repo)
    vm = MatchesVM(repo)
    assert [m.id for m in vm.matches] == [mid]
    vm.delete(mid)
    assert vm.matches == [] and vm.deleted
    vm.undo_delete()
    assert [m.id for m in vm.matches] == [mid]


def test_settings_are_per_device(repo):
    saved = {}
    vm = SettingsVM(repo, {}, save=saved.__setitem__)
    assert (vm.language, vm.theme, vm.native_digits) == ("en", "system", False)
    vm.set_theme("black")
    vm.set_language("th")
    vm.set_theme("neon")
    vm.set_digits("native")
    assert saved == {"theme": "black", "language": "th", "digits": "native"}
    again = SettingsVM(repo, saved)
    assert (again.language, again.theme, again.native_digits, again.offers_native_digits) == (
        "th",
        "black",
        True,
        True,
    )
    assert repo.get_setting("theme") is None  # nothing store-wide
    repo.set_setting("theme", "dark")  # the store's setting is only a fallback default
    assert (
        SettingsVM(repo, {}).theme == "dark"
        and SettingsVM(repo, {"theme": "light"}).theme == "light"
    )
    assert SettingsVM(repo, {}, device_language="sd").language == "sd"
    assert SettingsVM(repo, {"language": "it"}, device_language="sd").language == "it"
    assert SettingsVM(repo, {"language": "xx"}, device_language="de").language == "en"
    assert not SettingsVM(repo, {"language": "it"}).offers_native_digits


def test_every_deal_fault_code_has_its_own_sentence_with_names(repo):
    from seep_scorer.i18n.texts import deal_fault_text
    from seep_scorer.rules import MatchError

    match = repo.get(start(repo)).match
    fallback = deal_fault_text(match, MatchError(code="no-such-code"))
    codes = {
        "dealer_seat": {},
        "cards_and_points": {},
        "deal_empty": {},
        "most_cards_missing": {},
        "bid_range": {},
        "note_too_long": {},
        "note_control": {"position": 3},
        "cards_both_teams": {"cards": "KS"},
        "cards_unknown": {"cards": "ZZ"},
        "cards_not_point": {"cards": "3H"},
        "cards_missing": {"cards": "KS, 10D"},
        "points_range": {"team": 1, "value": 120, "total": 100},
        "points_sum": {"points": (90, 20), "total": 100},
        "sweep_team": {},
        "opening_twice": {},
        "last_twice": {},
        "sweeps_too_many": {"team": 0, "count": 13, "max": 12},
        "opening_wrong_team": {"team": 1, "dealer": 0},
        "last_wrong_team": {"team": 0, "dealer": 0},
        "match_over": {"after": 7},
    }
    for code, params in codes.items():
        text = deal_fault_text(match, MatchError(code=code, params=params))
        assert text != fallback and "team 0" not in text and "team 1" not in text, code
    assert "Team B" in deal_fault_text(
        match, MatchError(code="points_range", params=codes["points_range"])
    )
    assert "K♠" in deal_fault_text(
        match, MatchError(code="cards_missing", params=codes["cards_missing"])
    )
    text = deal_fault_text(
        match, MatchError(code="opening_wrong_team", params={"team": 1, "dealer": 0})
    )
    assert "Team B" in text and match.seat_name(1) in text
