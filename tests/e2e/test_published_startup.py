"""How the published app starts (phone/webfiles.py, phone/webfiles.py): what a first visit costs,
and Python's memory snapshot, in headless Chromium against a file server that counts what it
sends.

- A first visit and its reload fetch at most 35 MB, no file twice: the service worker caches
  what this browser uses (one renderer), then the app's own files, never the whole site.
- The first start keeps a snapshot (a moment after its first screen), the second starts from
  it; a broken one is dropped and Python starts as usual; after a new version of the app is
  published it is never used again.
"""

from __future__ import annotations

import collections
import gzip
import io
import re
import shutil
import tarfile
from pathlib import Path

import pytest
from counting_server import CountingServer
from e2e_support import evaluate
from test_published import (  # noqa: F401  (fixtures)
    SW_IN_CONTROL,
    phone_factory,
    playwright_api,
    site,
    wait_until,
)

MAX_BYTES = 35_000_000
STEPS = "() => window.seepBoot.steps"
SNAPSHOT_CACHES = (
    "async () => (await caches.keys()).filter((k) => k.startsWith('seep-scorer-snapshot-'))"
)
SNAPSHOT_KEPT = """async () => { for (const name of await caches.keys()) {
    if (name.startsWith('seep-scorer-snapshot-')
        && await (await caches.open(name)).match('python-snapshot.bin')) return true; }
  return false; }"""
BREAK_SNAPSHOT = """async () => { for (const name of await caches.keys()) {
    if (name.startsWith('seep-scorer-snapshot-'))
      await (await caches.open(name)).put('python-snapshot.bin',
                                          new Response(new Uint8Array(4096).fill(7))); } }"""


@pytest.fixture
def server(site, tmp_path):
    folder = tmp_path / "site"
    shutil.copytree(site, folder)
    srv = CountingServer(folder)
    srv.folder = folder
    yield srv
    srv.stop()


def _publish_a_new_app_version(folder: Path) -> tuple[str, str]:
    """What publishing a newer version of the app does: a new archive (one more file in it), a
    new snapshot key in index.html, sw.js listing the new hashes. Returns the site's version and
    the snapshot key."""
    from seep_scorer.phone.site import _hashes, _script_policy
    from seep_scorer.phone.webfiles import service_worker, site_version, snapshot_key

    old_key = snapshot_key(_hashes(folder))
    archive = folder / "app.tar.gz"
    raw = io.BytesIO(gzip.decompress(archive.read_bytes()))
    out = io.BytesIO()
    with tarfile.open(fileobj=raw) as old, tarfile.open(fileobj=out, mode="w") as new:
        for member in old.getmembers():
            new.addfile(member, old.extractfile(member))
        info = tarfile.TarInfo("seep_test_version.txt")
        info.size = 1
        new.addfile(info, io.BytesIO(b"2"))
    archive.write_bytes(gzip.compress(out.getvalue()))
    key = snapshot_key(_hashes(folder))
    index = folder / "index.html"
    html = index.read_text(encoding="utf-8").replace(old_key, key)
    # the page's policy names its inline scripts by hash: the changed one too
    policy = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', html).group(0)
    index.write_text(html.replace(policy, _script_policy(html)), encoding="utf-8")
    page = index.read_text(encoding="utf-8")
    (folder / "sw.js").write_text(service_worker(_hashes(folder), key, page), encoding="utf-8")
    return site_version(_hashes(folder)), key


def test_a_first_visit_fetches_what_this_browser_uses_once(server, phone_factory):
    phone = phone_factory(server, "bytes")
    phone.open(server.url)
    wait_until(phone.page, SW_IN_CONTROL)
    wait_until(phone.page, "() => window.seepBoot.cached")  # the app's own files too
    phone.reload()
    sent = list(server.sent)
    total = sum(n for _, n in sent)
    # the page's address is index.html too (the browser itself fetches the web manifest and its
    # icons at each load, past any worker)
    times = collections.Counter(
        "/index.html" if path == "/" else path
        for path, n in sent
        if n and path != "/manifest.json" and not path.startswith("/icons/")
    )
    assert total <= MAX_BYTES, f"{total / 1e6:.1f} MB"
    assert [p for p, k in times.items() if k > 1] == [], sent
    # one renderer: this browser's (Chromium's WasmGC build), not every one the site has
    assert "/main.dart.wasm" in times and "/main.dart.js" not in times
    assert not [p for p in times if p.startswith("/canvaskit/canvaskit")]
    # nothing the reload needed came from the host
    assert "/app.tar.gz" in times and times["/pyodide/pyodide.asm.wasm"] == 1


def test_python_starts_from_its_snapshot_until_a_new_version_and_never_from_a_broken_one(
    server, phone_factory
):
    phone = phone_factory(server, "snapshot")
    phone.open(server.url)
    assert "snapshot:wanted" in evaluate(phone.page, STEPS)
    wait_until(phone.page, SW_IN_CONTROL)
    wait_until(phone.page, SNAPSHOT_KEPT)  # taken a moment after the first screen

    phone.reload()  # the second visit: Python's memory as the first one left it, imports done
    steps = evaluate(phone.page, STEPS)
    assert "snapshot:used" in steps and "snapshot:wanted" not in steps
    # the store prepared before the app ran (while Flutter loaded); each phase timed for the bench
    assert steps.index("snapshot:used") < steps.index("prepared") < steps.index("app")
    at = evaluate(phone.page, "() => window.seepBoot.at")
    assert {"python", "ready", "prepared", "flutter", "imported", "first-message"} <= set(at)

    evaluate(phone.page, BREAK_SNAPSHOT)
    phone.reload()  # a damaged snapshot: dropped, Python starts as usual, and a new one is kept
    steps = evaluate(phone.page, STEPS)
    assert steps.index("snapshot:broken") < steps.index("snapshot:wanted") < steps.index("app")
    wait_until(phone.page, SNAPSHOT_KEPT)
    [old] = evaluate(phone.page, SNAPSHOT_CACHES)

    version, key = _publish_a_new_app_version(server.folder)
    phone.reload()  # with a network: the new sw.js installs and takes over for the next load
    wait_until(
        phone.page,
        """async (name) => { const keys = (await caches.keys())
                                  .filter((k) => k.startsWith('seep-scorer-site-'));
                             return keys.length === 1 && keys[0] === name; }""",
        "seep-scorer-site-" + version,
    )
    phone.reload()  # the new version: the old snapshot is not for it
    assert evaluate(phone.page, "() => window.seepBoot.snapshotKey") == key
    steps = evaluate(phone.page, STEPS)
    assert "snapshot:used" not in steps and "snapshot:wanted" in steps
    wait_until(phone.page, SNAPSHOT_KEPT)
    assert evaluate(phone.page, SNAPSHOT_CACHES) == ["seep-scorer-snapshot-" + key] != [old]
