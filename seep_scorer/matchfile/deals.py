"""A match file's deals: read, validated and replayed in one pass, each deal's object looked at
once.

The careful path is deal_from_dict (the file's types) followed by Replay.add (the
rules). A typical deal is instead checked against both at once by the rules'
fast_deal_check, which accepts a deal only when the careful path would accept it
and build the same Deal and scores; anything else goes the careful way, which
words the error. So the messages and codes are the careful path's by
construction, and tests/matchfile/test_matchdeals.py holds the two paths to the
same results on generated and damaged files.

The order of errors is the careful path's too: every deal's file types are
checked before any rule, so a rules error is held back (`failed`) while the rest
of the deals are still parsed; the caller raises it after its own checks.
"""

from __future__ import annotations

from itertools import islice

from seep_scorer.matchfile.values import check_unknown, extra_of, int_of, obj_of, shown_value
from seep_scorer.rules import (
    DEAL_FIELDS,
    POINT_CARD_CODES,
    SWEEP_FIELDS,
    SWEEP_KINDS,
    Deal,
    MatchError,
    Replay,
    Rules,
    Sweep,
)
from seep_scorer.rules.fastcheck import fast_deal_check

_CARD_SIDES = {"0", "1"}
MAX_SWEEPS = 48  # a deal's plays: no file lists more sweeps


def read_deals(
    deals_obj: list,
    rules: Rules,
    match_format,
    first_dealer: int | None,
    from_json: bool = False,
    keep_deals: bool = True,
):
    """(deals, replay state, the first rules error or None). A deal the quick check declines goes
    through deal_from_dict, which raises the first file error at once, then Replay.add.
    `from_json`: see fast_deal_check. `keep_deals=False`: every deal is checked and replayed all
    the same, but no Deal record is kept (deals is empty): for a caller that needs only the
    standings, such as `seep-scorer score`."""
    state = Replay(rules, match_format, first_dealer)
    fast = fast_deal_check(rules, from_json, keep_deals)
    deals = []
    keep = deals.append
    failed: MatchError | None = None
    count = len(deals_obj)
    position = 0  # of the next deal to read

    def checked():
        """The deals the quick check accepts, from `position` on, each with the dealer the fold
        left. Every deal up to a rules error is folded, so the fold's own count of results is the
        position to go on from: no count kept here (this loop runs once per deal)."""
        for obj in islice(deals_obj, position, None):
            if state.finished_after is not None:
                return
            item = fast(obj, state.dealer)
            if item is None:
                return
            if keep_deals:
                keep(item[0])
            yield item

    while position < count:
        if failed is None:
            state.fold_scored(checked())
            position = len(state.results)
            if position == count:
                break
        # This deal takes the careful path: the quick check declined it, or the match is over,
        # or a rules error came first.
        number = position + 1
        deal = deal_from_dict(deals_obj[position], number)
        position = number
        if keep_deals:
            deals.append(deal)
        if failed is None:
            try:
                state.add(deal)
            except MatchError as err:
                failed = err
    return tuple(deals), state, failed


_MAX_CODES = len(POINT_CARD_CODES) * 2


def _card_side(codes: object, number: int, team: str) -> frozenset[str]:
    # set(map(type, ...)) and len(set(...)) run in C: a 5,000-deal file has 10,000 of these lists.
    if type(codes) is not list or (codes and set(map(type, codes)) != {str}):
        raise MatchError(code="card_list_shape", deal=number, field=f"cards.{team}")
    if len(codes) > _MAX_CODES:
        raise MatchError(code="card_list_too_long", deal=number, field=f"cards.{team}")
    side = frozenset(codes)
    if len(side) != len(codes):
        seen: set[str] = set()
        twice = next(code for code in codes if code in seen or seen.add(code))
        raise MatchError(
            code="card_twice", params={"card": str(twice)}, deal=number, field=f"cards.{team}"
        )
    return side


def _sweep(s: object, i: int, number: int) -> Sweep:
    s = obj_of(s, f"sweeps[{i}]", number)
    team, kind = s.get("team"), s.get("kind", "normal")
    if type(team) is not int or team not in (0, 1):
        raise MatchError(
            code="sweep_team_bad",
            params={"value": shown_value(team)},
            deal=number,
            field=f"sweeps[{i}].team",
        )
    if kind not in SWEEP_KINDS:
        raise MatchError(
            code="sweep_kind_bad",
            params={"value": shown_value(kind)},
            deal=number,
            field=f"sweeps[{i}].kind",
        )
    if s.keys() - SWEEP_FIELDS:
        check_unknown(
            extra_of(s, SWEEP_FIELDS), 4
        )  # dropped, but the file must still be strict JSON
    return Sweep(team, kind)


def deal_from_dict(obj: object, number: int) -> Deal:
    """One deal's JSON object -> Deal (types only; the rules are checked by replay)."""
    obj = obj_of(obj, "deal", number)
    cards = points = None
    if "cards" in obj:
        if "points" in obj:
            raise MatchError(
                code="cards_and_points",
                deal=number,
                field="cards",
            )
        c = obj_of(obj["cards"], "cards", number)
        if c.keys() - _CARD_SIDES:
            unknown = next(k for k in c if k not in _CARD_SIDES)
            raise MatchError(
                code="card_sides",
                params={"value": shown_value(unknown)},
                deal=number,
                field="cards",
            )
        cards = (_card_side(c.get("0", []), number, "0"), _card_side(c.get("1", []), number, "1"))
    elif "points" in obj:
        p = obj_of(obj["points"], "points", number)
        if p.keys() != _CARD_SIDES:
            raise MatchError(
                code="points_shape",
                deal=number,
                field="points",
            )
        points = (int_of(p["0"], "points.0", number), int_of(p["1"], "points.1", number))
    else:
        raise MatchError(
            code="deal_empty",
            deal=number,
            field="cards",
        )

    sweeps_obj = obj.get("sweeps", [])
    if type(sweeps_obj) is not list:
        raise MatchError(code="sweeps_not_list", deal=number, field="sweeps")
    if len(sweeps_obj) > MAX_SWEEPS:
        raise MatchError(
            code="sweeps_over_plays", params={"max": MAX_SWEEPS}, deal=number, field="sweeps"
        )
    sweeps = tuple(_sweep(s, i, number) for i, s in enumerate(sweeps_obj)) if sweeps_obj else ()
    note = obj.get("note")
    if note is not None and not isinstance(note, str):
        raise MatchError(code="not_text", deal=number, field="note")
    extra = {}
    if obj.keys() - DEAL_FIELDS:
        extra = extra_of(obj, DEAL_FIELDS)
        check_unknown(extra, 2)
    return Deal(
        cards, points, sweeps, obj.get("most_cards"), obj.get("dealer"), obj.get("bid"), note, extra
    )


def deal_to_dict(deal: Deal) -> dict:
    out: dict[str, object] = {}
    if deal.cards is not None:
        out["cards"] = {str(t): [c for c in POINT_CARD_CODES if c in deal.cards[t]] for t in (0, 1)}
    else:
        out["points"] = {"0": deal.points[0], "1": deal.points[1]}
    out["sweeps"] = [{"team": s.team, "kind": s.kind} for s in deal.sweeps]
    for key in ("most_cards", "dealer", "bid", "note"):
        value = getattr(deal, key)
        if value is not None:
            out[key] = value
    if deal.extra:
        check_unknown(deal.extra, 2)
        out.update(deal.extra)
    return out
