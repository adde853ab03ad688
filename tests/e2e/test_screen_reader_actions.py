"""What a screen reader can do with the icon buttons and
dialogs, in headless Chromium's accessibility tree:

- undo, redo, a help mark, back and a match's delete button
each run when a screen reader activates them
  (a click event on the button's node itself, with no pointer
  under it: what the browser's accessibility
  layer sends for TalkBack's double tap or a "default action"), each named once in the session's
  language; undo's tooltip shows on hover; undo and redo are renamed as the history changes;
- the end-match dialog is read in the page's direction: in
Urdu its buttons are laid out and read right to
  left, in English left to right as before.

Before, these buttons were a `Semantics` node carrying the
name and `on_tap` around an excluded IconButton:
Flet 1.0.5 never passes `on_tap` to the browser, so the
named node had no action and an activation did
nothing; and dialogs were shown above the page's direction, left to right in every language.
The order a screen reader follows is the document order of
the nodes (see test_screen_reader_names.py).
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
    wait_absent,
    wait_present,
    wait_text,
)
from PIL import Image, ImageChops

from seep_scorer.rules import Deal, Match, MatchFormat, Team

TEAMS = (Team("Sharmas", ("Asha", "Chitra")), Team("Vermas", ("Bilal", "Dev")))
OTHERS = (Team("Reds", ("Esha", "Gita")), Team("Blues", ("Farid", "Hari")))
# Urdu, from locales/ur: "Take back deal 2", "Keep playing", "End the match"
URDU_UNDO_2, URDU_KEEP_PLAYING, URDU_END = "دور 2 واپس لیں", "کھیلتے رہیں", "میچ ختم کریں"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """Two open-ended matches of two deals each, served: one
    to play with, one for the list's delete."""
    with serve_matches(
        tmp_path_factory,
        "actions",
        *(
            Match(
                teams=teams,
                format=MatchFormat("open", None),
                first_dealer=0,
                deals=(Deal(points=(60, 40)), Deal(points=(30, 70))),
            )
            for teams in (TEAMS, OTHERS)
        ),
    ) as served:
        yield served


def button(page, ident: str):
    """The button's own node: the identifier's node itself, or the one button inside it."""
    return page.locator(f'{sel(ident)}[role="button"], {sel(ident)} [role="button"]')


def activate(page, ident: str) -> None:
    """What a screen reader does: a click event on the
    button's node itself, with no pointer under it."""
    node = button(page, ident)
    node.wait_for(state="attached", timeout=WAIT_MS)
    node.dispatch_event("click", timeout=WAIT_MS)


def read_once(page, ident: str) -> str:
    """The button's one name, checked to be read once on the
    whole page (no tooltip or label beside it)."""
    names = button_names(button(page, ident).aria_snapshot(timeout=WAIT_MS))
    assert len(names) == 1 and names[0], (ident, names)
    whole = page.locator("flt-semantics-host").aria_snapshot(timeout=WAIT_MS)
    assert whole.count(names[0]) == 1, (ident, whole)
    return names[0]


def tap_target(page, ident: str) -> None:
    box = button(page, ident).bounding_box(timeout=WAIT_MS)
    assert box["width"] >= 48 and box["height"] >= 48, (ident, box)


def scoreboard(chromium, srv, match_id: str, locale: str):
    ctx = chromium.new_context(viewport=VIEWPORT, locale=locale)
    page = ctx.new_page()
    open_app(page, f"{srv.url}match/{match_id}")
    for ident in ("undo-deal", "redo-deal", "help-bazzi", "deal-2", "end-match"):
        wait_present(page, ident)
    page.wait_for_timeout(500)  # the rest of the frame
    return ctx, page


def shows_tooltip_on_hover(page, ident: str, tmp_path) -> bool:
    """Whether hovering the button draws something just under
    it (its tooltip): the strip under it before
    and after the mouse came."""
    box = button(page, ident).bounding_box(timeout=WAIT_MS)
    strip = {
        "x": max(0, box["x"] - 80),
        "y": box["y"] + box["height"] + 2,
        "width": 160 + box["width"],
        "height": 28,
    }
    strip["width"] = min(strip["width"], VIEWPORT["width"] - strip["x"])
    page.mouse.move(5, VIEWPORT["height"] / 2)
    page.wait_for_timeout(800)
    page.screenshot(path=str(tmp_path / "before.png"), clip=strip, timeout=WAIT_MS)
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(1500)  # Flutter's hover delay and the fade-in
    page.screenshot(path=str(tmp_path / "after.png"), clip=strip, timeout=WAIT_MS)
    page.mouse.move(5, VIEWPORT["height"] / 2)
    page.wait_for_timeout(800)  # the tooltip goes again
    before, after = (Image.open(tmp_path / f"{n}.png").convert("RGB") for n in ("before", "after"))
    return ImageChops.difference(before, after).getbbox() is not None


def dialog_buttons(page, prefix: str) -> list[tuple[str, float]]:
    """(identifier, x) of the dialog's buttons, in the order a screen reader reads them."""
    found = []
    for node in page.locator(f'[flt-semantics-identifier^="{prefix}"]').all():
        ident = node.get_attribute("flt-semantics-identifier", timeout=WAIT_MS)
        if ident != f"{prefix}confirm":
            found.append((ident, node.bounding_box(timeout=WAIT_MS)["x"]))
    return found


def test_undo_redo_a_help_mark_and_back_run_when_a_screen_reader_activates_them(
    chromium, table, tmp_path
):
    srv, (match_id, _other) = table
    ctx, page = scoreboard(chromium, srv, match_id, "en-US")
    try:
        assert read_once(page, "undo-deal") == "Take back deal 2"
        assert read_once(page, "redo-deal") == "Nothing to put back"
        assert read_once(page, "help-bazzi") == "About bazzis"
        for ident in ("undo-deal", "redo-deal", "help-bazzi"):
            tap_target(page, ident)
        assert shows_tooltip_on_hover(page, "undo-deal", tmp_path)

        activate(page, "undo-deal")
        wait_absent(page, "deal-2")
        # renamed for what they would do now, still read once
        wait_text(page, "undo-deal", "Take back deal 1")
        wait_text(page, "redo-deal", "Put deal 2 back")
        assert read_once(page, "undo-deal") == "Take back deal 1"
        assert read_once(page, "redo-deal") == "Put deal 2 back"

        activate(page, "redo-deal")
        wait_present(page, "deal-2")
        wait_text(page, "undo-deal", "Take back deal 2")
        assert read_once(page, "redo-deal") == "Nothing to put back"

        activate(page, "help-bazzi")
        wait_present(page, "rules-section-bazzi")
        assert re.search(rf"/match/{match_id}/rules/bazzi/?$", page.url), page.url
        activate(page, "back")
        wait_present(page, "undo-deal")
        assert re.search(rf"/match/{match_id}/?$", page.url), page.url

        # the end-match dialog, left to right as before
        tap(page, "end-match")
        wait_present(page, "end-match-yes")
        page.wait_for_timeout(500)  # the dialog's entrance
        buttons = dialog_buttons(page, "end-match-")
        assert [i for i, _x in buttons] == ["end-match-cancel", "end-match-yes"], buttons
        assert buttons[0][1] < buttons[1][1], buttons
        tap(page, "end-match-cancel")
        wait_absent(page, "end-match-yes")
    finally:
        ctx.close()


def test_a_matchs_delete_button_runs_when_a_screen_reader_activates_it(chromium, table):
    srv, (_match_id, other) = table
    ctx = chromium.new_context(viewport=VIEWPORT, locale="en-US")
    page = ctx.new_page()
    try:
        # not at the start page, which resumes the match this
        # table played last: the list is a tap away
        open_app(page, f"{srv.url}rules")
        wait_present(page, "nav-matches")
        tap(page, "nav-matches")
        wait_present(page, f"delete-match-{other}")
        page.wait_for_timeout(500)
        assert read_once(page, f"delete-match-{other}").startswith(
            "Delete the match Reds vs Blues (2 deals, "
        )
        tap_target(page, f"delete-match-{other}")
        activate(page, f"delete-match-{other}")
        wait_absent(page, f"match-{other}")
        tap(page, "notice-action")  # Undo: the match comes back
        wait_present(page, f"match-{other}")
    finally:
        ctx.close()


def test_urdu_reads_the_end_match_dialog_right_to_left(chromium, table):
    srv, (match_id, _other) = table
    ctx, page = scoreboard(chromium, srv, match_id, "ur-PK")
    try:
        assert read_once(page, "undo-deal") == URDU_UNDO_2
        tap(page, "end-match")
        wait_present(page, "end-match-yes")
        page.wait_for_timeout(500)  # the dialog's entrance
        buttons = dialog_buttons(page, "end-match-")
        # read "Keep playing" first, as the dialog begins on the
        # right in Urdu; "End the match" left of it
        assert [i for i, _x in buttons] == ["end-match-cancel", "end-match-yes"], buttons
        assert buttons[0][1] > buttons[1][1], buttons
        dialog = page.locator('[role="alertdialog"], [role="dialog"]').first
        assert button_names(dialog.aria_snapshot(timeout=WAIT_MS)) == [URDU_KEEP_PLAYING, URDU_END]
        activate(page, "end-match-cancel")
        wait_absent(page, "end-match-yes")
        assert read_once(page, "undo-deal") == URDU_UNDO_2  # nothing ended
    finally:
        ctx.close()
