"""What bench/publish_startup.py relies on: publishing
another Flet app the same way (`main_py`), and the
boot profile (ui/webprofile.py), off unless asked for, timing each package's imports when on."""

from __future__ import annotations

import io
import sys
import tarfile

from seep_scorer.publish import appbundle
from seep_scorer.publish.site import publish
from seep_scorer.ui import webprofile

BARE = "import flet as ft\nft.run(lambda page: page.add(ft.Text('hi')))\n"


def _members(data: bytes) -> dict[str, bytes]:
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}


def test_another_app_is_bundled_with_flet_only():
    files = _members(appbundle.build_app_archive(BARE))
    assert files["main.py"] == BARE.encode()
    tops = {n.split("/")[1] for n in files if n.startswith("__pypackages__/")}
    assert tops == {"flet", "msgpack", "repath.py"}
    assert not any(n.startswith(("seep_scorer/", "locales/")) for n in files)


def test_publish_takes_another_main(tmp_path):
    publish(tmp_path / "bare", main_py=BARE)
    files = _members((tmp_path / "bare" / "app.tar.gz").read_bytes())
    assert files["main.py"] == BARE.encode()
    assert (tmp_path / "bare" / "index.html").is_file() and (tmp_path / "bare" / "sw.js").is_file()


def test_the_app_main_starts_the_profile_before_importing_the_app():
    main = appbundle.MAIN_PY
    assert main.index("webprofile.start()") < main.index("from seep_scorer.ui.webapp import run")


def test_profile_is_off_outside_the_browser(monkeypatch):
    lines: list[str] = []
    monkeypatch.setattr(webprofile, "_console", lines.append)
    webprofile.start()  # CPython: not the browser, nothing timed
    webprofile.mark("x")
    webprofile.report_imports()
    assert lines == []


def test_profile_times_each_package(monkeypatch, tmp_path):
    import _frozen_importlib as bootstrap

    (tmp_path / "bench_pkg_a").mkdir()
    (tmp_path / "bench_pkg_a" / "__init__.py").write_text(
        "import bench_pkg_b\nX = sum(range(200000))\n"
    )
    (tmp_path / "bench_pkg_b.py").write_text("Y = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    lines: list[str] = []
    monkeypatch.setattr(webprofile, "_console", lines.append)
    monkeypatch.setattr(webprofile, "_on", True)
    monkeypatch.setattr(webprofile, "_self_ms", {})
    monkeypatch.setattr(
        bootstrap, "_load_unlocked", bootstrap._load_unlocked
    )  # restored after the test
    webprofile._time_imports()
    try:
        import bench_pkg_a  # noqa: F401
    finally:
        for name in ("bench_pkg_a", "bench_pkg_b"):
            sys.modules.pop(name, None)
    assert set(webprofile._self_ms) == {"bench_pkg_a", "bench_pkg_b"}
    assert webprofile._self_ms["bench_pkg_a"] > webprofile._self_ms["bench_pkg_b"]
    webprofile.mark("first-screen")
    webprofile.report_imports()
    assert lines[0].startswith("first-screen ")
    assert any(line.startswith("import bench_pkg_a ") for line in lines)
    assert lines[-1].startswith("import TOTAL ")
