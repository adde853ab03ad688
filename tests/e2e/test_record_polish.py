"""Issue 11, item 9 for the record-a-deal screen, in headless Chromium at 360 x 640 and 412 x 915:
every control can be scrolled into the body's visible part, is not covered there by the sticky
totals bar (the element at its centre, top and bottom is the control itself), and takes a click.
Set SEEP_SHOTS=DIR to keep the screenshots."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from e2e_support import WAIT_MS, Server, evaluate, open_app, sel, tap, text, wait_present, wait_text

VIEWPORTS = [(360, 640), (412, 915)]
MIN_HEIGHT = 44  # every control is at least 48 high (48 x 48 tap targets)

# (identifier, clickable now) in screen order; the disabled ones (a count of 0, a sweep the rules
# give the other team) must still be in sight.
SWEEPS = [
    (f"sweep-{t}-{k}-{d}", d == "inc" and (k == "normal" or (k == "opening") == (t == 1)))
    for k in ("normal", "opening", "last")
    for t in (0, 1)
    for d in ("dec", "inc")
]

PROBE = """(s) => {
  const e = document.querySelector(s);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  const mine = (x, y) => {
    const h = document.elementFromPoint(x, y);
    return !!h && (h === e || e.contains(h));
  };
  const cx = r.left + r.width / 2;
  return {top: r.top, bottom: r.bottom, cx: cx, cy: r.top + r.height / 2,
          covered: !(mine(cx, r.top + r.height / 2) && mine(cx, r.top + 3)
                     && mine(cx, r.bottom - 3))};
}"""


def make_match(data: Path, preset: str | None) -> str:
    from seep_scorer.app.matches.new_match_model import NewMatchVM
    from seep_scorer.store.registry import close_all, open_repository

    repo = open_repository(data)
    try:
        vm = NewMatchVM(repo)
        if preset:
            vm.set_preset(preset)
        vm.team_names = ["Sharmas", "Vermas"]
        return vm.start()
    finally:
        close_all()


@pytest.fixture
def record_page(chromium, tmp_path, request):
    width, height, preset = request.param
    data = tmp_path / "data"
    mid = make_match(data, preset)
    srv = Server(data).start()
    ctx = chromium.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    try:
        open_app(page, srv.url)
        tap(page, f"match-{mid}")
        wait_present(page, "record-deal")
        tap(page, "record-deal")
        wait_present(page, "save-deal")
        page.wait_for_timeout(800)
        yield page, width, height
    finally:
        ctx.close()
        srv.stop()


def shot(page, name: str) -> None:
    folder = os.environ.get("SEEP_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def footer_top(page) -> float:
    """The top of the sticky totals bar: nothing of the body may be seen or tapped below it."""
    return min(
        evaluate(page, PROBE, sel(i))["top"]
        for i in ("deal-total-0", "help-scoring", "deal-total-1")
    )


def bring_into_view(page, ident: str, width: int) -> dict:
    """Scroll the body with the mouse wheel until `ident` lies
    whole between the app bar and the totals bar
    (whose top moves as the preview or the error comes and goes)."""
    page.mouse.move(width / 2, 120)
    for _ in range(60):
        limit = footer_top(page)
        p = evaluate(page, PROBE, sel(ident))
        assert p is not None, f"{ident} is not on the screen"
        # Flutter clips a node's rectangle to the scrolled
        # viewport: a sliver at an edge is not "in sight"
        whole = p["bottom"] - p["top"] >= MIN_HEIGHT
        if whole and p["top"] >= 56 and p["bottom"] <= limit:
            return p
        page.mouse.wheel(0, 90 if p["bottom"] > limit - MIN_HEIGHT else -90)
        page.wait_for_timeout(120)
    raise AssertionError(
        f"{ident} cannot be scrolled into sight above the totals bar ({p}, limit {limit})"
    )


def check_controls(page, width: int, controls) -> None:
    page.mouse.move(width / 2, 120)
    page.mouse.wheel(0, -5000)
    page.wait_for_timeout(300)
    for ident, clickable in controls:
        p = bring_into_view(page, ident, width)
        if clickable:
            assert not p["covered"], f"{ident} is covered at its centre or edges: {p}"


@pytest.mark.parametrize(
    "record_page",
    [(w, h, None) for w, h in VIEWPORTS],
    indirect=True,
    ids=[f"{w}x{h}" for w, h in VIEWPORTS],
)
def test_every_control_of_the_record_screen_is_in_reach(record_page):
    page, width, height = record_page
    from seep_scorer.rules.cards import POINT_CARD_CODES

    shot(page, f"record-{width}x{height}-top")
    controls = [(f"dealer-{s}", True) for s in range(4)] + [
        ("mode-cards", True),
        ("mode-points", True),
    ]
    controls += [(f"card-{c}", True) for c in POINT_CARD_CODES] + [
        ("swap-all", True),
        ("help-sweeps", True),
    ]
    controls += SWEEPS
    check_controls(page, width, controls)
    shot(page, f"record-{width}x{height}-bottom")

    # clicks where a person taps: the last card, the last-play row, the last control of the body
    for ident, check, needle in (
        ("card-10D", "card-10D", "Vermas"),
        ("sweep-0-last-inc", "sweep-0-last", "1"),
        ("sweep-1-normal-inc", "sweep-1-normal", "1"),
        ("sweep-0-last-dec", "sweep-0-last", "0"),
    ):
        p = bring_into_view(page, ident, width)
        assert not p["covered"], (ident, p)
        page.mouse.click(p["cx"], p["cy"])
        page.wait_for_function(
            "([s, n]) => { const e = document.querySelector(s);"
            " return !!e && e.textContent.trim().endsWith(n); }",
            arg=[sel(check), needle],
            timeout=WAIT_MS,
        )
    assert "Vermas" in text(page, "deal-total-1")
    # the footer's own controls
    for ident in ("save-deal", "help-scoring"):
        p = evaluate(page, PROBE, sel(ident))
        assert not p["covered"] and p["bottom"] <= height, (ident, p)

    # quick points: the field in reach, the other team following, the preview saying the bazzi ends
    tap(page, "mode-points")
    wait_present(page, "points-0")
    check_controls(page, width, [("points-0", True)])
    field = page.locator(f"{sel('points-0')} input").first
    field.click()
    field.press_sequentially("5")
    wait_text(page, "points-1", "95")
    wait_text(page, "deal-preview", "Sharmas under the minimum: the bazzi goes to Vermas.")
    shot(page, f"record-{width}x{height}-points")
    tap(page, "save-deal")
    wait_present(page, "record-deal", timeout=WAIT_MS)


@pytest.mark.parametrize(
    "record_page", [(360, 640, "race500")], indirect=True, ids=["360x640-race500"]
)
def test_the_most_cards_choice_is_in_reach_under_the_cards(record_page):
    page, width, height = record_page
    wait_text(page, "deal-error", "more cards")
    controls = [(f"most-cards-{v}", True) for v in (0, "tie", 1)] + SWEEPS
    check_controls(page, width, controls)
    p = bring_into_view(page, "most-cards-tie", width)
    page.mouse.click(p["cx"], p["cy"])
    page.wait_for_function(
        "(s) => { const e = document.querySelector(s); return !e || !e.textContent.trim(); }",
        arg=sel("deal-error"),
        timeout=WAIT_MS,
    )
    shot(page, f"record-{width}x{height}-race500")
