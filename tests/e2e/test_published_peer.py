"""Issue 36, the path proven first: two phone-only apps, each in its own Chromium with its own
profile, on the published site (localhost: a secure context), linked with no server of any kind
(no STUN, no TURN, no signalling: `iceServers: []`, the codes passed by hand). A message goes from
one page over the link to the other phone's app, in Python in its worker, and back: both ways.

The pairing is driven through the page's link (web/peer.js), as the app's screens will drive it
from Python (phone/peer.py asks the page the same things)."""

from __future__ import annotations

import statistics

from e2e_support import evaluate
from test_published import (
    phone_factory,  # noqa: F401
    playwright_api,  # noqa: F401
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
