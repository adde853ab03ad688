"""The wheel and the sdist carry everything the app needs; the installed app works from anywhere.

The sdist is built from this checkout, the wheel from that sdist (so neither misses a file), with
the locked setuptools (--no-build-isolation: nothing unpinned is fetched). The wheel goes into a
fresh virtual environment holding only requirements/app.lock (pip --require-hashes, the locked
pip from requirements/pip.lock first: the one a fresh venv brings refuses the lock), not
editable. From a folder outside the checkout, with no PYTHONPATH, its `seep-scorer` scores a match
file, publishes the phone-only site (fonts and rules texts in it) and serves the app, whose rules
screen is read in Hindi and Urdu over the app's own WebSocket, as a phone's browser would.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import msgpack
import pytest
from websockets.sync.client import connect

from seep_scorer.i18n.numbers import LANGUAGES

pytestmark = [pytest.mark.slow, pytest.mark.timeout(420)]

ROOT = Path(__file__).resolve().parents[2]
FONT = "fonts/NotoSansDevanagari-Regular.ttf"
STEP_SECONDS = 180  # any one command; each took under 20 s here
QUIET_SECONDS = 30  # a session's screen arrives in a few frames, well within this of each other
MATCH = {
    "format": "seep-match",
    "version": 1,
    "rules": {"preset": "standard", "overrides": {}},
    "match": {"type": "bazzis", "count": 3},
    "teams": [
        {"name": "Lions", "players": ["Asha", "Chand"]},
        {"name": "Tigers", "players": ["Bilal", "Dev"]},
    ],
    "first_dealer": 0,
    "deals": [{"points": {"0": 60, "1": 40}, "sweeps": []}],
}


def _run(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(c) for c in cmd], capture_output=True, text=True, timeout=STEP_SECONDS, **kwargs
    )
    assert done.returncode == 0, f"{cmd} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


def _outside_env(home: Path) -> dict[str, str]:
    """The environment of a user of the installed app: not this checkout's path, English."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    return {**env, "HOME": str(home), "LANG": "C.UTF-8", "LANGUAGE": ""}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, Path]:
    """The sdist, the wheel built from it, and a fresh environment with the wheel installed."""
    tmp = tmp_path_factory.mktemp("packaging")
    dist = tmp / "dist"
    build = f"from setuptools import build_meta; print(build_meta.build_sdist({str(dist)!r}))"
    sdist = dist / _run([sys.executable, "-c", build], cwd=ROOT).stdout.split()[-1]
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "src", filter="data")
    (source,) = (tmp / "src").iterdir()
    pip = ["-m", "pip", "-q", "--disable-pip-version-check"]
    _run([sys.executable, *pip, "wheel", source, "--no-deps", "--no-build-isolation", "-w", dist])
    (wheel,) = dist.glob("*.whl")
    venv, outside = tmp / "venv", tmp / "elsewhere"
    outside.mkdir()
    env = _outside_env(outside)  # PYTHONPATH would show pip this checkout as installed already
    _run([sys.executable, "-m", "venv", venv], env=env)
    python = venv / "bin" / "python"
    for lock in ("pip", "app"):  # the locked installer first, as scripts/setup-venv does
        lock = ROOT / "requirements" / f"{lock}.lock"
        _run([python, *pip, "install", "--require-hashes", "-r", lock], env=env)
    _run([python, *pip, "install", "--no-deps", wheel], env=env)
    return {"sdist": sdist, "wheel": wheel, "bin": venv / "bin", "outside": outside}


def _installed(built, *args, **kwargs) -> subprocess.CompletedProcess:
    return _run(
        [built["bin"] / "seep-scorer", *args],
        cwd=built["outside"],
        env=_outside_env(built["outside"]),
        **kwargs,
    )


def test_the_sdist_carries_the_catalogs_the_rules_texts_and_the_assets(built):
    with tarfile.open(built["sdist"]) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for path in (ROOT / "locales").rglob("*"):
        if path.is_file() and path.suffix in (".po", ".pot", ".md"):
            assert path.relative_to(ROOT).as_posix() in names
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file():
            assert path.relative_to(ROOT).as_posix() in names
    assert "setup.py" in names and "MANIFEST.in" in names


def test_the_wheel_carries_compiled_catalogs_rules_texts_and_assets(built):
    names = set(zipfile.ZipFile(built["wheel"]).namelist())
    for code in LANGUAGES:
        assert f"seep_scorer/_data/locales/{code}/LC_MESSAGES/messages.mo" in names, code
        assert f"seep_scorer/_data/locales/{code}/rules.md" in names, code
        assert f"seep_scorer/_data/locales/{code}/glossary.toml" in names, code
    for script in ("sw.js", "python-worker.js", "python.js", "waitscreen.js"):
        assert f"seep_scorer/phone/web/{script}" in names, script
    assert f"seep_scorer/_data/assets/{FONT}" in names
    assert "seep_scorer/_data/assets/fonts/OFL.txt" in names
    assert "seep_scorer/_data/assets/icons/favicon.png" in names


def test_the_installed_app_is_not_this_checkout(built):
    code = "import seep_scorer.resources as r; print(r.LOCALES_DIR); print(r.ASSETS_DIR)"
    lines = _run(
        [built["bin"] / "python", "-c", code],
        cwd=built["outside"],
        env=_outside_env(built["outside"]),
    ).stdout.split()
    venv = built["bin"].parent
    assert all(Path(line).is_relative_to(venv) and Path(line).is_dir() for line in lines), lines


def test_the_installed_command_scores_a_match_file(built):
    match = built["outside"] / "match.json"
    match.write_text(json.dumps(MATCH), encoding="utf-8")
    standings = json.loads(_installed(built, "score", "match.json", "--json").stdout)
    assert standings["totals"] == [60, 40] and standings["difference"] == 20


def test_the_installed_command_publishes_the_site_with_its_fonts_and_rules(built):
    site = built["outside"] / "site"
    _installed(built, "publish", "-o", "site")
    assert (site / FONT).read_bytes() == (ROOT / "assets" / FONT).read_bytes()
    assert (site / "fonts" / "OFL.txt").is_file() and (site / "favicon.png").is_file()
    with tarfile.open(site / "app.tar.gz") as tar:
        names = set(tar.getnames())
        rules = tar.extractfile("locales/ur/rules.md").read()
    assert rules == (ROOT / "locales" / "ur" / "rules.md").read_bytes()
    for code in LANGUAGES:
        assert f"locales/{code}/rules.md" in names, code
        assert f"locales/{code}/LC_MESSAGES/messages.mo" in names, code
    assert not [n for n in names if "/_data/" in n]  # the package's copies are not shipped twice


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(built):
    """`seep-scorer serve` from the installed wheel, on a free port; its port."""
    port = _free_port()
    log = built["outside"] / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [built["bin"] / "seep-scorer", "serve", "--port", str(port), "--no-qr"]
            + ["--data-dir", str(built["outside"] / "data")],
            cwd=built["outside"],
            env=_outside_env(built["outside"]),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + STEP_SECONDS
        while True:
            assert proc.poll() is None, log.read_text(errors="replace")
            assert time.monotonic() < deadline, "the installed server did not start"
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                time.sleep(0.2)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(20)


def test_the_installed_server_serves_the_bundled_fonts(served):
    with urllib.request.urlopen(f"http://127.0.0.1:{served}/{FONT}", timeout=60) as answer:
        assert answer.read() == (ROOT / "assets" / FONT).read_bytes()


def _texts(node, found: list[str]) -> list[str]:
    """Every string anywhere in what the server sent."""
    if isinstance(node, str):
        found.append(node)
    elif isinstance(node, dict):
        for value in node.values():
            _texts(value, found)
    elif isinstance(node, list):
        for value in node:
            _texts(value, found)
    return found


def _rules_screen(port: int, language: str, wanted: list[str]) -> list[str]:
    """The texts a phone whose browser asks for `language` is sent on opening /rules, once
    every string in `wanted` arrived (Flet 1.0.5's protocol: tests/security/fletclient.py)."""

    def frame(action: int, body) -> bytes:
        return b"\x00" + msgpack.packb([action, body])

    own = f"127.0.0.1:{port}"
    page = {"route": "/rules", "width": 412, "height": 915, "web": True, "platform": "android"}
    texts: list[str] = []
    with connect(
        f"ws://{own}/ws",
        origin=f"http://{own}",
        additional_headers={"Accept-Language": language},
        max_size=None,
        open_timeout=60,
    ) as ws:
        ws.send(frame(1, {"session_id": "", "page_name": "", "page": page}))
        deadline = time.monotonic() + STEP_SECONDS
        while not all(any(w in t for t in texts) for w in wanted):
            missing = [w for w in wanted if not any(w in t for t in texts)]
            words = [t for t in texts if " " in t or not t.isascii()]
            shown = f"not shown in {language}: {missing}; shown: {words[-10:]}"
            assert time.monotonic() < deadline, shown
            try:  # the screen is complete once the server falls silent
                data = ws.recv(timeout=QUIET_SECONDS)
            except TimeoutError:
                pytest.fail(shown)
            action, body = msgpack.unpackb(data[1:], strict_map_key=False)
            if action == 5:  # a method the app calls on the phone (preferences): no value
                result = {"control_id": body["control_id"], "call_id": body["call_id"]}
                ws.send(frame(5, {**result, "result": None, "error": None}))
            _texts(body, texts)
    return texts


def _rules_text(code: str) -> tuple[list[str], str]:
    """The section titles of locales/<code>/rules.md and its first sentence."""
    text = (ROOT / "locales" / code / "rules.md").read_text(encoding="utf-8")
    titles = re.findall(r"^## (.+?) \{#[a-z-]+\}\s*$", text, re.M)
    first = text.split("\n\n")[1].split(":")[0].split("**")[0].strip()
    return [t for t in titles if "{" not in t], first


@pytest.mark.parametrize("code", ["hi", "ur"])
def test_the_installed_servers_rules_screen_opens_in(served, code):
    titles, first = _rules_text(code)
    assert len(titles) >= 5 and first
    _rules_screen(served, code, [*titles, first])
