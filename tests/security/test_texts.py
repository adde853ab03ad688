"""One rule for every text a person types, and printing that escapes what it must (issue 18/17).

Names refused control and bidi characters, but not U+2028/U+2029, zero-width
characters, direction marks or U+FEFF: "Asha" and "Asha\u200b" were two players
that read the same. Deal notes took anything. `seep-scorer list` and `stats`
printed the index's names raw, so a tampered shard could send terminal escapes.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seep_scorer.matchfile import loads_match, match_from_dict, match_to_dict
from seep_scorer.rules import Deal, Match, MatchError, check_name, replay
from seep_scorer.rules.names import first_refused, json_shown, shown, tidied
from seep_scorer.store.registry import close_all, open_repository
from tests.matchfile.test_matchfile import SPEC_EXAMPLE
from tests.security.test_names import doc_with

INVISIBLE_TWINS = {
    "line separator": "Asha\u2028",
    "paragraph separator": "As\u2029ha",
    "zero-width space": "Asha\u200b",
    "zero-width non-joiner, Latin": "As\u200cha",
    "zero-width joiner, Latin": "As\u200dha",
    "word joiner": "\u2060Asha",
    "BOM": "\ufeffAsha",
    "left-to-right mark": "Asha\u200e",
    "right-to-left mark": "فريق\u200f",
    "Arabic letter mark": "\u061cفريق",
    "soft hyphen": "As\u00adha",
    "Hangul filler": "Asha\u3164",
    "combining grapheme joiner": "As\u034fha",
    "emoji selector on a letter": "Asha\ufe0f",
    "tag character": "Asha\U000e0061",
    "lone surrogate": "Asha\ud800",
}

NEEDED_JOINERS = {
    "Devanagari half form (ZWJ)": "क्\u200dष",
    "Devanagari explicit virama (ZWNJ)": "क्\u200cष",
    "Bengali-Assamese ya-phala (ZWJ before hasanta)": "র\u200d্যাব",
    "Urdu word-internal ZWNJ": "می\u200cخواهم",
    "emoji family": "👨\u200d👩\u200d👧 Reds",
    "emoji with its selector": "Reds ❤\ufe0f",
    "keycap": "Team 1\ufe0f\u20e3",
    "skin tone and ZWJ": "🧑🏽\u200d💻 Coders",
    "rainbow flag": "🏳\ufe0f\u200d🌈",
    "subdivision flag": "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scots",
}


@pytest.mark.parametrize("kind", INVISIBLE_TWINS)
def test_a_name_with_an_invisible_character_is_refused_at_its_position(kind):
    name = INVISIBLE_TWINS[kind]
    doc = doc_with("teams[1].players[0]", name)
    for read in (lambda: match_from_dict(doc), lambda: loads_match(json.dumps(doc))):
        with pytest.raises(MatchError) as err:
            read()
        assert err.value.field == "teams[1].players[0]" and err.value.code == "name_control"
        position = err.value.params["position"]
        # The position is the one invisible character's.
        assert name[: position - 1] + name[position:] in ("Asha", "فريق")


@pytest.mark.parametrize("kind", NEEDED_JOINERS)
def test_joiners_and_selectors_stay_where_a_script_or_an_emoji_needs_them(kind):
    name = NEEDED_JOINERS[kind]
    assert check_name(name, "teams[0].name") == name
    assert match_from_dict(doc_with("teams[0].name", name)).teams[0].name == name


def test_the_new_match_form_refuses_the_invisible_twin_with_its_wording(tmp_path):
    from seep_scorer.app.matches.new_match_model import NewMatchVM

    repo = open_repository(tmp_path / "data", fresh=True)
    try:
        vm = NewMatchVM(repo)
        vm.set_name("player-2", "Asha\u200b")
        assert vm.start() is None
        assert "invisible" in vm.error and "3" in vm.error and "5" in vm.error  # seat 3, char 5
        assert repo.list_matches() == []
    finally:
        close_all()


BAD_NOTES = {
    "escape": "all\x1b[2J",
    "bell": "a\x07",
    "carriage return": "seen\rhidden",
    "RLO": "\u202ereversed",
    "isolate": "a\u2066b",
    "zero-width space": "a\u200bb",
    "line separator": "a\u2028b",
    "C1 CSI": "\x9b1m",
}


def _noted(note: str, with_dealer: bool) -> dict:
    doc = json.loads(json.dumps(SPEC_EXAMPLE))
    deal = {"points": {"0": 60, "1": 40}, "sweeps": [], "note": note}
    if with_dealer:
        deal["dealer"] = 0
    doc["deals"] = [{"points": {"0": 50, "1": 50}, "sweeps": []}, deal]
    return doc


@pytest.mark.parametrize("with_dealer", [False, True])
@pytest.mark.parametrize("kind", BAD_NOTES)
def test_a_deal_note_follows_the_rule_of_names(kind, with_dealer):
    doc = _noted(BAD_NOTES[kind], with_dealer)
    for read in (lambda: match_from_dict(doc), lambda: loads_match(json.dumps(doc))):
        with pytest.raises(MatchError) as err:
            read()
        assert (err.value.deal, err.value.field, err.value.code) == (2, "note", "note_control")
        assert "holds an invisible control character (character" in str(err.value)
    with pytest.raises(MatchError) as err:
        replay(Match().with_deals([Deal(points=(50, 50), note=BAD_NOTES[kind])]))
    assert err.value.code == "note_control"


def test_a_note_may_hold_line_breaks_and_any_script():
    note = "पहली बाज़ी\nسویپ ❤\ufe0f"
    match = loads_match(json.dumps(_noted(note, True)))
    assert match.deals[1].note == note
    assert match_to_dict(match)["deals"][1]["note"] == note


def cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "seep_scorer", *map(str, args)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def test_score_and_import_refuse_a_note_with_an_escape_in_one_clean_line(tmp_path):
    path = tmp_path / "match.json"
    path.write_text(
        json.dumps(_noted("\x1b]0;owned\x07", True), ensure_ascii=False), encoding="utf-8"
    )
    for args in (["score", path], ["--data-dir", tmp_path / "data", "import", path]):
        done = cli(*args)
        assert done.returncode == 2 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and "deal 2, field 'note'" in done.stderr
        assert "\x1b" not in done.stderr and "\x07" not in done.stderr


def test_an_error_line_quoting_a_files_text_escapes_it(tmp_path):
    doc = json.loads(json.dumps(SPEC_EXAMPLE))
    doc["deals"][0]["sweeps"] = [{"team": 1, "kind": "\u202eevil\x9b31m"}]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    for args in (["score", path], ["--data-dir", tmp_path / "data", "import", path]):
        done = cli(*args)
        assert done.returncode == 2 and done.stderr.count("\n") == 1
        assert "\u202e" not in done.stderr and "\x9b" not in done.stderr
        assert r"\u202eevil\x9b31m" in done.stderr


HOSTILE = "Reds\x1b[2J\x1b]0;pwned\x07\u202eevil\x9b31m\u200b"


def _tamper_index(data_dir: Path) -> None:
    """Writes HOSTILE into team and player names of the index shards, as an attacker could."""
    for shard in (data_dir / "index").glob("*.json"):
        text = shard.read_text(encoding="utf-8")
        for name in ("Reds", "Asha", "Bilal"):
            hostile = HOSTILE if name == "Reds" else name + HOSTILE[4:]
            text = text.replace(f'"{name}"', json.dumps(hostile))
        shard.write_text(text, encoding="utf-8")


@pytest.fixture
def tampered(tmp_path):
    from tests.store.conftest import finishing_match, open_match

    data_dir = tmp_path / "data"
    repo = open_repository(data_dir, fresh=True)
    repo.create(open_match().with_deals([Deal(points=(50, 50))]))
    repo.create(finishing_match())
    close_all()
    _tamper_index(data_dir)
    return data_dir


RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u200b")


def test_list_escapes_the_names_of_a_tampered_index(tampered):
    done = cli("--data-dir", tampered, "list")
    assert done.returncode == 0, done.stderr
    assert not any(ch in done.stdout + done.stderr for ch in RAW)
    assert r"Reds\x1b[2J\x1b]0;pwned\x07\u202eevil\x9b31m\u200b v Blues" in done.stdout

    done = cli("--data-dir", tampered, "list", "--json")
    assert done.returncode == 0, done.stderr
    assert not any(ch in done.stdout for ch in RAW)
    listed = json.loads(done.stdout)
    # The same value to a JSON reader.
    assert HOSTILE in [name for m in listed for name in m["teams"]]


def test_stats_escapes_the_names_of_a_tampered_index(tampered):
    for args in ([], ["--json"]):
        done = cli("--data-dir", tampered, "stats", *args)
        assert done.returncode == 0, done.stderr
        assert not any(ch in done.stdout for ch in RAW), args
    assert "Asha" + HOSTILE[4:] in [p["name"] for p in json.loads(done.stdout)["players"]]
    assert r"Asha\x1b[2J" in cli("--data-dir", tampered, "stats").stdout


@pytest.mark.parametrize(
    "text, escaped",
    [
        ("Asha", "Asha"),
        ("आशा 👨\u200d👩\u200d👧", "आशा 👨\u200d👩\u200d👧"),
        ("a\nb", r"a\x0ab"),
        ("\x1b[2J\u202e\u2028\U000e0001", r"\x1b[2J\u202e\u2028\U000e0001"),
        ("x\ud800", r"x\ud800"),
    ],
)
def test_shown_escapes_exactly_what_the_rule_refuses(text, escaped):
    assert shown(text) == escaped
    assert first_refused(shown(text)) is None
    as_json = json_shown(json.dumps(text, ensure_ascii=False))
    assert json.loads(as_json) == text and first_refused(as_json) is None


# Stored before the rule: the store's own files and backups keep opening, their texts tidied.
OLD_NAME, OLD_NOTE = "Asha\u200e\u200b", "late\x07 deal\u2028 \u202eok"


def _age(data_dir: Path) -> None:
    """Puts texts the earlier rule allowed into the stored match files, as older versions did."""
    for path in (data_dir / "matches").glob("*.json"):
        text = path.read_text(encoding="utf-8").replace('"Asha"', json.dumps(OLD_NAME))
        text = text.replace('"note":"d1"', '"note":' + json.dumps(OLD_NOTE))
        path.write_text(text, encoding="utf-8")


def _holds_old_name(text: str) -> bool:
    return OLD_NAME in text or json.dumps(OLD_NAME)[1:-1] in text  # raw or escaped


def test_a_match_stored_before_the_rule_still_opens_with_its_texts_tidied(tmp_path):
    from tests.store.conftest import open_match, with_deals

    data_dir = tmp_path / "data"
    repo = open_repository(data_dir, fresh=True)
    stored = repo.create(with_deals(open_match(), 2))
    close_all()
    _age(data_dir)
    assert _holds_old_name(next((data_dir / "matches").glob("*.json")).read_text(encoding="utf-8"))

    repo = open_repository(data_dir)
    try:
        again = repo.get(stored.id)
        assert again.match.teams[0].players[0] == "Asha"
        assert again.match.deals[0].note == "late  deal  ok"
        assert not (data_dir / "damaged").exists() or not any((data_dir / "damaged").iterdir())
        more = again.match.with_deals([*again.match.deals, Deal(points=(50, 50))])
        saved = repo.save(stored.id, more, again.revision)
        assert saved.revision == again.revision + 1
        assert repo.get(stored.id).match.teams[0].players[0] == "Asha"
    finally:
        close_all()


def test_a_backup_made_before_the_rule_restores_with_its_texts_tidied(tmp_path):
    from tests.store.conftest import open_match, with_deals

    data_dir = tmp_path / "data"
    repo = open_repository(data_dir, fresh=True)
    repo.create(with_deals(open_match(), 2))
    close_all()
    _age(data_dir)
    backup = tmp_path / "old.jsonl"
    assert cli("--data-dir", data_dir, "backup", "-o", backup).returncode == 0
    assert _holds_old_name(backup.read_text(encoding="utf-8"))

    done = cli("--data-dir", tmp_path / "new", "import", backup)
    assert done.returncode == 0, done.stderr
    repo = open_repository(tmp_path / "new")
    try:
        (summary,) = repo.list_matches()
        match = repo.get(summary.id).match
        assert match.teams[0].players[0] == "Asha" and match.deals[0].note == "late  deal  ok"
    finally:
        close_all()


@pytest.mark.parametrize(
    "old, tidy",
    [
        ("Asha\u200b", "Asha"),
        ("Reds\u2028Blues", "Reds Blues"),
        ("\ufeff Asha \u200e", "Asha"),
        ("क्\u200dष", "क्\u200dष"),
    ],
)
def test_tidied_names_pass_the_rule(old, tidy):
    assert tidied(old) == tidy and first_refused(tidy) is None


def test_a_name_the_earlier_rule_refused_stays_refused_in_a_backup():
    from seep_scorer.store.tinyfiles import stored_match_from_dict

    with pytest.raises(MatchError) as err:
        stored_match_from_dict(doc_with("teams[0].name", "Reds\x1b[2J\u200b"))
    assert err.value.code == "name_control"


def test_a_name_used_before_the_rule_is_suggested_tidied(tmp_path):
    """The index keeps an old match's names as stored: the new-match form offers them as the store
    now reads them, so taking a suggestion never gives a name the form refuses."""
    from seep_scorer.app.matches.new_match_model import NewMatchVM
    from tests.store.conftest import open_match

    data_dir = tmp_path / "data"
    open_repository(data_dir, fresh=True).create(open_match())
    close_all()
    for shard in (data_dir / "index").glob("*.json"):
        text = shard.read_text(encoding="utf-8").replace('"Asha"', json.dumps(OLD_NAME))
        shard.write_text(text, encoding="utf-8")
    repo = open_repository(data_dir)
    try:
        assert OLD_NAME in repo.known_names().players
        vm = NewMatchVM(repo, known_names=True)
        assert "Asha" in vm.known.players and OLD_NAME not in vm.known.players
        vm.set_name("player-0", "as")
        vm.choose("player-0", vm.suggestions()[0])
        assert vm.name("player-0") == "Asha" and vm.start() is not None, vm.error
    finally:
        close_all()


TRICKY = (
    "a\u0915\u094d\u0628\u200b\u200c\u200d\u200e\ufe0f\u2764\x1b\n\u2028 \U0001f3f4\U000e0067"
    "\U000e007f\U000e0001\u034f\u3164\U0001f3fd"
)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40) | st.text(alphabet=TRICKY, max_size=12))
def test_what_tidied_and_shown_give_always_passes_the_rule(text):
    for line_breaks in (False, True):
        assert first_refused(tidied(text, line_breaks=line_breaks), line_breaks=line_breaks) is None
    assert first_refused(shown(text)) is None
    assert json.loads(json_shown(json.dumps(text, ensure_ascii=False))) == text


def test_the_store_refuses_a_twin_name_or_a_hostile_note_whatever_the_form_let_through(tmp_path):
    """A hostile phone can send anything: the store checks every match it saves by the same rule."""
    from tests.store.conftest import open_match

    repo = open_repository(tmp_path / "data", fresh=True)
    try:
        with pytest.raises(MatchError) as err:
            repo.create(open_match(("Reds\u200b", "Blues")))
        assert err.value.code == "name_control"
        stored = repo.create(open_match())
        with pytest.raises(MatchError) as err:
            repo.save(
                stored.id,
                stored.match.with_deals([Deal(points=(50, 50), note="\x1b[2J")]),
                stored.revision,
            )
        assert err.value.code == "note_control"
        assert [s.teams for s in repo.list_matches()] == [("Reds", "Blues")]
        assert repo.get(stored.id).match.deals == ()
    finally:
        close_all()
