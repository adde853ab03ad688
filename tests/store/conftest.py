import hashlib
import os
from pathlib import Path

import pytest

from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Sweep, Team
from seep_scorer.store.registry import close_all, open_repository


@pytest.fixture(autouse=True)
def _no_repositories_left_open():
    yield
    close_all()


@pytest.fixture
def data_dir(tmp_path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def repo(data_dir):
    return open_repository(data_dir, fresh=True)


def open_match(names=("Reds", "Blues")) -> Match:
    """A standard match that never finishes on its own (open format): handy for adding deals in a
    loop."""
    return Match(
        PRESETS["standard"],
        MatchFormat("open", None),
        (Team(names[0], ("Asha", "Chitra")), Team(names[1], ("Bilal", "Dev"))),
        0,
        (),
    )


def level_deal(n: int) -> Deal:
    """Deal number n of a level game: no bazzi ever falls, and the note says which deal it is."""
    return Deal(points=(50, 50), note=f"d{n}")


def with_deals(match: Match, count: int) -> Match:
    return match.with_deals(level_deal(n) for n in range(1, count + 1))


def finishing_match() -> Match:
    """A best-of-one match whose single deal wins the bazzi on the minimum: finished."""
    m = Match(
        PRESETS["standard"],
        MatchFormat("bazzis", 1),
        (Team("East", ("A", "C")), Team("West", ("B", "D"))),
        0,
        (),
    )
    return m.with_deals([Deal(points=(8, 92), sweeps=(Sweep(1, "normal"),))])


def tree_snapshot(folder: Path) -> dict[str, str]:
    """Every file under `folder` and a hash of its bytes (the lock file aside)."""
    out = {}
    for root, _, files in os.walk(folder):
        for name in files:
            path = Path(root) / name
            if name == ".lock":
                continue
            out[path.relative_to(folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out
