"""The translation catalogs: complete, not fuzzy, right plural forms, same placeholders, up to date
with the source; and every user-visible string literal in the UI code is marked for translation."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from seep_scorer.i18n.numbers import (
    LANGUAGES,
)  # the app's one list: a language added there is checked here

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
# The keywords `pybabel extract` reads ([tool.babel.extract_messages] in pyproject), so the two
# never differ: "_ ngettext:1,2 N_ N_plural:1,2".
KEYWORDS = parse_keywords(
    tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["babel"][
        "extract_messages"
    ]["keywords"].split()
)
PLACEHOLDER = re.compile(r"\{(\w*)\}")
# msgids a translation may leave as they are: nothing in them but placeholders, digits and signs.
SAME_AS_SOURCE_OK = re.compile(r"^[\W\d_]*$")
# ... and these, where the word is the same in that language: the app's name, and loanwords / game
# words.
SAME_AS_SOURCE_ALLOWED = {
    "*": {"Seep Scorer"},
    "it": {"Standard", "bazzi"},  # "standard" is Italian too; "bazzi" is the game's own word
    "sq": {"Standard", "bazzi"},  # Albanian "standard"; the game's own word
}


def _key(msgid):
    return msgid if isinstance(msgid, str) else tuple(msgid)


def _ids(catalog) -> set:
    return {_key(m.id) for m in catalog if m.id}


def source_ids() -> set:
    """Extracted in memory from seep_scorer/, as `pybabel extract` does with the pyproject
    settings."""
    ids = set()
    for _file, _line, msg, _comments, _ctx in extract_from_dir(
        str(ROOT / "seep_scorer"),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        ids.add(_key(msg))
    return ids


def load(code: str):
    po = LOCALES / code / "LC_MESSAGES" / "messages.po"
    assert po.is_file(), f"{po} is missing"
    with po.open("rb") as fh:
        return read_po(fh, locale=code)


def test_every_language_of_the_app_is_checked():
    assert {"pa", "ur"} <= set(LANGUAGES) and len(LANGUAGES) == 9


def test_the_template_is_up_to_date_with_the_source():
    with (LOCALES / "messages.pot").open("rb") as fh:
        pot = read_po(fh)
    src = source_ids()
    assert src - _ids(pot) == set(), (
        "strings in the code missing from messages.pot: run `pybabel extract`"
    )
    assert _ids(pot) - src == set(), (
        "strings in messages.pot no longer in the code: run `pybabel extract`"
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalog_is_up_to_date_with_the_source(code):
    ids = _ids(load(code))
    src = source_ids()
    assert sorted(map(str, src - ids)) == [], (
        f"{code}: strings of the code missing from the catalog"
    )
    assert sorted(map(str, ids - src)) == [], (
        f"{code}: strings in the catalog no longer in the code"
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms_are_right_for_the_language(code):
    catalog = load(code)
    nplurals, _expr = get_plural(code)
    assert catalog.num_plurals == nplurals, (
        f"{code}: Plural-Forms has {catalog.num_plurals} forms, CLDR {nplurals}"
    )


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_not_fuzzy(code):
    catalog = load(code)
    problems = []
    for m in catalog:
        if not m.id:
            continue
        if m.fuzzy:
            problems.append(f"fuzzy: {m.id!r}")
        strings = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        if m.pluralizable and len(strings) != catalog.num_plurals:
            problems.append(f"{len(strings)} plural forms, not {catalog.num_plurals}: {m.id!r}")
        if not all(s and s.strip() for s in strings):
            problems.append(f"untranslated: {m.id!r}")
    assert problems == [], f"{code}: {len(problems)} problems:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("code", LANGUAGES)
def test_placeholders_are_kept(code):
    problems = []
    for m in load(code):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        strings = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        for s in strings:
            if s and set(PLACEHOLDER.findall(s)) != wanted:
                problems.append(f"{m.id!r}: {s!r}")
    assert problems == [], f"{code}: placeholders differ:\n" + "\n".join(problems)


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_no_english_left_overs(code):
    same = []
    for m in load(code):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        if any(s and s in ids for s in strings) and not SAME_AS_SOURCE_OK.match(
            PLACEHOLDER.sub("", ids[0])
        ):
            same.append(ids[0])
    allowed = SAME_AS_SOURCE_ALLOWED["*"] | SAME_AS_SOURCE_ALLOWED.get(code, set())
    same = [s for s in same if s not in allowed]
    assert same == [], f"{code}: left as in English: {same}"


# ----------------------------------------------------------------------- unmarked strings in the UI

# Where texts users read are made: the app, the server's own pages, the phone-only app.
UI_DIRS = [ROOT / "seep_scorer" / name for name in ("app", "server", "phone")]
MARKERS = {"_", "ngettext", "N_"}
VISIBLE_KEYWORDS = {
    "text",
    "label",
    "tooltip",
    "hint_text",
    "helper_text",
    "error_text",
    "title",
    "semantics_label",
    "value",
    "content",
    "message",
    "action_text",
    "counter_text",
    "prefix_text",
    "suffix_text",
}
# Calls whose n-th positional argument is shown to the user.
VISIBLE_POSITIONAL = {
    "Text": 0,
    "TextSpan": 0,
    "section_title": 0,
    "notice": 0,
    "big_button": 1,
    "Chip": 1,
    "Counter": 1,
    "Markdown": 0,
    "SnackBar": 0,
    "Tooltip": 0,
}


def _name(func) -> str:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _has_words(node) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(re.search(r"[^\W\d_]", node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_has_words(v) for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp):
        return _has_words(node.left) or _has_words(node.right)
    if isinstance(node, ast.IfExp):
        return _has_words(node.body) or _has_words(node.orelse)
    return False


def unmarked_strings(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call) or _name(node.func) in MARKERS:
            continue
        shown = [kw.value for kw in node.keywords if kw.arg in VISIBLE_KEYWORDS]
        index = VISIBLE_POSITIONAL.get(_name(node.func))
        if index is not None and len(node.args) > index:
            shown.append(node.args[index])
        for value in shown:
            if _has_words(value):
                found.append(f"{path.relative_to(ROOT)}:{value.lineno}: {ast.unparse(value)[:60]}")
    return found


def test_every_visible_string_in_the_ui_is_marked_for_translation():
    found = [
        hit
        for folder in UI_DIRS
        for path in sorted(folder.rglob("*.py"))
        for hit in unmarked_strings(path)
    ]
    assert found == [], "user-visible strings not marked with _()/ngettext()/N_():\n" + "\n".join(
        found
    )


def test_the_unmarked_string_check_finds_them(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        'import flet as ft\nft.Text("Hello")\nft.Text(_("Fine"))\nft.IconButton(tooltip="Undo")\n'
        'big_button("x", f"Save {n}", None)\nft.Text("•")\nsem("deal-1", ft.Text(str(3)))\n'
    )
    hits = (
        unmarked_strings(sample.resolve())
        if sample.resolve().is_relative_to(ROOT)
        else [h.split(": ", 1)[1] for h in _unmarked_outside_root(sample)]
    )
    assert len(hits) == 3, hits


def _unmarked_outside_root(path: Path) -> list[str]:
    global ROOT
    saved, ROOT = ROOT, path.parent
    try:
        return unmarked_strings(path)
    finally:
        ROOT = saved
