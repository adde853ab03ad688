"""Issue 19 in the phone-only app (`seep-scorer publish`, run by Pyodide in headless Chromium at
412 x 915, every request to another host aborted): a double tap on "Record deal" saves nothing
(item 1), an entry survives a reload as a draft (item 4), a match of three bazzis is ended early
(item 5) and a restore adds only the matches not here already (item 7), as in the served app."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import test_published as published
from e2e_support import (
    match_on_screen,
    sel,
    tap,
    tap_until,
    text,
    wait_absent,
    wait_present,
    wait_text,
)
from test_published import WAIT, new_match

# the published site's fixtures (a site built once for this module, a phone per test)
site, static_server = published.site, published.static_server
playwright_api, phone_factory = published.playwright_api, published.phone_factory

DRAFT_MS = 2_500  # the draft reaches the browser's storage in the background (a worker, here)


def centre(page, ident: str) -> tuple[float, float]:
    box = page.locator(sel(ident)).first.bounding_box()
    assert box, ident
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_double_tap_on_record_deal_saves_nothing(static_server, phone_factory):
    phone = phone_factory(static_server)
    phone.open()
    page = phone.page
    new_match(page)
    x, y = centre(page, "record-deal")
    page.mouse.click(x, y)
    wait_present(page, "save-deal", timeout=WAIT)
    page.wait_for_timeout(250)
    page.mouse.click(x, y)  # the double tap's second tap, where the first one was
    page.wait_for_timeout(3_000)  # time for a save to be stored and shown
    assert page.locator(sel("save-deal")).count() == 1, "the double tap saved a deal"
    assert page.locator(sel("deal-preview")).count() == 0  # no bazzi previewed for a blank deal
    assert "took" in text(page, "deal-error")  # what the entry waits for
    tap(page, "back")  # nothing entered: Back asks nothing
    wait_present(page, "record-deal", timeout=WAIT)
    assert page.locator(sel("discard-deal")).count() == 0
    assert page.locator(sel("deal-1")).count() == 0
    assert text(page, "difference").startswith("Level")


def test_an_entry_survives_a_reload_as_a_draft(static_server, phone_factory):
    phone = phone_factory(static_server)
    phone.open()
    page = phone.page
    new_match(page)
    mid = match_on_screen(page)
    tap(page, "record-deal")
    wait_present(page, "card-KS", timeout=WAIT)
    tap_until(page, "card-KS", "card-KS", "Team B")
    page.wait_for_timeout(DRAFT_MS)

    phone.reload()  # Pyodide starts afresh: only what the browser stored is left
    if page.locator(sel("card-KS")).count() == 0:  # the app opened elsewhere: go to the entry
        page.goto(f"{static_server.url}#/match/{mid}")
        phone.wait_booted()
        tap(page, "record-deal")
    wait_text(page, "card-KS", "Team B", timeout=WAIT)

    tap(page, "back")  # an entry with changes: Back asks first
    wait_present(page, "discard-deal", timeout=WAIT)
    tap(page, "discard-deal-keep")
    wait_absent(page, "discard-deal", timeout=WAIT)
    tap(page, "save-deal")
    wait_present(page, "deal-1", timeout=WAIT)
    assert "87 : 13" in text(page, "deal-1")


def test_a_three_bazzi_match_ended_early(static_server, phone_factory):
    phone = phone_factory(static_server)
    phone.open()
    page = phone.page
    new_match(page)  # the defaults: standard rules, a match of three bazzis
    mid = match_on_screen(page)
    tap(page, "record-deal")
    wait_present(page, "card-2S", timeout=WAIT)
    tap_until(page, "card-2S", "card-2S", "Team B")
    tap(page, "save-deal")  # 2 points to Team B, under the minimum: bazzi 1 to Team A
    wait_present(page, "deal-1", timeout=WAIT)
    tap(page, "end-match")
    wait_present(page, "end-match-confirm", timeout=WAIT)
    tap(page, "end-match-yes")
    wait_absent(page, "end-match-confirm", timeout=WAIT)
    wait_present(page, "match-result", timeout=WAIT)
    wait_present(page, "reopen-match", timeout=WAIT)
    tap(page, "nav-matches")
    row = wait_text(page, f"match-{mid}", "stopped, Team A ahead", timeout=WAIT)
    assert "in progress" not in row and "won" not in row

    phone.reload()  # stopped for good: stored so, not only shown
    if page.locator(sel(f"match-{mid}")).count() == 0:
        tap(page, "nav-matches")
    wait_text(page, f"match-{mid}", "stopped, Team A ahead", timeout=WAIT)


def _backups(tmp_path: Path) -> tuple[Path, Path, list[str]]:
    """Two backups as `seep-scorer backup` writes them: of two matches, then of those two and a
    third played since on the phone they come from; the three ids."""
    from seep_scorer.rules import PRESETS, Deal, Match, MatchFormat, Team
    from seep_scorer.store.registry import close_all, open_repository

    def backup(name: str) -> Path:
        out = tmp_path / name
        subprocess.run(
            [sys.executable, "-m", "seep_scorer", "backup", "-o", str(out)]
            + ["--data-dir", str(tmp_path / "seed")],
            check=True,
            capture_output=True,
            timeout=120,
        )
        return out

    def create(name: str) -> str:
        repo = open_repository(tmp_path / "seed")
        m = Match(
            PRESETS["standard"],
            MatchFormat("open", None),
            (Team(name, ("Asha", "Chitra")), Team("Blues", ("Bilal", "Dev"))),
            0,
            (),
        )
        try:
            return repo.create(m.with_deals([Deal(points=(60, 40))])).id
        finally:
            close_all()

    ids = [create("Lions"), create("Tigers")]
    first = backup("first.jsonl")
    ids.append(create("Eagles"))
    return first, backup("second.jsonl"), ids


def test_a_restore_adds_only_the_new_matches(static_server, phone_factory, tmp_path):
    first, second, ids = _backups(tmp_path)
    phone = phone_factory(static_server)
    phone.open()
    page = phone.page

    def restore(path: Path, summary: str, added: str) -> None:
        tap(page, "nav-settings")
        wait_present(page, "backup-restore", timeout=WAIT)
        with page.expect_file_chooser(timeout=WAIT) as chooser:
            tap(page, "backup-restore")
        chooser.value.set_files(str(path))
        wait_present(page, "restore-confirm", timeout=WAIT)
        assert summary in text(page, "restore-summary")
        tap(page, "restore-confirm")  # the default
        wait_text(page, "notice", added, timeout=WAIT)

    restore(first, "holds 2 matches", "2 matches added from first.jsonl")
    restore(
        second,
        "holds 3 matches. 2 of them are here already",
        "1 match added from second.jsonl. 2 matches were here already",
    )
    phone.reload()  # what the browser's store holds: each match once
    tap(page, "nav-matches")
    for mid in ids:
        wait_present(page, f"match-{mid}", timeout=WAIT)
    rows = page.locator("[flt-semantics-identifier^='match-']")
    names = [
        i
        for i in rows.evaluate_all(
            "els => els.map(e => e.getAttribute('flt-semantics-identifier'))"
        )
        if re.fullmatch(r"match-[^-]+", i)
    ]
    assert sorted(names) == sorted(f"match-{mid}" for mid in ids), names


def test_the_ratings_rank_players_in_the_phone_only_app(static_server, phone_factory):
    """Issue 23 in the phone-only app: openskill runs in the browser too (its pure-Python sources
    ride in the archive); a bazzi won gives the statistics screen its ranking."""
    phone = phone_factory(static_server)
    phone.open()
    page = phone.page
    new_match(page)
    tap(page, "record-deal")
    wait_present(page, "card-5S", timeout=WAIT)
    tap_until(page, "card-5S", "card-5S", "Team B")  # 95 : 5, under the minimum: A's bazzi
    tap(page, "save-deal")
    wait_present(page, "deal-1", timeout=WAIT)
    tap(page, "nav-stats")
    wait_present(page, "stats-ranking", timeout=WAIT)
    assert page.locator(sel("rank-1")).count() == 1
    assert page.locator(sel("rank-4")).count() == 1  # the four players of the match, ranked
