"""`seep-scorer event ...` through the command line's own entry point, in a temporary data folder:
whole events with results entered as match files, bad input refused with nothing written, ending a
round, and an event exported and imported back."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from seep_scorer.cli import main
from seep_scorer.store.registry import close_all

PAIRS = "ABCDEFGH"


@pytest.fixture(autouse=True)
def _closed():
    yield
    close_all()


@pytest.fixture
def cli(tmp_path, capsys):
    data = tmp_path / "data"

    def run(*args, data_dir=data):
        code = main([*map(str, args), "--data-dir", str(data_dir)])
        out, err = capsys.readouterr()
        return code, out, err

    run.data = data
    return run


def ok(result):
    code, out, err = result
    assert code == 0, err
    return out


def refused(result, field):
    code, out, err = result
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("seep-scorer: ") and field in err, err
    return err


def pairs_csv(tmp_path, letters=PAIRS):
    path = tmp_path / "pairs.csv"
    rows = ["team,player1,player2"] + [f"{c},{c.lower()}1,{c.lower()}2" for c in letters]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def match_file(tmp_path, table, winner, margin=90, preset="standard", count=1):
    """A finished first_to:1 match of the table's teams: one deal that wins the bazzi by `margin`
    card points (the loser under the 9-point minimum when the margin is 90)."""
    points = {str(winner): (100 + margin) // 2, str(1 - winner): (100 - margin) // 2}
    doc = {
        "format": "seep-match",
        "version": 1,
        "rules": {"preset": preset, "overrides": {}},
        "match": {"type": "first_to", "count": count},
        "teams": [
            {"name": f"T{i}", "players": list(team)} for i, team in enumerate(table["teams"])
        ],
        "first_dealer": table["first_dealer"],
        "deals": [{"points": points}],
    }
    path = tmp_path / f"result-{table['match']}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def team_of(table, side):
    """A pairs table's side as its entrant: the letter of its players' names."""
    return table["teams"][side][0][0].upper()


def play_round(cli, tmp_path, event, winner_of):
    rnd = json.loads(ok(cli("event", "pair", event, "--json")))
    for t in rnd["tables"]:
        winner = winner_of(t)
        ok(cli("event", "result", event, t["table"], match_file(tmp_path, t, winner)))
    return rnd


def lower_letter_wins(t):
    return 0 if team_of(t, 0) < team_of(t, 1) else 1


def test_swiss_of_eight_pairs_over_three_rounds(cli, tmp_path):
    event = ok(cli("event", "new", "Club night", "--pairs", "--system", "swiss", "--rounds", 3,
                   "--match", "first_to:1", "--entrants", pairs_csv(tmp_path))).strip()  # fmt: skip
    met = set()
    for _ in range(3):
        rnd = play_round(cli, tmp_path, event, lower_letter_wins)
        assert len(rnd["tables"]) == 4 and rnd["byes"] == []
        for t in rnd["tables"]:
            meeting = frozenset((team_of(t, 0), team_of(t, 1)))
            assert meeting not in met  # no rematch
            met.add(meeting)
    refused(cli("event", "pair", event), "ID")  # three rounds, all paired
    rows = json.loads(ok(cli("event", "standings", event, "--json")))
    # By hand: the better letter wins every match, 95 to 5 in card points, one bazzi to none.
    # A wins all three, H loses all three; Swiss keeps score groups together, so after three
    # rounds of eight the points are 6, 4, 4, 4, 2, 2, 2, 0.
    assert rows[0]["entrant"] == "A" and rows[0]["match_points"] == 6 and rows[0]["rank"] == 1
    assert rows[-1]["entrant"] == "H" and rows[-1]["match_points"] == 0
    assert sorted((r["match_points"] for r in rows), reverse=True) == [6, 4, 4, 4, 2, 2, 2, 0]
    for r in rows:
        assert r["played"] == 3 and r["wins"] + r["losses"] == 3 and r["draws"] == r["byes"] == 0
        assert r["bazzi_diff"] == r["wins"] - r["losses"]
        assert r["card_point_diff"] == 90 * (r["wins"] - r["losses"])
    assert list(rows[0]) == ["rank", "entrant", "played", "wins", "draws", "losses", "byes",
                             "match_points", "bazzi_diff", "card_point_diff"]  # fmt: skip
    # Each match is an ordinary stored match: the history lists all twelve, finished.
    matches = json.loads(ok(cli("list", "--json")))
    assert len(matches) == 12 and all(m["finished"] for m in matches)
    csv_text = ok(cli("event", "standings", event, "--csv"))
    assert csv_text.splitlines()[0].startswith("rank,entrant,played")
    assert len(csv_text.splitlines()) == 9


def test_round_robin_of_five_pairs_with_byes(cli, tmp_path):
    event = ok(cli("event", "new", "Five", "--pairs", "--match", "first_to:1",
                   "--entrants", pairs_csv(tmp_path, "ABCDE"))).strip()  # fmt: skip
    met, byes = Counter(), Counter()
    for _ in range(5):
        rnd = play_round(cli, tmp_path, event, lower_letter_wins)
        assert len(rnd["tables"]) == 2 and len(rnd["byes"]) == 1
        byes.update(rnd["byes"])
        met.update(frozenset((team_of(t, 0), team_of(t, 1))) for t in rnd["tables"])
    assert byes == Counter("ABCDE") and len(met) == 10 and set(met.values()) == {1}
    refused(cli("event", "pair", event), "ID")  # the round robin is over
    rows = json.loads(ok(cli("event", "standings", event, "--json")))
    # By hand: everyone met everyone once, the better letter won, each had one bye (2 points).
    assert [(r["rank"], r["entrant"], r["match_points"], r["card_point_diff"]) for r in rows] == [
        (1, "A", 10, 360),
        (2, "B", 8, 180),
        (3, "C", 6, 0),
        (4, "D", 4, -180),
        (5, "E", 2, -360),
    ]


def test_individual_event_of_nine_players(cli, tmp_path):
    players = tmp_path / "players.csv"
    names = [f"Player {c}" for c in "ABCDEFGHI"]
    players.write_text("player\n" + "\n".join(names) + "\n", encoding="utf-8")
    event = ok(cli("event", "new", "Mixer", "--individual", "--rounds", 3, "--match",
                   "first_to:1", "--entrants", players)).strip()  # fmt: skip
    partners, out = Counter(), Counter()
    for _ in range(3):
        rnd = play_round(cli, tmp_path, event, lambda t: 0)
        assert len(rnd["tables"]) == 2 and len(rnd["byes"]) == 1
        seated = [p for t in rnd["tables"] for team in t["teams"] for p in team]
        assert len(set(seated)) == 8 and rnd["byes"][0] not in seated
        out.update(rnd["byes"])
        partners.update(frozenset(team) for t in rnd["tables"] for team in t["teams"])
    assert set(out.values()) == {1}  # sitting out in turn
    assert set(partners.values()) == {1}  # nobody partnered the same person twice
    rows = json.loads(ok(cli("event", "standings", event, "--json")))
    assert sorted(r["entrant"] for r in rows) == names
    assert sum(r["byes"] for r in rows) == 3 and sum(r["played"] for r in rows) == 24
    for r in rows:
        assert r["match_points"] == 2 * (r["wins"] + r["byes"])


def test_entrants_added_withdrawn_and_absent(cli, tmp_path):
    event = ok(cli("event", "new", "By hand", "--pairs", "--rounds", 2)).strip()
    for letter in "ABCD":
        ok(cli("event", "entrant", event, "add", letter, f"{letter}1", f"{letter}2"))
    refused(cli("event", "entrant", event, "add", "E", "a1", "e2"), "NAME")  # a1 plays for A
    refused(cli("event", "entrant", event, "add", "a", "x1", "x2"), "NAME")  # A is entered
    refused(cli("event", "entrant", event, "withdraw", "Nobody"), "NAME")
    ok(cli("event", "entrant", event, "absent", "D"))
    rnd = json.loads(ok(cli("event", "pair", event, "--json")))
    seated = {p for t in rnd["tables"] for team in t["teams"] for p in team}
    assert "D1" not in seated and rnd["byes"] and len(rnd["tables"]) == 1
    refused(cli("event", "entrant", event, "add", "F", "F1", "F2"), "add")  # round 1 is paired
    ok(cli("event", "end-round", event))
    ok(cli("event", "entrant", event, "withdraw", "a"))
    rnd = json.loads(ok(cli("event", "pair", event, "--json")))
    seated = {p for t in rnd["tables"] for team in t["teams"] for p in team}
    # D is back (absent in round 1 only), A is gone: three entrants, one table and a bye.
    entrants = {p[0] for p in seated} | set(rnd["byes"])
    assert entrants == {"B", "C", "D"} and len(rnd["byes"]) == 1


@pytest.mark.parametrize(
    "text, why",
    [
        ("name,player1,player2\nA,a1,a2\n", "header"),
        ("team,player1,player2\nA,a1\n", "row 2"),
        ("team,player1,player2\nA,a1,a2\nA,b1,b2\n", "already an entrant"),
        ("team,player1,player2\nA,a1,a2\nB,a1,b2\n", "already plays"),
        ("team,player1,player2\nA,a1,a1\n", "two different players"),
        ("team,player1,player2\nA,a\u202e1,a2\n", "column player1"),
        ("team,player1,player2\n,a1,a2\n", "column team"),
        ('team,player1,player2\nA,"' + "x" * 200_000 + '",a2\n', "not a CSV file"),
        ("player\nA\n", "header"),
    ],
)
def test_bad_entrants_csv_is_refused_and_nothing_written(cli, tmp_path, text, why):
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    err = refused(cli("event", "new", "Bad", "--pairs", "--entrants", path), "--entrants")
    assert why in err
    assert not cli.data.exists()


def test_bad_options_are_refused_and_nothing_written(cli, tmp_path):
    refused(cli("event", "new", "X", "--pairs", "--match", "target:500"), "--match")
    refused(cli("event", "new", "X", "--pairs", "--match", "first_to"), "--match")
    refused(cli("event", "new", "X", "--individual", "--system", "swiss"), "--system")
    refused(cli("event", "new", "X", "--pairs", "--rounds", 0), "--rounds")
    refused(cli("event", "new", "\u202eX", "--pairs"), "NAME")
    assert not cli.data.exists()
    refused(cli("event", "pair", "12345678"), "no match store")
    lonely = ok(cli("event", "new", "Lonely", "--pairs")).strip()
    ok(cli("event", "entrant", lonely, "add", "A", "a1", "a2"))
    assert "at least 2 entrants" in refused(cli("event", "pair", lonely), "ID")
    assert not (cli.data / "matches").exists() or not any((cli.data / "matches").iterdir())


def test_pairing_is_refused_while_the_round_is_open_and_end_round_ends_it(cli, tmp_path):
    event = ok(cli("event", "new", "Open", "--pairs", "--rounds", 2, "--match", "first_to:3",
                   "--entrants", pairs_csv(tmp_path, "ABCD"))).strip()  # fmt: skip
    rnd = json.loads(ok(cli("event", "pair", event, "--json")))
    first, second = rnd["tables"]
    # Table 1 plays one deal and stays open (first to 3 bazzis); table 2 is entered whole.
    path = match_file(tmp_path, first, 0, count=3)
    ok(cli("event", "result", event, 1, path))
    path = match_file(tmp_path, second, 1, count=3)
    doc = json.loads(path.read_text())
    doc["deals"] *= 3
    path.write_text(json.dumps(doc))
    ok(cli("event", "result", event, 2, path))
    before = (cli.data / "events" / f"{event}.json").read_bytes()
    err = refused(cli("event", "pair", event), "ID")
    assert "table(s) 1" in err and "table(s) 1, 2" not in err
    assert (cli.data / "events" / f"{event}.json").read_bytes() == before
    assert len(json.loads(ok(cli("list", "--json")))) == 2  # no match of round 2 was created
    out = ok(cli("event", "end-round", event))
    assert "table(s): 1" in out
    stopped = json.loads(ok(cli("export", first["match"])))
    assert stopped["match"]["ended"] is True and len(stopped["deals"]) == 1
    assert stopped["event"] == {"id": event, "round": 1, "table": 1}  # the tag, kept by result
    rows = {r["entrant"]: r for r in json.loads(ok(cli("event", "standings", event, "--json")))}
    winner = team_of(first, 0)
    assert rows[winner]["wins"] == 1 and rows[winner]["bazzi_diff"] == 1  # led 1-0 when stopped
    # A result entered for the ended round stops as it stands too: the round stays over.
    ok(cli("event", "result", event, 1, match_file(tmp_path, first, 1, count=3)))
    assert json.loads(ok(cli("export", first["match"])))["match"]["ended"] is True
    ok(cli("event", "pair", event))


def test_a_result_must_be_the_tables_players_and_the_events_format(cli, tmp_path):
    event = ok(cli("event", "new", "Strict", "--pairs", "--match", "first_to:1",
                   "--entrants", pairs_csv(tmp_path, "ABCD"))).strip()  # fmt: skip
    rnd = json.loads(ok(cli("event", "pair", event, "--json")))
    t = rnd["tables"][0]
    stranger = dict(t, teams=[t["teams"][0], rnd["tables"][1]["teams"][0]])
    refused(cli("event", "result", event, 1, match_file(tmp_path, stranger, 0)), "teams")
    refused(cli("event", "result", event, 1, match_file(tmp_path, t, 0, count=2)), "match")
    path = match_file(tmp_path, t, 0)
    doc = json.loads(path.read_text())
    doc["rules"]["overrides"] = {"minimum": 5}  # the standard preset, changed: not the event's
    path.write_text(json.dumps(doc))
    refused(cli("event", "result", event, 1, path), "match")
    refused(cli("event", "result", event, 9, match_file(tmp_path, t, 0)), "TABLE")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, _, err = cli("event", "result", event, 1, bad)
    assert code == 2 and "Traceback" not in err
    assert not json.loads(ok(cli("export", t["match"])))["deals"]  # nothing was written
    swapped = dict(t, teams=[list(reversed(t["teams"][0])), t["teams"][1]])  # seats may differ
    ok(cli("event", "result", event, 1, match_file(tmp_path, swapped, 0)))


def test_export_then_import_gives_the_same_event(cli, tmp_path):
    event = ok(cli("event", "new", "Travelling", "--pairs", "--rounds", 2, "--match", "first_to:1",
                   "--entrants", pairs_csv(tmp_path, "ABCDE"))).strip()  # fmt: skip
    play_round(cli, tmp_path, event, lower_letter_wins)
    ok(cli("event", "pair", event))  # round 2 open: exported as it stands
    standings = ok(cli("event", "standings", event, "--json"))
    exported = tmp_path / "event.jsonl"
    ok(cli("event", "export", event, "-o", exported))
    record = json.loads((cli.data / "events" / f"{event}.json").read_text())
    assert record.pop("codes")  # the hall's codes for phones never travel in a file

    elsewhere = tmp_path / "elsewhere"
    code, out, err = cli("import", exported, data_dir=elsewhere)
    assert code == 0 and len(out.split()) == 4 and f"event {event}" in err
    assert json.loads((elsewhere / "events" / f"{event}.json").read_text()) == record
    assert ok(cli("event", "standings", event, "--json", data_dir=elsewhere)) == standings
    listed = json.loads(ok(cli("event", "list", "--json", data_dir=elsewhere)))
    assert [(e["id"], e["name"], e["round"]) for e in listed] == [(event, "Travelling", 2)]

    # Into its own store: the matches come in as copies under new ids, the event under a new id.
    code, out, err = cli("import", exported)
    assert code == 0
    copy = err.split("event ")[1].split()[0]
    assert copy != event
    assert ok(cli("event", "standings", copy, "--json")) == standings
    copied = json.loads((cli.data / "events" / f"{copy}.json").read_text())
    ids = {t["match"] for r in copied["rounds"] for t in r["tables"]}
    assert ids == set(out.split())

    # --new-only where the event and its matches are here already: nothing is added twice.
    code, out, err = cli("import", exported, "--new-only", data_dir=elsewhere)
    assert code == 0 and out == "" and "here already" in err
    assert len(json.loads(ok(cli("event", "list", "--json", data_dir=elsewhere)))) == 1


def test_import_refuses_a_file_whose_event_is_damaged(cli, tmp_path):
    event = ok(cli("event", "new", "Damaged", "--pairs", "--entrants",
                   pairs_csv(tmp_path, "ABCD"))).strip()  # fmt: skip
    ok(cli("event", "pair", event))
    exported = tmp_path / "event.jsonl"
    ok(cli("event", "export", event, "-o", exported))
    lines = exported.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["event"]["rounds"][0]["tables"][0]["first_dealer"] = 7
    lines[0] = json.dumps(header) + "\n"
    exported.write_text("".join(lines))
    elsewhere = tmp_path / "elsewhere"
    refused(cli("import", exported, data_dir=elsewhere), "first_dealer")
    assert (
        not (elsewhere / "events").exists()
        and not (elsewhere / "matches").exists()
        or not any((elsewhere / "matches").iterdir())
    )


def test_list_notes_a_damaged_event_and_goes_on(cli, tmp_path):
    good = ok(cli("event", "new", "Good", "--pairs")).strip()
    (cli.data / "events" / "0badbad0.json").write_text('{"format": "seep-event"')
    code, out, err = cli("event", "list")
    assert code == 0 and good in out and "0badbad0" in err and "damaged" in err
    refused(cli("event", "standings", "0badbad0"), "damaged")


def test_the_installed_command_runs_it(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "seep_scorer", "event", "new", "Sub", "--individual",
         "--rounds", "3", "--data-dir", str(tmp_path / "d")],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0 and len(done.stdout.strip()) == 8, done.stderr


@pytest.mark.parametrize("env, language", [({"LANG": "pa_IN.UTF-8"}, "pa"), ({"LANG": "C"}, "en")])
def test_event_new_records_the_command_lines_language(cli, tmp_path, monkeypatch, env, language):
    """The board and the table cards speak the language of whoever created the event: from the
    command line, the one it speaks (LANG, as i18n.cli_language picks it)."""
    from seep_scorer.store.events.record import EventFolder

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    event_id = ok(cli("event", "new", "Mela", "--pairs", "--rounds", "2")).strip()
    assert EventFolder(cli.data).read(event_id).language == language
