"""The shape of the code: layers point one way, no import cycles, no oversized modules.

Every import counts, also those inside functions: a lazy import is still a
dependency, and hiding a cycle behind one is how cycles creep back.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "seep_scorer"

# What each layer may import from the package (besides itself).
ALLOWED = {
    "rules": set(),
    # The match file format: beside the rules' clients, a client of the rules only.
    "matchfile": {"rules"},
    "stats": {"rules"},
    # Tournaments: pairing and standings, pure like the rules.
    "events": {"rules", "stats"},
    # The store: matches, backups and club nights' records on disk.
    "store": {"rules", "stats", "matchfile", "events"},
    # Words: the catalogs, numbers and dates, and the wording of every code the core reports.
    "i18n": {"rules", "stats", "store", "matchfile", "resources"},
    "reference": {"rules", "i18n", "resources"},
    # The Flet app: a folder per feature, never the server or the phone-only site.
    "app": {"rules", "stats", "events", "store", "matchfile", "reference", "i18n", "resources"},
    # Serving the app on a LAN: above the app.
    "server": {"app", "rules", "stats", "store", "matchfile", "reference", "i18n", "resources"},
    # The phone-only site: the app in the browser (its storage, its start), and the publisher
    # (which gives the site the served pages' policy, server/pagepolicy.py).
    "phone": {
        "app",
        "server",
        "rules",
        "stats",
        "store",
        "matchfile",
        "reference",
        "i18n",
        "resources",
    },
    "cli": {
        "rules",
        "stats",
        "events",
        "store",
        "matchfile",
        "app",
        "server",
        "phone",
        "reference",
        "i18n",
        "resources",
    },
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that `name` imports, anywhere in its body."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            targets = [f"{prefix}.{alias.name}" for alias in node.names] + [prefix]
        else:
            continue
        for target in targets:
            # `from . import x` names a module when x is one, else the package itself.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and target.startswith("seep_scorer"):
                found.add(target)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as a list of modules, or None (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    for start in sorted(graph):
        if state.get(start):
            continue
        path, stack = [start], [iter(sorted(graph[start]))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(graph.get(nxt, ()))))
    return None


def test_no_import_cycles():
    cycle = _cycle(_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_cycles():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layers_point_one_way(layer):
    bad = []
    for name, deps in _graph().items():
        if name.split(".")[1:2] != [layer]:
            continue
        for dep in deps:
            parts = dep.split(".")
            other = parts[1] if len(parts) > 1 else None
            if other and other != layer and other not in ALLOWED[layer]:
                bad.append(f"{name} imports {dep}")
    assert not bad, "\n".join(bad)


def test_every_package_is_a_listed_layer():
    """A new package (matchfile/, say) is held to the layers like the others."""
    packages = {p.parent.name for p in PACKAGE.glob("*/__init__.py")}
    assert packages <= set(ALLOWED), packages - set(ALLOWED)


def test_the_command_line_loads_neither_flet_nor_tinydb_until_it_needs_them():
    """`seep-scorer score` runs as a new process per file: building the command line's parser
    (every subcommand registered) must not load the UI or the store's TinyDB."""
    import subprocess
    import sys

    code = (
        "import sys, seep_scorer.cli; seep_scorer.cli.build_parser(); "
        "print(sorted(m for m in ('flet', 'tinydb', 'seep_scorer.store.tinyrepo',"
        " 'seep_scorer.app') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
