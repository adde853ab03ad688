"""Validation and scoring of one deal."""

from __future__ import annotations

from typing import NamedTuple

from .cards import ALL_CARD_CODES
from .errors import MatchError
from .model import Deal
from .names import check_note
from .presets import SWEEP_KINDS, Rules

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
        raise MatchError("must be a seat number from 0 to 3", field="dealer", code="dealer_seat")
    if deal.cards is not None and deal.points is not None:
        raise MatchError(
            "give either the cards or the points of a deal, not both",
            field="cards",
            code="cards_and_points",
        )
    if deal.cards is not None:
        _validate_cards(deal.cards, rules)
    elif deal.points is not None:
        _validate_points(deal.points, rules)
    else:
        raise MatchError(
            "a deal needs the point cards each team took, or each team's card points",
            field="cards",
            code="deal_empty",
        )
    _validate_sweeps(deal, dealer)
    mc = deal.most_cards
    if mc is None:
        if rules.needs_most_cards:
            raise MatchError(
                "these rules score a bonus for most cards: say which team took more cards, or that "
                "it was a tie",
                field="most_cards",
                code="most_cards_missing",
            )
    elif not ((type(mc) is int and mc in (0, 1)) or (type(mc) is str and mc == "tie")):
        raise MatchError('must be 0, 1 or "tie"', field="most_cards", code="most_cards_bad")
    if deal.bid is not None and not (_is_int(deal.bid) and LOWEST_BID <= deal.bid <= HIGHEST_BID):
        raise MatchError(
            f"a bid is a house value from {LOWEST_BID} to {HIGHEST_BID}",
            field="bid",
            code="bid_range",
        )
    check_note(deal.note)  # the rule of names, line breaks allowed: a note reaches the same screens


def _validate_cards(cards, rules: Rules) -> None:
    if not (isinstance(cards, tuple) and len(cards) == 2):
        raise MatchError(
            "must give the cards of team 0 and of team 1", field="cards", code="cards_shape"
        )
    mine, theirs = cards
    both = mine & theirs
    if both:
        raise MatchError(
            f"{_list(both)} {_is_are(both)} given to both teams; each card goes to one team",
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
                f"{_list(unknown)} {_is_are(unknown)} not a card code (use AS 2S … 10S JS QS KS AH "
                "AD AC 10D)",
                field="cards",
                code="cards_unknown",
                params={"cards": _list(unknown)},
            )
        raise MatchError(
            f"{_list(stray)} {_is_are(stray)} not a point card under these rules",
            field="cards",
            code="cards_not_point",
            params={"cards": _list(stray)},
        )
    if len(taken) != len(rules.point_cards):
        missing = [c for c in rules.point_cards if c not in taken]
        raise MatchError(
            f"point card{'s' if len(missing) > 1 else ''} {_list(missing)} {_is_are(missing)} "
            "missing; every point card goes to one team",
            field="cards",
            code="cards_missing",
            params={"cards": _list(missing)},
        )


def _validate_points(points, rules: Rules) -> None:
    if not (
        isinstance(points, tuple) and len(points) == 2 and _is_int(points[0]) and _is_int(points[1])
    ):
        raise MatchError(
            "must give the card points of team 0 and of team 1 as whole numbers",
            field="points",
            code="points_shape",
        )
    total = rules.card_total
    for team, value in enumerate(points):
        if not 0 <= value <= total:
            raise MatchError(
                f"team {team}'s card points must be from 0 to {total}, not {value}",
                field="points",
                code="points_range",
                params={"team": team, "value": value, "total": total},
            )
    if points[0] + points[1] != total:
        raise MatchError(
            f"card points {points[0]} + {points[1]} = {points[0] + points[1]}, but they must add "
            f"up to {total}",
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
            raise MatchError("a sweep's team must be 0 or 1", field="sweeps", code="sweep_team")
        if kind not in SWEEP_KINDS:
            raise MatchError(
                f"a sweep's kind must be normal, opening or last, not {kind!r}",
                field="sweeps",
                code="sweep_kind",
            )
        counts[team] += 1
        if kind == "opening":
            if opening is not None:
                raise MatchError(
                    "there can be only one opening sweep in a deal (the bidder's first play)",
                    field="sweeps",
                    code="opening_twice",
                )
            opening = team
        elif kind == "last":
            if last is not None:
                raise MatchError(
                    "there can be only one last-play sweep in a deal",
                    field="sweeps",
                    code="last_twice",
                )
            last = team
    for team in (0, 1):
        if counts[team] > MAX_PLAYS_PER_TEAM:
            raise MatchError(
                f"team {team} has {counts[team]} sweeps, but a team makes only "
                f"{MAX_PLAYS_PER_TEAM} plays in a deal",
                field="sweeps",
                code="sweeps_too_many",
                params={"team": team, "count": counts[team], "max": MAX_PLAYS_PER_TEAM},
            )
    if dealer is not None:
        dealer_team = dealer % 2
        if opening is not None and opening == dealer_team:
            raise MatchError(
                f"the opening sweep is made by the bidder, so it belongs to team "
                f"{1 - dealer_team}, not the dealer's team {dealer_team}",
                field="sweeps",
                code="opening_wrong_team",
                params={"team": 1 - dealer_team, "dealer": dealer},
            )
        if last is not None and last != dealer_team:
            raise MatchError(
                f"the last play of a deal is the dealer's, so a last-play sweep belongs to the "
                f"dealer's team {dealer_team}",
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


def _is_are(items) -> str:
    return "is" if len(items) == 1 else "are"


def _card_order(code):
    from .cards import POINT_CARD_CODES

    return (POINT_CARD_CODES.index(code) if code in POINT_CARD_CODES else 99, str(code))
