"""What the phone-only app does not load before its first screen (bench/publish_startup.py): the
other screens, the charts, Babel (until a figure or date is shown) and Babel's catalog reader (the
published catalogs are compiled). Each check in a fresh interpreter, so nothing loaded by other
tests counts."""

from __future__ import annotations

import gettext
import subprocess
import sys

from seep_scorer import i18n

LATER = (
    "flet_charts",
    "babel",
    "seep_scorer.ui.screens.review",
    "seep_scorer.ui.screens.stats",
    "seep_scorer.ui.screens.player",
    "seep_scorer.ui.screens.deal",
    "seep_scorer.ui.screens.new_match",
    "seep_scorer.ui.screens.settings",
    "seep_scorer.ui.viewmodels.stats",
    "seep_scorer.ui.viewmodels.review",
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
    loaded = _loaded_after("import seep_scorer.ui.webapp")
    assert "seep_scorer.ui.screens.matches" in loaded
    assert not loaded & set(LATER)


def test_a_later_screen_loads_when_asked_for():
    loaded = _loaded_after(
        "from seep_scorer.ui import app, screens, viewmodels\n"
        "assert screens.ReviewScreen.__name__ == 'ReviewScreen'\n"
        "assert viewmodels.StatsVM.__name__ == 'StatsVM'"
    )
    assert {
        "seep_scorer.ui.screens.review",
        "flet_charts",
        "seep_scorer.ui.viewmodels.stats",
    } <= loaded


def test_a_name_neither_package_has_is_an_attribute_error():
    from seep_scorer.ui import screens, viewmodels

    for package in (screens, viewmodels):
        try:
            package.NoSuchScreen
        except AttributeError:
            continue
        raise AssertionError(f"{package.__name__}.NoSuchScreen resolved")


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
