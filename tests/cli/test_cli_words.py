"""Issue 20, item 4: the command line's own words (its tables, an event's success lines, argparse's
usage errors and help) are in the language LANG names, Hindi or right-to-left Urdu as well as
English, and without direction marks a terminal would show."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from seep_scorer.cli import main
from seep_scorer.store.registry import close_all

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "minimum-cards-only.json"
MARKS = "\u2066\u2067\u2068\u2069"

# language -> (LANG, words of the score table, of `event entrant` and of a missing argument)
WORDS = {
    "hi": ("hi_IN.UTF-8", ("अंतर", "कुल", "अगला बाँटने वाला"), "प्रतिभागी", "ये तर्क ज़रूरी हैं"),
    "ur": ("ur_PK.UTF-8", ("فرق", "کل", "اگلا بانٹنے والا"), "شرکاء", "یہ دلیلیں ضروری ہیں"),
}
ENGLISH = ("difference", "totals", "next dealer", "in progress")


@pytest.fixture(autouse=True)
def _closed():
    yield
    close_all()


def run(args, lang: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**clean, "LANG": lang},
    )


@pytest.mark.parametrize("code", sorted(WORDS))
def test_the_score_table_is_in_the_language_of_lang(code):
    lang, words, _entrants, _required = WORDS[code]
    done = run(["score", EXAMPLE], lang)
    assert done.returncode == 0, done.stderr
    for word in words:
        assert word in done.stdout, (word, done.stdout)
    for word in ENGLISH:
        assert word not in done.stdout, (word, done.stdout)
    assert not any(mark in done.stdout for mark in MARKS)


def test_english_by_default():
    done = run(["score", EXAMPLE], "C.UTF-8")
    assert done.returncode == 0 and all(word in done.stdout for word in ENGLISH), done.stdout


@pytest.mark.parametrize("code", sorted(WORDS))
def test_an_argparse_error_and_the_help_are_in_the_language_of_lang(code):
    lang, _words, _entrants, required = WORDS[code]
    done = run(["score"], lang)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"seep-scorer: {required}: file"), done.stderr
    assert "the following arguments are required" not in done.stderr
    helped = run(["score", "--help"], lang)
    assert helped.returncode == 0
    assert "usage:" not in helped.stdout and "show this help message" not in helped.stdout
    assert "options:" not in helped.stdout and "--json" in helped.stdout


@pytest.mark.parametrize("code", sorted(WORDS))
def test_an_events_success_line_is_in_the_language_of_lang(code, tmp_path, capsys, monkeypatch):
    lang, _words, entrants, _required = WORDS[code]
    data = str(tmp_path / "data")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", lang)
    assert (
        main(["event", "new", "Club night", "--individual", "--rounds", "3", "--data-dir", data])
        == 0
    )
    event_id = capsys.readouterr().out.strip()
    names = ["Asha", "Bilal", "Chand", "Dev"]
    assert main(["event", "entrant", event_id, "add", *names, "--data-dir", data]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 ") and entrants in out and "entrants" not in out, out
    assert main(["event", "list", "--data-dir", data]) == 0
    listed = capsys.readouterr().out
    assert "Club night" in listed and "round" not in listed and "entrants" not in listed, listed
