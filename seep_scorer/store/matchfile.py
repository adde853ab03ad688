"""The match file, format version 1 (shared/spec/match-format.md): dict <-> Match, text, files.

Readers keep the keys they do not know and write them back on export. Nested
unknown keys are kept in `Match.extra` under "top", "rules", "match" and "teams".
Unknown keys are the only part not checked field by field, so they are held to
strict JSON here: no NaN or Infinity, and the whole file no deeper than
jsonio.MAX_MATCH_DEPTH, or a match could be stored that no later read accepts.
"""

from __future__ import annotations

import gc
import os

from ..rules import (
    DEFAULT_MATCH,
    POINT_CARD_CODES,
    Deal,
    Match,
    MatchError,
    MatchFormat,
    Standings,
    Sweep,
    Team,
    check_name,
    make_rules,
)
from .guards import refused
from .jsonio import MAX_MATCH_DEPTH, JSONRefused, check_value, depth_of, dumps, loads
from .matchdeals import read_deals
from .matchstream import stream_scored

FORMAT_NAME = "seep-match"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 5 * 1024 * 1024  # a 5,000-deal match with notes is well under 1 MB
MAX_DEALS = 5000

_TOP_KEYS = {"format", "version", "rules", "match", "teams", "first_dealer", "deals"}
_RULES_KEYS = {"preset", "overrides"}
_MATCH_KEYS = {"type", "count", "ended"}
_TEAM_KEYS = {"name", "players"}
_DEAL_KEYS = {"cards", "points", "sweeps", "most_cards", "dealer", "bid", "note"}
_SWEEP_KEYS = {"team", "kind"}
_CARD_SIDES = {"0", "1"}


def _obj(value: object, field: str, deal: int | None = None) -> dict:
    if not isinstance(value, dict):
        raise MatchError(code="not_object", deal=deal, field=field)
    return value


def _int(value: object, field: str, deal: int | None = None) -> int:
    if type(value) is not int:
        raise MatchError(code="not_whole", params={"value": _show(value)}, deal=deal, field=field)
    return value


def _show(value: object) -> str:
    if isinstance(value, (str, int, float, bool, type(None))):
        import json  # an error's wording only

        text = json.dumps(value, ensure_ascii=False)
    else:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _extra(obj: dict, known: set) -> dict:
    return {k: v for k, v in obj.items() if k not in known}


def _check_unknown(extra: dict, above: int) -> None:
    """The unknown keys of an object `above` levels into the file: strict JSON, the file within MAX_MATCH_DEPTH.

    Known fields are bounded by their own checks, so only unknown keys can nest
    deeply; `extra` stands for its object, so it may nest MAX_MATCH_DEPTH - above.
    """
    if not extra:
        return
    limit = MAX_MATCH_DEPTH - above
    if depth_of(extra, limit) > limit:
        raise MatchError(code="json_too_deep", params={"max": MAX_MATCH_DEPTH}, field="file")
    try:
        check_value(extra, limit)
    except JSONRefused as err:
        raise refused(err) from None


def match_from_dict(obj: object) -> Match:
    """Parse and fully validate a match file's JSON value. Raises MatchError naming the field."""
    return scored_match_from_dict(obj)[0]


def scored_match_from_dict(
    obj: object, *, from_json: bool = False, keep_deals: bool = True
) -> tuple[Match, Standings]:
    """`match_from_dict`, with the standings of the replay that validated it (so nobody replays twice).

    `from_json`: `obj` is json.loads's own value, so every str in it is exactly a str (no subclass), which
    the deal reader then need not check again. `keep_deals=False`: validated and replayed all the same, but the
    match comes back with its settings only (no deals): for a caller that needs only the standings."""
    obj = _obj(obj, "file")
    fmt = obj.get("format")
    if fmt != FORMAT_NAME:
        raise MatchError(
            code="not_match_file",
            params={"format": _show(fmt), "expected": FORMAT_NAME},
            field="format",
        )
    version = obj.get("version")
    if type(version) is not int or version < 1:
        raise MatchError(code="version_bad", params={"value": _show(version)}, field="version")
    if version > FORMAT_VERSION:
        raise MatchError(
            code="version_newer",
            params={"version": version, "supported": FORMAT_VERSION},
            field="version",
        )

    rules_obj = _obj(obj.get("rules", {"preset": "standard"}), "rules")
    preset = rules_obj.get("preset", "standard")
    if not isinstance(preset, str):
        raise MatchError(code="preset_unknown", field="rules.preset")
    overrides = rules_obj.get("overrides")
    overrides = {} if overrides is None else _obj(overrides, "rules.overrides")
    rules = make_rules(preset, overrides)

    match_obj = obj.get("match")
    if match_obj is None:
        match_format = DEFAULT_MATCH.get(preset, DEFAULT_MATCH["standard"])
        match_obj = {}
    else:
        match_obj = _obj(match_obj, "match")
        mtype = match_obj.get("type")
        if not isinstance(mtype, str):
            raise MatchError(code="match_type_unknown", field="match.type")
        match_format = MatchFormat(mtype, match_obj.get("count"), match_obj.get("ended", False))
    match_format.validate(rules)

    teams = _teams(obj.get("teams"))
    first_dealer = obj.get("first_dealer", 0)
    if first_dealer is not None and not (type(first_dealer) is int and 0 <= first_dealer <= 3):
        raise MatchError(
            code="seat_bad", params={"value": _show(first_dealer)}, field="first_dealer"
        )

    deals_obj = obj.get("deals", [])
    if not isinstance(deals_obj, list):
        raise MatchError(code="deals_not_list", field="deals")
    if len(deals_obj) > MAX_DEALS:
        raise MatchError(
            code="deals_too_many", params={"max": MAX_DEALS, "count": len(deals_obj)}, field="deals"
        )
    # Parsed, validated and replayed in one pass; a rules error waits until every deal's types are checked.
    deals, state, failed = read_deals(
        deals_obj, rules, match_format, first_dealer, deal_from_dict, from_json, keep_deals
    )

    extra = {}
    for key, value, above in (
        ("top", _extra(obj, _TOP_KEYS), 0),
        ("rules", _extra(rules_obj, _RULES_KEYS), 1),
        ("match", _extra(match_obj, _MATCH_KEYS), 1),
    ):
        _check_unknown(value, above)
        if value:
            extra[key] = value
    team_extras = (
        [_extra(t, _TEAM_KEYS) for t in obj["teams"]] if isinstance(obj.get("teams"), list) else []
    )
    for team_extra in team_extras:
        _check_unknown(team_extra, 2)
    if any(team_extras):
        extra["teams"] = team_extras
    # What validate_match checks before its replay (first_dealer: above, the same test), in its order.
    rules.validate()
    match_format.validate(rules)
    if failed is not None:
        raise failed
    return Match(
        rules, match_format, teams, first_dealer, deals if keep_deals else (), extra
    ), state.standings()


def _teams(value: object) -> tuple[Team, Team]:
    if value is None:
        return Match().teams
    if not isinstance(value, list) or len(value) != 2:
        raise MatchError(code="teams_shape", field="teams")
    teams = []
    for i, t in enumerate(value):
        t = _obj(t, f"teams[{i}]")
        name = t.get("name", f"Team {'AB'[i]}")
        players = t.get("players", [f"Player {i + 1}", f"Player {i + 3}"])
        # One rule for names everywhere: no control or bidi override characters (they reach terminals).
        check_name(name, f"teams[{i}].name", what="team name")
        if not isinstance(players, list) or len(players) != 2:
            raise MatchError(code="players_shape", field=f"teams[{i}].players")
        for j, p in enumerate(players):
            check_name(p, f"teams[{i}].players[{j}]", what="player's name")
        teams.append(Team(name, (players[0], players[1])))
    return teams[0], teams[1]


_MAX_CODES = len(POINT_CARD_CODES) * 2
_SWEEP_KINDS = ("normal", "opening", "last")


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
    s = _obj(s, f"sweeps[{i}]", number)
    team, kind = s.get("team"), s.get("kind", "normal")
    if type(team) is not int or team not in (0, 1):
        raise MatchError(
            code="sweep_team_bad",
            params={"value": _show(team)},
            deal=number,
            field=f"sweeps[{i}].team",
        )
    if kind not in _SWEEP_KINDS:
        raise MatchError(
            code="sweep_kind_bad",
            params={"value": _show(kind)},
            deal=number,
            field=f"sweeps[{i}].kind",
        )
    if s.keys() - _SWEEP_KEYS:
        _check_unknown(_extra(s, _SWEEP_KEYS), 4)  # dropped, but the file must still be strict JSON
    return Sweep(team, kind)


def deal_from_dict(obj: object, number: int) -> Deal:
    """One deal's JSON object -> Deal (types only; the rules are checked by replay)."""
    obj = _obj(obj, "deal", number)
    cards = points = None
    if "cards" in obj:
        if "points" in obj:
            raise MatchError(
                code="cards_and_points",
                deal=number,
                field="cards",
            )
        c = _obj(obj["cards"], "cards", number)
        if c.keys() - _CARD_SIDES:
            unknown = next(k for k in c if k not in _CARD_SIDES)
            raise MatchError(
                code="card_sides", params={"value": _show(unknown)}, deal=number, field="cards"
            )
        cards = (_card_side(c.get("0", []), number, "0"), _card_side(c.get("1", []), number, "1"))
    elif "points" in obj:
        p = _obj(obj["points"], "points", number)
        if p.keys() != _CARD_SIDES:
            raise MatchError(
                code="points_shape",
                deal=number,
                field="points",
            )
        points = (_int(p["0"], "points.0", number), _int(p["1"], "points.1", number))
    else:
        raise MatchError(
            code="deal_empty",
            deal=number,
            field="cards",
        )

    sweeps_obj = obj.get("sweeps", [])
    if type(sweeps_obj) is not list:
        raise MatchError(code="sweeps_not_list", deal=number, field="sweeps")
    if len(sweeps_obj) > 48:
        raise MatchError(code="sweeps_over_plays", params={"max": 48}, deal=number, field="sweeps")
    sweeps = tuple(_sweep(s, i, number) for i, s in enumerate(sweeps_obj)) if sweeps_obj else ()
    note = obj.get("note")
    if note is not None and not isinstance(note, str):
        raise MatchError(code="not_text", deal=number, field="note")
    extra = {}
    if obj.keys() - _DEAL_KEYS:
        extra = _extra(obj, _DEAL_KEYS)
        _check_unknown(extra, 2)
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
        _check_unknown(deal.extra, 2)
        out.update(deal.extra)
    return out


def match_to_dict(match: Match) -> dict:
    """The match file's dict. MatchError if unknown keys put in by code are not strict JSON or nest too deeply,
    so that no caller writes NaN or recurses without bound while encoding."""
    extra = match.extra
    for key, above in (("top", 0), ("rules", 1), ("match", 1)):
        _check_unknown(extra.get(key), above)
    for team_extra in extra.get("teams") or ():
        _check_unknown(team_extra, 2)
    rules = {
        "preset": match.rules.preset,
        "overrides": match.rules.overrides(),
        **extra.get("rules", {}),
    }
    fmt = match.format
    match_obj: dict[str, object] = {"type": fmt.type}
    if fmt.count is not None:
        match_obj["count"] = fmt.count
    if fmt.ended:
        match_obj["ended"] = True
    match_obj.update(extra.get("match", {}))
    team_extras = extra.get("teams") or [{}, {}]
    teams = [
        {"name": t.name, "players": list(t.players), **team_extras[i]}
        for i, t in enumerate(match.teams)
    ]
    out = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "rules": rules,
        "match": match_obj,
        "teams": teams,
        "first_dealer": match.first_dealer,
        "deals": [deal_to_dict(d) for d in match.deals],
    }
    for key, value in extra.get("top", {}).items():
        out.setdefault(key, value)
    return out


def dumps_match(match: Match) -> str:
    """The match file's text; ValueError for NaN or Infinity, which are not JSON and are never written."""
    return dumps(match_to_dict(match), indent=1) + "\n"


def loads_match(data: bytes | str) -> Match:
    """Parse a match file's bytes. Every failure is a MatchError, never another exception."""
    return loads_scored_match(data)[0]


def loads_scored_match(data: bytes | str, *, keep_deals: bool = True) -> tuple[Match, Standings]:
    """`loads_match`, with the standings of the replay that validated it (`keep_deals`: scored_match_from_dict)."""
    if len(data) > MAX_FILE_BYTES:
        raise MatchError(
            code="file_too_large",
            params={"size": len(data) // 1024, "max": MAX_FILE_BYTES // 1024 // 1024},
            field="file",
        )
    if isinstance(data, bytes):
        if (
            data[:3] == b"\xef\xbb\xbf"
        ):  # a byte order mark, which utf-8-sig drops: utf-8 is already loaded
            data = data[3:]
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise MatchError(
                code="file_not_utf8", params={"position": err.start}, field="file"
            ) from None
    # json's reader and the deals build several objects per deal, none in a cycle: the cyclic collector would walk
    # the growing heap again and again for nothing (a third of a 5,000-deal read), so it waits for the end.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _loads_scored(data, keep_deals)
    finally:
        if was_enabled:
            gc.enable()


def _loads_scored(data: str, keep_deals: bool) -> tuple[Match, Standings]:
    # Most files: a few deals at a time, their objects freed before the next ones come (matchstream); anything it
    # does not take, the whole value read first, as below, which words any fault.
    streamed = stream_scored(data, _header_check, _TOP_KEYS, MAX_DEALS, keep_deals)
    if streamed is not None:
        return streamed
    try:
        # No whole-value depth walk: scored_match_from_dict bounds each unknown key where it sits,
        # and every known field has a fixed shape (a third of the time of a 5,000-deal read).
        obj = loads(data, MAX_MATCH_DEPTH, walk=False)
    except JSONRefused as err:
        raise refused(err) from None
    except (RecursionError, ValueError) as err:
        from json import (
            JSONDecodeError,
        )  # only now: reading a valid file needs no json module (jsonio.loads)

        if isinstance(err, JSONDecodeError):
            raise MatchError(
                code="file_not_json",
                params={"reason": err.msg, "line": err.lineno, "column": err.colno},
                field="file",
            ) from None
        raise MatchError(
            code="file_not_usable_json", params={"kind": type(err).__name__}, field="file"
        ) from None
    try:
        return scored_match_from_dict(obj, from_json=True, keep_deals=keep_deals)
    except RecursionError:
        raise MatchError(
            code="json_too_deep", params={"max": MAX_MATCH_DEPTH}, field="file"
        ) from None


def _header_check(obj: dict) -> tuple[Match, Standings]:
    return scored_match_from_dict(obj, from_json=True, keep_deals=False)


def read_match_file(path: str | os.PathLike) -> Match:
    return read_scored_match_file(path)[0]


def read_scored_match_file(
    path: str | os.PathLike, *, keep_deals: bool = True
) -> tuple[Match, Standings]:
    """A match file read, validated and replayed once: the match and its standings (`keep_deals`:
    scored_match_from_dict)."""
    try:
        size = os.stat(path).st_size
        if size > MAX_FILE_BYTES:
            raise MatchError(
                code="file_too_large",
                params={"size": size // 1024, "max": MAX_FILE_BYTES // 1024 // 1024},
                field="file",
            )
        with open(path, "rb") as file:
            data = file.read()
    except OSError as err:
        from pathlib import Path  # only to name the file as before; pathlib is not needed otherwise

        raise MatchError(
            code="file_unreadable",
            params={"path": str(Path(path)), "reason": str(err.strerror or err)},
            field="file",
        ) from None
    return loads_scored_match(data, keep_deals=keep_deals)
