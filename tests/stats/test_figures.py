"""Statistics computed by hand for small histories (shared/spec/stats.md)."""

from __future__ import annotations

from datetime import date

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Sweep, Team, replay
from seep_scorer.stats import aggregate, contribution_of, partnership_key, player_key

ASHA_CHITRA = ("Asha", "Chitra")
BILAL_DEV = ("Bilal", "Dev")


def pts(a: int, b: int, *sweeps: tuple[int, str]) -> Deal:
    return Deal(points=(a, b), sweeps=tuple(Sweep(t, k) for t, k in sweeps))


def contrib(teams, fmt: MatchFormat, deals, created="2026-03-01T10:00:00.000Z", updated=None):
    match = Match(
        rules=PRESETS["standard"],
        format=fmt,
        teams=(Team("A", teams[0]), Team("B", teams[1])),
        first_dealer=0,
        deals=tuple(deals),
    )
    return contribution_of(match, replay(match), created, updated or created)


ONE_BAZZI = MatchFormat("bazzis", 1)


def test_player_key_is_nfc_trimmed_collapsed_and_case_folded():
    assert player_key("  asha ") == player_key("Asha") == player_key("ASHA") == "asha"
    assert player_key("Ravi  Kumar") == player_key(" ravi kumar") == "ravi kumar"
    assert player_key("Jose\u0301") == player_key("Jos\u00e9")  # decomposed and composed é
    assert partnership_key("Dev", "bilal") == ("bilal", "dev")


def test_a_lead_bazzi_and_a_minimum_bazzi():
    won_by_lead = contrib(
        (ASHA_CHITRA, BILAL_DEV),
        ONE_BAZZI,
        [
            pts(60, 40, (0, "normal")),  # 110 v 40: D = 70
            pts(70, 30),
        ],
    )  # D = 110: Asha and Chitra win by the lead
    won_by_minimum = contrib(
        (ASHA_CHITRA, BILAL_DEV), ONE_BAZZI, [pts(5, 95)]
    )  # 5 < 9: Bilal and Dev win
    stats = aggregate([won_by_lead, won_by_minimum])
    assert (stats.matches, stats.finished, stats.deals) == (2, 2, 3)
    asha = stats.player("asha").to_json()
    assert asha == {
        "name": "Asha",
        "matches": 2,
        "finished": 2,
        "wins": 1,
        "losses": 1,
        "draws": 0,
        "deals": 3,
        "card_points": 60 + 70 + 5,
        "sweeps": {"normal": 1, "opening": 0, "last": 0},
        "bazzis_won": 1,
        "bazzis_lost": 1,
        "bazzis_won_by_minimum": 0,
    }
    dev = stats.player("dev")
    assert (dev.wins, dev.losses, dev.card_points, dev.bazzis_won, dev.bazzis_won_by_minimum) == (
        1,
        1,
        165,
        1,
        1,
    )
    assert dev.win_rate == 0.5 and dev.card_points_per_deal == 55 and dev.sweeps_per_ten_deals == 0
    assert [p.to_json()["players"] for p in stats.partnerships] == [
        ["Asha", "Chitra"],
        ["Bilal", "Dev"],
    ]
    [h2h] = stats.head_to_head
    assert h2h.to_json() == {
        "partnerships": [["Asha", "Chitra"], ["Bilal", "Dev"]],
        "matches": 2,
        "finished": 2,
        "wins": [1, 1],
        "draws": 0,
    }


def test_a_draw_an_unfinished_match_a_stopped_match_and_an_empty_one():
    draw = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 2), [pts(5, 95), pts(95, 5)])
    unfinished = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 3), [pts(50, 50)])
    # Stopped by the players after Bilal and Dev won a bazzi: whoever is ahead wins.
    stopped = contrib(
        (BILAL_DEV, ASHA_CHITRA),
        MatchFormat("open", None, ended=True),
        [pts(95, 5), pts(40, 60, (0, "opening"))],
    )
    empty = contrib((ASHA_CHITRA, BILAL_DEV), ONE_BAZZI, [])
    stats = aggregate([draw, unfinished, stopped, empty])
    assert (stats.matches, stats.finished, stats.deals) == (3, 2, 5)
    chitra = stats.player("chitra")
    assert (chitra.matches, chitra.finished, chitra.wins, chitra.losses, chitra.draws) == (
        3,
        2,
        0,
        1,
        1,
    )
    assert chitra.card_points == 5 + 95 + 50 + 5 + 60
    assert chitra.sweeps == {"normal": 0, "opening": 0, "last": 0}
    assert stats.player("bilal").sweeps == {"normal": 0, "opening": 1, "last": 0}
    assert (chitra.bazzis_won, chitra.bazzis_lost, chitra.bazzis_won_by_minimum) == (1, 2, 1)
    assert chitra.win_rate == 0
    bilal = stats.player("bilal")
    assert (bilal.wins, bilal.losses, bilal.draws, bilal.bazzis_won, bilal.bazzis_lost) == (
        1,
        0,
        1,
        2,
        1,
    )
    [h2h] = stats.head_to_head  # the same two partnerships, whichever team number each had
    assert (
        h2h.to_json()["wins"] == [0, 1]
        and h2h.draws == 1
        and h2h.matches == 3
        and h2h.finished == 2
    )


def test_a_name_spelled_three_ways_is_one_player_shown_as_spelled_most_recently():
    history = [
        contrib(
            (("Asha", "Chitra"), BILAL_DEV), ONE_BAZZI, [pts(5, 95)], updated="2026-03-01T10:00:00Z"
        ),
        contrib(
            (("ASHA", "Chitra"), BILAL_DEV), ONE_BAZZI, [pts(5, 95)], updated="2026-03-03T10:00:00Z"
        ),
        contrib(
            ((" asha  ", "chitra"), BILAL_DEV),
            ONE_BAZZI,
            [pts(5, 95)],
            updated="2026-03-02T10:00:00Z",
        ),
    ]
    stats = aggregate(history)
    assert [p.to_json()["name"] for p in stats.players] == ["ASHA", "Bilal", "Chitra", "Dev"]
    assert stats.player("asha").matches == 3 and stats.player("asha").losses == 3
    assert len(stats.partnerships) == 2 and stats.partnerships[0].to_json()["players"] == [
        "ASHA",
        "Chitra",
    ]


def test_a_name_on_both_teams_counts_for_no_player_or_partnership_with_that_name():
    both_sides = contrib((("Asha", "Eve"), ("asha", "Dev")), ONE_BAZZI, [pts(95, 5)])
    twice_in_a_team = contrib((("Farid", "farid "), ("Gita", "Hari")), ONE_BAZZI, [pts(95, 5)])
    stats = aggregate([both_sides, twice_in_a_team])
    assert stats.matches == 2  # the match itself still counts
    assert stats.player("asha") is None and stats.player("farid") is None
    assert stats.player("eve").wins == 1 and stats.player("dev").losses == 1
    assert stats.player("gita").losses == 1 and stats.player("hari").card_points == 5
    assert [p.key for p in stats.partnerships] == [("gita", "hari")]
    assert stats.head_to_head == []


def test_since_keeps_matches_created_on_or_after_that_utc_day():
    old = contrib(
        (ASHA_CHITRA, BILAL_DEV), ONE_BAZZI, [pts(5, 95)], created="2025-12-31T23:59:59.999Z"
    )
    late_local = contrib(
        (ASHA_CHITRA, BILAL_DEV), ONE_BAZZI, [pts(95, 5)], created="2026-01-01T02:00:00+05:30"
    )
    new = contrib(
        (ASHA_CHITRA, BILAL_DEV), ONE_BAZZI, [pts(95, 5)], created="2026-01-01T00:00:00.000Z"
    )
    stats = aggregate([old, late_local, new], since=date(2026, 1, 1))
    assert stats.matches == 1  # 02:00 in India on 1 January is still 31 December in UTC
    assert stats.player("asha").wins == 1 and stats.player("asha").losses == 0
    assert aggregate([old, late_local, new]).matches == 3


def test_a_race_to_500_has_no_bazzis():
    race = Match(
        rules=PRESETS["race500"],
        format=MatchFormat("target", 500),
        teams=(Team("A", ASHA_CHITRA), Team("B", BILAL_DEV)),
        first_dealer=0,
        deals=tuple(Deal(points=(76, 20), most_cards=0) for _ in range(7)),
    )
    stats = aggregate(
        [contribution_of(race, replay(race), "2026-03-01T00:00:00Z", "2026-03-01T00:00:00Z")]
    )
    asha = stats.player("asha")
    assert asha.wins == 1 and asha.finished == 1 and asha.bazzis_won == 0 and asha.bazzis_lost == 0


def test_a_partnership_keeps_the_team_names_it_played_under_most_used_first():
    # issue 19, item 11; "team_names" is what the store's view adds from the index line
    def named(names, created, teams=(ASHA_CHITRA, BILAL_DEV)):
        return {**contrib(teams, ONE_BAZZI, [pts(50, 50)], created), "team_names": list(names)}

    stats = aggregate(
        [
            named(("Tigers", "Lions"), "2026-01-01T00:00:00Z"),
            named(("Eagles", "Lions"), "2026-02-01T00:00:00Z"),
            named(("Lions ", "TIGERS"), "2026-03-01T00:00:00Z", (BILAL_DEV, ASHA_CHITRA)),
            named(("", "x"), "2026-04-01T00:00:00Z"),  # no name: nothing to count
            contrib((ASHA_CHITRA, BILAL_DEV), ONE_BAZZI, [pts(50, 50)]),
        ]
    )  # none given
    ac, bd = stats.partnerships
    assert ac.team_names == ("TIGERS", "Eagles")  # twice (newest spelling), then once
    assert bd.team_names == ("Lions ", "x")  # three times, then once
    assert "team_names" not in ac.to_json()  # the spec's JSON is unchanged
