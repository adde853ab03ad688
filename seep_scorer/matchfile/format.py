"""The match file, format version 1: dict <-> Match, text, files.

Readers keep the keys they do not know and write them back on export. Nested
unknown keys are kept in `Match.extra` under "top", "rules", "match" and "teams".
Unknown keys are the only part not checked field by field, so they are held to
strict JSON here: no NaN or Infinity, and the whole file no deeper than
jsonio.MAX_MATCH_DEPTH, or a match could be stored that no later read accepts.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from seep_scorer.matchfile.deals import deal_to_dict, read_deals
from seep_scorer.matchfile.guards import refused
from seep_scorer.matchfile.jsonio import MAX_MATCH_DEPTH, JSONRefused, dumps, loads
from seep_scorer.matchfile.values import check_unknown, extra_of, obj_of, shown_value
from seep_scorer.rules import (
    DEFAULT_MATCH,
    Match,
    MatchError,
    MatchFormat,
    Standings,
    Team,
    check_name,
    make_rules,
)

FORMAT_NAME = "seep-match"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 5 * 1024 * 1024  # a 5,000-deal match with notes is well under 1 MB
MAX_DEALS = 5000

_TOP_KEYS = {"format", "version", "rules", "match", "teams", "first_dealer", "deals"}
_RULES_KEYS = {"preset", "overrides"}
_MATCH_KEYS = {"type", "count", "ended"}
_TEAM_KEYS = {"name", "players"}


def match_from_dict(obj: object) -> Match:
    """Parse and fully validate a match file's JSON value. Raises MatchError naming the field."""
    return scored_match_from_dict(obj)[0]


def scored_match_from_dict(
    obj: object, *, from_json: bool = False, keep_deals: bool = True
) -> tuple[Match, Standings]:
    """`match_from_dict`, with the standings of the replay that validated it (one replay).

    `from_json`: `obj` is json.loads's own value, so every str in it is exactly a str (no
    subclass), which the deal reader then need not check again. `keep_deals=False`: validated and
    replayed all the same, but the match comes back with its settings only (no deals): for a
    caller that needs only the standings."""
    obj = obj_of(obj, "file")
    fmt = obj.get("format")
    if fmt != FORMAT_NAME:
        raise MatchError(
            code="not_match_file",
            params={"format": shown_value(fmt), "expected": FORMAT_NAME},
            field="format",
        )
    version = obj.get("version")
    if type(version) is not int or version < 1:
        raise MatchError(
            code="version_bad", params={"value": shown_value(version)}, field="version"
        )
    if version > FORMAT_VERSION:
        raise MatchError(
            code="version_newer",
            params={"version": version, "supported": FORMAT_VERSION},
            field="version",
        )

    rules_obj = obj_of(obj.get("rules", {"preset": "standard"}), "rules")
    preset = rules_obj.get("preset", "standard")
    if not isinstance(preset, str):
        raise MatchError(code="preset_unknown", field="rules.preset")
    overrides = rules_obj.get("overrides")
    overrides = {} if overrides is None else obj_of(overrides, "rules.overrides")
    rules = make_rules(preset, overrides)

    match_obj = obj.get("match")
    if match_obj is None:
        match_format = DEFAULT_MATCH.get(preset, DEFAULT_MATCH["standard"])
        match_obj = {}
    else:
        match_obj = obj_of(match_obj, "match")
        mtype = match_obj.get("type")
        if not isinstance(mtype, str):
            raise MatchError(code="match_type_unknown", field="match.type")
        match_format = MatchFormat(mtype, match_obj.get("count"), match_obj.get("ended", False))
    match_format.validate(rules)

    teams = _teams(obj.get("teams"))
    first_dealer = obj.get("first_dealer", 0)
    if first_dealer is not None and not (type(first_dealer) is int and 0 <= first_dealer <= 3):
        raise MatchError(
            code="seat_bad",
            params={"value": shown_value(first_dealer)},
            field="first_dealer",
        )

    deals_obj = obj.get("deals", [])
    if not isinstance(deals_obj, list):
        raise MatchError(code="deals_not_list", field="deals")
    if len(deals_obj) > MAX_DEALS:
        raise MatchError(
            code="deals_too_many",
            params={"max": MAX_DEALS, "count": len(deals_obj)},
            field="deals",
        )
    # Parsed, validated and replayed in one pass; a rules error waits until every deal's types
    # are checked.
    deals, state, failed = read_deals(
        deals_obj, rules, match_format, first_dealer, from_json, keep_deals
    )

    extra = {}
    for key, value, above in (
        ("top", extra_of(obj, _TOP_KEYS), 0),
        ("rules", extra_of(rules_obj, _RULES_KEYS), 1),
        ("match", extra_of(match_obj, _MATCH_KEYS), 1),
    ):
        check_unknown(value, above)
        if value:
            extra[key] = value
    team_extras = (
        [extra_of(t, _TEAM_KEYS) for t in obj["teams"]]
        if isinstance(obj.get("teams"), list)
        else []
    )
    for team_extra in team_extras:
        check_unknown(team_extra, 2)
    if any(team_extras):
        extra["teams"] = team_extras
    # What validate_match checks before its replay (first_dealer: above, the same test), in its
    # order.
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
        t = obj_of(t, f"teams[{i}]")
        name = t.get("name", f"Team {'AB'[i]}")
        players = t.get("players", [f"Player {i + 1}", f"Player {i + 3}"])
        # One rule for names everywhere: no control or bidi override characters (they reach
        # terminals).
        check_name(name, f"teams[{i}].name", what="team name")
        if not isinstance(players, list) or len(players) != 2:
            raise MatchError(code="players_shape", field=f"teams[{i}].players")
        for j, p in enumerate(players):
            check_name(p, f"teams[{i}].players[{j}]", what="player's name")
        teams.append(Team(name, (players[0], players[1])))
    return teams[0], teams[1]


def match_to_dict(match: Match) -> dict:
    """The match file's dict. MatchError if unknown keys put in by code are not strict JSON or nest
    too deeply, so that no caller writes NaN or recurses without bound while encoding."""
    extra = match.extra
    for key, above in (("top", 0), ("rules", 1), ("match", 1)):
        check_unknown(extra.get(key), above)
    for team_extra in extra.get("teams") or ():
        check_unknown(team_extra, 2)
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
    """The match file's text; ValueError for NaN or Infinity, which are not JSON and are never
    written."""
    return dumps(match_to_dict(match), indent=1) + "\n"


def loads_match(data: bytes | str) -> Match:
    """Parse a match file's bytes. Every failure is a MatchError, never another exception."""
    return loads_scored_match(data)[0]


def loads_scored_match(data: bytes | str, *, keep_deals: bool = True) -> tuple[Match, Standings]:
    """`loads_match`, with the standings of the replay that validated it (`keep_deals`:
    scored_match_from_dict)."""
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
    try:
        # No whole-value depth walk: scored_match_from_dict bounds each unknown key where it sits,
        # and every known field has a fixed shape (a third of the time of a 5,000-deal read).
        obj = loads(data, MAX_MATCH_DEPTH, walk=False)
    except JSONRefused as err:
        raise refused(err) from None
    except (RecursionError, ValueError) as err:
        if isinstance(err, json.JSONDecodeError):
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
        raise MatchError(
            code="file_unreadable",
            params={"path": str(Path(path)), "reason": str(err.strerror or err)},
            field="file",
        ) from None
    return loads_scored_match(data, keep_deals=keep_deals)
