"""Player ratings: openskill's Weng-Lin (Plackett-Luce) model, each bazzi one game.

A match contributes its rated games (`games` in its contribution: the winning team of each
bazzi, or of a finished running-totals match, "draw" for a drawn one). The ledger rates the
matches in order (created, then id) and keeps every player's rating after each match, so a
change re-rates from the first match that changed on, never the whole history again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from seep_scorer.stats.players import player_key

START_MU = 25.0
START_SIGMA = 25.0 / 3

# What identifies a match's place in the order, and what it rates: (created, id).
OrderKey = tuple[str, str]
# (the two teams' player keys, the games): two matches with equal signatures rate alike.
Signature = tuple[tuple[tuple[str, str], tuple[str, str]], tuple[Any, ...]]


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's skill estimate: mean, uncertainty and the rated games behind it."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def rating(self) -> float:
        """The conservative figure ranked by: the skill the player is very likely above."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "rating": round(self.rating, 2),
            "games": self.games,
        }


UNRATED = PlayerRating()


def _model():
    from openskill.models import (
        PlackettLuce,
    )  # imported where used: `seep-scorer score` never needs it

    return PlackettLuce()


def rated_games(contribution: dict) -> tuple[Any, ...]:
    """The games a contribution rates (none for one older than the `games` field)."""
    return tuple(contribution.get("games", ()))


def signature(contribution: dict) -> Signature | None:
    """What a match rates, or None when it rates nothing (no games, or a name on both teams)."""
    games = rated_games(contribution)
    if not games:
        return None
    teams = tuple(
        tuple(player_key(name) for name in team["players"]) for team in contribution["teams"]
    )
    keys = [k for team in teams for k in team]
    if len(set(keys)) != len(keys):  # a name twice counts for no player (stats.md)
        return None
    return teams, games  # type: ignore[return-value]


class RatingLedger:
    """The ratings after each rated match, in order; `sync` re-rates only what changed."""

    def __init__(self) -> None:
        self._model = None
        self._order: list[OrderKey] = []
        self._signatures: list[Signature] = []
        # The four players' ratings after each match (the rest are unchanged by it).
        self._after: list[dict[str, PlayerRating]] = []
        # Per match, team A's chance before each of its games (what the ratings predicted).
        self._expected: list[tuple[float, ...]] = []
        self._current: dict[str, PlayerRating] | None = None
        # Each match's signature with the contribution it came from: a store hands the same
        # contribution objects to every sync, so only a changed match is keyed again.
        self._known: dict[OrderKey, tuple[dict, Signature | None]] = {}

    def __len__(self) -> int:
        return len(self._order)

    def sync(self, matches: Iterable[tuple[OrderKey, dict]]) -> int:
        """Bring the ledger in line with `matches` ((created, id), contribution).

        Returns how many matches it rated: none when nothing changed, the newest alone after a
        save to the newest match."""
        known, self._known = self._known, {}
        for key, c in matches:
            hit = known.get(key)
            self._known[key] = hit if hit is not None and hit[0] is c else (c, signature(c))
        wanted = sorted(
            ((key, sig) for key, (_c, sig) in self._known.items() if sig is not None),
            key=lambda item: item[0],
        )
        first = 0
        limit = min(len(wanted), len(self._order))
        while (
            first < limit
            and wanted[first][0] == self._order[first]
            and wanted[first][1] == self._signatures[first]
        ):
            first += 1
        if first == len(wanted) == len(self._order):
            return 0
        if first < len(self._order):  # a change before the end: the state after the end is stale
            self._current = None
            del self._order[first:], self._signatures[first:], self._after[first:]
            del self._expected[first:]
        state = dict(self._current) if self._current is not None else self._state_before(first)
        for key, sig in wanted[first:]:
            self._order.append(key)
            self._signatures.append(sig)
            after, expected = self._rate(state, sig)
            self._after.append(after)
            self._expected.append(expected)
        self._current = state
        return len(wanted) - first

    def _state_before(self, position: int) -> dict[str, PlayerRating]:
        state: dict[str, PlayerRating] = {}
        for after in self._after[:position]:
            state.update(after)
        return state

    def _rate(
        self, state: dict[str, PlayerRating], sig: Signature
    ) -> tuple[dict[str, PlayerRating], tuple[float, ...]]:
        if self._model is None:
            self._model = _model()
        model = self._model
        teams, games = sig
        expected = []
        for game in games:
            ranks = [0, 0] if game == "draw" else [0 if game == t else 1 for t in (0, 1)]
            before = [[state.get(k, UNRATED) for k in team] for team in teams]
            sides = [[model.rating(mu=p.mu, sigma=p.sigma) for p in team] for team in before]
            expected.append(model.predict_win(sides)[0])
            rated = model.rate(sides, ranks=ranks)
            for team, old_team, new_team in zip(teams, before, rated):
                for key, old, new in zip(team, old_team, new_team):
                    state[key] = PlayerRating(new.mu, new.sigma, old.games + 1)
        return {k: state[k] for team in teams for k in team}, tuple(expected)

    def ratings(self) -> dict[str, PlayerRating]:
        """Every rated player's rating after the last match, by player key."""
        if self._current is None:
            self._current = self._state_before(len(self._after))
        return dict(self._current)

    def history(self, key: str) -> list[tuple[OrderKey, PlayerRating]]:
        """A player's rating after each match they were rated in, in order."""
        return [
            (order, after[key]) for order, after in zip(self._order, self._after) if key in after
        ]

    def to_json(self, version: int, key: bytes = b"") -> dict[str, Any]:
        """The ledger as plain JSON (a cache for a cold start), with a digest of its content keyed
        with `key` (the store's own: a ledger edited by hand, or another store's, is refused)."""
        body = {
            "order": [list(k) for k in self._order],
            "signatures": [
                [[list(t) for t in teams], list(games)] for teams, games in self._signatures
            ],
            "after": [{k: [r.mu, r.sigma, r.games] for k, r in a.items()} for a in self._after],
            "expected": [list(e) for e in self._expected],
        }
        return {"v": version, "sha256": _digest(body, key), "ledger": body}

    @classmethod
    def from_json(cls, data: Any, version: int, key: bytes = b"") -> RatingLedger:
        """A ledger from `to_json`'s output with the same `key`; ValueError when it is not exactly
        that, or holds a rating no rating can be (not finite, out of range)."""
        if not isinstance(data, dict) or data.get("v") != version:
            raise ValueError("not a rating ledger of this version")
        body = data.get("ledger")
        if not isinstance(body, dict) or data.get("sha256") != _digest(body, key):
            raise ValueError("rating ledger damaged")
        order, sigs, after, expected = (
            body[k] for k in ("order", "signatures", "after", "expected")
        )
        if not (len(order) == len(sigs) == len(after) == len(expected)):
            raise ValueError("rating ledger lists differ in length")
        ledger = cls()
        for key, (teams, games), rated, chances_a in zip(order, sigs, after, expected):
            pairs = tuple(tuple(_text(k) for k in team) for team in teams)
            if len(key) != 2 or len(pairs) != 2 or any(len(t) != 2 for t in pairs):
                raise ValueError("rating ledger entry malformed")
            if any(g not in (0, 1, "draw") or g is True or g is False for g in games):
                raise ValueError("rating ledger game malformed")
            if len(chances_a) != len(games) or set(rated) != {k for t in pairs for k in t}:
                raise ValueError("rating ledger entry malformed")
            ledger._order.append((_text(key[0]), _text(key[1])))
            ledger._signatures.append((pairs, tuple(games)))  # type: ignore[arg-type]
            ledger._after.append({_text(k): _rating(v) for k, v in rated.items()})
            ledger._expected.append(tuple(_chance(c) for c in chances_a))
        return ledger

    def against_expectation(self, key: str) -> tuple[list[Surprise], list[Surprise]]:
        """How a player's partnerships and opponents did against what the ratings predicted.

        Returns (partners, opponents): per partner, the games the two played together, the wins
        and the wins the ratings expected before each game; per opposing partnership, the same
        from the player's side. A draw counts half a win.
        """
        partners: dict[str, Surprise] = {}
        opponents: dict[tuple[str, str], Surprise] = {}
        for (teams, games), expected in zip(self._signatures, self._expected):
            side = 0 if key in teams[0] else 1 if key in teams[1] else None
            if side is None:
                continue
            partner = next(k for k in teams[side] if k != key)
            rivals = tuple(sorted(teams[1 - side]))
            for game, chance_a in zip(games, expected):
                won = 0.5 if game == "draw" else 1.0 if game == side else 0.0
                chance = chance_a if side == 0 else 1 - chance_a
                for table, who in ((partners, partner), (opponents, rivals)):
                    old = table.get(who, Surprise(who, 0, 0.0, 0.0))
                    table[who] = Surprise(who, old.games + 1, old.wins + won, old.expected + chance)
        return sorted(partners.values(), key=_by_surprise), sorted(
            opponents.values(), key=_by_surprise
        )


@dataclass(frozen=True, slots=True)
class Surprise:
    """Games with a partner (or against a partnership), wins, and the wins the ratings expected."""

    who: Any  # a partner's key, or an opposing partnership's two keys
    games: int
    wins: float
    expected: float

    @property
    def margin(self) -> float:
        """Wins above (or below) what the ratings predicted, per game."""
        return (self.wins - self.expected) / self.games if self.games else 0.0


def _digest(body: dict, key: bytes) -> str:
    import hashlib
    import hmac
    import json

    text = json.dumps(body, sort_keys=True, allow_nan=False).encode()
    return hmac.new(key, text, hashlib.sha256).hexdigest()


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("rating ledger text malformed")
    return value


def _chance(value: Any) -> float:
    if type(value) is not float or not 0.0 <= value <= 1.0:  # NaN fails both
        raise ValueError("rating ledger chance malformed")
    return value


def _rating(value: Any) -> PlayerRating:
    mu, sigma, games = value
    if type(mu) is not float or type(sigma) is not float or type(games) is not int:
        raise ValueError("rating ledger rating malformed")
    # Comparisons that NaN and the infinities fail: a sigma never grows past its start (25/3).
    if not (0 < sigma < 1e6 and games > 0 and -1e6 < mu < 1e6):
        raise ValueError("rating ledger rating out of range")
    return PlayerRating(mu, sigma, games)


def _by_surprise(s: Surprise) -> tuple[float, str]:
    return (-s.margin, str(s.who))


def rate_all(matches: Iterable[tuple[OrderKey, dict]]) -> dict[str, PlayerRating]:
    """The ratings after rating `matches` from scratch."""
    ledger = RatingLedger()
    ledger.sync(matches)
    return ledger.ratings()


def chances(side_a: Sequence[PlayerRating], side_b: Sequence[PlayerRating]) -> tuple[float, float]:
    """Each partnership's chance of winning the next bazzi (openskill's predict_win)."""
    model = _model()
    a, b = model.predict_win(
        [
            [model.rating(mu=p.mu, sigma=p.sigma) for p in side_a],
            [model.rating(mu=p.mu, sigma=p.sigma) for p in side_b],
        ]
    )
    return a, b


@dataclass(frozen=True, slots=True)
class TeamSplit:
    """Four players as two partnerships, with each side's chance of winning a bazzi."""

    teams: tuple[tuple[str, str], tuple[str, str]]
    chances: tuple[float, float]
    guess: bool  # a player has no rated games: their strength is the default, not known


def fair_teams(names: Sequence[str], ratings: dict[str, PlayerRating]) -> TeamSplit:
    """The split of four players into two partnerships whose chances are closest to 50-50.

    Ties go to the split that keeps the first two names' order of appearance (the first name
    stays in team A), so the same four names always give the same suggestion.
    """
    if len(names) != 4:
        raise ValueError("fair teams need four names")
    first, *others = names
    best: TeamSplit | None = None
    for partner in others:
        rest = tuple(n for n in others if n != partner)
        teams = ((first, partner), (rest[0], rest[1]))
        sides = [[ratings.get(player_key(n), UNRATED) for n in team] for team in teams]
        chance = chances(*sides)
        if best is None or abs(chance[0] - 0.5) < abs(best.chances[0] - 0.5) - 1e-12:
            guess = any(p.games == 0 for side in sides for p in side)
            best = TeamSplit(teams, chance, guess)
    assert best is not None
    return best


__all__ = [
    "START_MU",
    "START_SIGMA",
    "UNRATED",
    "PlayerRating",
    "RatingLedger",
    "Surprise",
    "TeamSplit",
    "chances",
    "fair_teams",
    "rate_all",
    "rated_games",
    "signature",
]
