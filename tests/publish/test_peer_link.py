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


def test_a_ping_of_the_other_phone_is_answered_with_its_id():
    page = Page()
    link = PeerLink(page.post)
    from_other_phone(link, {"kind": "ping", "id": 7})
    assert page.asked == [{"seepPeer": "send", "data": '{"kind":"pong","id":7}'}]


def test_a_message_reaches_every_listener_even_after_one_fails():
    link, heard = PeerLink(Page().post), []

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
    link = PeerLink(page.post)
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
        assert await offering == "S1O~x"
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
