"""A whole match through the UI in headless Chromium at 412
x 915, driven only by semantics identifiers,
against the real server; checked against `seep-scorer score` on the exported match."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from e2e_support import (
    VIEWPORT,
    give_jack_of_spades_to_team_b,
    open_app,
    sel,
    tap,
    tap_until,
    text,
    type_into,
    wait_absent,
    wait_present,
    wait_text,
)

LIVE_MS = (
    15_000  # a second phone must see each change "within a second"; allow a slow CI box headroom
)


def new_phone(browser, url):
    ctx = browser.new_context(viewport=VIEWPORT)
    page = ctx.new_page()
    open_app(page, url)
    return ctx, page


def record_cards(page, team1=(), swap_all=False, sweeps=()):
    tap(page, "record-deal")
    wait_present(page, "save-deal")
    tap(
        page, "mode-cards"
    )  # a new deal starts in the mode of the last one (issue 11): after a points deal, points
    wait_present(page, "card-KS")
    if swap_all:
        tap_until(page, "swap-all", "card-KS", "Team B")
    for code in team1:
        # each card moves to the other team; its semantics value names the team it is on
        other = "Team A" if "Team B" in text(page, f"card-{code}") else "Team B"
        tap_until(page, f"card-{code}", f"card-{code}", other)
    for team, kind in sweeps:
        n = int(re.search(r"\d+", text(page, f"sweep-{team}-{kind}")).group())
        tap_until(page, f"sweep-{team}-{kind}-inc", f"sweep-{team}-{kind}", str(n + 1))
    return page


def record_points(page, points0: int, sweeps=()):
    tap(page, "record-deal")
    wait_present(page, "save-deal")
    tap(page, "mode-points")
    type_into(page, "points-0", str(points0))
    wait_text(page, "deal-total-1", f"Team B: {100 - points0 if not sweeps else ''}".rstrip())
    for team, kind in sweeps:
        n = int(re.search(r"\d+", text(page, f"sweep-{team}-{kind}")).group())
        tap_until(page, f"sweep-{team}-{kind}-inc", f"sweep-{team}-{kind}", str(n + 1))


def save(page, number: int):
    tap(page, "save-deal")
    wait_present(page, f"deal-{number}")
    wait_present(page, "record-deal")


def seen_live(other, number: int):
    wait_present(other, f"deal-{number}", timeout=LIVE_MS)


def screen_values(page):
    return {
        "difference": text(page, "difference"),
        "bazzis": [int(re.search(r"\d+", text(page, f"bazzis-{t}")).group()) for t in (0, 1)],
        # issue 11: a team's standing is read as one sentence, "Team A: 2 bazzis, 250 points"
        "totals": [
            int(re.search(r"(\d+) points?\b", text(page, f"bazzis-{t}")).group(1)) for t in (0, 1)
        ],
        "result": text(page, "match-result") if page.locator(sel("match-result")).count() else None,
    }


def deal_scores(page, n: int):
    m = re.search(r"Deal (\d+): (\d+) : (\d+)", text(page, f"deal-{n}"))
    assert m and int(m.group(1)) == n
    return [int(m.group(2)), int(m.group(3))]


def test_a_whole_match_through_the_ui(chromium, server, tmp_path):
    a_ctx, a = new_phone(chromium, server.url)
    tap(a, "new-match")
    wait_present(a, "start-match")
    tap(a, "start-match")
    wait_present(a, "record-deal")
    match_url = a.url
    match_id = re.search(r"/match/([^/?#]+)", match_url).group(1)
    assert text(a, "difference").startswith("Level")

    b_ctx, b = new_phone(chromium, match_url)  # a second phone at the table
    wait_present(b, "record-deal")

    # 1: card mode, team 1 takes K♠ Q♠ 10♦ and sweeps once: 69 : 81
    record_cards(a, team1=("KS", "QS", "10D"), sweeps=[(1, "normal")])
    assert "Team A: 69" in text(a, "deal-total-0") and "Team B: 81" in text(a, "deal-total-1")
    save(a, 1)
    assert "Team B ahead by 12" in text(a, "difference")
    seen_live(b, 1)
    assert "Team B ahead by 12" in text(b, "difference")

    # 2: points mode, an invalid entry first (no way to save),
    # then 90 with the bidder's opening sweep
    tap(a, "record-deal")
    wait_present(a, "save-deal")
    tap(a, "mode-points")
    type_into(a, "points-0", "140")
    wait_present(a, "deal-error")
    tap(a, "save-deal")  # disabled: nothing happens
    assert a.locator(sel("deal-error")).count() == 1 and a.locator(sel("mode-points")).count() == 1
    type_into(a, "points-0", "90")
    wait_absent(a, "deal-error")
    tap(a, "sweep-1-opening-inc")
    wait_text(a, "deal-total-1", "Team B: 35")
    save(a, 2)
    assert "Team A ahead by 43" in text(a, "difference")
    seen_live(b, 2)

    # 3: swap-all, two cards back to team 0, the dealer's team
    # sweeps the last play: 2 : 98, under 9 ends the bazzi
    record_cards(a, team1=("AS", "AH"), swap_all=True, sweeps=[(1, "last")])
    wait_text(a, "deal-total-0", "Team A: 2")
    save(a, 3)
    wait_text(a, "bazzis-1", "1")
    assert "minimum" in text(a, "deal-3")
    seen_live(b, 3)

    # the server restarts in the middle of the match: everything is still there
    server.restart()
    a.reload()
    open_app(a, match_url)
    wait_present(a, "deal-3")
    b.reload()
    open_app(b, match_url)
    wait_present(b, "deal-3")
    assert "1" in text(a, "bazzis-1")

    # 4: points 90 and a sweep by team 0: 140 : 10, a bazzi won on the lead
    record_points(a, 90, sweeps=[(0, "normal")])
    wait_text(a, "deal-total-0", "Team A: 140")
    save(a, 4)
    wait_text(a, "bazzis-0", "1")
    assert "on the lead" in text(a, "deal-4")
    seen_live(b, 4)

    # 5: points 50 : 50
    record_points(a, 50)
    save(a, 5)
    seen_live(b, 5)

    # 6: card mode, team 1 takes only A♣: 99 : 1, team 1 under 9, the match is won 2 : 1
    record_cards(a, team1=("AC",))
    save(a, 6)
    wait_present(a, "match-result")
    seen_live(b, 6)
    wait_present(b, "match-result", timeout=LIVE_MS)

    # undo and redo
    tap(a, "undo-deal")
    wait_absent(a, "deal-6")
    wait_absent(a, "match-result")
    wait_absent(b, "deal-6", timeout=LIVE_MS)
    tap(a, "redo-deal")
    wait_present(a, "deal-6")
    wait_present(a, "match-result")
    seen_live(b, 6)

    # edit deal 1: J♠ went to team 1 too; everything after it is recomputed
    give_jack_of_spades_to_team_b(a)
    wait_text(a, "deal-1", "58 : 92")
    wait_text(b, "deal-1", "58 : 92", timeout=LIVE_MS)

    shown = screen_values(a)
    shown_deals = [deal_scores(a, n) for n in range(1, 7)]
    a.screenshot(path=str(tmp_path / "scoreboard.png"))
    a_ctx.close()
    b_ctx.close()

    # the exported match, scored by the command line, says the same
    server.stop()
    exported = tmp_path / "match.json"
    cli = [sys.executable, "-m", "seep_scorer"]
    subprocess.run(
        cli + ["export", match_id, "-o", str(exported), "--data-dir", str(server.data_dir)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    out = subprocess.run(
        cli + ["score", str(exported), "--json"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    scored = json.loads(out.stdout)
    assert shown_deals == [d["scores"] for d in scored["deals"]]
    assert shown["bazzis"] == scored["bazzis"] == [2, 1]
    assert shown["totals"] == scored["totals"]
    assert scored["finished"] and scored["winner"] == 0 and "Match won by Team A" in shown["result"]
    diff = scored["difference"]
    assert (
        shown["difference"].startswith("Level")
        if diff == 0
        else str(abs(diff)) in shown["difference"]
    )
    kinds = {
        s["kind"] for d in json.loads(exported.read_text())["deals"] for s in d.get("sweeps", [])
    }
    assert kinds == {"normal", "opening", "last"}


def test_lan_mode_without_the_token_sees_no_data(chromium, lan_server):
    join = lan_server.join_url()
    # with the token: the app
    ok_ctx = chromium.new_context(viewport=VIEWPORT)
    ok = ok_ctx.new_page()
    open_app(ok, join)
    wait_present(ok, "new-match")
    assert "join=" not in ok.url  # the one-time code was spent for the cookie
    tap(ok, "new-match")
    wait_present(ok, "start-match")
    tap(ok, "start-match")
    wait_present(ok, "record-deal")
    ok_ctx.close()
    # without it: a plain page, no app, no data
    bad_ctx = chromium.new_context(viewport=VIEWPORT)
    bad = bad_ctx.new_page()
    response = bad.goto(lan_server.url)
    assert response.status == 403
    assert "Not authorised" in bad.content()
    assert bad.locator("flt-semantics, flutter-view, flt-glass-pane").count() == 0
    for path in ("main.dart.js", "match/x", "ws", "fonts/NotoSans-Regular.ttf"):
        r = bad.request.get(lan_server.url + path)
        assert r.status == 403, path
        assert b"Team A" not in r.body()
    wrong = bad.request.get(lan_server.url + "?token=wrong", max_redirects=0)
    assert wrong.status == 403
    bad_ctx.close()
