"""Ratings (stats.md, "Ratings"): hand-built histories checked against openskill called directly,
and the incremental ledger held equal to a rating from scratch."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Sweep, Team, replay
from seep_scorer.stats import contribution_of
from seep_scorer.stats.ratings import (
    START_MU,
    START_SIGMA,
    PlayerRating,
    RatingLedger,
    chances,
    fair_teams,
    rate_all,
    signature,
)

ASHA_CHITRA = ("Asha", "Chitra")
BILAL_DEV = ("Bilal", "Dev")


def pts(a: int, b: int, *sweeps: tuple[int, str]) -> Deal:
    return Deal(points=(a, b), sweeps=tuple(Sweep(t, k) for t, k in sweeps))


def contrib(teams, fmt, deals, created="2026-03-01T10:00:00.000Z", preset="standard"):
    match = Match(
        rules=PRESETS[preset],
        format=fmt,
        teams=(Team("A", teams[0]), Team("B", teams[1])),
        first_dealer=0,
        deals=tuple(deals),
    )
    return contribution_of(match, replay(match), created, created)


def by_hand(games):
    """openskill called directly: games = [(team a names, team b names, ranks)]."""
    model = PlackettLuce()
    state = {}
    for a, b, ranks in games:
        teams = [[state.get(n, model.rating()) for n in side] for side in (a, b)]
        for side, new in zip((a, b), model.rate(teams, ranks=ranks)):
            for name, rating in zip(side, new):
                state[name] = rating
    return state


def close(rating: PlayerRating, expected) -> bool:
    return rating.mu == pytest.approx(expected.mu) and rating.sigma == pytest.approx(expected.sigma)


def test_each_bazzi_is_one_game_and_a_race_to_500_is_one_game():
    three_bazzis = contrib(  # A wins by the minimum, B by the lead, A by the minimum: 2-1
        (ASHA_CHITRA, BILAL_DEV),
        MatchFormat("bazzis", 3),
        [pts(95, 5), pts(10, 90, (1, "normal")), pts(10, 90), pts(92, 8)],
        created="2026-03-01T10:00:00.000Z",
    )
    assert three_bazzis["games"] == [0, 1, 0]
    race = contrib(  # running totals: one game, won by team B (Bilal and Dev, seated as A)
        (BILAL_DEV, ("Asha", "Eve")),
        MatchFormat("target", 500),
        [Deal(points=(76, 20), most_cards=0) for _ in range(7)],
        created="2026-03-02T10:00:00.000Z",
        preset="race500",
    )
    assert race["games"] == [0]
    unfinished = contrib(
        (ASHA_CHITRA, ("Eve", "Dev")),
        MatchFormat("bazzis", 5),
        [pts(95, 5)],
        created="2026-03-03T10:00:00.000Z",
    )
    assert unfinished["games"] == [0]  # a bazzi won counts even before the match ends
    ratings = rate_all(
        [(("2026-03-03T10:00:00.000Z", "m3"), unfinished)]
        + [(("2026-03-01T10:00:00.000Z", "m1"), three_bazzis)]
        + [(("2026-03-02T10:00:00.000Z", "m2"), race)]
    )  # given out of order: rated by created
    AC, BD = ["Asha", "Chitra"], ["Bilal", "Dev"]
    expected = by_hand(
        [
            (AC, BD, [0, 1]),
            (AC, BD, [1, 0]),
            (AC, BD, [0, 1]),
            (BD, ["Asha", "Eve"], [0, 1]),
            (AC, ["Eve", "Dev"], [0, 1]),
        ]
    )
    assert set(ratings) == {"asha", "chitra", "bilal", "dev", "eve"}
    for name, rating in expected.items():
        assert close(ratings[name.lower()], rating), name
    assert ratings["asha"].games == 5 and ratings["eve"].games == 2 and ratings["chitra"].games == 4
    # Figures computed once by hand from the model's update (Plackett-Luce, two teams of two):
    assert ratings["chitra"].to_json()["games"] == 4
    assert ratings["eve"].rating == pytest.approx(ratings["eve"].mu - 3 * ratings["eve"].sigma)


def test_the_first_game_moves_winners_up_and_losers_down_by_the_same_amount():
    won = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 1), [pts(95, 5)])
    ratings = rate_all([(("2026-03-01", "m1"), won)])
    up = ratings["asha"].mu - START_MU
    down = START_MU - ratings["bilal"].mu
    assert up > 0 and up == pytest.approx(down)
    assert ratings["asha"].sigma < START_SIGMA and ratings["asha"].to_json() == {
        "mu": round(ratings["asha"].mu, 2),
        "sigma": round(ratings["asha"].sigma, 2),
        "rating": round(ratings["asha"].mu - 3 * ratings["asha"].sigma, 2),
        "games": 1,
    }


def test_a_drawn_race_is_a_draw_and_a_name_on_both_teams_rates_nothing():
    drawn = {
        "teams": [{"players": list(ASHA_CHITRA)}, {"players": list(BILAL_DEV)}],
        "games": ["draw"],
    }
    ratings = rate_all([(("2026-03-01", "m1"), drawn)])
    expected = by_hand([(list(ASHA_CHITRA), list(BILAL_DEV), [0, 0])])
    assert close(ratings["asha"], expected["Asha"]) and ratings["asha"].games == 1
    assert ratings["asha"].mu == pytest.approx(START_MU)  # equal sides, a draw: no one moves
    twice = contrib((("Asha", "Chitra"), ("asha", "Dev")), MatchFormat("bazzis", 1), [pts(95, 5)])
    assert signature(twice) is None and rate_all([(("2026-03-01", "m"), twice)]) == {}


def test_an_old_contribution_without_games_rates_nothing():
    old = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 1), [pts(95, 5)])
    del old["games"]
    assert rate_all([(("2026-03-01", "m"), old)]) == {}


def test_a_player_history_has_the_rating_after_each_match():
    first = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 1), [pts(95, 5)])
    second = contrib((("Asha", "Eve"), BILAL_DEV), MatchFormat("bazzis", 1), [pts(5, 95)])
    other = contrib((("Farid", "Eve"), BILAL_DEV), MatchFormat("bazzis", 1), [pts(5, 95)])
    ledger = RatingLedger()
    ledger.sync([(("1", "a"), first), (("2", "b"), second), (("3", "c"), other)])
    history = ledger.history("asha")
    assert [order for order, _ in history] == [("1", "a"), ("2", "b")]
    assert history[0][1].mu > START_MU > history[1][1].mu
    assert history[-1][1] == ledger.ratings()["asha"]


def test_a_save_to_the_newest_match_re_rates_that_match_alone():
    a = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 3), [pts(95, 5)])
    b = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 3), [pts(95, 5)])
    ledger = RatingLedger()
    assert ledger.sync([(("1", "a"), a), (("2", "b"), b)]) == 2
    assert ledger.sync([(("1", "a"), a), (("2", "b"), b)]) == 0
    b2 = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 3), [pts(95, 5), pts(5, 95)])
    assert ledger.sync([(("1", "a"), a), (("2", "b"), b2)]) == 1
    assert ledger.ratings() == rate_all([(("1", "a"), a), (("2", "b"), b2)])
    # A deal that wins no bazzi changes nothing the ratings read.
    b3 = contrib(
        (ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 3), [pts(95, 5), pts(5, 95), pts(50, 50)]
    )
    assert ledger.sync([(("1", "a"), a), (("2", "b"), b3)]) == 0


GAMES = st.lists(st.sampled_from([0, 1, "draw"]), min_size=0, max_size=3)
NAMES = ["Asha", "Bilal", "Chitra", "Dev", "Eve"]


@st.composite
def histories(draw):
    items = {}
    for n in range(draw(st.integers(0, 8))):
        seats = draw(st.permutations(NAMES))[:4]
        items[f"m{n}"] = (
            f"2026-03-{draw(st.integers(1, 9)):02d}",
            {
                "teams": [{"players": seats[:2]}, {"players": seats[2:]}],
                "games": draw(GAMES),
            },
        )
    return items


@settings(max_examples=60, deadline=None)
@given(histories(), st.lists(st.tuples(st.integers(0, 9), histories()), max_size=4))
def test_the_ledger_after_any_changes_equals_a_rating_from_scratch(history, changes):
    ledger = RatingLedger()
    current = dict(history)
    ledger.sync([((created, mid), c) for mid, (created, c) in current.items()])
    for pick, other in changes:
        ids = sorted(current)
        if ids and pick % 3 == 0:
            del current[ids[pick % len(ids)]]  # a delete
        elif ids and pick % 3 == 1 and other:
            current[ids[pick % len(ids)]] = next(iter(other.values()))  # an edit
        else:
            current.update({f"x{pick}{k}": v for k, v in other.items()})  # an import
        items = [((created, mid), c) for mid, (created, c) in current.items()]
        ledger.sync(items)
        fresh = rate_all(items)
        assert set(ledger.ratings()) == set(fresh)
        for key, rating in fresh.items():
            got = ledger.ratings()[key]
            assert got.games == rating.games
            assert got.mu == pytest.approx(rating.mu) and got.sigma == pytest.approx(rating.sigma)


def test_chances_and_fair_teams_for_four_known_ratings():
    strong, weak = PlayerRating(35, 2, 30), PlayerRating(15, 2, 30)
    a, b = chances([strong, strong], [weak, weak])
    assert a > 0.9 and a + b == pytest.approx(1)
    ratings = {
        "asha": PlayerRating(35, 2, 30),
        "bilal": PlayerRating(33, 2, 30),
        "chitra": PlayerRating(17, 2, 30),
        "dev": PlayerRating(15, 2, 30),
    }
    split = fair_teams(["Asha", "Bilal", "Chitra", "Dev"], ratings)
    # The strongest with the weakest: 35 + 15 against 33 + 17, dead even.
    assert split.teams == (("Asha", "Dev"), ("Bilal", "Chitra"))
    assert split.chances[0] == pytest.approx(0.5, abs=0.01) and not split.guess
    unknown = fair_teams(["Asha", "Bilal", "Chitra", "Zoe"], ratings)
    assert unknown.guess  # Zoe has no games: her strength is the default, a guess
    splits = {
        (("Asha", "Bilal"), ("Chitra", "Zoe")),
        (("Asha", "Chitra"), ("Bilal", "Zoe")),
        (("Asha", "Zoe"), ("Bilal", "Chitra")),
    }
    assert unknown.teams in splits
    for teams in splits:
        sides = [[ratings.get(n.lower(), PlayerRating()) for n in team] for team in teams]
        assert abs(unknown.chances[0] - 0.5) <= abs(chances(*sides)[0] - 0.5) + 1e-9
    with pytest.raises(ValueError):
        fair_teams(["Asha", "Bilal", "Chitra"], ratings)


def test_partners_and_opponents_against_what_the_ratings_expected():
    first = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 1), [pts(95, 5)])
    second = contrib((("Asha", "Eve"), BILAL_DEV), MatchFormat("bazzis", 1), [pts(5, 95)])
    ledger = RatingLedger()
    ledger.sync([(("1", "a"), first), (("2", "b"), second)])
    partners, opponents = ledger.against_expectation("asha")
    assert [p.who for p in partners] == ["chitra", "eve"]  # best first
    chitra, eve = partners
    assert (chitra.games, chitra.wins, eve.games, eve.wins) == (1, 1.0, 1, 0.0)
    assert chitra.expected == pytest.approx(0.5)  # four new players: an even game
    assert 0.5 < eve.expected < 1  # Asha (stronger now) and Eve, favoured against the two who lost
    assert chitra.margin == pytest.approx(0.5) and eve.margin == pytest.approx(-eve.expected)
    [bilal_dev] = opponents
    assert bilal_dev.who == ("bilal", "dev") and bilal_dev.games == 2 and bilal_dev.wins == 1


def test_stats_with_ratings_rank_players_and_put_the_rating_in_the_json():
    from seep_scorer.stats import aggregate

    won = contrib((ASHA_CHITRA, BILAL_DEV), MatchFormat("bazzis", 1), [pts(95, 5)])
    stats = aggregate([won])
    assert "rating" not in stats.players[0].to_json()  # no ratings attached: none claimed
    rated = stats.with_ratings(rate_all([(("1", "a"), won)]))
    assert [p.key[0] for p in rated.ranking()][:2] == ["asha", "chitra"]
    asha = rated.player("asha").to_json()
    assert asha["rating"]["games"] == 1 and asha["rating"]["mu"] > START_MU
