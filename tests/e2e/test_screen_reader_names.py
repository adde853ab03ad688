"""What a screen reader meets, in headless Chromium's
accessibility tree (Flutter's semantics as DOM):

- in Sindhi the app bar's back button is named in Sindhi
(Flutter's own was "Back" in every language), is at
  least 48 x 48, sits on the right, and goes back both when
  tapped and when a screen reader activates it
  (a click event on the node itself, no pointer);
- in Sindhi the dealer chips and the sweep counters are read
right to left, as they are laid out (they were
  read from the left end, the fourth player first); in English still left to right;
- in Hindi the digit-style chips in Settings are named for what they are, not read as a bare number.

The order a screen reader follows is the order of the nodes in the document (Chromium builds its
accessibility tree in DOM order; Flutter's web engine puts the nodes there in its traversal order).
"""

from __future__ import annotations

import re

import pytest
from e2e_support import (
    VIEWPORT,
    WAIT_MS,
    button_names,
    open_app,
    sel,
    serve_matches,
    tap,
    wait_present,
)

from seep_scorer.rules import Deal, Match, MatchFormat, Team

SEATS = ("Asha", "Bilal", "Chitra", "Dev")  # seats 0 to 3: team 0 holds seats 0 and 2
TEAMS = (Team("Sharmas", (SEATS[0], SEATS[2])), Team("Vermas", (SEATS[1], SEATS[3])))
SINDHI_BACK = "پوئتي"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A match in progress, served."""
    with serve_matches(
        tmp_path_factory,
        "names",
        Match(
            teams=TEAMS,
            format=MatchFormat("bazzis", 3),
            first_dealer=0,
            deals=(Deal(points=(60, 40)),),
        ),
    ) as (srv, (playing,)):
        yield srv, playing


def in_reading_order(page, prefix: str) -> list[tuple[str, float, float]]:
    """(identifier, x, y) of every node whose identifier starts with `prefix`, in document order."""
    found = []
    for node in page.locator(f'[flt-semantics-identifier^="{prefix}"]').all():
        box = node.bounding_box(timeout=WAIT_MS)
        found.append(
            (node.get_attribute("flt-semantics-identifier", timeout=WAIT_MS), box["x"], box["y"])
        )
    return found


def back_button(page):
    """The back button's node: the identifier's node itself, or the button inside it."""
    return page.locator(f'{sel("back")}[role="button"], {sel("back")} [role="button"]')


def record_screen(chromium, srv, match_id: str, locale: str):
    ctx = chromium.new_context(viewport=VIEWPORT, locale=locale)
    page = ctx.new_page()
    open_app(page, f"{srv.url}match/{match_id}/deal")
    wait_present(page, "save-deal")
    for s in range(4):
        wait_present(page, f"dealer-{s}")
    wait_present(page, "sweep-1-last-inc")
    page.wait_for_timeout(500)  # the rest of the frame
    return ctx, page


def test_sindhi_names_the_back_button_and_reads_the_rows_right_to_left(chromium, table):
    srv, match_id = table
    ctx, page = record_screen(chromium, srv, match_id, "sd-PK")
    try:
        back = back_button(page)
        back.wait_for(state="attached", timeout=WAIT_MS)
        assert button_names(back.aria_snapshot(timeout=WAIT_MS)) == [SINDHI_BACK]
        assert page.get_by_role("button", name="Back", exact=True).count() == 0
        box = back.bounding_box(timeout=WAIT_MS)
        assert box["width"] >= 48 and box["height"] >= 48, box
        assert box["x"] > VIEWPORT["width"] / 2  # the leading edge of a right-to-left app bar

        # the dealer chips: read seat 1 to seat 4, laid out from the right edge leftwards
        dealers = in_reading_order(page, "dealer-")
        assert [i for i, _x, _y in dealers] == [f"dealer-{s}" for s in range(4)], dealers
        xs = [x for _i, x, _y in dealers]
        assert xs == sorted(xs, reverse=True) and len(set(xs)) == 4, dealers
        assert button_names(page.locator(sel("dealer")).aria_snapshot(timeout=WAIT_MS)) == list(
            SEATS
        )

        # the sweep counters: on each row, first team first, each counter from its right end
        sweeps = in_reading_order(page, "sweep-")
        for kind in ("normal", "opening", "last"):
            row = [(i, x) for i, x, _y in sweeps if f"-{kind}" in i]
            assert [i for i, _x in row] == [
                f"sweep-{t}-{kind}{b}" for t in (0, 1) for b in ("-dec", "", "-inc")
            ], row
            xs = [x for _i, x in row]
            assert xs == sorted(xs, reverse=True), row

        tap(page, "back")  # a finger
        wait_present(page, "record-deal")
        assert re.search(rf"/match/{match_id}/?$", page.url), page.url
        tap(page, "record-deal")
        wait_present(page, "save-deal")
        # a screen reader's activation: a click event on the node itself, with no pointer under it
        back.dispatch_event("click", timeout=WAIT_MS)
        wait_present(page, "record-deal")
    finally:
        ctx.close()


def test_english_still_reads_the_rows_left_to_right(chromium, table):
    srv, match_id = table
    ctx, page = record_screen(chromium, srv, match_id, "en-US")
    try:
        back = back_button(page)
        assert button_names(back.aria_snapshot(timeout=WAIT_MS)) == ["Back"]
        assert back.bounding_box(timeout=WAIT_MS)["x"] < VIEWPORT["width"] / 2
        dealers = in_reading_order(page, "dealer-")
        assert [i for i, _x, _y in dealers] == [f"dealer-{s}" for s in range(4)], dealers
        xs = [x for _i, x, _y in dealers]
        assert xs == sorted(xs) and len(set(xs)) == 4, dealers
        row = [(i, x) for i, x, _y in in_reading_order(page, "sweep-") if "-normal" in i]
        assert [x for _i, x in row] == sorted(x for _i, x in row), row
    finally:
        ctx.close()


def test_hindi_names_the_digit_chips(chromium, table):
    srv, _match_id = table
    ctx = chromium.new_context(viewport=VIEWPORT, locale="hi-IN")
    page = ctx.new_page()
    try:
        open_app(page, f"{srv.url}settings")
        wait_present(page, "digits-native")
        names = {
            c: button_names(page.locator(sel(f"digits-{c}")).aria_snapshot(timeout=WAIT_MS))
            for c in ("latin", "native")
        }
        assert names == {"latin": ["अंग्रेज़ी अंक, 123456"], "native": ["देवनागरी अंक, १२३४५६"]}, names
        assert page.get_by_role("button", name="123456", exact=True).count() == 0
        assert page.locator(sel("digits-native-alt")).count() == 0  # Sindhi's second set only
    finally:
        ctx.close()
