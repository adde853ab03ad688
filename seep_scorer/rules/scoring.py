"""Validation and scoring of one deal."""

from __future__ import annotations

from typing import NamedTuple

from seep_scorer.rules.cards import ALL_CARD_CODES
from seep_scorer.rules.errors import MatchError
from seep_scorer.rules.model import Deal
from seep_scorer.rules.names import check_note
from seep_scorer.rules.presets import SWEEP_KINDS, Rules

MAX_PLAYS_PER_TEAM = 24  # 48 plays in a deal, alternating between the teams
MOST_CARDS_CHOICES = (0, 1, "tie")
LOWEST_BID, HIGHEST_BID = 9, 13  # a bid is a house value


class DealScore(NamedTuple):
    """A deal's points, each (team 0, team 1)."""

    card_points: tuple[int, int]
    sweep_points: tuple[int, int]
    bonus: tuple[int, int]
    scores: tuple[int, int]


def _is_int(value) -> bool:
    return type(value) is int


def validate_deal(deal: Deal, rules: Rules, dealer: int | None = None) -> None:
    """Raise MatchError (field and plain-words reason) if `deal` cannot have happened under `rules`.

    `dealer` is the seat that dealt, when known: it fixes which team may make
    the opening sweep (the bidder's) and the last-play sweep (the dealer's).
    """
    # The dealer first: the sweep checks below rely on it being a seat.
    if deal.dealer is not None and not (_is_int(deal.dealer) and 0 <= deal.dealer <= 3):
        raise MatchError(field="dealer", code="dealer_seat")
    if deal.cards is not None and deal.points is not None:
        raise MatchError(
            field="cards",
            code="cards_and_points",
        )
    if deal.cards is not None:
        _validate_cards(deal.cards, rules)
    elif deal.points is not None:
        _validate_points(deal.points, rules)
    else:
        raise MatchError(
            field="cards",
            code="deal_empty",
        )
    _validate_sweeps(deal, dealer)
    mc = deal.most_cards
    if mc is None:
        if rules.needs_most_cards:
            raise MatchError(
                field="most_cards",
                code="most_cards_missing",
            )
    elif not ((type(mc) is int and mc in (0, 1)) or (type(mc) is str and mc == "tie")):
        raise MatchError(field="most_cards", code="most_cards_bad")
    if deal.bid is not None and not (_is_int(deal.bid) and LOWEST_BID <= deal.bid <= HIGHEST_BID):
        raise MatchError(field="bid", code="bid_range")
    check_note(deal.note)  # the rule of names, line breaks allowed: a note reaches the same screens


def _validate_cards(cards, rules: Rules) -> None:
    if not (isinstance(cards, tuple) and len(cards) == 2):
        raise MatchError(field="cards", code="cards_shape")
    mine, theirs = cards
    both = mine & theirs
    if both:
        raise MatchError(
            field="cards",
            code="cards_both_teams",
            params={"cards": _list(both)},
        )
    taken = mine | theirs
    stray = taken - rules.point_card_set
    if stray:
        unknown = sorted(c for c in stray if c not in ALL_CARD_CODES)
        if unknown:
            raise MatchError(
                field="cards",
                code="cards_unknown",
                params={"cards": _list(unknown)},
            )
        raise MatchError(
            field="cards",
            code="cards_not_point",
            params={"cards": _list(stray)},
        )
    if len(taken) != len(rules.point_cards):
        missing = [c for c in rules.point_cards if c not in taken]
        raise MatchError(
            field="cards",
            code="cards_missing",
            params={"cards": _list(missing)},
        )


def _validate_points(points, rules: Rules) -> None:
    if not (
        isinstance(points, tuple) and len(points) == 2 and _is_int(points[0]) and _is_int(points[1])
    ):
        raise MatchError(
            field="points",
            code="points_shape",
        )
    total = rules.card_total
    for team, value in enumerate(points):
        if not 0 <= value <= total:
            raise MatchError(
                field="points",
                code="points_range",
                params={"team": team, "value": value, "total": total},
            )
    if points[0] + points[1] != total:
        raise MatchError(
            field="points",
            code="points_sum",
            params={"points": points, "total": total},
        )


def _validate_sweeps(deal: Deal, dealer: int | None) -> None:
    counts = [0, 0]
    opening = last = None
    for sweep in deal.sweeps:
        team, kind = sweep.team, sweep.kind
        if team not in (0, 1) or type(team) is not int:
            raise MatchError(field="sweeps", code="sweep_team")
        if kind not in SWEEP_KINDS:
            raise MatchError(
                field="sweeps",
                code="sweep_kind",
            )
        counts[team] += 1
        if kind == "opening":
            if opening is not None:
                raise MatchError(
                    field="sweeps",
                    code="opening_twice",
                )
            opening = team
        elif kind == "last":
            if last is not None:
                raise MatchError(
                    field="sweeps",
                    code="last_twice",
                )
            last = team
    for team in (0, 1):
        if counts[team] > MAX_PLAYS_PER_TEAM:
            raise MatchError(
                field="sweeps",
                code="sweeps_too_many",
                params={"team": team, "count": counts[team], "max": MAX_PLAYS_PER_TEAM},
            )
    if dealer is not None:
        dealer_team = dealer % 2
        if opening is not None and opening == dealer_team:
            raise MatchError(
                field="sweeps",
                code="opening_wrong_team",
                params={"team": 1 - dealer_team, "dealer": dealer},
            )
        if last is not None and last != dealer_team:
            raise MatchError(
                field="sweeps",
                code="last_wrong_team",
                params={"team": dealer_team, "dealer": dealer},
            )


def score_deal(deal: Deal, rules: Rules) -> DealScore:
    """Each team's card points, sweep points, most-cards bonus and deal score. Assumes a valid
    deal."""
    if deal.cards is not None:
        c0 = sum(map(rules.card_values.__getitem__, deal.cards[0]))
        c1 = rules.card_total - c0
    else:
        c0, c1 = deal.points
    s0 = s1 = 0
    if deal.sweeps:
        sv = rules.sweep_values
        for sweep in deal.sweeps:
            if sweep.team == 0:
                s0 += sv[sweep.kind]
            else:
                s1 += sv[sweep.kind]
    b0 = b1 = 0
    mc = deal.most_cards
    if mc is not None and (rules.most_cards_bonus or rules.most_cards_tie_bonus):
        if mc == "tie":
            b0 = b1 = rules.most_cards_tie_bonus
        elif mc == 0:
            b0 = rules.most_cards_bonus
        else:
            b1 = rules.most_cards_bonus
    return DealScore((c0, c1), (s0, s1), (b0, b1), (c0 + s0 + b0, c1 + s1 + b1))


def _list(codes) -> str:
    codes = sorted(codes, key=_card_order)
    return ", ".join(codes)


def _card_order(code):
    from seep_scorer.rules.cards import POINT_CARD_CODES

    return (POINT_CARD_CODES.index(code) if code in POINT_CARD_CODES else 99, str(code))
