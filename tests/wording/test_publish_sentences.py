"""Issue 20, item 4: `seep-scorer publish` words its refusals in one place too. Each refusal of the
site folder (phone/site.py FolderRefused) is a code with params, worded in
seep_scorer/i18n/filefaults.py in every language; the command line prints it in the language
LANG names."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from seep_scorer.cli import main
from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.numbers import LANGUAGES
from seep_scorer.i18n.wording import PUBLISH_FAULTS, store_text
from seep_scorer.phone import site
from seep_scorer.phone.bundle import DependencyMissing, _source_root
from seep_scorer.phone.site import FolderRefused

SITEFOLDER = Path(__file__).resolve().parents[2] / "seep_scorer" / "phone" / "site.py"
SAMPLE = {"path": "/home/asha/site", "detail": "Expecting value", "more": 2, "name": "flet_charts"}


def raise_sites() -> list[tuple[int, str, set[str]]]:
    """(line, code, params) of every FolderRefused("code", ...) in phone/site.py; a code passed on
    (install's first refusal) is each code _in_the_way returns, with the params install gives."""
    found, passed_on, returned = [], [], []
    for node in ast.walk(ast.parse(SITEFOLDER.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "FolderRefused":
            keys = {k.arg for k in node.keywords if k.arg}
            code = node.args[0]
            if isinstance(code, ast.Constant):
                found.append((node.lineno, code.value, keys))
            else:
                passed_on.append((node.lineno, keys))
        elif isinstance(node, ast.FunctionDef) and node.name == "_in_the_way":
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                    returned.append(ret.value.elts[0].value)
    assert len(passed_on) == 1 and len(returned) == 2
    line, keys = passed_on[0]
    return found + [(line, code, keys) for code in returned]


def test_every_refusal_of_a_publish_has_a_code_and_a_wording():
    sites = raise_sites()
    assert len(sites) >= 4
    for line, code, keys in sites:
        assert code in PUBLISH_FAULTS, line
        assert set(PUBLISH_FAULTS[code].needs) <= keys, (line, code, keys)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_of_a_publish_is_worded_in_every_language(lang):
    faults = [DependencyMissing("flet_charts")]
    for code, needs in sorted((c, e.needs) for c, e in PUBLISH_FAULTS.items()):
        if code != "publish_dependency_missing":
            faults += [
                FolderRefused(code, **{k: SAMPLE[k] for k in needs}, more=more)
                for more in (0, 1, 3)
            ]
    for err in faults:
        with i18n.using(i18n.UILocale(lang)):
            text = store_text(err)
        assert SAMPLE[PUBLISH_FAULTS[err.code].needs[0]] in text, (err.code, text)
        assert not re.search(r"\{\w*\}", text), (err.code, text)
        if lang != "en":
            assert text != str(err), (lang, err.code)


def test_str_of_a_refusal_is_its_english_sentence():
    err = FolderRefused("site_file_foreign", path="/s/favicon.png", more=1)
    assert str(err) == (
        "/s/favicon.png was not written by an earlier publish (or was changed since) (and 1 more): "
        "move it away first; nothing was changed."
    )


def test_publish_into_a_refused_folder_speaks_hindi_under_a_hindi_lang(
    tmp_path, capsys, monkeypatch
):
    out = tmp_path / "notes"
    out.mkdir()
    (out / "mine.txt").write_text("not a site", encoding="utf-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "hi_IN.UTF-8")
    assert main(["publish", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("seep-scorer: ") and str(out) in err, err
    assert "खाली नहीं है" in err and "choose" not in err, err
    assert not set("\u2066\u2067\u2068\u2069") & set(err)
    assert sorted(p.name for p in out.iterdir()) == ["mine.txt"]  # nothing changed


def test_publish_into_a_refused_folder_speaks_english_by_default(tmp_path, capsys, monkeypatch):
    out = tmp_path / "notes"
    out.mkdir()
    (out / "mine.txt").write_text("not a site", encoding="utf-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert main(["publish", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"seep-scorer: {out} is not empty and holds no site published by seep-scorer: "
        "choose an empty folder."
    )


def test_a_missing_dependency_is_named_in_the_users_language(tmp_path, capsys, monkeypatch):
    with pytest.raises(DependencyMissing) as refused:
        _source_root("seep_scorer_no_such_package")
    assert str(refused.value).startswith("Publishing needs seep_scorer_no_such_package, which is")

    def missing(*args, **kwargs):
        raise DependencyMissing("flet_charts")

    monkeypatch.setattr(site, "build_app_archive", missing)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ur_PK.UTF-8")
    out = tmp_path / "site"
    assert main(["publish", "-o", str(out)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("seep-scorer: ") and "flet_charts" in err and "انسٹال" in err, err
    assert "internal error" not in err and not out.exists()
