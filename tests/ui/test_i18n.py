"""gettext setup: catalogs from locales/<code>/LC_MESSAGES/messages.po, compiled in memory; English
fallback."""

from seep_scorer.i18n import translate as i18n


def test_catalog_is_compiled_in_memory_and_used(tmp_path, monkeypatch):
    po = tmp_path / "it" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Save deal"\nmsgstr "Salva smazzata"\n\n'
        'msgid "{count} deal"\nmsgid_plural "{count} deals"\nmsgstr[0] "{count} smazzata"\n'
        'msgstr[1] "{count} smazzate"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_cache", {})
    try:
        assert i18n.set_language("it") == "it"
        assert i18n._("Save deal") == "Salva smazzata"
        assert i18n.ngettext("{count} deal", "{count} deals", 2) == "{count} smazzate"
        assert i18n._("Undo") == "Undo"  # untranslated: the English source
        assert i18n.set_language("xx") == "en" and i18n._("Save deal") == "Save deal"
        assert (
            i18n.set_language("th") == "th" and i18n._("Save deal") == "Save deal"
        )  # no catalog: English
    finally:
        i18n.set_language("en")


def test_locales_dir_comes_from_the_package_not_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert i18n.LOCALES_DIR.is_absolute() and (i18n.LOCALES_DIR / "messages.pot").is_file()
    assert i18n.is_rtl("sd") and not i18n.is_rtl("hi")


def test_translating_outside_a_session_loads_no_flet():
    """The command line words its messages through `_()`: finding the session's page (public
    `ft.context.page`) must not load Flet where nothing else did."""
    import subprocess
    import sys

    code = (
        "import sys; from seep_scorer.i18n import translate as i18n; i18n._('Seep Scorer'); "
        "print('flet' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
