"""Folding match contributions into the figures of the stats
spec: players, partnerships, head to head."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone
from typing import Any, Iterable

from seep_scorer.rules import SWEEP_KINDS
from seep_scorer.stats.players import player_key
from seep_scorer.stats.ratings import UNRATED, PlayerRating


@dataclass
class Figures:
    """The spec's figures for one player (`key` is 1 player key) or one partnership (2 keys)."""

    key: tuple[str, ...]
    names: tuple[str, ...]
    matches: int = 0
    finished: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    deals: int = 0
    card_points: int = 0
    sweeps: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in SWEEP_KINDS})
    bazzis_won: int = 0
    bazzis_lost: int = 0
    bazzis_won_by_minimum: int = 0
    # Each counted match as (created, result): result is
    # "win", "loss", "draw" or None (not finished).
    # For results over time; not part of the spec's figures (to_json leaves it out).
    timeline: list[tuple[str, str | None]] = field(default_factory=list, repr=False, compare=False)
    # A partnership's team names as the family typed them, most used first (then the newest): from
    # the contributions' optional "team_names" (the index line's names); not part of the spec's
    # figures.
    team_names: tuple[str, ...] = field(default=(), repr=False, compare=False)
    # A player's rating (ratings.py), attached by `Stats.with_ratings`; None for a partnership.
    rating: PlayerRating | None = field(default=None, repr=False, compare=False)

    @property
    def win_rate(self) -> float | None:
        """Wins per finished match (a draw is not a win); None before any finished match."""
        return self.wins / self.finished if self.finished else None

    @property
    def card_points_per_deal(self) -> float | None:
        return self.card_points / self.deals if self.deals else None

    @property
    def sweeps_per_ten_deals(self) -> float | None:
        return 10 * sum(self.sweeps.values()) / self.deals if self.deals else None

    def _add(
        self, team: dict, deals: int, finished: bool, result: str | None, created: str = ""
    ) -> None:
        self.matches += 1
        self.timeline.append((created, result if finished else None))
        self.deals += deals
        self.card_points += team["card_points"]
        for kind in SWEEP_KINDS:
            self.sweeps[kind] += team["sweeps"].get(kind, 0)
        self.bazzis_won += team["bazzis_won"]
        self.bazzis_lost += team["bazzis_lost"]
        self.bazzis_won_by_minimum += team["bazzis_won_by_minimum"]
        if finished:
            self.finished += 1
            if result == "win":
                self.wins += 1
            elif result == "loss":
                self.losses += 1
            elif result == "draw":
                self.draws += 1

    def to_json(self) -> dict[str, Any]:
        head: dict[str, Any] = (
            {"name": self.names[0]} if len(self.key) == 1 else {"players": list(self.names)}
        )
        rating = {"rating": self.rating.to_json()} if self.rating is not None else {}
        return {
            **head,
            "matches": self.matches,
            "finished": self.finished,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "deals": self.deals,
            "card_points": self.card_points,
            "sweeps": dict(self.sweeps),
            "bazzis_won": self.bazzis_won,
            "bazzis_lost": self.bazzis_lost,
            "bazzis_won_by_minimum": self.bazzis_won_by_minimum,
            **rating,
        }


@dataclass
class HeadToHead:
    """Two partnerships that met, in the order of their key pairs; `wins[i]` are partnership i's."""

    keys: tuple[tuple[str, str], tuple[str, str]]
    names: tuple[tuple[str, str], tuple[str, str]] = (("", ""), ("", ""))
    matches: int = 0
    finished: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "partnerships": [list(self.names[0]), list(self.names[1])],
            "matches": self.matches,
            "finished": self.finished,
            "wins": list(self.wins),
            "draws": self.draws,
        }


@dataclass
class Stats:
    matches: int
    finished: int
    deals: int
    players: list[Figures]
    partnerships: list[Figures]
    head_to_head: list[HeadToHead]

    def player(self, key: str) -> Figures | None:
        return next((p for p in self.players if p.key == (key,)), None)

    def partners_of(self, key: str) -> list[Figures]:
        """The partnerships a player played in, most matches first."""
        return sorted(
            (p for p in self.partnerships if key in p.key), key=lambda p: (-p.matches, p.key)
        )

    def with_ratings(self, ratings: dict[str, PlayerRating]) -> Stats:
        """These figures with each player's rating (the default for a player with no games)."""
        players = [replace(p, rating=ratings.get(p.key[0], UNRATED)) for p in self.players]
        return replace(self, players=players)

    def ranking(self) -> list[Figures]:
        """Players by rating, strongest first (then by name, for a steady order)."""
        return sorted(
            self.players,
            key=lambda p: (-(p.rating or UNRATED).rating, -(p.rating or UNRATED).games, p.key),
        )

    def head_to_head_of(self, key: str) -> list[HeadToHead]:
        return [h for h in self.head_to_head if key in h.keys[0] or key in h.keys[1]]

    def to_json(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "finished": self.finished,
            "deals": self.deals,
            "players": [p.to_json() for p in self.players],
            "partnerships": [p.to_json() for p in self.partnerships],
            "head_to_head": [h.to_json() for h in self.head_to_head],
        }


def created_on_or_after(contribution: dict, since: date | None) -> bool:
    """`since` is a UTC day; the match's creation time is ISO 8601 (UTC when it carries no zone)."""
    if since is None:
        return True
    created = datetime.fromisoformat(contribution["created"].replace("Z", "+00:00"))
    if created.tzinfo is not None:
        created = created.astimezone(timezone.utc)
    return created.date() >= since


def _result(winner: Any, team: int) -> str | None:
    if winner == "draw":
        return "draw"
    if winner in (0, 1):
        return "win" if winner == team else "loss"
    return None


def aggregate(contributions: Iterable[dict], since: date | None = None) -> Stats:
    """The statistics of every counted match (at least one deal, created on or after `since`)."""
    matches = finished = deals = 0
    players: dict[tuple[str, ...], Figures] = {}
    pairs: dict[tuple[str, ...], Figures] = {}
    meetings: dict[tuple, HeadToHead] = {}
    spelling: dict[
        str, tuple[str, str]
    ] = {}  # key -> (updated, spelling): the newest spelling is shown
    # partnership -> team name as spelled -> [matches, updated of the newest]; spellings of one name
    # are merged at the end (a few per partnership), not keyed per match: 5,000 matches stay as fast
    team_names: dict[tuple[str, ...], dict[str, list]] = {}
    for c in contributions:
        if c["deals"] < 1 or not created_on_or_after(c, since):
            continue
        matches += 1
        deals += c["deals"]
        finished += 1 if c["finished"] else 0
        seats = [name for team in c["teams"] for name in team["players"]]
        keys = [player_key(name) for name in seats]
        # A name on both teams, or twice in one, counts for no player or partnership with that name.
        doubled = {k for k in keys if keys.count(k) > 1}
        for name, key in zip(seats, keys):
            if key not in doubled and (key not in spelling or c["updated"] >= spelling[key][0]):
                spelling[key] = (c["updated"], name)
        team_pairs = []
        for t, team in enumerate(c["teams"]):
            result = _result(c["winner"], t)
            team_keys = [player_key(name) for name in team["players"]]
            for key in team_keys:
                if key not in doubled:
                    players.setdefault((key,), Figures((key,), ()))._add(
                        team, c["deals"], c["finished"], result, c["created"]
                    )
            if doubled.intersection(team_keys):
                team_pairs.append(None)
                continue
            pair = tuple(sorted(team_keys))
            pairs.setdefault(pair, Figures(pair, ()))._add(
                team, c["deals"], c["finished"], result, c["created"]
            )
            team_pairs.append(pair)
            team_name = c.get("team_names", ("", ""))[t]
            if team_name:
                used = team_names.setdefault(pair, {}).setdefault(team_name, [0, ""])
                used[0] += 1
                if c["updated"] > used[1]:
                    used[1] = c["updated"]
        if None not in team_pairs:
            first, second = sorted(team_pairs)
            meeting = meetings.setdefault((first, second), HeadToHead((first, second)))
            meeting.matches += 1
            if c["finished"]:
                meeting.finished += 1
                if c["winner"] == "draw":
                    meeting.draws += 1
                elif c["winner"] in (0, 1):
                    meeting.wins[0 if team_pairs[c["winner"]] == first else 1] += 1

    def names(keys: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(spelling[k][1] for k in keys)

    for figures in (*players.values(), *pairs.values()):
        figures.names = names(figures.key)
    for pair, spelled in team_names.items():
        merged: dict[str, list] = {}  # name key -> [matches, updated, newest spelling]
        for as_spelled, (count, updated) in spelled.items():
            entry = merged.setdefault(player_key(as_spelled), [0, "", as_spelled])
            entry[0] += count
            if updated > entry[1]:
                entry[1:] = [updated, as_spelled]
        newest_first = sorted(merged.values(), key=lambda u: u[1], reverse=True)
        pairs[pair].team_names = tuple(u[2] for u in sorted(newest_first, key=lambda u: -u[0]))
    for meeting in meetings.values():
        meeting.names = (names(meeting.keys[0]), names(meeting.keys[1]))
    return Stats(
        matches,
        finished,
        deals,
        [players[k] for k in sorted(players)],
        [pairs[k] for k in sorted(pairs)],
        [meetings[k] for k in sorted(meetings)],
    )


__all__ = ["Figures", "HeadToHead", "Stats", "aggregate", "created_on_or_after"]
