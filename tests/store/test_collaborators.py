"""The store as small collaborators (issue 20, item 3): each sees the repository only through a
Protocol it owns, implemented by an adapter; none reaches into another's private state, and the
repository keeps the MatchRepository interface the UI and the command line use."""

from __future__ import annotations

import ast
import inspect
from dataclasses import fields
from pathlib import Path
from typing import Protocol

import pytest

from seep_scorer.store import repository, tinyrepo
from seep_scorer.store import tinyrepo as adapters
from seep_scorer.store.backup.auto import BackedUpStore
from seep_scorer.store.backup.exports import ExportSource
from seep_scorer.store.backup.imports import ImportTarget
from seep_scorer.store.repair import RepairTarget
from seep_scorer.store.schema import MigrationTarget, StoreFileTarget

STORE = Path(tinyrepo.__file__).parent
COLLABORATORS = ["backup/auto", "backup/exports", "backup/imports", "schema", "repair", "files"]
PAIRS = [
    (BackedUpStore, adapters.BackingUp),
    (ExportSource, adapters.Exporting),
    (ImportTarget, adapters.Importing),
    (MigrationTarget, adapters.Migrating),
    (RepairTarget, adapters.Repairing),
    (StoreFileTarget, adapters.StoreFiling),
]


def _members(protocol: type) -> set[str]:
    """A Protocol's attributes and methods, its bases' included (typing has no public way in
    3.11)."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls in (object, Protocol) or not getattr(cls, "_is_protocol", False):
            continue
        names |= set(getattr(cls, "__annotations__", {}))
        names |= {n for n, v in vars(cls).items() if not n.startswith("_") and callable(v)}
    return names


@pytest.mark.parametrize("protocol, adapter", PAIRS, ids=lambda x: x.__name__)
def test_each_adapter_gives_its_collaborator_all_of_its_protocol(repo, protocol, adapter):
    lent = adapters.Internals(**{f.name: lambda *a: None for f in fields(adapters.Internals)})
    given = adapter(repo, lent)
    missing = sorted(name for name in _members(protocol) if not hasattr(given, name))
    assert _members(protocol) and not missing, f"{adapter.__name__} lacks {missing}"


def test_the_repository_is_no_longer_made_of_mixins_and_keeps_its_interface():
    assert tinyrepo.TinyMatchRepository.__bases__ == (object,)
    wanted = {n for n, v in vars(repository.MatchRepository).items() if inspect.isfunction(v)}
    assert wanted and all(callable(getattr(tinyrepo.TinyMatchRepository, n)) for n in wanted)


@pytest.mark.parametrize("module", COLLABORATORS)
def test_collaborators_touch_no_private_member_but_their_own(module):
    """`self._x` is a collaborator's own; `other._x` (the repository's, another collaborator's)
    is what the Protocols replace."""
    tree = ast.parse((STORE / f"{module}.py").read_text(encoding="utf-8"))
    foreign = [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
    ]
    assert not foreign, foreign
