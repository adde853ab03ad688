"""The command line speaks its user's language (LANG, LC_ALL, LANGUAGE), English by default:
the same wording of each fault and notice as the phone's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BAD = {"format": "seep-match", "version": 1, "deals": [{"points": {"0": 60, "1": 30}}]}


def score(path: Path, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("LANG", "LANGUAGE", "LC_ALL")}
    clean.pop("LC_MESSAGES", None)
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", "score", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**clean, **env},
    )


def test_the_command_line_speaks_hindi_with_lang_hi_in(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(BAD), encoding="utf-8")
    done = score(path, LANG="hi_IN.UTF-8")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr == (
        f"seep-scorer: {path}: दौर 1, फ़ील्ड 'points': "
        "पत्तों के अंक मिलाकर 100 होने चाहिए: 60 + 30 = 90।\n"
    )


def test_english_by_default_and_for_a_language_the_app_does_not_speak(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(json.dumps(BAD), encoding="utf-8")
    english = (
        f"seep-scorer: {path}: deal 1, field 'points': "
        "The card points must add up to 100: 60 + 30 = 90.\n"
    )
    assert score(path).stderr == english
    assert score(path, LANG="de_DE.UTF-8").stderr == english


def test_a_refusal_of_the_store_reads_in_hindi_too(tmp_path):
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
    folder = tmp_path / "none"
    done = subprocess.run(
        [sys.executable, "-m", "seep_scorer", "list", "--data-dir", str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**clean, "LANG": "hi_IN.UTF-8"},
    )
    assert done.stderr == (
        f"seep-scorer: note: {folder} में मैचों का कोई भंडार नहीं है; वहाँ कुछ भी नहीं बनाया गया।\n"
    )
    assert not folder.exists()
