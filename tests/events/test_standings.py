"""Standings and tie-breaks computed by hand for small events (docs/events.md)."""

from __future__ import annotations

from seep_scorer.events import Result, standings

PAIRS = {"a": "Asha & Chitra", "b": "Bilal & Dev", "c": "Eve & Farid", "d": "Gita & Hari"}


def r(x, y, winner, bazzis=(0, 0), cards=(0, 0)):
    return Result(((x,), (y,)), winner, bazzis, cards)


def test_match_points_byes_and_the_json_row():
    rows = standings(
        PAIRS,
        [r("a", "b", 0, (3, 1), (400, 300)), r("c", "d", "draw", (2, 2), (350, 350))],
        byes=["a"],
    )
    assert [row.entrant for row in rows] == ["a", "c", "d", "b"]
    assert rows[0].to_json() == {
        "rank": 1,
        "entrant": "Asha & Chitra",
        "played": 1,
        "wins": 1,
        "draws": 0,
        "losses": 0,
        "byes": 1,
        "match_points": 4,
        "bazzi_diff": 2,
        "card_point_diff": 100,
    }
    # c and d drew with equal figures and played each other to a draw: equal rank
    assert [(row.entrant, row.rank) for row in rows[1:]] == [("c", 2), ("d", 2), ("b", 4)]


def test_tie_breaks_in_order_bazzi_difference_then_card_points_then_head_to_head():
    results = [
        r("a", "b", 0, (3, 0), (500, 300)),  # a +3 bazzis
        r("c", "d", 0, (3, 2), (450, 420)),  # c +1 bazzi
        r("b", "c", 0, (3, 1), (400, 380)),  # b +2
        r("d", "a", 0, (3, 1), (410, 390)),  # d +2
    ]
    rows = standings(PAIRS, results)
    # All on 2 match points. Bazzi diffs: a +3-2=+1, b -3+2=-1, c +1-2=-1, d -1+2=+1.
    # a and d on +1: card points a +200-20=+180, d -30+20=-10 -> a first.
    # b and c on -1: card points b -200+20=-180, c +30-20=+10 -> c before b.
    assert [(row.entrant, row.rank) for row in rows] == [("a", 1), ("d", 2), ("c", 3), ("b", 4)]


def test_head_to_head_among_exactly_the_tied_entrants_then_the_name():
    results = [
        r("a", "b", 1, (1, 3), (300, 400)),  # b beat a
        r("b", "a", 1, (1, 3), (300, 400)),  # a beat b back: even head to head
        r("c", "d", 0, (3, 1), (400, 300)),
        r("d", "c", 0, (3, 1), (400, 300)),  # c and d even as well
    ]
    rows = standings(PAIRS, results)
    # Everyone 2 points, 0 bazzis, 0 card points; head to head even in each pair: all four tie
    # on every tie-break and share rank 1, listed by name.
    assert [(row.entrant, row.rank) for row in rows] == [("a", 1), ("b", 1), ("c", 1), ("d", 1)]
    decided = standings(PAIRS, [r("c", "a", 0, (3, 3), (300, 300)), r("a", "c", "draw")])
    # a and c: a 1 point, c 3 points. b and d: no games, 0 points, tie on all -> same rank.
    assert [(row.entrant, row.rank) for row in decided] == [("c", 1), ("a", 2), ("b", 3), ("d", 3)]


def test_head_to_head_breaks_a_tie_the_figures_leave():
    results = [
        r("a", "b", 1, (2, 3), (300, 310)),  # b beat a
        r("c", "d", 1, (2, 3), (300, 310)),  # d beat c
        r("a", "d", 0, (3, 2), (310, 300)),  # a beat d
        r("b", "c", 1, (2, 3), (300, 310)),  # c beat b
    ]
    rows = standings(PAIRS, results)
    # All 2 points, bazzis 0, card points 0. Head to head among all four: a took 2 (from d),
    # b 2 (from a), c 2 (from b), d 2 (from c): even again -> shared rank, listed by name.
    assert {row.rank for row in rows} == {1}
    two_tied = standings(
        {"a": "A", "b": "B"},
        [r("a", "b", 1, (2, 3), (300, 310)), r("a", "b", 0, (3, 2), (310, 300))],
    )
    assert [row.rank for row in two_tied] == [1, 1]
    one_more = standings(
        {"a": "A", "b": "B", "c": "C"},
        [r("b", "a", 0, (3, 2), (310, 300)), r("a", "c", 0, (3, 2), (310, 300))],
    )
    # a: 2 pts (+0 bazzis, +0 cards); b: 2 pts (+1, +10); c: 0. b ahead on bazzis.
    assert [(row.entrant, row.rank) for row in one_more] == [("b", 1), ("a", 2), ("c", 3)]


def test_an_individual_result_counts_for_both_players_of_a_team():
    players = {k: k.upper() for k in "abcd"}
    result = Result((("a", "c"), ("b", "d")), 1, (1, 3), (300, 400))
    rows = {row.entrant: row for row in standings(players, [result])}
    assert rows["b"].wins == rows["d"].wins == 1 and rows["a"].losses == 1
    assert rows["d"].bazzi_diff == 2 and rows["c"].card_point_diff == -100


def test_head_to_head_decides_between_two_entrants_equal_on_every_figure():
    results = [
        r("b", "a", 0, (3, 2), (310, 300)),  # b beat a
        r("c", "b", 0, (3, 2), (310, 300)),  # c beat b
        r("a", "d", 0, (3, 2), (310, 300)),  # a beat d
        r("d", "c", 0, (3, 1), (320, 300)),  # d beat c by more
    ]
    rows = standings(PAIRS, results)
    # a and b: 2 points, 0 bazzis, 0 cards each; b beat a, so b first although a's name sorts
    # first. d: +1, +10; c: -1, -10.
    assert [(row.entrant, row.rank) for row in rows] == [("d", 1), ("b", 2), ("a", 3), ("c", 4)]


def test_head_to_head_only_where_every_two_of_the_tied_met():
    three = {"a": "A", "d": "D", "e": "E"}
    results = [r("a", "e", "draw"), r("d", "x", "draw"), r("x", "y", "draw")]
    rows = standings({**three, "x": "X", "y": "Y"}, results)
    # x has two draws; a, d, e and y one each, no bazzis or card points. a and e drew each other,
    # d and y never met them: head to head cannot decide (d and y would otherwise rank below a
    # and e for not having met them), so the four share rank 2.
    assert [(row.entrant, row.rank) for row in rows] == [
        ("x", 1), ("a", 2), ("d", 2), ("e", 2), ("y", 2)
    ]  # fmt: skip
    met = standings(three, [r("a", "e", 0), r("e", "d", 0), r("d", "a", 0)])
    # Each beat one and lost to one: all met, head to head even, one rank.
    assert {row.rank for row in met} == {1}
