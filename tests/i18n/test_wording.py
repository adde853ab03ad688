"""One place words every error and notice (issue 20): each code the rules and the store raise has a
sentence in seep_scorer.i18n.faults, every raise site gives the params its sentence needs, and each
sentence is worded in every language of the app."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from seep_scorer.i18n import translate as i18n
from seep_scorer.i18n.faults import FAULTS
from seep_scorer.i18n.numbers import LANGUAGES
from seep_scorer.i18n.wording import (
    EVENT_FAULTS,
    NOTICE_SENTENCES,
    STORE_FAULTS,
    cli_language,
    event_text,
    fault_text,
    located_text,
    notice_text,
    store_text,
    terminal_text,
)
from seep_scorer.rules import Match, MatchError
from seep_scorer.store import schema as notices
from seep_scorer.store.registry import NoStore
from seep_scorer.store.repository import StoreError

PACKAGE = Path(__file__).resolve().parents[2] / "seep_scorer"
# Where the rules, the match-file package and the store name faults.
SOURCES = [p for d in ("rules", "store", "matchfile") for p in (PACKAGE / d).rglob("*.py")]


def _literal_keys(node) -> set[str] | None:
    if isinstance(node, ast.Dict) and all(isinstance(k, ast.Constant) for k in node.keys):
        return {k.value for k in node.keys}
    return None


def raise_sites() -> list[tuple[str, str, set[str] | None]]:
    """(where, code, params keys or None when not literal) for every fault named in the source:
    MatchError(code=...), JSONRefused(message, code, **params) and backupfile's _bad(code, ...)."""
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            kw = {k.arg: k.value for k in node.keywords}
            if name == "MatchError":
                code = kw.get("code")
                if isinstance(code, ast.Constant):
                    keys = _literal_keys(kw["params"]) if "params" in kw else set()
                    found.append((where, code.value, keys))
                else:
                    found.append((where, None, None))  # checked below: a code passed on
            elif name in ("JSONRefused", "_bad") and node.args:
                code = node.args[1] if name == "JSONRefused" and len(node.args) > 1 else None
                code = node.args[0] if name == "_bad" else code
                if isinstance(code, ast.Constant):
                    found.append((where, code.value, {k for k in kw if k}))
    return found


def test_every_fault_the_rules_and_the_store_raise_has_a_code_and_a_wording():
    sites = raise_sites()
    assert len(sites) > 80  # the walk finds them
    # A code that is not a literal is one passed on: located(), a refused JSON value's, the
    # helpers that take the code as their argument (checked as `_bad` sites above).
    helpers = ("rules/errors.py", "store/records.py", "store/backup/file.py", "matchfile/guards.py")
    passed_on = [w for w, code, _ in sites if code is None and not w.startswith(helpers)]
    assert passed_on == []
    unworded = sorted({code for _, code, _ in sites if code and code not in FAULTS})
    assert unworded == []


def test_every_raise_site_gives_the_params_its_wording_needs():
    short = []
    for where, code, keys in raise_sites():
        if code and keys is not None and not set(FAULTS[code].needs) <= keys:
            short.append(f"{where} {code}: gives {sorted(keys)}, needs {FAULTS[code].needs}")
    assert short == []


def store_raise_sites() -> list[tuple[str, str, set[str]]]:
    """(where, code, params keys) for every StoreError("code", ...) and WriteFailed("code", ...),
    and for the kinds that name their own code (super().__init__("code", ...))."""
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in ("StoreError", "WriteFailed", "__init__") and isinstance(
                node.args[0], ast.Constant
            ):
                keys = {k.arg for k in node.keywords if k.arg}
                where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
                found.append((where, node.args[0].value, keys))
    return found


def test_every_refusal_of_the_store_has_a_code_and_a_wording():
    sites = [s for s in store_raise_sites() if s[0].startswith("store/")]
    assert len(sites) >= 14
    for where, code, keys in sites:
        assert code in STORE_FAULTS, where
        assert set(STORE_FAULTS[code].needs) <= keys, (where, code, keys)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_refusal_of_the_store_is_worded_in_every_language(code):
    store_sample = {**SAMPLE, "what": "change", "disk": "full", "folder": "/data", "id": "ab12"}
    store_sample.update(based_on=3, current=4, match_id="ab12", key="language")
    with i18n.using(i18n.UILocale(code)):
        for fault, needs in sorted((c, e.needs) for c, e in STORE_FAULTS.items()):
            err = StoreError(fault, **{k: store_sample[k] for k in needs})
            text = store_text(err)
            assert text and text != fault and not re.search(r"\{\w*\}", text), (fault, text)
            if code != "en":
                with i18n.using(i18n.UILocale("en")):
                    assert store_text(err) != text, (code, fault)


def test_a_refusal_of_the_store_reads_in_the_terminals_language():
    err = NoStore(Path("/data"))
    assert str(err) == "There is no match store in /data; nothing was created there."
    assert "/data" in terminal_text(err, {"LANG": "hi_IN.UTF-8"}) != str(err)
    assert str(StoreError("Some words of a caller's own.")) == "Some words of a caller's own."


def test_every_notice_code_has_a_sentence():
    assert set(notices.NOTICE_CODES) <= set(NOTICE_SENTENCES)
    codes = set()
    for node in ast.walk(ast.parse((PACKAGE / "store" / "schema.py").read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Notice":
            codes.add(node.args[0].value)
    assert codes == set(notices.NOTICE_CODES)


SAMPLE = {
    "position": 3,
    "cards": "KS, 10D",
    "team": 1,
    "total": 100,
    "points": (60, 30),
    "count": 13,
    "max": 12,
    "dealer": 0,
    "after": 7,
    "low": 1,
    "high": 10,
    "setting": "sweep_normal",
    "card": "KS",
    "value": '"x"',
    "detail": "TypeError: x",
    "reason": "Expecting value",
    "line": 3,
    "column": 4,
    "kind": "RecursionError",
    "size": 6000,
    "path": "/tmp/match.json",
    "format": '"chess"',
    "expected": "seep-match",
    "version": 2,
    "supported": 1,
    "key": "created",
    "counted": "5",
    "held": 4,
    "number": 2,
    "cause": MatchError(code="not_object", deal=4, field="cards"),
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_fault_is_worded_in_every_language(code):
    match = Match()
    with i18n.using(i18n.UILocale(code)):
        for fault, needs in sorted((c, e.needs) for c, e in FAULTS.items()):
            err = MatchError(code=fault, params={k: SAMPLE[k] for k in needs})
            for text in (fault_text(err), fault_text(err, match)):
                assert text and not re.search(r"\{\w*\}", text), (fault, text)
            if code != "en":
                with i18n.using(i18n.UILocale("en")):
                    english = fault_text(err)
                assert fault_text(err) != english, (code, fault)


def test_str_of_a_fault_is_the_same_wording_in_english_with_where_it_is():
    err = MatchError(code="points_sum", params={"points": (60, 30), "total": 100}, deal=2)
    err = err.located(field="points")
    with i18n.using(i18n.UILocale("hi")):  # str() is English whatever the session speaks
        assert str(err) == "deal 2, field 'points': " + err.message
    with i18n.using(i18n.UILocale("en")):
        assert err.message == fault_text(err) == located_text(err).split(": ", 1)[1]
    assert err.message == "The card points must add up to 100: 60 + 30 = 90."


def test_a_wrapped_backup_fault_words_its_cause_in_the_same_language():
    inner = MatchError(code="points_sum", params={"points": (60, 30), "total": 100}, deal=2)
    err = MatchError(code="backup_match", params={"number": 3, "line": 4, "cause": inner})
    assert str(err) == (
        "Match 3 of the backup (line 4): deal 2: The card points must add up to 100: 60 + 30 = 90."
    )
    with i18n.using(i18n.UILocale("it")):
        text = fault_text(err)
    assert text.startswith("Incontro 3 del backup (riga 4): smazzata 2: ") and "100" in text


def test_a_fault_without_a_wording_says_so_in_its_code_never_a_traceback():
    err = MatchError(code="no-such-code", params={"x": 1})
    assert fault_text(err) is None and str(err) == "no-such-code {'x': 1}"


@pytest.mark.parametrize(
    "environ, language",
    [
        ({}, "en"),
        ({"LANG": "hi_IN.UTF-8"}, "hi"),
        ({"LANG": "ur_PK.UTF-8"}, "ur"),
        ({"LANG": "pa_PK.UTF-8"}, "ur"),  # Punjabi in Shahmukhi reads the Urdu script
        ({"LANG": "fr_FR.UTF-8"}, "en"),  # not one of the nine: English
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "hi_IN.UTF-8"}, "it"),
        ({"LC_MESSAGES": "th_TH.UTF-8", "LANG": "hi_IN.UTF-8"}, "th"),
        ({"LANGUAGE": "fr:sq", "LANG": "en_GB.UTF-8"}, "sq"),
        ({"LANGUAGE": "de", "LANG": "as_IN.UTF-8"}, "as"),
        ({"LC_ALL": "sd_IN@devanagari", "LANG": "en_US"}, "sd"),
    ],
)
def test_the_command_line_speaks_the_language_of_its_environment(environ, language):
    assert cli_language(environ) == language


def test_a_notice_is_worded_once_english_for_str_and_the_users_language_on_screen():
    notice = notices.match_lost(notices.match_label(["Reds", "Blues"], "ab12"), "is empty", None)
    with i18n.using(i18n.UILocale("en")):
        assert str(notice) == notice_text(notice) + " (cause: is empty)"
    with i18n.using(i18n.UILocale("hi")):
        assert "Reds" in notice_text(notice) and notice_text(notice) not in str(notice)


# ----- the events' refusals (store.events.EventError) -----

EVENT_SOURCES = [*(PACKAGE / "store" / "events").glob("*.py")] + [
    *(PACKAGE / "cli").glob("event*.py"),
    *(PACKAGE / "app" / "events").glob("*_model.py"),
]


def event_raise_sites() -> list[tuple[str, str | None, set[str]]]:
    """(where, code or None when passed on, params keys) for every EventError(code, field,
    **params) and events.py's _need(ok, field, code, **params)."""
    found = []
    for path in EVENT_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            index = {"EventError": 0, "_need": 2}.get(name)
            if index is None or len(node.args) <= index:
                continue
            code = node.args[index]
            keys = {k.arg for k in node.keywords if k.arg and k.arg != "field"}
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            found.append((where, code.value if isinstance(code, ast.Constant) else None, keys))
    return found


def test_every_refusal_of_an_event_has_a_code_a_wording_and_its_params():
    sites = event_raise_sites()
    assert len(sites) > 60  # the walk finds them
    # Passed on: _need's own raise, a code given again under another field, the message property.
    passed_on = [w for w, code, _ in sites if code is None]
    assert len(passed_on) == 3, passed_on
    for where, code, keys in sites:
        if code is not None:
            assert code in EVENT_FAULTS, (where, code)
            assert set(EVENT_FAULTS[code].needs) <= keys, (where, code, keys)


EVENT_SAMPLE = {
    "low": 1, "high": 100, "max": 64, "count": 2, "number": 3, "choices": ("standard", "race500"),
    "expected": "object", "what": "entrant", "version": 2, "path": "/data/events/0badbad0.json",
    "id": "0badbad0", "system": "swiss", "kind": "individual", "file": "pairs.csv", "byte": 7,
    "detail": "field larger than field limit", "header": "team,player1,player2", "row": 4,
    "column": "player1", "name": "Asha", "round": 2, "tables": [1, 3], "rounds": 3, "need": 4,
    "table": 5, "match": "0badf00d",
}  # fmt: skip


def _event_sample(needs):
    from seep_scorer.store.events.record import EventError

    params = {k: EVENT_SAMPLE[k] for k in needs if k != "cause"}
    if "cause" in needs:
        params["cause"] = EventError("pair_same_player", "player2")
    return params


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_refusal_of_an_event_is_worded_in_every_language(code):
    from seep_scorer.store.events.record import EventError

    with i18n.using(i18n.UILocale(code)):
        for fault, needs in sorted((c, e.needs) for c, e in EVENT_FAULTS.items()):
            err = EventError(fault, "NAME", **_event_sample(needs))
            text = event_text(err, located=False)
            assert text and text != fault and not re.search(r"\{\w*\}", text), (fault, text)
            if code != "en" and fault != "event_rule":  # event_rule is its cause's words
                with i18n.using(i18n.UILocale("en")):
                    assert event_text(err, located=False) != text, (code, fault)


def test_an_event_refusal_reads_in_the_terminals_language_english_by_default(tmp_path):
    from seep_scorer.store.events.record import EventError, EventFolder

    with pytest.raises(EventError) as refused:
        EventFolder(tmp_path).read("0badbad0")
    err = refused.value
    assert str(err) == "field 'ID': There is no event with id 0badbad0."
    assert err.message == "There is no event with id 0badbad0."
    assert terminal_text(err, {}) == str(err)
    hindi = terminal_text(err, {"LANG": "hi_IN.UTF-8"})
    assert "0badbad0" in hindi and "ID" in hindi and hindi != str(err)
    with i18n.using(i18n.UILocale("it")):
        assert "0badbad0" in event_text(err, located=False) != err.message


def test_a_wrapped_name_fault_is_worded_in_the_same_language():
    from seep_scorer.store.events.record import EventError
    from seep_scorer.store.events.rounds import entrants_from_csv

    with pytest.raises(EventError) as refused:
        entrants_from_csv(b"team,player1,player2\n,a1,a2\n", "pairs", "pairs.csv")
    err = refused.value
    assert err.code == "csv_row" and err.params["column"] == "team"
    assert str(err).startswith("field '--entrants': pairs.csv row 2, column team: ")
    with i18n.using(i18n.UILocale("it")):
        italian = event_text(err, located=False)
    with i18n.using(i18n.UILocale("en")):
        cause = event_text(err.params["cause"], located=False)
    assert "pairs.csv" in italian and cause not in italian


def test_the_organisers_screen_shows_a_refusal_in_the_sessions_language():
    from seep_scorer.app.events.home_model import NewEventVM

    vm = NewEventVM(None)  # adding entrants by hand reads and writes nothing
    assert vm.add_entrant(["Lions", "Asha", "Bilal"])
    with i18n.using(i18n.UILocale("hi")):
        assert not vm.add_entrant(["lions", "Chitra", "Dev"])
        hindi = vm.message
        assert not vm.add_entrant(["Tigers", "Asha", "Dev"])
        assert "Asha" in vm.message and "already plays" not in vm.message
    assert "lions" in hindi and "already an entrant" not in hindi and "field" not in hindi
    with i18n.using(i18n.UILocale("en")):
        assert not vm.add_entrant(["lions", "Chitra", "Dev"])
    assert vm.message == "lions is already an entrant."


def test_the_event_command_prints_a_refusal_in_the_users_language(tmp_path, monkeypatch, capsys):
    from seep_scorer.cli import main

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    data = ["--data-dir", str(tmp_path)]
    assert main(["event", "new", "Night", "--pairs", *data]) == 0
    capsys.readouterr()
    assert main(["event", "pair", "0badbad0", *data]) == 2
    err = capsys.readouterr().err
    assert err == "seep-scorer: campo 'ID': Non esiste un torneo con id 0badbad0.\n"
    monkeypatch.setenv("LANG", "C.UTF-8")  # English by default
    assert main(["event", "pair", "0badbad0", *data]) == 2
    assert capsys.readouterr().err == (
        "seep-scorer: field 'ID': There is no event with id 0badbad0.\n"
    )
