"""What bench/publish_startup.py relies on: publishing another Flet app the same way (`main_py`),
the app under another main.py (`with_app`), and the boot profile (bench/webprofile.py), off unless
asked for, timing each package's imports when on. The published app carries no profiler."""

from __future__ import annotations

import io
import logging
import sys
import tarfile
from pathlib import Path

from seep_scorer.phone import bundle as appbundle
from seep_scorer.phone.site import publish

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import webprofile  # noqa: E402  (bench/webprofile.py)

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


def test_the_published_app_carries_no_profiler():
    files = _members(appbundle.build_app_archive())
    assert b"profile" not in files["main.py"]
    assert not any("webprofile" in name for name in files)
    shipped = [data for name, data in files.items() if name.startswith("seep_scorer/")]
    assert shipped and not any(b"_frozen_importlib" in data for data in shipped)


def test_the_profiled_app_starts_the_profile_before_importing_the_app():
    main = webprofile.app_main_py()
    tail = main.rpartition("\nstart()")[2]  # the lines that run, after the profiler's source
    assert tail.strip().startswith("from seep_scorer.phone.main import run")
    compile(main, "main.py", "exec")
    files = _members(appbundle.build_app_archive(main, with_app=True))
    assert files["main.py"] == main.encode()
    assert "seep_scorer/phone/main.py" in files and "locales/hi/LC_MESSAGES/messages.mo" in files


def test_the_apps_boot_moments_reach_the_profiler(monkeypatch):
    from seep_scorer.phone import main as webapp

    lines: list[str] = []
    monkeypatch.setattr(webprofile, "_console", lines.append)
    monkeypatch.setattr(webprofile, "_on", True)
    monkeypatch.setattr(webprofile, "_self_ms", {"flet": 12.0})
    boot = logging.getLogger(webprofile.BOOT_LOGGER)
    saved = boot.level, boot.propagate, list(boot.handlers)
    webprofile.listen()
    try:
        webapp.moment("session")
        webapp.moment("first-screen")
    finally:
        boot.setLevel(saved[0])
        boot.propagate = saved[1]
        boot.handlers[:] = saved[2]
    assert [line.split()[0] for line in lines] == ["session", "first-screen", "import", "import"]
    assert lines[-1] == "import TOTAL 12"


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
