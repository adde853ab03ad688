"""Issue 36: two phone-only apps, each in its own Chromium with its own profile, on the published
site (localhost: a secure context), linked with no server of any kind (no STUN, no TURN, no
signalling: `iceServers: []`, the codes passed by hand).

First the path: a message goes from one page over the link to the other phone's app, in Python in
its worker, and back, both ways (the pairing driven through the page's link, web/peer.js). Then
the match shared through the screens: deals each way, the link dropped and made again, a
conflict settled by a choice, and a phone that reloads finding its copy and pairing again."""

from __future__ import annotations

import re
import statistics
import time

from e2e_support import (
    at_route,
    evaluate,
    sel,
    tap,
    text,
    type_into,
    wait_absent,
    wait_present,
    wait_text,
    wait_until,
)
from test_published import (
    new_match,
    phone_factory,  # noqa: F401
    playwright_api,  # noqa: F401
    record_points,
    save,
    site,  # noqa: F401  (fixtures: static_server serves site)
    static_server,  # noqa: F401
)

LINK_MS = 20_000


def _boot(phone_factory, server, profile):
    phone = phone_factory(server, profile)
    phone.open()
    return phone.page


def _refusal(page, call: str, code: str) -> str:
    return evaluate(
        page,
        f"async (code) => {{ try {{ await seepPeer.{call}(code); return 'taken'; }}"
        " catch (e) { return e.message; } }",
        code,
    )


def test_two_phone_only_apps_link_with_no_server_and_each_apps_python_answers(
    static_server, phone_factory
):
    first = _boot(phone_factory, static_server, "first")
    second = _boot(phone_factory, static_server, "second")

    offer = evaluate(first, "() => seepPeer.offer()")
    assert offer.startswith("S1O~") and len(offer) < 400, offer  # a QR code holds it
    assert ".local/" in offer  # host candidates only, by their mDNS names: no address leaks

    # A code is checked before it is used: an offer is no answer, and a damaged code says so.
    assert _refusal(first, "accept", offer) == "not-an-answer"
    parts = offer.split("~")
    cut = "~".join([*parts[:3], parts[3][:10], *parts[4:]])  # a fingerprint cut short
    assert _refusal(second, "answer", cut) == "damaged"
    assert _refusal(second, "answer", "hello") == "not-a-code"

    answer = evaluate(second, "(code) => seepPeer.answer(code)", offer)
    assert answer.startswith("S1A~") and len(answer) < 400, answer
    evaluate(first, "(code) => seepPeer.accept(code)", answer)
    for page in (first, second):
        page.wait_for_function("seepPeer.isOpen()", timeout=LINK_MS)

    # Over the link to the other phone's Python (phone/peer.py answers a ping) and back.
    there_and_back = [evaluate(first, "() => seepPeer.ping()") for _ in range(5)]
    back_the_other_way = [evaluate(second, "() => seepPeer.ping()") for _ in range(5)]
    print(
        f"codes: offer {len(offer)}, answer {len(answer)} characters; "
        "round trip through the other app's Python, median ms: "
        f"{statistics.median(there_and_back):.1f} / {statistics.median(back_the_other_way):.1f}"
    )
    assert max(there_and_back + back_the_other_way) < 5_000


def test_a_third_phone_with_the_offer_but_not_accepted_gets_no_link(static_server, phone_factory):
    first = _boot(phone_factory, static_server, "first")
    stranger = _boot(phone_factory, static_server, "stranger")
    offer = evaluate(first, "() => seepPeer.offer()")
    evaluate(stranger, "(code) => seepPeer.answer(code)", offer)  # its answer never reaches first
    stranger.wait_for_timeout(3_000)
    assert not evaluate(stranger, "() => seepPeer.isOpen()")
    assert not evaluate(first, "() => seepPeer.isOpen()")


# ----- the match shared through the screens (issue 36, items 1 to 3)


def shown_code(page, ident: str, start: str) -> str:
    """The code a screen shows as text (selectable text: the browser names its text area by the
    code)."""
    script = (
        "([s, start]) => { const e = document.querySelector(s);"
        " const named = e && e.querySelector('[aria-label]');"
        " const label = named ? named.getAttribute('aria-label') : '';"
        " return label.includes(start) ? label : ''; }"
    )
    wait_until(page, script, [sel(ident), start], timeout=LINK_MS, what=f"{ident} showing a code")
    label = evaluate(page, script, [sel(ident), start])
    return label[label.index(start) :].strip()


def pair_through_screens(first, second) -> None:
    """The first phone shares the match it shows; the second joins; both through the text codes."""
    tap(first, "share-table")
    code = shown_code(first, "share-table-code", "S1O~")
    tap(second, "nav-matches")
    tap(second, "join-table")
    type_into(second, "join-table-code", code)
    tap(second, "join-table-take")
    answer = shown_code(second, "join-table-answer-code", "S1A~")
    type_into(first, "share-table-answer", answer)
    tap(first, "share-table-connect")
    wait_present(first, "share-table-linked", timeout=LINK_MS)


def test_a_match_scored_on_two_phone_only_apps_through_their_screens(static_server, phone_factory):
    first = _boot(phone_factory, static_server, "first")
    second_phone = phone_factory(static_server, "second")
    second_phone.open()
    second = second_phone.page
    new_match(first)
    record_points(first, 60)
    save(first, 1)
    match_id = re.search(r"#/match/([^/?#]+)", first.url).group(1)

    pair_through_screens(first, second)
    # the second phone opens the match, with the deal the first one had saved
    at_route(second, rf"/match/{match_id}$", timeout=LINK_MS)
    wait_present(second, "deal-1", timeout=LINK_MS)
    tap(first, "share-table-done")
    wait_present(first, "record-deal")

    # a deal each way, shown live on the other phone
    record_points(second, 30)
    save(second, 2)
    started = time.monotonic()
    wait_present(first, "deal-2", timeout=LINK_MS)
    crossed = [time.monotonic() - started]
    record_points(first, 70)
    save(first, 3)
    started = time.monotonic()
    wait_present(second, "deal-3", timeout=LINK_MS)
    crossed.append(time.monotonic() - started)
    print(f"a saved deal on the other phone's screen after: {crossed[0]:.2f} s, {crossed[1]:.2f} s")
    assert text(first, "deal-2") == text(second, "deal-2")

    # the second phone comes back (a reload, its profile kept): the match is in its own store;
    # the reload ended the link, and pairing again finds the copies alike, with no question
    second_phone.reload()
    second.goto(second.url.split("#", 1)[0] + f"#/match/{match_id}")
    wait_present(second, "deal-3", timeout=LINK_MS)
    pair_through_screens(first, second)
    at_route(second, rf"/match/{match_id}$", timeout=LINK_MS)
    tap(first, "share-table-done")
    record_points(first, 75)
    save(first, 4)
    wait_present(second, "deal-4", timeout=LINK_MS)
    assert not first.locator(sel("share-conflict-mine")).count()

    # the link drops; each phone scores one deal alone: a conflict when they link again
    evaluate(first, "() => seepPeer.close()")
    first.wait_for_function("!seepPeer.isOpen()", timeout=LINK_MS)
    second.wait_for_function("!seepPeer.isOpen()", timeout=LINK_MS)
    record_points(first, 80)
    save(first, 5)
    record_points(second, 20)
    save(second, 5)
    pair_through_screens(first, second)
    for phone in (first, second):  # both phones ask which copy the table keeps
        wait_present(phone, "share-conflict-mine", timeout=LINK_MS)
    tap(first, "share-conflict-theirs")  # the table keeps the second phone's deal 5
    wait_absent(second, "share-conflict-mine", timeout=LINK_MS)  # settled there too
    first.goto(first.url.split("#", 1)[0] + f"#/match/{match_id}")
    wait_text(first, "deal-5", text(second, "deal-5").split()[0], timeout=LINK_MS)
    assert text(first, "deal-5") == text(second, "deal-5")
