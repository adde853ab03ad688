"""Issue 11, item 10: every screen's accessibility tree, as
headless Chromium builds it from Flutter's
semantics, has no button without a name, no name read twice ("About bazzis About bazzis") and no two
buttons of one screen with the same name (each says what it does and for whom).

Screens: matches, new match, scoreboard, record deal, deal
view, review, rules, statistics, a player's
page, settings. SEEP_SHOTS=<folder> also saves each screen's accessibility snapshot there."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from e2e_support import VIEWPORT, WAIT_MS, enable_semantics, sel, serve_matches, within

from seep_scorer.app.history.stats_model import player_slug
from seep_scorer.rules import Deal, Match, MatchFormat, Sweep, Team
from seep_scorer.stats import player_key

TEAMS = (Team("Sharmas", ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A store with a finished match and one in progress, served."""
    with serve_matches(
        tmp_path_factory,
        "a11y",
        Match(
            teams=TEAMS,
            format=MatchFormat("first_to", 1),
            first_dealer=0,
            deals=(Deal(points=(95, 5)),),
        ),
        Match(
            teams=TEAMS,
            format=MatchFormat("bazzis", 3),
            first_dealer=0,
            deals=(Deal(points=(90, 10), sweeps=(Sweep(0, "normal"),)), Deal(points=(60, 40))),
        ),
    ) as (srv, (finished, playing)):
        yield srv, finished, playing


def screens(finished: str, playing: str) -> dict[str, tuple[str, str]]:
    """name -> (route, an identifier present once the screen is drawn)."""
    return {
        "matches": ("/", "new-match"),
        "new-match": ("/new", "start-match"),
        "scoreboard": (f"/match/{playing}", "record-deal"),
        "record-deal": (f"/match/{playing}/deal", "save-deal"),
        "deal-view": (f"/match/{playing}/deal/1", "edit-deal"),
        "review": (f"/review/{finished}", "share-result"),
        "rules": ("/rules", "rules-section-overview"),
        "statistics": ("/stats", "stats"),
        "player": (f"/stats/player/{player_slug(player_key('Asha'))}", "nav-stats"),
        "settings": ("/settings", "language"),
    }


REPEATED = re.compile(r"^(?P<part>.{3,}?)[\s,.:;]+(?P=part)$")


def button_names(snapshot: str) -> list[str]:
    names = []
    for line in snapshot.splitlines():
        m = re.match(r'^\s*- button(?: "(.*)")?(?:\s*\[[^\]]*\])*:?\s*$', line) or re.match(
            r'^\s*- button(?: "(.*?)")?[\s\[:]', line + " "
        )
        if m:
            names.append((m.group(1) or "").replace('\\"', '"').strip())
    return names


def faults(names: list[str]) -> list[str]:
    found = []
    seen: dict[str, int] = {}
    for name in names:
        if not name:
            found.append("a button without a name")
            continue
        flat = " ".join(name.split())
        if REPEATED.match(flat):
            found.append(f"a name read twice: {flat!r}")
        seen[flat] = seen.get(flat, 0) + 1
    found += [f"{n} buttons named {name!r}" for name, n in seen.items() if n > 1]
    return found


@pytest.mark.parametrize(
    "screen",
    [
        "matches",
        "new-match",
        "scoreboard",
        "record-deal",
        "deal-view",
        "review",
        "rules",
        "statistics",
        "player",
        "settings",
    ],
)
def test_every_button_has_its_own_name_read_once(chromium, table, screen):
    srv, finished, playing = table
    route, ready = screens(finished, playing)[screen]
    ctx = chromium.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    try:
        page.goto(srv.url.rstrip("/") + route)
        page.wait_for_function("document.getElementById('loading') === null", timeout=WAIT_MS)
        enable_semantics(page)
        page.locator(sel(ready)).first.wait_for(state="attached", timeout=WAIT_MS)
        page.wait_for_timeout(800)  # the rest of the frame
        # bounded, its timeout saying what Chromium's processes were doing (e2e_support.within)
        snapshot = within(
            page,
            page.locator("body")._impl_obj.aria_snapshot(WAIT_MS, None, None, None),
            WAIT_MS + 5_000,
            "the page's accessibility snapshot",
        )
        folder = os.environ.get("SEEP_SHOTS")
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            (Path(folder) / f"a11y-{screen}.yaml").write_text(snapshot, encoding="utf-8")
            page.screenshot(path=str(Path(folder) / f"a11y-{screen}.png"))
        names = button_names(snapshot)
        assert names, f"no buttons found on {screen}:\n{snapshot}"
        problems = faults(names)
        assert not problems, f"{screen}: " + "; ".join(problems) + "\n" + snapshot
    finally:
        ctx.close()


def test_the_fault_finder_itself():
    assert faults(["About bazzis About bazzis"]) == [
        "a name read twice: 'About bazzis About bazzis'"
    ]
    assert faults(["Matches Matches", "Rules"]) == ["a name read twice: 'Matches Matches'"]
    assert faults(["", "Undo"]) == ["a button without a name"]
    assert faults(["Delete match", "Delete match"]) == ["2 buttons named 'Delete match'"]
    assert faults(["Take back deal 4", "Deal 1: 100 : 0"]) == []
    assert button_names('- button "About bazzis"\n  - button\n- button "A \\"b\\"" [disabled]') == [
        "About bazzis",
        "",
        'A "b"',
    ]
