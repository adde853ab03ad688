"""The quick check of one deal as a match file gives it: the file's types and the rules at once.

The careful path is the match file reader's deal_from_dict (the file's types)
followed by Replay.add (the rules: validate_deal, score_deal). A file's reader
checks a typical deal here instead, in one pass over its JSON object, with the
rules' own constants: a deal is accepted only when the careful path would
accept it and build the same Deal and scores. Anything else, however harmless
(an unknown key, a str subclass), returns None: take the careful path, which
words the error. tests/matchfile/test_matchdeals.py holds the two paths to the
same results on generated and damaged files (Hypothesis).
"""

from __future__ import annotations

from seep_scorer.rules.model import DEAL_FIELDS, SWEEP_FIELDS, Deal, Sweep
from seep_scorer.rules.names import MAX_NOTE, first_refused
from seep_scorer.rules.presets import SWEEP_KINDS, Rules
from seep_scorer.rules.scoring import HIGHEST_BID, LOWEST_BID, MAX_PLAYS_PER_TEAM

_SIDES = frozenset(("0", "1"))  # a file's teams, as object keys
_ZERO = (0, 0)
_NO_CARDS: list = []
_STR_ONLY = {str}
_ABSENT = object()
# Sweeps are immutable: one of each, shared by every deal.
_SWEEPS = tuple({kind: Sweep(team, kind) for kind in SWEEP_KINDS} for team in (0, 1))
# A normal sweep as the file gives it.
_NORMAL = ({"team": 0, "kind": "normal"}, {"team": 1, "kind": "normal"})
_DEAL_KEYS = DEAL_FIELDS
_SWEEP_KEYS = SWEEP_FIELDS


def fast_deal_check(rules: Rules, from_json: bool = False, keep_deals: bool = True):
    """fast(obj, dealer_before) -> (Deal, dealer, card_points, sweep_points, bonus, scores), or
    None for "take the careful path". `obj` is one deal as a match file gives it (a JSON object).
    Every check of the file reader's deal_from_dict and of validate_deal is here, in one pass,
    with the rules' constants. `keep_deals=False`: the same checks, and None for the Deal.

    `from_json`: the value is json.loads's, whose strings are never a str subclass; a card list's
    codes then need no type check of their own: a number, true, false or null is no point card's
    code (KeyError below), and a list or an object cannot be looked up (TypeError)."""
    n_points = len(rules.point_cards)
    # Each point card as one number: its value above a bit of its own. The codes of both lists
    # summed give every bit once and the card total above them exactly when each point card is
    # listed once: n codes whose bits sum to 2**n - 1 cannot repeat a card, since a sum of n powers
    # of two has n bits set only when they are distinct (and a card listed twice cannot make up for
    # a value missing above: that adds bits). Team 0's sum, shifted, is its card points.
    card_code_of = {
        code: (rules.card_values[code] << n_points) | (1 << i)
        for i, code in enumerate(rules.point_cards)
    }
    card_code = card_code_of.__getitem__
    every_card_once = sum(card_code_of.values())
    total = rules.card_total
    sweep_values = rules.sweep_values
    normal_value = sweep_values["normal"]
    normal0, normal1 = _NORMAL
    needs_most_cards = rules.needs_most_cards
    most_bonus, tie_bonus = rules.most_cards_bonus, rules.most_cards_tie_bonus
    most_cards_bonus = ((most_bonus, 0), (0, most_bonus))
    tie = (tie_bonus, tie_bonus)
    scores_most_cards = bool(most_bonus or tie_bonus)
    # Pairs of points are shared, not built per deal: the standings keep every deal's pairs, and
    # each new tuple kept is one more object for the garbage collector to look through while the
    # rest of a long file is read. Card points by team 0's share (filled as seen: a card total may
    # be up to 52,000); normal sweeps by the teams' counts.
    splits: dict[int, tuple[int, int]] = {}
    split_of = splits.get
    pairs: dict[tuple[int, int], tuple[int, int]] = {}
    shared = pairs.setdefault  # any other pair: one of each value, the new one dropped
    normal_points = tuple(
        tuple((n0 * normal_value, n1 * normal_value) for n1 in range(MAX_PLAYS_PER_TEAM + 1))
        for n0 in range(MAX_PLAYS_PER_TEAM + 1)
    )

    def fast(obj, dealer_before):
        if type(obj) is not dict:
            return None
        if len(obj) == 2 and "sweeps" in obj:
            # The usual deal: its cards or its points, and its sweeps; no dealer, bonus, bid, note.
            # (Its other key is looked for below: neither "cards" nor "points" returns None.)
            dealer = most = bid = note = None
            at = dealer_before
            if needs_most_cards:
                return None
            bonus = _ZERO
        elif not _DEAL_KEYS.issuperset(obj):
            return None
        else:
            get = obj.get
            dealer = get("dealer")
            if dealer is None:
                at = dealer_before
            elif type(dealer) is int and 0 <= dealer <= 3:
                at = dealer
            else:
                return None
            most = get("most_cards")
            if most is None:
                if needs_most_cards:
                    return None
                bonus = _ZERO
            elif type(most) is int and (most == 0 or most == 1):
                bonus = most_cards_bonus[most] if scores_most_cards else _ZERO
            elif type(most) is str and most == "tie":
                bonus = tie if scores_most_cards else _ZERO
            else:
                return None
            bid = get("bid")
            if bid is not None and not (type(bid) is int and LOWEST_BID <= bid <= HIGHEST_BID):
                return None
            note = get("note")
            if note is not None and not (
                isinstance(note, str)
                and len(note) <= MAX_NOTE
                and first_refused(note, line_breaks=True) is None
            ):
                return None

        if "cards" in obj:
            c = obj["cards"]
            if "points" in obj or type(c) is not dict or not _SIDES.issuperset(c):
                return None
            mine, theirs = c.get("0", _NO_CARDS), c.get("1", _NO_CARDS)
            if (
                type(mine) is not list
                or type(theirs) is not list
                or len(mine) + len(theirs) != n_points
            ):
                return None
            if not from_json and {*map(type, mine), *map(type, theirs)} != _STR_ONLY:
                return None
            try:
                s0 = sum(map(card_code, mine))
                if s0 + sum(map(card_code, theirs)) != every_card_once:
                    return None
            except (
                KeyError,
                TypeError,
            ):  # not a point card's code; a list or an object among the codes
                return None
            c0 = s0 >> n_points
            card_points = split_of(c0)
            if card_points is None:
                card_points = splits[c0] = (c0, total - c0)
            cards = (frozenset(mine), frozenset(theirs)) if keep_deals else None
            points = None
        elif "points" in obj:
            p = obj["points"]
            if type(p) is not dict or len(p) != 2:
                return None
            p0, p1 = (
                p.get("0"),
                p.get("1"),
            )  # two keys, and both of these are numbers: so exactly these two
            if type(p0) is not int or type(p1) is not int or p0 < 0 or p1 < 0 or p0 + p1 != total:
                return None
            card_points = split_of(p0)
            if card_points is None:
                card_points = splits[p0] = (p0, p1)
            cards, points = None, card_points
        else:
            return None

        sweeps_obj = obj.get("sweeps", _ABSENT)
        if sweeps_obj is _ABSENT:
            sweeps, sweep_points = (), _ZERO
        elif type(sweeps_obj) is not list or len(sweeps_obj) > MAX_PLAYS_PER_TEAM:
            return None  # (more may be fine, split between the teams: the careful path decides)
        elif not sweeps_obj:
            sweeps, sweep_points = (), _ZERO
        elif (n0 := sweeps_obj.count(normal0)) == len(sweeps_obj) or n0 + sweeps_obj.count(
            normal1
        ) == len(sweeps_obj):
            # The usual sweeps, each {"team": 0 or 1, "kind": "normal"}: compared and counted in C.
            # == also lets a team of false, true, 0.0 or 1.0 through (False == 0), so the teams'
            # types are checked on their own.
            for s in sweeps_obj:
                if type(s["team"]) is not int:
                    return None
            sweep_points = normal_points[n0][len(sweeps_obj) - n0]
            sweeps = tuple([_SWEEPS[s["team"]]["normal"] for s in sweeps_obj]) if keep_deals else ()
        else:
            built = []
            t0 = t1 = 0
            opening = last = None
            for s in sweeps_obj:
                if type(s) is not dict or not _SWEEP_KEYS.issuperset(s):
                    return None
                team, kind = s.get("team"), s.get("kind", "normal")
                if type(team) is not int or type(kind) is not str:
                    return None
                value = sweep_values.get(kind)
                if value is None:  # not one of SWEEP_KINDS
                    return None
                if team == 0:
                    t0 += value
                elif team == 1:
                    t1 += value
                else:
                    return None
                if kind != "normal":
                    if kind == "opening":
                        if opening is not None:
                            return None
                        opening = team
                    elif kind == "last":
                        if last is not None:
                            return None
                        last = team
                if keep_deals:
                    built.append(_SWEEPS[team][kind])
            if at is not None and (
                (opening is not None and opening == at % 2) or (last is not None and last != at % 2)
            ):
                return None
            sweeps, sweep_points = tuple(built), shared((t0, t1), (t0, t1))

        if sweep_points is _ZERO and bonus is _ZERO:
            scores = card_points
        else:
            scores = (
                card_points[0] + sweep_points[0] + bonus[0],
                card_points[1] + sweep_points[1] + bonus[1],
            )
            scores = shared(scores, scores)
        deal = Deal(cards, points, sweeps, most, dealer, bid, note, {}) if keep_deals else None
        return deal, at, card_points, sweep_points, bonus, scores

    return fast


__all__ = ["fast_deal_check"]
