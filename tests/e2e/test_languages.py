"""The app in each of its languages (seep_scorer.i18n.numbers.LANGUAGES) in headless Chromium
(offline: no CDN, bundled fonts):
the language is set through the UI, screenshots of the scoreboard and the rules at 412 x 915 and
360 x 640 go to test-artifacts/screenshots/ (look at them: every script renders, nothing cut off);
Sindhi and Urdu mirror the layout; every rules section is there; each native digits choice (Sindhi's
two sets) reaches the scoreboard."""

from __future__ import annotations

import re

from e2e_support import ROOT, evaluate, match_on_screen, open_app, sel, tap, text, wait_present

from seep_scorer.i18n.numbers import LANGUAGES, RTL_LANGUAGES, digit_choices, digit_set
from seep_scorer.reference import SECTION_IDS

SHOTS = ROOT / "test-artifacts" / "screenshots"
PHONE, SMALL = {"width": 412, "height": 915}, {"width": 360, "height": 640}


def box(page, ident):
    return page.locator(sel(ident)).first.bounding_box()


def shoot(page, name: str) -> None:
    page.wait_for_timeout(400)  # let the last frame paint
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def tap_to(page, ident: str, arrives: str) -> None:
    """Tap, and once more only if the screen it leads to verifiably did not come (a tap that landed
    while the screen was being rebuilt after a language or digits change)."""
    tap(page, ident)
    try:
        wait_present(page, arrives, timeout=5_000)
    except Exception:
        tap(page, ident)
        wait_present(page, arrives)


def choose_language(page, code: str) -> None:
    """Tap a language; tap once more only if it verifiably was not chosen (a tap that landed while
    the settings screen was being rebuilt under load)."""
    current = "(s) => document.querySelector(s)?.getAttribute('aria-current') === 'true'"
    for wait_ms in (8_000, 30_000):
        tap(page, f"language-{code}")
        try:
            page.wait_for_function(current, arg=sel(f"language-{code}"), timeout=wait_ms)
            return
        except Exception:
            if wait_ms == 30_000:
                raise


def set_digits(page, choice: str) -> None:
    """Tap a digits chip ("latin", "native", "native-alt"), checked through its semantics state; tap
    again only if a tap verifiably did not register."""
    ident = f"digits-{choice}"
    current = "(s) => document.querySelector(s)?.getAttribute('aria-current') === 'true'"
    wait_present(page, ident)
    for wait_ms in (8_000, 30_000):
        if evaluate(page, current, sel(ident)):
            return
        tap(page, ident)
        try:
            page.wait_for_function(current, arg=sel(ident), timeout=wait_ms)
            return
        except Exception:
            if wait_ms == 30_000:
                raise


def open_match(page, match_id: str) -> None:
    tap_to(page, "nav-matches", f"match-{match_id}")
    tap_to(page, f"match-{match_id}", "difference")


def test_every_language_screenshots_rtl_rules_and_native_digits(chromium, server):
    SHOTS.mkdir(parents=True, exist_ok=True)
    # a first start follows the browser's language
    ctx = chromium.new_context(viewport=PHONE, locale="th-TH")
    page = ctx.new_page()
    open_app(page, server.url + "settings")
    wait_present(page, "language-th")
    page.wait_for_function(
        "(s) => document.querySelector(s).getAttribute('aria-current') === 'true'",
        arg=sel("language-th"),
        timeout=30_000,
    )

    # a match with a few deals (card mode, a sweep, the swapped entry)
    tap(page, "nav-matches")
    tap(page, "new-match")
    tap(page, "start-match")
    wait_present(page, "record-deal")
    match_id = match_on_screen(page)
    for n, cards in ((1, ("KS", "QS")), (2, ("10D",))):
        tap(page, "record-deal")
        wait_present(page, "save-deal")
        for code in cards:
            before = text(page, f"card-{code}")
            tap(page, f"card-{code}")
            page.wait_for_function(
                "([s, t]) => document.querySelector(s).textContent !== t",
                arg=[sel(f"card-{code}"), before],
                timeout=30_000,
            )
        tap(page, "sweep-1-normal-inc")
        tap(page, "save-deal")
        wait_present(page, f"deal-{n}")
    tap(page, "record-deal-swapped")
    wait_present(page, "save-deal")
    # Save is on once something is entered (issue 19): A♣ back to Team A
    before = text(page, "card-AC")
    tap(page, "card-AC")
    page.wait_for_function(
        "([s, t]) => document.querySelector(s).textContent !== t",
        arg=[sel("card-AC"), before],
        timeout=30_000,
    )
    tap(page, "save-deal")
    wait_present(page, "deal-3")

    for code in LANGUAGES:
        tap_to(page, "nav-settings", f"language-{code}")
        choose_language(page, code)
        open_match(page, match_id)
        assert re.search(r"\d", text(page, "difference"))
        if (
            code in RTL_LANGUAGES
        ):  # mirrored: the first navigation item and team A's column are on the right
            width = PHONE["width"]
            assert (
                box(page, "nav-matches")["x"] > width / 2
                and box(page, "nav-settings")["x"] < width / 2
            )
            assert box(page, "bazzis-0")["x"] > box(page, "bazzis-1")["x"]
        else:
            assert box(page, "nav-matches")["x"] < box(page, "nav-settings")["x"]
        shoot(page, f"{code}-scoreboard-412x915")
        page.set_viewport_size(SMALL)
        shoot(page, f"{code}-scoreboard-360x640")
        tap(page, "help-bazzi")  # the help mark opens the rules at the bazzi section
        wait_present(page, "rules-section-bazzi")
        shoot(page, f"{code}-rules-bazzi-360x640")
        tap(page, "nav-rules")
        wait_present(page, "rules-section-overview")
        # every section of the rules is there, each listed in the contents
        for sid in SECTION_IDS:
            wait_present(page, f"rules-link-{sid}")
            wait_present(page, f"rules-section-{sid}")
        shoot(page, f"{code}-rules-360x640")
        page.set_viewport_size(PHONE)
        shoot(page, f"{code}-rules-412x915")
        for choice in digit_choices(code)[1:]:  # each native set the language offers
            tap_to(page, "nav-settings", f"digits-{choice}")
            set_digits(page, choice)
            open_match(page, match_id)
            digits = digit_set(code, choice)
            others = "".join(
                {digit_set(code, c) for c in digit_choices(code)} - {digits, "0123456789"}
            )
            page.wait_for_function(
                "([s, d]) => [...document.querySelector(s).textContent].some(c => d.includes(c))",
                arg=[sel("bazzis-0"), digits],
                timeout=30_000,
            )
            shown = text(page, "difference") + text(page, "bazzis-0") + text(page, "deal-1")
            assert any(c in digits for c in shown) and not re.search(
                r"[0-9]", text(page, "bazzis-0")
            ), shown
            assert not any(
                c in others for c in text(page, "bazzis-0") + text(page, "difference")
            ), shown
            shoot(page, f"{code}-scoreboard-{choice}-digits-412x915")
        if len(digit_choices(code)) > 1:
            tap_to(page, "nav-settings", "digits-latin")
            set_digits(page, "latin")  # Latin again for the next language
    ctx.close()
