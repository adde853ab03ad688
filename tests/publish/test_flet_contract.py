"""Issue 34: the phone-only site's python.js and python-worker.js are the app's own, written to
Flet's public web worker contract, not copies of Flet's files. The contract has two sides, and
these tests read both from the installed Flet, so an upgrade that changes either fails here:

- Flutter (main.dart.js / .mjs) calls three globals of the page: `jsConnect(appId, args,
  dartOnMessage)`, resolved once Python is ready, `jsSend(appId, data)` and
  `jsDisconnect(appId)`;
- Flet's Python side (flet.messaging.pyodide_connection) imports a JavaScript module `flet_js`,
  sets `flet_js.start_connection(send_callback)` and `flet_js.send`, and reads
  `flet_js.documentUrl`; its output lines go to Flutter as a packet `[0][msgpack [7, {...}]]`.

What the worker does beyond that uses Pyodide's snapshot options (`_loadSnapshot`,
`_makeSnapshot`, `makeMemorySnapshot`), experimental parts of Pyodide kept in python-worker.js
alone: the Pyodide they were checked with is named below, and
tests/e2e/test_published_startup.py starts from a snapshot in Chromium.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from pathlib import Path

import flet_web
import pytest

from seep_scorer.phone.webfiles import PYTHON_JS, python_worker

FLET_WEB = Path(flet_web.get_package_web_dir())
# Read, not imported: it imports `flet_js`, which only the worker provides.
PYODIDE_CONNECTION = Path(importlib.util.find_spec("flet.messaging.pyodide_connection").origin)
CHECKED_PYODIDE = "314.0.7"  # the Pyodide in flet-web whose snapshot options the worker uses
GLOBALS = {
    "jsConnect": "appId, args, dartOnMessage",
    "jsSend": "appId, data",
    "jsDisconnect": "appId",
}


def page_globals(source: str) -> dict[str, str]:
    """The page's globals a script defines for Flutter, with their parameters."""
    found = re.finditer(r"globalThis\.(js\w+)\s*=\s*async function\s*\(([^)]*)\)", source)
    return {m[1]: ", ".join(p.strip() for p in m[2].split(",")) for m in found}


def test_flutter_calls_the_three_globals_the_page_defines_with_flets_parameters():
    for bundle in ("main.dart.js", "main.dart.mjs"):
        text = (FLET_WEB / bundle).read_text(encoding="utf-8", errors="replace")
        assert all(name in text for name in GLOBALS), bundle
    assert page_globals((FLET_WEB / "python.js").read_text(encoding="utf-8")) == GLOBALS
    assert page_globals(PYTHON_JS) == GLOBALS


def flet_js_uses(tree: ast.Module) -> dict[str, str]:
    """How Flet's Python side uses `flet_js`: each attribute, set or read."""
    uses = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "flet_js":
            uses[node.attr] = "set" if isinstance(node.ctx, ast.Store) else "read"
    return uses


def test_flets_python_side_uses_only_what_the_worker_gives_it():
    tree = ast.parse(PYODIDE_CONNECTION.read_text(encoding="utf-8"))
    assert flet_js_uses(tree) == {"start_connection": "set", "send": "set", "documentUrl": "read"}
    (connect,) = (
        n for n in ast.walk(tree) if isinstance(n, ast.AsyncFunctionDef) and n.name == "connect"
    )
    assert [a.arg for a in connect.args.args] == ["self", "send_callback"]
    worker = python_worker(own_app=True)
    assert "pyodide.registerJsModule('flet_js', self.flet_js)" in worker
    assert "self.flet_js.documentUrl = data.documentUrl" in worker
    assert "await self.flet_js.start_connection(self.receiveCallback)" in worker
    assert "self.flet_js.send(data)" in worker


def test_python_output_reaches_flutter_framed_as_flets_own_worker_frames_it():
    frame = r"bytes\(\[0\]\)\s*\+\s*_msgpack\.packb\(\s*\[7, \{\"text\": text, \"is_stderr\""
    assert re.search(frame, (FLET_WEB / "python-worker.js").read_text(encoding="utf-8"))
    assert re.search(frame, python_worker(own_app=True))


def test_the_pyodide_whose_snapshot_options_the_worker_uses_is_the_one_checked():
    pyodide = FLET_WEB / "pyodide"
    version = json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"]
    if version != CHECKED_PYODIDE:
        pytest.fail(
            f"flet-web now ships Pyodide {version}: check the worker's snapshot start "
            "(tests/e2e/test_published_startup.py) and set CHECKED_PYODIDE"
        )
    types = (pyodide / "pyodide.d.ts").read_text(encoding="utf-8")
    for option in ("_loadSnapshot?:", "_makeSnapshot?:", "makeMemorySnapshot("):
        assert option in types
