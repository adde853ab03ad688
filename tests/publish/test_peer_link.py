"""Issue 36, the path: the Python side of the link between two phone-only apps (phone/peer.py),
with the page's side played by the test. Every message is bounded and checked before anything
sees it; a ping is answered; pairing requests wait for the page's reply."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seep_scorer.phone.peer import MAX_MESSAGE, LinkError, PeerLink


class Page:
    """What the page was asked, as objects."""

    def __init__(self) -> None:
        self.asked: list[dict] = []

    def post(self, text: str) -> None:
        self.asked.append(json.loads(text))


def from_other_phone(link: PeerLink, message) -> None:
    data = message if isinstance(message, str) else json.dumps(message)
    link.receive(json.dumps({"seepPeer": True, "event": "message", "data": data}))


def opened(link: PeerLink, trusted: bool = True) -> PeerLink:
    """A link open to the other phone (trusted: as once its proof came)."""
    link.receive('{"seepPeer": true, "event": "open"}')
    link.trusted = trusted
    return link


def test_a_ping_of_the_other_phone_is_answered_with_its_id():
    page = Page()
    link = opened(PeerLink(page.post), trusted=False)  # a ping is answered before the proof
    from_other_phone(link, {"kind": "ping", "id": 7})
    assert page.asked == [{"seepPeer": "send", "data": '{"kind":"pong","id":7}'}]


def test_a_message_reaches_every_listener_even_after_one_fails():
    link, heard = opened(PeerLink(Page().post)), []

    def failing(message):
        raise RuntimeError("a listener's own fault")

    link.listen(failing)
    link.listen(heard.append)
    from_other_phone(link, {"kind": "deal", "n": 1})
    assert heard == [{"kind": "deal", "n": 1}] and link.refused == 0


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        "[1, 2]",
        {"no": "kind"},
        {"kind": ""},
        {"kind": "k" * 33},
        {"kind": 5},
        {"kind": "deal", "pad": "x" * MAX_MESSAGE},
    ],
)
def test_what_is_not_a_message_is_refused_and_handed_to_no_one(message):
    page, heard = Page(), []
    link = opened(PeerLink(page.post))
    link.listen(heard.append)
    from_other_phone(link, message)
    assert heard == [] and page.asked == [] and link.refused == 1


@given(st.text(max_size=300))
def test_nothing_from_the_page_makes_the_link_raise(text):
    PeerLink(Page().post).receive(text)


def test_the_link_knows_when_it_is_open():
    link = PeerLink(Page().post)
    assert not link.open
    link.receive('{"seepPeer": true, "event": "open"}')
    assert link.open
    link.receive('{"seepPeer": true, "event": "closed"}')
    assert not link.open


def test_sending_is_bounded_and_needs_a_kind():
    page = Page()
    link = PeerLink(page.post)
    assert not link.send({"kind": "deal", "n": 1})  # not open
    opened(link)
    assert link.send({"kind": "deal", "n": 1})
    assert not link.send({"kind": "deal", "pad": "x" * MAX_MESSAGE})
    assert not link.send({"n": 1})
    assert page.asked == [{"seepPeer": "send", "data": '{"kind":"deal","n":1}'}]


def test_pairing_asks_the_page_and_waits_for_its_reply():
    async def pair():
        page = Page()
        link = PeerLink(page.post)
        offering = asyncio.ensure_future(link.offer())
        await asyncio.sleep(0)
        (asked,) = page.asked
        assert asked["seepPeer"] == "offer"
        link.receive(json.dumps({"seepPeer": True, "reply": asked["id"], "code": "S1O~x"}))
        assert (await offering).startswith("S1O~x~")  # the page's offer, a secret after it
        accepting = asyncio.ensure_future(link.accept("S1O~y"))
        await asyncio.sleep(0)
        asked = page.asked[-1]
        assert asked["seepPeer"] == "accept" and asked["code"] == "S1O~y"
        link.receive(json.dumps({"seepPeer": True, "reply": asked["id"], "error": "not-an-answer"}))
        with pytest.raises(LinkError) as refused:
            await accepting
        assert refused.value.code == "not-an-answer"

    asyncio.run(pair())


def test_an_empty_or_oversized_code_is_refused_before_the_page_sees_it():
    async def pair():
        page = Page()
        link = PeerLink(page.post)
        for code in ("", "   ", "x" * 2001):
            with pytest.raises(LinkError):
                await link.answer(code)
        assert page.asked == []

    asyncio.run(pair())


# ----- only who scanned may join


class PairedPage:
    """A phone's page as peer.js is, for the pairing: it makes codes with its own fingerprint
    and opens the link when both sides are paired."""

    def __init__(self, fingerprint: str) -> None:
        self.fingerprint, self.link, self.other = fingerprint, None, None
        self.asked: list[dict] = []

    def post(self, text: str) -> None:
        request = json.loads(text)
        self.asked.append(request)
        what, reply = request["seepPeer"], {"seepPeer": True, "reply": request.get("id")}
        if what == "offer":
            reply["code"] = f"S1O~uf~pw~{self.fingerprint}~actpass~h.local/1"
        elif what == "answer":
            reply["code"] = f"S1A~uf~pw~{self.fingerprint}~active~h.local/2"
        elif what == "send":
            self.other.link.receive(
                json.dumps({"seepPeer": True, "event": "message", "data": request["data"]})
            )
            return
        elif what in ("close",):
            return
        asyncio.get_running_loop().call_soon(self.link.receive, json.dumps(reply))


def two_phones(clock=None):
    pages = PairedPage("A" * 43), PairedPage("B" * 43)
    pages[0].other, pages[1].other = pages[1], pages[0]
    for page in pages:
        page.link = PeerLink(page.post, **({"clock": clock} if clock else {}))
    return pages


def link_opens(*pages) -> None:
    for page in pages:
        page.link.receive('{"seepPeer": true, "event": "open"}')


def test_the_phone_that_scanned_the_code_proves_it_and_is_trusted():
    async def pair():
        sharer, joiner = two_phones()
        code = await sharer.link.offer()
        assert code.startswith("S1O~") and code.count("~") == 6
        answer = await joiner.link.answer(code)
        assert joiner.asked[-1]["code"] == code.rpartition("~")[0]  # the secret stays in Python
        await sharer.link.accept(answer)
        heard = []
        sharer.link.listen(heard.append)
        link_opens(joiner, sharer)
        assert joiner.link.trusted and sharer.link.trusted
        joiner.link.send({"kind": "deal", "n": 1})
        assert heard == [{"kind": "deal", "n": 1}]

    asyncio.run(pair())


def test_a_wrong_proof_closes_the_link_and_nothing_is_handed_on():
    async def pair():
        sharer, joiner = two_phones()
        code = await sharer.link.offer()
        forged = code[:-4] + "XXXX"  # the offer with another secret
        answer = await joiner.link.answer(forged)
        await sharer.link.accept(answer)
        heard = []
        sharer.link.listen(heard.append)
        sharer.link.receive('{"seepPeer": true, "event": "open"}')
        from_other_phone(sharer.link, {"kind": "deal", "n": 1})  # before any proof: refused
        assert heard == [] and not sharer.link.trusted
        joiner.link.receive('{"seepPeer": true, "event": "open"}')  # its hello: a wrong proof
        assert not sharer.link.trusted and not sharer.link.open
        assert sharer.asked[-1]["seepPeer"] == "close"

    asyncio.run(pair())


def test_a_sharing_code_is_taken_once_and_only_for_five_minutes():
    async def pair():
        now = [1000.0]
        sharer, joiner = two_phones(clock=lambda: now[0])
        code = await sharer.link.offer()
        answer = await joiner.link.answer(code)
        now[0] += 301
        with pytest.raises(LinkError) as late:
            await sharer.link.accept(answer)
        assert late.value.code == "expired"
        code = await sharer.link.offer()
        answer = await joiner.link.answer(code)
        await sharer.link.accept(answer)
        with pytest.raises(LinkError) as again:
            await sharer.link.accept(answer)
        assert again.value.code == "no-offer"

    asyncio.run(pair())


def test_an_answer_code_given_as_a_sharing_code_says_so():
    async def pair():
        _sharer, joiner = two_phones()
        with pytest.raises(LinkError) as wrong:
            await joiner.link.answer("S1A~uf~pw~" + "B" * 43 + "~active~h.local/2")
        assert wrong.value.code == "not-an-offer"

    asyncio.run(pair())
