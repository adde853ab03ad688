"""The phone-only site's JavaScript lives in real files (seep_scorer/phone/web/), each checked by
a JavaScript parser here, as written and as publish fills it in; the waiting screen's markup,
style and script are put together from theirs."""

from __future__ import annotations

import subprocess
from pathlib import Path

import playwright
import pytest

from seep_scorer.phone import webfiles as boot
from seep_scorer.phone import webfiles as pyworker
from seep_scorer.phone import webfiles as serviceworker
from seep_scorer.phone import webfiles as waitscreen

WEB = Path(serviceworker.__file__).parent / "web"
# Node.js as Playwright ships it (the suite's browser tests need Playwright anyway).
NODE = Path(playwright.__file__).parent / "driver" / "node"


def node_check(tmp_path: Path, name: str, text: str) -> None:
    if not NODE.is_file():
        pytest.skip("no Node.js from Playwright to parse JavaScript with")
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [str(NODE), "--check", str(source)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, f"{name}: {done.stderr}"


@pytest.mark.parametrize("name", sorted(p.name for p in WEB.glob("*.js")))
def test_each_script_parses_as_written(tmp_path, name):
    node_check(tmp_path, name, (WEB / name).read_text(encoding="utf-8"))


def test_each_script_parses_as_published(tmp_path):
    files = {"main.dart.wasm": "0" * 64, "fonts/a.ttf": "1" * 64}
    node_check(tmp_path, "sw.js", serviceworker.service_worker(files, "key", "index.html"))
    node_check(tmp_path, "python-worker.js", pyworker.python_worker(True))
    node_check(tmp_path, "python.js", boot.PYTHON_JS)
    screen = waitscreen.waiting_screen("seed", "key", b"\x89PNG")
    script = screen.split("<script>", 1)[1].split("</script>", 1)[0]
    node_check(tmp_path, "waitscreen.js", script)


def test_the_waiting_screen_is_its_three_files():
    screen = waitscreen.waiting_screen("seed", "key", b"\x89PNG")
    assert "__CSS__" not in screen and "__JS__" not in screen
    rules = (WEB / "waitscreen.css").read_text(encoding="utf-8").split("}")
    assert all(rule.split("{")[0].strip() in screen for rule in rules)  # every selector
    assert screen.count("<script>") == 1 and "__" not in screen.replace("__pypackages__", "")
