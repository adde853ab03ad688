"""The screens depend on the Host interface only: the app implements all of it, and no screen
imports the app or the store."""

from __future__ import annotations

import ast

from harness import screen_modules

from seep_scorer.app.shell.app import App
from seep_scorer.app.shell.host import Host

SCREENS = screen_modules()


def test_the_app_implements_every_host_method():
    wanted = [name for name in vars(Host) if not name.startswith("_")]
    assert wanted and [name for name in wanted if not callable(getattr(App, name, None))] == []


def test_no_screen_imports_the_app_or_the_store():
    assert len(SCREENS) >= 15, SCREENS  # every feature's screens, not an empty folder
    bad = []
    for path in SCREENS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = "." * node.level + (node.module or "")
                names = {alias.name for alias in node.names}
                if (
                    module.endswith(("app", "store"))
                    or ".store" in module
                    or names & {"app", "store"}
                ):
                    bad.append(f"{path.name}: from {module} import {', '.join(sorted(names))}")
    assert bad == []
