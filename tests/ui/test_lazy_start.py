"""What the phone-only app does not load before its first screen (bench/publish_startup.py): the
other screens, the charts, Babel (until a figure or date is shown) and Babel's catalog reader (the
published catalogs are compiled). Each check in a fresh interpreter, so nothing loaded by other
tests counts."""

from __future__ import annotations

import gettext
import subprocess
import sys

from seep_scorer.i18n import translate as i18n

LATER = (
    "flet_charts",
    "babel",
    "seep_scorer.app.history.review",
    "seep_scorer.app.history.stats",
    "seep_scorer.app.history.player",
    "seep_scorer.app.table.deal",
    "seep_scorer.app.matches.new_match",
    "seep_scorer.app.settings.settings",
    "seep_scorer.app.history.stats_model",
    "seep_scorer.app.history.review_model",
)


def _loaded_after(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"import sys\n{code}\nprint('\\n'.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    return set(out.split())


def test_the_web_app_starts_without_the_later_screens():
    loaded = _loaded_after("import seep_scorer.phone.main")
    assert "seep_scorer.app.matches.home" in loaded
    assert not loaded & set(LATER)


def test_a_later_screen_loads_when_its_route_is_first_shown():
    loaded = _loaded_after(
        "from types import SimpleNamespace\n"
        "from seep_scorer.app.shell import routes\n"
        "kind, m = routes.find('/review/abc')\n"
        "for build in (lambda: kind.model(SimpleNamespace(repo=None), m, lambda r: None),\n"
        "              lambda: kind.screen(None, '/review/abc', m, None)):\n"
        "    try:\n"
        "        build()\n"
        "    except Exception:\n"
        "        pass  # no app here: what counts is what the attempt loaded"
    )
    assert {
        "seep_scorer.app.history.review",
        "flet_charts",
        "seep_scorer.app.history.review_model",
    } <= loaded
    assert "seep_scorer.app.history.stats" not in loaded  # only what the route needs


def test_every_screen_and_view_model_the_routes_load_later_is_where_they_look():
    """The route table imports a later screen inside a function: a module moved or a class renamed
    would only fail when a phone first opens that screen, so each such import is tried here."""
    import ast
    import importlib

    from seep_scorer.app.shell import routes

    tree = ast.parse(open(routes.__file__, encoding="utf-8").read())
    later = [
        (node.module, alias.name)
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]
    assert len(later) >= 20, later
    for module, name in later:
        assert hasattr(importlib.import_module(module), name), f"{module}.{name}"


def test_a_published_catalog_is_read_without_babel(tmp_path, monkeypatch):
    """Only a .mo (as publish ships it): read as is; a .po beside it wins (the checkout, never
    stale)."""
    po = i18n.LOCALES_DIR / "it" / "LC_MESSAGES" / "messages.po"
    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.mo").write_bytes(i18n.compile_catalog(po, "it"))
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    monkeypatch.setattr(
        i18n, "compile_catalog", lambda *a: (_ for _ in ()).throw(AssertionError("compiled"))
    )
    translations = i18n._load("it")
    assert isinstance(translations, gettext.GNUTranslations)
    assert translations.gettext("New match") != "New match"
    (folder / "messages.po").write_bytes(po.read_bytes())
    monkeypatch.setattr(i18n, "_cache", {})
    assert isinstance(
        i18n._load("it"), gettext.NullTranslations
    )  # compile_catalog called: it raised
