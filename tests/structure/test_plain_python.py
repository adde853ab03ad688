"""Plain Python: the package uses the public APIs of the standard library and its dependencies.

No private module (`_json`, `_operator`, `_frozen_importlib`), no private name of a module
(`argparse._SubParsersAction`, `os._exit`, `from flet... import _context_page`), no switching
off the garbage collector, no hand-made `TYPE_CHECKING = False`: what changes between Python
versions (the phone-only app runs the same modules on Pyodide's newer Python) stays out.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "seep_scorer"
# Modules allowed a private name of another module or package: none.
PENDING: set[str] = set()


def _private(name: str) -> bool:
    """A private name; `_` alone is gettext's, imported by every module that words a text."""
    return (
        name.startswith("_") and name != "_" and not (name.startswith("__") and name.endswith("__"))
    )


def faults_in(source: str) -> list[str]:
    tree = ast.parse(source)
    modules: set[str] = set()  # names bound to a module of another package by `import`
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if any(_private(part) for part in alias.name.split(".")):
                    found.append(f"line {node.lineno}: import {alias.name}")
                modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            if any(_private(part) for part in (node.module or "").split(".")):
                found.append(f"line {node.lineno}: from {node.module} import")
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"line {node.lineno}: from {node.module} import {alias.name}")
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            if _private(node.attr) or (node.value.id == "gc" and node.attr == "disable"):
                found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "TYPE_CHECKING" for t in node.targets
        ):
            found.append(f"line {node.lineno}: TYPE_CHECKING assigned by hand")
    return found


def test_the_package_uses_no_private_internals():
    faults = {
        name: found
        for path in sorted(PACKAGE.rglob("*.py"))
        if (name := path.relative_to(PACKAGE).as_posix()) not in PENDING
        and (found := faults_in(path.read_text(encoding="utf-8")))
    }
    assert not faults, faults


def test_the_check_sees_each_kind_of_fault():
    assert faults_in("import _json") and faults_in("from _operator import itemgetter")
    assert faults_in("import argparse\nclass A(argparse._SubParsersAction): pass")
    assert faults_in("import os\nos._exit(0)") and faults_in("import gc\ngc.disable()")
    assert faults_in("from flet.controls.context import _context_page")
    assert faults_in("TYPE_CHECKING = False")
    assert not faults_in("from typing import TYPE_CHECKING\nfrom ._x import y\nimport os.path")
    assert not faults_in("class A:\n    def f(self):\n        return self._x")


# namedtuple's own API is spelled with an underscore; `_` is gettext's.
NOT_PRIVATE = {"_", "_replace", "_asdict", "_fields", "_make"}
# The one module allowed a dependency's internal, isolated with a test that fails on its upgrade
# (tests/security/test_connections.py).
INTERNALS_ISOLATED = {"server/connguard.py"}


def foreign_private_members(source: str) -> list[str]:
    """`x._name` where `_name` is nothing of this module's own (no def, class, assignment or
    attribute of it here): a reach into another module's or object's private state."""
    tree = ast.parse(source)
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Attribute):
            own.add(node.target.attr)
    return [
        f"line {node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and _private(node.attr)
        and node.attr not in NOT_PRIVATE
        and node.attr not in own
    ]


def test_no_module_reaches_into_another_ones_private_members():
    faults = {
        name: found
        for path in sorted(PACKAGE.rglob("*.py"))
        if (name := path.relative_to(PACKAGE).as_posix()) not in INTERNALS_ISOLATED
        and (found := foreign_private_members(path.read_text(encoding="utf-8")))
    }
    assert not faults, faults


def test_the_reach_check_sees_a_reach():
    assert foreign_private_members("def f(app):\n    app._on_message()")
    assert foreign_private_members("class A:\n    def f(self):\n        return self.repo._index")
    assert not foreign_private_members("class A:\n    def __init__(self):\n        self._x = 1\n")
    assert not foreign_private_members("def f(p):\n    return p._replace(a=1)")
